//! Hover: a type's reference as `cardc doc` writes it (its docs, the keys of its objects with
//! their wire names and presence, and an example payload), and a member's part of it (a field's
//! wire key, presence and constraints; a variant's tag value).

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use super::index::{Occurrence, Symbol};
use crate::ir::Schema;
use crate::syntax::ast::{ItemKind, SchemaFile};

/// Where the wire details come from.
pub(super) enum Checked<'a> {
    /// The version hovered, which checks.
    Current(&'a Schema),
    /// The last version that checked, the one hovered having errors.
    Earlier(&'a Schema),
    /// None: no version has checked yet.
    Never,
}

/// The hover of the name at an occurrence; its range is the client's to add.
pub(super) fn hover(occurrence: &Occurrence, checked: Checked, file: &SchemaFile) -> Option<Hover> {
    let (schema, note) = match checked {
        Checked::Current(schema) => (Some(schema), ""),
        Checked::Earlier(schema) => (
            Some(schema),
            "\n\n---\n\n*As of the last version that checked: this one has errors.*",
        ),
        Checked::Never => (None, ""),
    };
    let body = match (&occurrence.symbol, schema) {
        (Symbol::Type(name), Some(schema)) => crate::doc::type_markdown(schema, name),
        (Symbol::Member { owner, name }, Some(schema)) => {
            crate::doc::member_markdown(schema, owner, name)
                .map(|member| format!("### {owner}.{name}\n\n{member}"))
        }
        _ => None,
    };
    let body = match body {
        Some(body) => format!("{body}{note}"),
        // Not in the checked schema (new since, or none checks): what the syntax says.
        None => unchecked(&occurrence.symbol, file)?,
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: body,
        }),
        range: None,
    })
}

/// A type's or member's docs from the syntax tree, when no checked schema has it.
fn unchecked(symbol: &Symbol, file: &SchemaFile) -> Option<String> {
    let owner = match symbol {
        Symbol::Type(name) => name,
        Symbol::Member { owner, .. } => owner,
    };
    let item = file.items.iter().find(|item| item.name.value == *owner)?;
    let docs = match symbol {
        Symbol::Type(_) => item.docs.clone(),
        Symbol::Member { name, .. } => match &item.kind {
            ItemKind::Struct(def) => def
                .fields
                .iter()
                .find(|field| field.name.value == *name)?
                .docs
                .clone(),
            ItemKind::Union(def) => def
                .variants
                .iter()
                .find(|variant| variant.name.value == *name)?
                .docs
                .clone(),
            ItemKind::Untagged(def) => def
                .variants
                .iter()
                .find(|variant| variant.name.value == *name)?
                .docs
                .clone(),
            ItemKind::Enum(def) => def
                .values
                .iter()
                .find(|value| value.name.value == *name)?
                .docs
                .clone(),
            ItemKind::Newtype(_) => return None,
        },
    };
    let title = match symbol {
        Symbol::Type(name) => name.clone(),
        Symbol::Member { owner, name } => format!("{owner}.{name}"),
    };
    Some(format!(
        "### {}\n\n{}\n\n*Its wire shape shows once the schema checks.*",
        title,
        crate::doc::doc_text(&docs)
    ))
}
