//! `cardc doc`: a reference of the contract for people, as one static HTML page (its style and
//! script inline, so it opens from a file and fetches nothing) and as Markdown for
//! repositories that render it. Like an emitter it reads only the checked IR; it is no target,
//! since no reader is generated from it: each type with its wire names, presence,
//! constraints, docs and deprecation, a checked example ([`example`]), and, given a baseline,
//! the version and `cardc compat`'s report between the two. A type the schema imports from
//! another file is shown as its own are, with the file it is declared in.
//!
//! Every string a schema author wrote is escaped where it is written ([`markup`]): the pages
//! hold no markup, link or script of the author's own.

mod example;
mod html;
mod markdown;
mod markup;

pub use example::Example;

use crate::compat::report::{self, Versions};
use crate::compat::version::Versioning;
use crate::compat::{self, Change, Party};
use crate::diagnostics::Source;
use crate::ir::{
    Field, Presence, Schema, Shape, Ty, TypeDef, UnknownFields, UntaggedDef, UntaggedVariant,
    Variant, Version,
};

/// One page's file: its name in the output directory and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The file name, `<stem>.html` or `<stem>.md`.
    pub path: String,
    /// The whole text, header included.
    pub contents: String,
}

/// The pages of a schema: the HTML page, then the Markdown one; byte-identical from run to run.
pub fn pages(schema: &Schema, baseline: Option<&Baseline>) -> Vec<Page> {
    let reference = Reference::new(schema, baseline);
    vec![
        Page {
            path: format!("{}.html", schema.stem),
            contents: html::page(&reference),
        },
        Page {
            path: format!("{}.md", schema.stem),
            contents: markdown::page(&reference),
        },
    ]
}

/// The example the pages show for the type `name`: its own, or one drawn from the IR, each
/// accepted by the contract.
pub fn example(schema: &Schema, name: &str) -> Example {
    example::of(schema, name)
}

/// One type's reference in Markdown, as the Markdown page writes it but without its anchor and
/// links (an editor's hover has no page around it): its kind, docs, the keys of its objects
/// with their wire names, presence and constraints, and its checked example. `None` when the
/// schema has no type `name`.
pub fn type_markdown(schema: &Schema, name: &str) -> Option<String> {
    let def = schema.types.get(name)?;
    let mut out = String::new();
    markdown::section(
        schema,
        def,
        &example::of(schema, name),
        markdown::Links::None,
        &mut out,
    );
    Some(out.trim_end().to_string())
}

/// One member of a type in Markdown, as its type's section writes it (without links): a
/// field's wire key, type, presence, constraints and docs (a flattened field's, the keys it
/// brings); a variant's tag value, docs and payload's keys; an enum value's string and docs.
/// `None` when the type has no such member.
pub fn member_markdown(schema: &Schema, owner: &str, member: &str) -> Option<String> {
    use markdown::Links;
    let mut out = String::new();
    match schema.types.get(owner)? {
        TypeDef::Struct(def) => {
            let field = def.fields.iter().find(|field| field.name == member)?;
            match schema.flattened(field) {
                Some(inner) => {
                    out.push_str(&format!(
                        "Flattened: the keys of `{}`, beside this object's own.\n\n",
                        inner.name
                    ));
                    markdown::fields(&schema.object_fields(inner), Links::None, &mut out);
                }
                None => markdown::fields(&[field], Links::None, &mut out),
            }
        }
        TypeDef::Union(def) => match def.variants.iter().find(|variant| variant.name == member) {
            Some(variant) => markdown::union_variant(schema, variant, Links::None, &mut out),
            None => {
                let other = def.other.as_ref().filter(|other| other.name == member)?;
                markdown::catch_all(other, markdown::OTHER_TAG, &mut out);
            }
        },
        TypeDef::Enum(def) => match def.values.iter().find(|value| value.name == member) {
            Some(value) => markdown::enum_value(value, &mut out),
            None => {
                let other = def.other.as_ref().filter(|other| other.name == member)?;
                markdown::catch_all(other, markdown::OTHER_STRING, &mut out);
            }
        },
        TypeDef::Untagged(def) => {
            let variant = def.variants.iter().find(|variant| variant.name == member)?;
            markdown::untagged_variant(def, variant, Links::None, &mut out);
        }
        TypeDef::Newtype(_) => return None,
    }
    Some(out.trim_end().to_string())
}

