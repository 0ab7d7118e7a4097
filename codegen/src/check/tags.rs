//! Union membership and tags: which tags each variant struct carries on the wire.
//!
//! A variant struct carries its union's tag (and, for a nested union, the outer tags too), so
//! it must belong to exactly one union and never appear as a plain field type: in TypeScript and
//! JSON Schema the tag is part of the struct, and a second use would disagree with the Rust
//! struct, which does not hold the tag.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use crate::diagnostics::Diagnostic;
use crate::ir::TypeDef;
use crate::limits::MAX_UNION_NESTING;
use crate::syntax::ast::{ItemKind, SchemaFile, TypeExpr, TypeKind};

/// One tag field that a variant struct carries on the wire.
#[derive(Debug, Clone)]
struct Tag {
    /// The union that owns this tag.
    union: String,
    /// The tag field's wire name (`card`).
    field: String,
}

/// Checks union membership, and that no variant struct's key clashes with a tag it carries.
pub(super) fn check(
    file: &SchemaFile,
    defs: &BTreeMap<String, TypeDef>,
    errors: &mut Vec<Diagnostic>,
) {
    let memberships = memberships(defs);
    let field_uses = field_uses(file);
    for (payload, owners) in &memberships {
        for (union, span) in owners.iter().skip(1) {
            let (message, label, hint) = if *union == owners[0].0 {
                (
                    format!("`{payload}` is carried by two variants of `{union}`"),
                    "second variant",
                    "a variant struct carries its own tag value, so it can belong to one variant \
                     only: declare a separate struct for each",
                )
            } else {
                (
                    format!(
                        "`{payload}` is a variant of both `{}` and `{union}`",
                        owners[0].0
                    ),
                    "second union",
                    "a variant struct carries its union's tag, so it can belong to one union only: \
                     declare a separate struct for each",
                )
            };
            errors.push(
                Diagnostic::new(message, span.clone(), label, hint)
                    .with_related(owners[0].1.clone(), "first used here"),
            );
        }
        for span in field_uses.get(payload.as_str()).into_iter().flatten() {
            errors.push(Diagnostic::new(
                format!("`{payload}` is a variant of union `{}` and cannot be a field type", owners[0].0),
                span.clone(),
                "variant used as a field",
                format!(
                    "a variant carries the `{}` tag on the wire; use the union as the field type, or \
                     declare a separate struct",
                    owners[0].0
                ),
            ));
        }
    }
    let top_level: Vec<String> = defs
        .values()
        .filter_map(|def| match def {
            TypeDef::Union(union) if !memberships.contains_key(&union.name) => {
                Some(union.name.clone())
            }
            _ => None,
        })
        .collect();
    let mut visited = BTreeSet::new();
    for union in top_level {
        walk(union, defs, errors, &mut visited);
    }
}

/// Gives every variant below the top-level union `top` its tags, outermost first, and checks
/// each for clashes. Nested unions wait on a stack of their own, so that no chain of them can
/// overflow the thread's.
fn walk(
    top: String,
    defs: &BTreeMap<String, TypeDef>,
    errors: &mut Vec<Diagnostic>,
    visited: &mut BTreeSet<String>,
) {
    let mut pending: Vec<(String, Vec<Tag>)> = vec![(top, Vec::new())];
    while let Some((union, outer)) = pending.pop() {
        if !visited.insert(union.clone()) {
            continue;
        }
        let nested = check_below(&union, outer, defs, errors);
        // Reversed, so that the first nested union is taken next, as a recursion would.
        pending.extend(nested.into_iter().rev());
    }
}

