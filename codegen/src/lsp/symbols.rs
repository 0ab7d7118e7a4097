//! The outline of a document (document symbols) and the search across the workspace's schemas
//! (workspace symbols), from the syntax tree.

use lsp_types::{DocumentSymbol, Location, OneOf, SymbolKind, SymbolTag, Uri, WorkspaceSymbol};

use super::text::{Encoding, Text};
use crate::syntax::ast::{Item, ItemKind, SchemaFile, Spanned};

/// One named thing of the outline, before it is placed in a document.
struct Entry<'a> {
    name: &'a Spanned<String>,
    kind: SymbolKind,
    detail: String,
    deprecated: bool,
    /// The whole declaration.
    span: std::ops::Range<usize>,
}

/// A type's entry and its members' entries.
fn entries<'a>(item: &'a Item, text: &str) -> (Entry<'a>, Vec<Entry<'a>>) {
    let written =
        |span: &std::ops::Range<usize>| text.get(span.clone()).unwrap_or_default().to_string();
    let member =
        |name: &'a Spanned<String>, kind, detail: String, deprecated: bool, end: usize| Entry {
            name,
            kind,
            detail,
            deprecated,
            span: name.span.start..end.max(name.span.end),
        };
    let (kind, detail, members) = match &item.kind {
        ItemKind::Struct(def) => (
            SymbolKind::STRUCT,
            "struct".to_string(),
            def.fields
                .iter()
                .map(|field| {
                    member(
                        &field.name,
                        SymbolKind::FIELD,
                        written(&field.ty.span),
                        field.deprecated.is_some(),
                        field.ty.span.end,
                    )
                })
                .collect(),
        ),
        ItemKind::Newtype(def) => (
            SymbolKind::STRUCT,
            format!("newtype of {}", written(&def.inner.span)),
            Vec::new(),
        ),
        ItemKind::Union(def) => (
            SymbolKind::ENUM,
            format!("tagged union, tag \"{}\"", def.tag.value),
            def.variants
                .iter()
                .map(|variant| {
                    let payload = variant.payload.as_ref();
                    member(
                        &variant.name,
                        SymbolKind::ENUM_MEMBER,
                        payload.map_or_else(|| "the tag alone".to_string(), |ty| written(&ty.span)),
                        variant.deprecated.is_some(),
                        payload.map_or(variant.name.span.end, |ty| ty.span.end + 1),
                    )
                })
                .collect(),
        ),
        ItemKind::Untagged(def) => (
            SymbolKind::ENUM,
            "untagged union".to_string(),
            def.variants
                .iter()
                .map(|variant| {
                    let payload = variant.payload.as_ref();
                    member(
                        &variant.name,
                        SymbolKind::ENUM_MEMBER,
                        payload.map_or_else(String::new, |ty| written(&ty.span)),
                        variant.deprecated.is_some(),
                        payload.map_or(variant.name.span.end, |ty| ty.span.end + 1),
                    )
                })
                .collect(),
        ),
        ItemKind::Enum(def) => (
            SymbolKind::ENUM,
            "enum".to_string(),
            def.values
                .iter()
                .map(|value| {
                    member(
                        &value.name,
                        SymbolKind::ENUM_MEMBER,
                        String::new(),
                        value.deprecated.is_some(),
                        value.name.span.end,
                    )
                })
                .collect(),
        ),
    };
    let entry = Entry {
        name: &item.name,
        kind,
        detail,
        deprecated: item.deprecated.is_some(),
        span: item.span.clone(),
    };
    (entry, members)
}

/// The document's outline: each type, with its fields, variants or values inside it.
#[allow(deprecated)] // `DocumentSymbol::deprecated`, which the protocol keeps beside `tags`.
pub(super) fn document(file: &SchemaFile, text: &Text, encoding: Encoding) -> Vec<DocumentSymbol> {
    let symbol = |entry: Entry, children: Option<Vec<DocumentSymbol>>| DocumentSymbol {
        name: entry.name.value.clone(),
        detail: (!entry.detail.is_empty()).then_some(entry.detail),
        kind: entry.kind,
        tags: entry.deprecated.then(|| vec![SymbolTag::DEPRECATED]),
        deprecated: None,
        range: text.range(&entry.span, encoding),
        selection_range: text.range(&entry.name.span, encoding),
        children,
    };
    file.items
        .iter()
        .map(|item| {
            let (entry, members) = entries(item, text.as_str());
            let children = members
                .into_iter()
                .map(|member| symbol(member, None))
                .collect();
            symbol(entry, Some(children))
        })
        .collect()
}

/// The types and members of one schema whose names match `query` (its letters in order, in
/// any case; every name for an empty query), as workspace symbols at `uri`.
pub(super) fn matching(
    query: &str,
    file: &SchemaFile,
    text: &Text,
    uri: &Uri,
    encoding: Encoding,
) -> Vec<WorkspaceSymbol> {
    let mut out = Vec::new();
    let mut push = |entry: &Entry, container: Option<&str>| {
        if !fuzzy(query, &entry.name.value) {
            return;
        }
        out.push(WorkspaceSymbol {
            name: entry.name.value.clone(),
            kind: entry.kind,
            tags: entry.deprecated.then(|| vec![SymbolTag::DEPRECATED]),
            container_name: container.map(str::to_string),
            location: OneOf::Left(Location::new(
                uri.clone(),
                text.range(&entry.name.span, encoding),
            )),
            data: None,
        });
    };
    for item in &file.items {
        let (entry, members) = entries(item, text.as_str());
        push(&entry, None);
        for member in &members {
            push(member, Some(&item.name.value));
        }
    }
    out
}

/// Whether `name` holds the letters of `query` in order, ignoring case.
fn fuzzy(query: &str, name: &str) -> bool {
    let mut letters = name.chars().flat_map(char::to_lowercase);
    query
        .chars()
        .flat_map(char::to_lowercase)
        .all(|wanted| letters.any(|letter| letter == wanted))
}

#[cfg(test)]
mod tests {
    use super::fuzzy;

    #[test]
    fn a_query_matches_letters_in_order_in_any_case() {
        assert!(fuzzy("tc", "TextCard"));
        assert!(fuzzy("", "TextCard"));
        assert!(fuzzy("CARD", "TextCard"));
        assert!(!fuzzy("ct", "Card"));
    }
}