/// Doc comment lines as the pages write them in Markdown: CommonMark of the author's, with no
/// raw HTML or link of theirs passing through.
pub fn doc_text(docs: &[String]) -> String {
    markup::doc_markdown(docs, "")
}

/// The version the pages compare against, and what changed since it.
#[derive(Debug, Clone)]
pub struct Baseline {
    /// The baseline's name, as the report gives it.
    pub name: String,
    /// Its declared version.
    pub version: Option<Version>,
    /// Every change from it to the schema documented.
    pub changes: Vec<Change>,
    /// The declared versions' check, when both declare one.
    pub versioning: Option<Versioning>,
    /// `cardc compat`'s report for people.
    pub report: String,
}

impl Baseline {
    /// Compares `old` (the baseline, read from `old_source`) with `new`, as `cardc compat` does.
    pub fn new(old: &Schema, new: &Schema, old_source: Source, new_source: Source) -> Baseline {
        let changes = compat::compare(old, new);
        let versioning = compat::version::versioning(old, new, &changes);
        let report = report::human(
            &changes,
            &Versions {
                old: old_source,
                new: new_source,
                versioning: &versioning
                    .iter()
                    .map(|versioning| (None, versioning))
                    .collect::<Vec<_>>(),
            },
        );
        Baseline {
            name: old_source.name.to_string(),
            version: old.version.clone(),
            changes,
            versioning,
            report,
        }
    }

    /// The parties some change breaks.
    fn broken(&self) -> Vec<Party> {
        Party::ALL
            .into_iter()
            .filter(|party| {
                self.changes
                    .iter()
                    .any(|change| party.breaks(change.verdict().breaks))
            })
            .collect()
    }

    /// One line on what the changes break, and on the versions when both declare one.
    fn summary(&self) -> String {
        let broken: Vec<&str> = self.broken().into_iter().map(Party::name).collect();
        let breaks = match broken.is_empty() {
            true => "break nobody".to_string(),
            false => format!("break {}", broken.join(" and ")),
        };
        let mut line = format!(
            "{} change(s) since {}: they {breaks}",
            self.changes.len(),
            self.name
        );
        if let Some(versioning) = &self.versioning {
            line.push_str(&format!("; {}", report::versioning(versioning)));
        }
        line
    }
}

/// What both pages show, in their order.
struct Reference<'a> {
    schema: &'a Schema,
    baseline: Option<&'a Baseline>,
    /// The groups of types, each with its heading, in page order; each type with its example.
    groups: Vec<(&'static str, Vec<(&'a TypeDef, Example)>)>,
}

impl<'a> Reference<'a> {
    fn new(schema: &'a Schema, baseline: Option<&'a Baseline>) -> Self {
        let group = |wanted: fn(&TypeDef) -> bool| {
            schema
                .types
                .values()
                .filter(|def| wanted(def))
                .map(|def| (def, example::of(schema, def.name())))
                .collect::<Vec<_>>()
        };
        let groups = vec![
            (
                "Unions",
                group(|def| matches!(def, TypeDef::Union(_) | TypeDef::Untagged(_))),
            ),
            ("Structs", group(|def| matches!(def, TypeDef::Struct(_)))),
            ("Enums", group(|def| matches!(def, TypeDef::Enum(_)))),
            ("Newtypes", group(|def| matches!(def, TypeDef::Newtype(_)))),
        ];
        Reference {
            schema,
            baseline,
            groups: groups
                .into_iter()
                .filter(|(_, types)| !types.is_empty())
                .collect(),
        }
    }
}

