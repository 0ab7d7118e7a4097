//! Where each name of a schema is declared and used, from the syntax tree alone, so that
//! navigation and rename work while the schema does not check.

use std::ops::Range;

use crate::syntax::ast::{ItemKind, SchemaFile, Spanned, TypeExpr, TypeKind};

/// A named thing of a schema.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Symbol {
    /// A declared type.
    Type(String),
    /// A field of a struct, a variant of a union or a value of an enum.
    Member {
        /// The type it belongs to.
        owner: String,
        /// Its name as written (without `r#`).
        name: String,
    },
}

impl Symbol {
    /// The name as written.
    pub(super) fn name(&self) -> &str {
        match self {
            Symbol::Type(name) => name,
            Symbol::Member { name, .. } => name,
        }
    }
}

/// Whether an occurrence declares its symbol or names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// The declaration.
    Declaration,
    /// A use: a field's or payload's type, `#[flatten = "..."]`, `#![entry = "..."]`.
    Reference,
}

/// One place a symbol's name is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Occurrence {
    /// What is named.
    pub symbol: Symbol,
    /// Declared or used here.
    pub role: Role,
    /// The name's bytes: an identifier with its `r#` if it has one, or the text between a
    /// string's quotes.
    pub span: Range<usize>,
    /// Whether the name is inside a string literal (where `r#` has no place).
    pub quoted: bool,
}

/// Every occurrence of every symbol of one schema text, in text order.
#[derive(Debug, Clone, Default)]
pub(super) struct Index {
    occurrences: Vec<Occurrence>,
}

impl Index {
    /// The occurrences in a parsed schema; `text` is what it was parsed from.
    pub(super) fn new(file: &SchemaFile, text: &str) -> Index {
        let mut index = Index::default();
        let settings = &file.settings;
        for entry in &settings.entries {
            index.quoted(Symbol::Type(entry.value.clone()), entry, text);
        }
        for item in &file.items {
            let owner = &item.name.value;
            index.push(Symbol::Type(owner.clone()), Role::Declaration, &item.name);
            let member = |name: &Spanned<String>| Symbol::Member {
                owner: owner.clone(),
                name: name.value.clone(),
            };
            match &item.kind {
                ItemKind::Struct(def) => {
                    for field in &def.fields {
                        index.push(member(&field.name), Role::Declaration, &field.name);
                        index.types(&field.ty);
                    }
                }
                ItemKind::Newtype(def) => index.types(&def.inner),
                ItemKind::Union(def) => {
                    for spread in &def.spreads {
                        index.quoted(Symbol::Type(spread.value.clone()), spread, text);
                    }
                    for variant in &def.variants {
                        index.push(member(&variant.name), Role::Declaration, &variant.name);
                        if let Some(payload) = &variant.payload {
                            index.types(payload);
                        }
                    }
                }
                ItemKind::Untagged(def) => {
                    for variant in &def.variants {
                        index.push(member(&variant.name), Role::Declaration, &variant.name);
                        if let Some(payload) = &variant.payload {
                            index.types(payload);
                        }
                    }
                }
                ItemKind::Enum(def) => {
                    for value in &def.values {
                        index.push(member(&value.name), Role::Declaration, &value.name);
                    }
                }
            }
        }
        index
            .occurrences
            .sort_by_key(|occurrence| (occurrence.span.start, occurrence.span.end));
        index
    }

    fn push(&mut self, symbol: Symbol, role: Role, name: &Spanned<String>) {
        self.occurrences.push(Occurrence {
            symbol,
            role,
            span: name.span.clone(),
            quoted: false,
        });
    }

    /// A type named in a string literal, when the literal is the plain name in quotes (one with
    /// escapes or raw string syntax is left out: its bytes are not the name's).
    fn quoted(&mut self, symbol: Symbol, literal: &Spanned<String>, text: &str) {
        let span = &literal.span;
        let plain = text.get(span.clone()).is_some_and(|written| {
            written.len() == literal.value.len() + 2 && written.starts_with('"')
        });
        if plain {
            self.occurrences.push(Occurrence {
                symbol,
                role: Role::Reference,
                span: span.start + 1..span.end - 1,
                quoted: true,
            });
        }
    }