/// Checks the variant structs of one union for clashes with the tags they carry; returns its
/// nested unions, each with the tags it carries down.
fn check_below(
    union: &str,
    outer: Vec<Tag>,
    defs: &BTreeMap<String, TypeDef>,
    errors: &mut Vec<Diagnostic>,
) -> Vec<(String, Vec<Tag>)> {
    let mut nested = Vec::new();
    let Some(TypeDef::Union(def)) = defs.get(union) else {
        return nested;
    };
    if outer.len() >= MAX_UNION_NESTING {
        errors.push(Diagnostic::new(
            format!(
                "unions nest {} deep at `{union}`, more than the limit of {MAX_UNION_NESTING}",
                outer.len() + 1
            ),
            def.tag_span.clone(),
            "nested too deeply",
            format!(
                "a variant struct carries one tag per enclosing union: nest unions at most \
                 {MAX_UNION_NESTING} deep, starting from `{}`",
                outer[0].union
            ),
        ));
        return nested;
    }
    let tag_field = &def.tag;
    if let Some(clash) = outer.iter().find(|tag| tag.field == *tag_field) {
        errors.push(Diagnostic::new(
            format!(
                "nested union `{union}` uses the tag `{tag_field}` of its outer union `{}`",
                clash.union
            ),
            def.tag_span.clone(),
            "same tag field as the outer union",
            format!(
                "one object cannot hold two values for one key: give the nested union its own tag, \
                 such as `{}`",
                unused_tag_name(&outer)
            ),
        ));
    }
    let mut tags = outer;
    tags.push(Tag {
        union: union.to_string(),
        field: tag_field.clone(),
    });
    for variant in &def.variants {
        match defs.get(&variant.payload) {
            Some(TypeDef::Struct(payload)) => {
                for field in &payload.fields {
                    if let Some(tag) = tags.iter().find(|tag| tag.field == field.wire_name) {
                        errors.push(Diagnostic::new(
                            format!(
                                "field `{}` of `{}` clashes with the tag `{}` of union `{}`",
                                field.name, payload.name, tag.field, tag.union
                            ),
                            field.span.clone(),
                            "same key as the tag",
                            "the tag already occupies this key on the wire: rename the field with \
                             `#[rename = \"...\"]`, or choose another tag",
                        ));
                    }
                }
            }
            Some(TypeDef::Union(_)) => nested.push((variant.payload.clone(), tags.clone())),
            _ => {}
        }
    }
    nested
}

/// A tag name to suggest for a nested union: one that no enclosing union uses already.
fn unused_tag_name(outer: &[Tag]) -> &'static str {
    ["kind", "type", "variant", "subtype"]
        .into_iter()
        .find(|candidate| outer.iter().all(|tag| tag.field != *candidate))
        .unwrap_or("subtype")
}

/// For each struct or union used as a variant payload: the unions that use it, with the
/// payload's span, in the order the schema writes them. Any other payload was refused
/// already, and is no variant to tag.
fn memberships(defs: &BTreeMap<String, TypeDef>) -> BTreeMap<String, Vec<(String, Range<usize>)>> {
    let mut out: BTreeMap<String, Vec<(String, Range<usize>)>> = BTreeMap::new();
    for def in defs.values() {
        let TypeDef::Union(union) = def else {
            continue;
        };
        for variant in &union.variants {
            if matches!(
                defs.get(&variant.payload),
                Some(TypeDef::Struct(_) | TypeDef::Union(_))
            ) {
                out.entry(variant.payload.clone())
                    .or_default()
                    .push((union.name.clone(), variant.span.clone()));
            }
        }
    }
    for owners in out.values_mut() {
        owners.sort_by_key(|(_, span)| span.start);
    }
    out
}

/// For each named type: the spans where a field's type mentions it.
fn field_uses(file: &SchemaFile) -> BTreeMap<&str, Vec<Range<usize>>> {
    let mut out: BTreeMap<&str, Vec<Range<usize>>> = BTreeMap::new();
    for item in &file.items {
        if let ItemKind::Struct(item) = &item.kind {
            for field in &item.fields {
                named_in(&field.ty, &mut |name, span| {
                    out.entry(name).or_default().push(span)
                });
            }
        }
    }
    out
}

fn named_in<'a>(expr: &'a TypeExpr, found: &mut impl FnMut(&'a str, Range<usize>)) {
    match &expr.kind {
        TypeKind::Named(name) => found(name, expr.span.clone()),
        TypeKind::Vec(inner)
        | TypeKind::Map(inner)
        | TypeKind::Boxed(inner)
        | TypeKind::Option(inner)
        | TypeKind::Nullable(inner) => named_in(inner, found),
        _ => {}
    }
}