/// What a union that folds reads an unknown tag as, in a sentence, or `None` for one that
/// does not fold.
fn union_fold(def: &crate::ir::UnionDef) -> Option<String> {
    def.fold_variant().map(|fold| {
        format!(
            "Any other tag reads as \"{}\", the object's other keys dropped.",
            fold.tag_value
        )
    })
}

/// What an enum that folds reads an unknown string as, in a sentence, or `None` for one that
/// does not fold.
fn enum_fold(def: &crate::ir::EnumDef) -> Option<String> {
    def.fold_value()
        .map(|fold| format!("Any other string reads as \"{}\".", fold.wire_name))
}

/// What a type is, in a word or two.
fn kind(def: &TypeDef) -> String {
    match def {
        TypeDef::Struct(def) => crate::compat::spell::closed(def),
        TypeDef::Newtype(_) => "newtype".to_string(),
        TypeDef::Union(def) if def.is_open() => "open tagged union".to_string(),
        TypeDef::Union(_) => "tagged union".to_string(),
        TypeDef::Enum(def) if def.is_open() => "open enum".to_string(),
        TypeDef::Enum(_) => "enum".to_string(),
        TypeDef::Untagged(_) => "untagged union".to_string(),
    }
}

/// What a unit variant's object holds, in words: its tag, and the other keys it keeps or drops.
fn unit_variant(variant: &Variant) -> &'static str {
    match variant.unknown {
        UnknownFields::Refuse => "The tag alone.",
        UnknownFields::Keep => "The tag, and any other keys, kept and written back.",
        UnknownFields::Drop => "The tag; any other keys are read and dropped.",
    }
}

/// Whether a field's key must be there and what it may hold, in words.
fn presence(field: &Field) -> String {
    match field.presence {
        Presence::Required => "required".to_string(),
        Presence::Nullable => "required, nullable".to_string(),
        Presence::Optional => "optional".to_string(),
        Presence::OptionalNullable => "optional, nullable".to_string(),
        Presence::NullAsAbsent => "optional, null reads as absent".to_string(),
        Presence::Defaulted => match &field.default {
            Some(default) if default.omits() => {
                format!("default {}, omitted when equal", json(&default.value))
            }
            Some(default) => format!("default {}", json(&default.value)),
            None => "default".to_string(),
        },
    }
}

/// What JSON picks an untagged union's variant, in words, and the keys an object (or an
/// array's items) must have (schema strings, for each page to escape). The last of several
/// object or array variants takes the objects or arrays the others leave.
fn shape<'a>(def: &UntaggedDef, variant: &'a UntaggedVariant) -> (String, &'a [String]) {
    let several = |array: bool| {
        def.variants
            .iter()
            .filter(|other| match other.shape {
                Shape::Array(_) => array,
                Shape::Object(_) => !array,
                _ => false,
            })
            .count()
            > 1
    };
    let (words, keys): (&str, &[String]) = match &variant.shape {
        Shape::Array(None) if several(true) => ("any other array", &[]),
        Shape::Object(keys) if keys.is_empty() && several(false) => ("any other object", &[]),
        Shape::Array(Some(item)) => {
            let (words, keys) = plural(item);
            return (format!("an array of {words}"), keys);
        }
        Shape::String => ("a string", &[]),
        Shape::Boolean => ("a boolean", &[]),
        Shape::Integer => ("an integer", &[]),
        Shape::Number => ("a number", &[]),
        Shape::Array(None) => ("an array", &[]),
        Shape::Object(keys) => match keys.len() {
            0 => ("an object", keys),
            1 => ("an object with the key", keys),
            _ => ("an object with the keys", keys),
        },
        Shape::Tried => (
            "an object it reads, the variants before it tried first",
            &[],
        ),
    };
    (words.to_string(), keys)
}

