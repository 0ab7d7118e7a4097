//! Types of other schema files: one `use` per file whose types the items name, listing them.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{TokenStream, TokenTree};

use crate::ir::Schema;
use crate::naming::rust::rust_ident_text;
use crate::target::Options;

/// The `use` declarations of the imported types the items name, one per schema file in stem
/// order, each listing its types in name order: `use super::common::{ContentBlock, SessionId};`.
/// A file whose path is `self` (its items are in scope already, as where two derives share a
/// module) gets none.
pub(super) fn uses(schema: &Schema, options: &Options, items: TokenStream) -> String {
    if schema.foreign.is_empty() {
        return String::new();
    }
    let mut named = BTreeSet::new();
    idents(items, &mut named);
    let mut by_path: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for (module, names) in schema.imports() {
        let path = options.import(&super::Rust, &module.stem);
        if path == "self" {
            continue;
        }
        let names: Vec<&str> = names
            .into_iter()
            .filter(|name| named.contains(*name))
            .collect();
        if !names.is_empty() {
            by_path.entry(path).or_default().extend(names);
        }
    }
    let mut out = String::new();
    for (path, mut names) in by_path {
        names.sort_unstable();
        match names.as_slice() {
            [name] => out.push_str(&format!("use {path}::{name};\n")),
            _ => out.push_str(&format!("use {path}::{{{}}};\n", names.join(", "))),
        }
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

/// Where the Rust items of the schema file of stem `stem` are by default: a sibling module of
/// that name, as `cardc generate` writes `<stem>.rs` for a `mod <stem>;` each.
pub(super) fn default_path(stem: &str) -> String {
    format!("super::{}", rust_ident_text(stem))
}

/// Every identifier in `tokens`, at any depth.
fn idents(tokens: TokenStream, out: &mut BTreeSet<String>) {
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => {
                out.insert(ident.to_string());
            }
            TokenTree::Group(group) => idents(group.stream(), out),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}