    /// Every declared type a written type names.
    fn types(&mut self, ty: &TypeExpr) {
        match &ty.kind {
            TypeKind::Named(name) => self.occurrences.push(Occurrence {
                symbol: Symbol::Type(name.clone()),
                role: Role::Reference,
                span: ty.span.clone(),
                quoted: false,
            }),
            TypeKind::Vec(inner)
            | TypeKind::Map(inner)
            | TypeKind::Boxed(inner)
            | TypeKind::Option(inner)
            | TypeKind::Nullable(inner) => self.types(inner),
            TypeKind::String
            | TypeKind::Bool
            | TypeKind::Int(_)
            | TypeKind::Decimal(_)
            | TypeKind::F64
            | TypeKind::Json
            | TypeKind::Const(_) => {}
        }
    }

    /// The occurrence at a byte offset: one whose name holds it, or ends right at it (where a
    /// cursor after the last letter is).
    pub(super) fn at(&self, offset: usize) -> Option<&Occurrence> {
        let after = self
            .occurrences
            .partition_point(|occurrence| occurrence.span.start <= offset);
        self.occurrences[..after]
            .iter()
            .rev()
            .take(2)
            .find(|occurrence| occurrence.span.contains(&offset) || occurrence.span.end == offset)
    }

    /// Every occurrence of a symbol, in text order.
    pub(super) fn of<'a>(&'a self, symbol: &Symbol) -> impl Iterator<Item = &'a Occurrence> {
        let symbol = symbol.clone();
        self.occurrences
            .iter()
            .filter(move |occurrence| occurrence.symbol == symbol)
    }

    /// Where a symbol is declared (its first declaration, if it is declared twice).
    pub(super) fn declaration(&self, symbol: &Symbol) -> Option<&Occurrence> {
        self.of(symbol)
            .find(|occurrence| occurrence.role == Role::Declaration)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCHEMA: &str = r#"#![entry = "Card"]
#[union(tag = "card")]
#[flatten = "Envelope"]
enum Card {
    Text(TextCard),
}
struct Envelope { id: String }
struct TextCard { r#type: Option<Vec<Card>>, body: String }
"#;

    fn index() -> Index {
        let (file, errors) = crate::syntax::parse(SCHEMA);
        assert!(errors.is_empty(), "{errors:?}");
        Index::new(&file, SCHEMA)
    }

    #[test]
    fn every_use_of_a_type_is_found_in_strings_and_types() {
        let index = index();
        let card = Symbol::Type("Card".to_string());
        let spans: Vec<&str> = index.of(&card).map(|o| &SCHEMA[o.span.clone()]).collect();
        assert_eq!(spans, ["Card", "Card", "Card"]);
        let roles: Vec<Role> = index.of(&card).map(|o| o.role).collect();
        assert_eq!(roles, [Role::Reference, Role::Declaration, Role::Reference]);
        let envelope = Symbol::Type("Envelope".to_string());
        assert_eq!(index.of(&envelope).count(), 2);
        assert!(index.of(&envelope).next().is_some_and(|o| o.quoted));
    }

    #[test]
    fn the_occurrence_at_a_cursor_includes_the_end_of_the_name() {
        let index = index();
        let at = SCHEMA.find("TextCard {").expect("declared");
        for offset in [at, at + 4, at + "TextCard".len()] {
            let found = index.at(offset).expect("an occurrence");
            assert_eq!(found.symbol, Symbol::Type("TextCard".to_string()));
            assert_eq!(found.role, Role::Declaration);
        }
        let raw = SCHEMA.find("r#type").expect("raw field");
        let found = index.at(raw + 3).expect("the raw field");
        assert_eq!(
            found.symbol,
            Symbol::Member {
                owner: "TextCard".to_string(),
                name: "type".to_string()
            }
        );
        assert_eq!(&SCHEMA[found.span.clone()], "r#type");
        assert!(index.at(SCHEMA.find("enum").expect("keyword")).is_none());
    }
}