/// What picks an untagged union's variant, in words, each key an object must have written by
/// `code` (which escapes it for the page).
fn picked_by(
    def: &UntaggedDef,
    variant: &UntaggedVariant,
    code: impl Fn(&str) -> String,
) -> String {
    let (words, keys) = shape(def, variant);
    let keys: Vec<String> = keys.iter().map(|key| code(key)).collect();
    if keys.is_empty() {
        words
    } else {
        format!("{words} {}", keys.join(", "))
    }
}

/// The shape of an array's items, in words, and the keys an item must have.
fn plural(shape: &Shape) -> (String, &[String]) {
    let (words, keys): (&str, &[String]) = match shape {
        Shape::String => ("strings", &[]),
        Shape::Boolean => ("booleans", &[]),
        Shape::Integer => ("integers", &[]),
        Shape::Number => ("numbers", &[]),
        Shape::Array(None) => ("arrays", &[]),
        Shape::Array(Some(item)) => {
            let (words, keys) = plural(item);
            return (format!("arrays of {words}"), keys);
        }
        Shape::Object(keys) => match keys.len() {
            0 => ("objects", keys),
            1 => ("objects with the key", keys),
            _ => ("objects with the keys", keys),
        },
        // An array's items are never tried.
        Shape::Tried => ("objects", &[]),
    };
    (words.to_string(), keys)
}

/// A short class name for a presence, for the page's style.
fn presence_class(presence: Presence) -> &'static str {
    match presence {
        Presence::Required => "required",
        Presence::Nullable => "nullable",
        Presence::Optional | Presence::OptionalNullable | Presence::NullAsAbsent => "optional",
        Presence::Defaulted => "default",
    }
}

/// What else a field's value must satisfy or may do, in the schema's words: its constraints,
/// and its reader policy when it declares one.
fn notes(field: &Field) -> Vec<String> {
    let mut notes = Vec::new();
    if !field.constraints.is_empty() {
        notes.push(crate::compat::spell::spell_constraints(&field.constraints));
    }
    if field.tolerance.is_declared() {
        notes.push(crate::compat::spell::spell_tolerance(field));
    }
    notes
}

/// A piece of a type as the schema spells it: text, or a named type to link to.
enum Piece {
    Text(String),
    Type(String),
}

/// A type as the schema spells it, as text and named types in turn (`Vec<`, `Block`, `>`),
/// so each page writes its own links.
fn pieces(ty: &Ty) -> Vec<Piece> {
    fn push(ty: &Ty, out: &mut Vec<Piece>) {
        let text = |text: &str, out: &mut Vec<Piece>| match out.last_mut() {
            Some(Piece::Text(last)) => last.push_str(text),
            _ => out.push(Piece::Text(text.to_string())),
        };
        let (open, inner) = match ty {
            Ty::Named(name) => return out.push(Piece::Type(name.clone())),
            Ty::Vec(inner) => ("Vec<", inner),
            Ty::Map(inner) => ("Map<String, ", inner),
            Ty::Boxed(inner) => ("Box<", inner),
            Ty::Nullable(inner) => ("Nullable<", inner),
            other => return text(&crate::compat::spell::spell(other), out),
        };
        text(open, out);
        push(inner, out);
        text(">", out);
    }
    let mut out = Vec::new();
    push(ty, &mut out);
    out
}

/// A value as one line of JSON text, every character that hides or breaks text escaped.
fn json(value: &crate::ir::JsonValue) -> String {
    markup::visible_json(&crate::json_text::compact(value))
}

/// A value as indented JSON text.
fn pretty(value: &crate::ir::JsonValue) -> String {
    crate::json_text::pretty(value)
}

/// The schema file an imported type is declared in, by its stem: `ids.cards`.
fn declared_in(module: &crate::ir::Module) -> String {
    format!("{}.{}", module.stem, crate::syntax::uses::EXTENSION)
}

/// The anchor of a type on the HTML page and in the Markdown.
fn anchor(name: &str) -> String {
    format!("type-{name}")
}

#[cfg(test)]
mod tests;
