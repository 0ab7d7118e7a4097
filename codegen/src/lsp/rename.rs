//! Rename of a type, a variant, an enum value or a field, everywhere it is written; refused
//! when the schema would not check after it, and saying when a wire name changes with it.

use std::ops::Range;

use super::analysis::{Analysis, compile};
use super::index::{Occurrence, Symbol};
use super::text::Text;
use crate::ir::{Schema, TypeDef};
use crate::syntax::ast::ItemKind;

/// A wire name a rename changes: a field's key, a variant's tag value or an enum's string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct WireChange {
    /// The type the member belongs to.
    pub owner: String,
    /// The member's name after the rename.
    pub name: String,
    /// What the wire name is: "key", "tag value" or "string".
    pub what: &'static str,
    /// The wire name before.
    pub old: String,
    /// The wire name after.
    pub new: String,
}

impl WireChange {
    /// The sentence the client shows after the rename.
    pub(super) fn message(&self, old_name: &str) -> String {
        format!(
            "Renaming `{}.{old_name}` to `{}` changes its {} on the wire from {:?} to {:?}: \
             payloads written before it no longer read. To keep {:?}, apply the code action \
             \"Keep the wire name {:?}\" on `{}`, which adds #[rename = {:?}].",
            self.owner,
            self.name,
            self.what,
            self.old,
            self.new,
            self.old,
            self.old,
            self.name,
            self.old
        )
    }
}

/// The edits of a rename, and the wire name it changes, if any.
#[derive(Debug)]
pub(super) struct Plan {
    /// Each name's bytes and what they become.
    pub edits: Vec<(Range<usize>, String)>,
    /// The wire name that changes.
    pub wire: Option<WireChange>,
}

/// Plans renaming the symbol at `occurrence` to `new_name` in the document `name`: every
/// occurrence rewritten, then the result checked; refused, with the reason, when `new_name`
/// is no name or the schema would get a problem it did not have. `earlier` is the schema the
/// wire names are read from when this version does not check.
pub(super) fn plan(
    analysis: &Analysis,
    earlier: Option<&Schema>,
    name: &str,
    text: &Text,
    occurrence: &Occurrence,
    new_name: &str,
) -> Result<Plan, String> {
    let written = identifier(new_name)?;
    let symbol = &occurrence.symbol;
    let edits: Vec<(Range<usize>, String)> = analysis
        .index
        .of(symbol)
        .map(|occurrence| {
            let replacement = match occurrence.quoted {
                true => new_name.to_string(),
                false => written.clone(),
            };
            (occurrence.span.clone(), replacement)
        })
        .collect();
    let renamed = apply(text.as_str(), &edits);
    let after = compile(name, &renamed);
    let before = analysis.diagnostics();
    if let Err(problems) = &after
        && let Some(new_problem) = problems
            .iter()
            .find(|problem| !before.iter().any(|old| old.message == problem.message))
    {
        return Err(format!(
            "renaming `{}` to `{new_name}` would not check: {}",
            symbol.name(),
            crate::diagnostics::escaped(&new_problem.message)
        ));
    }
    let wire = match (
        symbol,
        analysis.schema().map(AsRef::as_ref).or(earlier),
        &after,
    ) {
        (Symbol::Member { owner, name }, Some(old_schema), Ok(new_schema)) => {
            let old = wire_name(old_schema, owner, name);
            let new = wire_name(new_schema, owner, new_name);
            match (old, new) {
                (Some((what, old)), Some((_, new))) if old != new => Some(WireChange {
                    owner: owner.clone(),
                    name: new_name.to_string(),
                    what,
                    old,
                    new,
                }),
                _ => None,
            }
        }
        _ => None,
    };
    Ok(Plan { edits, wire })
}

/// How a new name is written as an identifier: as it is, or as a raw identifier (`r#type`) when
/// it is a Rust keyword; refused when it is no identifier at all.
fn identifier(new_name: &str) -> Result<String, String> {
    let plain = syn::parse_str::<syn::Ident>(new_name).is_ok();
    let raw = !plain && syn::parse_str::<syn::Ident>(&format!("r#{new_name}")).is_ok();
    super::analysis::forget_spans();
    match (plain, raw) {
        (true, _) => Ok(new_name.to_string()),
        (false, true) => Ok(format!("r#{new_name}")),
        (false, false) => Err(format!(
            "`{}` is not a name: write letters, digits and `_`, not starting with a digit",
            crate::diagnostics::escaped(new_name)
        )),
    }
}

/// The text with the edits made (they do not overlap).
pub(super) fn apply(text: &str, edits: &[(Range<usize>, String)]) -> String {
    let mut edits: Vec<&(Range<usize>, String)> = edits.iter().collect();
    edits.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
    let mut out = text.to_string();
    for (span, replacement) in edits {
        out.replace_range(span.clone(), replacement);
    }
    out
}

/// A member's wire name and what it is.
pub(super) fn wire_name(
    schema: &Schema,
    owner: &str,
    member: &str,
) -> Option<(&'static str, String)> {
    match schema.types.get(owner)? {
        TypeDef::Struct(def) => def
            .fields
            .iter()
            .find(|field| field.name == member && !field.flatten)
            .map(|field| ("key", field.wire_name.clone())),
        TypeDef::Union(def) => def
            .variants
            .iter()
            .find(|variant| variant.name == member)
            .map(|variant| ("tag value", variant.tag_value.clone())),
        TypeDef::Enum(def) => def
            .values
            .iter()
            .find(|value| value.name == member)
            .map(|value| ("string", value.wire_name.clone())),
        TypeDef::Newtype(_) | TypeDef::Untagged(_) => None,
    }
}

/// Whether the member is written with its own `#[rename]`, which fixes its wire name.
pub(super) fn has_rename(analysis: &Analysis, owner: &str, member: &str) -> bool {
    let Some(item) = analysis
        .file
        .items
        .iter()
        .find(|item| item.name.value == owner)
    else {
        return false;
    };
    match &item.kind {
        ItemKind::Struct(def) => def
            .fields
            .iter()
            .any(|field| field.name.value == member && field.rename.is_some()),
        ItemKind::Union(def) => def
            .variants
            .iter()
            .any(|variant| variant.name.value == member && variant.rename.is_some()),
        ItemKind::Enum(def) => def
            .values
            .iter()
            .any(|value| value.name.value == member && value.rename.is_some()),
        ItemKind::Newtype(_) | ItemKind::Untagged(_) => false,
    }
}

/// The edit that writes `#[rename = "<wire>"]` on its own line above the member whose name
/// starts at `at`.
pub(super) fn keep_wire_name(text: &Text, at: usize, wire: &str) -> (Range<usize>, String) {
    let (line_start, indent) = text.indent_at(at);
    let insert = line_start + indent.len();
    // A Rust string literal of the wire name (whose characters come from an identifier and a
    // rename rule, so they need no escape but for `"` and `\` in principle).
    let literal = format!("{wire:?}");
    (insert..insert, format!("#[rename = {literal}]\n{indent}"))
}
