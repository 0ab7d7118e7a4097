//! Tags: which tag keys each variant's object carries on the wire, and that none clashes.
//!
//! A struct owns no tag: every union that carries it adds its own tag to that use, so one
//! struct may be the payload of several variants, of several unions and a plain field type,
//! each use with its own tags (and a union used on its own carries only its own tag). What
//! must never happen is one object holding two values for one key: a variant struct with a
//! field spelled like a tag it sits under, or a nested union reusing a tag of a union around
//! it. Every union is checked along every path it is reached by, from its standalone form
//! (its own tag alone) to each chain of unions around it.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::Diagnostic;
use crate::ir::{self, Span, TypeDef};
use crate::limits::MAX_UNION_NESTING;

/// One tag key that a variant's object carries on the wire.
#[derive(Debug, Clone)]
struct Tag {
    /// The union that owns this tag.
    union: String,
    /// The tag field's wire name (`card`).
    field: String,
    /// Where the union names its tag.
    span: Span,
}

/// The checks' memory across paths: what was walked and reported, so that a union reached by
/// many paths is walked once per distinct set of tags around it, and a clash reported once.
#[derive(Default)]
struct Seen {
    /// Each union with the tag keys around it, as walked.
    walked: BTreeSet<(String, Vec<String>)>,
    /// Each clash reported, as the spans of its two sides.
    clashes: BTreeSet<(usize, usize)>,
    /// The unions reported as nested too deeply.
    too_deep: BTreeSet<String>,
}

/// Checks that no variant's object holds a key twice, along every path of unions.
pub(super) fn check(defs: &BTreeMap<String, TypeDef>, errors: &mut Vec<Diagnostic>) {
    let mut seen = Seen::default();
    for def in defs.values() {
        if let TypeDef::Union(union) = def {
            walk(union.name.clone(), defs, errors, &mut seen);
        }
    }
}

/// Gives every variant below the union `top`, read on its own, its tags, outermost first, and
/// checks each for clashes. Nested unions wait on a stack of their own, so that no chain of
/// them can overflow the thread's.
fn walk(
    top: String,
    defs: &BTreeMap<String, TypeDef>,
    errors: &mut Vec<Diagnostic>,
    seen: &mut Seen,
) {
    let mut pending: Vec<(String, Vec<Tag>)> = vec![(top, Vec::new())];
    while let Some((union, outer)) = pending.pop() {
        let keys = outer.iter().map(|tag| tag.field.clone()).collect();
        if !seen.walked.insert((union.clone(), keys)) {
            continue;
        }
        let nested = check_below(&union, outer, defs, errors, seen);
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
    seen: &mut Seen,
) -> Vec<(String, Vec<Tag>)> {
    let mut nested = Vec::new();
    let Some(TypeDef::Union(def)) = defs.get(union) else {
        return nested;
    };
    if outer.len() >= MAX_UNION_NESTING {
        if seen.too_deep.insert(union.to_owned()) {
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
        }
        return nested;
    }
    let tag_field = &def.tag;
    if let Some(clash) = outer.iter().find(|tag| tag.field == *tag_field)
        && seen.clashes.insert((def.tag_span.start, clash.span.start))
    {
        errors.push(
            Diagnostic::new(
                format!(
                    "nested union `{union}` uses the tag `{tag_field}` of its outer union `{}`",
                    clash.union
                ),
                def.tag_span.clone(),
                "same tag field as the outer union",
                format!(
                    "one object cannot hold two values for one key: give the nested union its \
                     own tag, such as `{}`",
                    unused_tag_name(&outer)
                ),
            )
            .with_related(clash.span.clone(), format!("the tag of `{}`", clash.union)),
        );
    }
    let mut tags = outer;
    tags.push(Tag {
        union: union.to_string(),
        field: tag_field.clone(),
        span: def.tag_span.clone(),
    });
    for variant in &def.variants {
        let Some(payload) = &variant.payload else {
            continue;
        };
        match defs.get(payload) {
            Some(TypeDef::Struct(payload)) => {
                // Its object's keys: its own fields', and those of the structs it flattens.
                for (path, field) in ir::wire_fields(defs, payload) {
                    let Some(tag) = tags.iter().find(|tag| tag.field == field.wire_name) else {
                        continue;
                    };
                    if !seen.clashes.insert((field.span.start, tag.span.start)) {
                        continue;
                    }
                    errors.push(
                        Diagnostic::new(
                            format!(
                                "field `{}` of {} clashes with the tag `{}` of union `{}`",
                                field.name,
                                declared_in(&payload.name, &path),
                                tag.field,
                                tag.union
                            ),
                            field.span.clone(),
                            "same key as the tag",
                            "the tag already occupies this key on the wire: rename the field \
                             with `#[rename = \"...\"]`, or choose another tag",
                        )
                        .with_related(tag.span.clone(), format!("the tag of `{}`", tag.union)),
                    );
                }
            }
            // A union inside itself is a cycle without indirection, which `recursion` reports.
            Some(TypeDef::Union(_)) if tags.iter().any(|tag| tag.union == *payload) => {}
            Some(TypeDef::Union(_)) => nested.push((payload.clone(), tags.clone())),
            _ => {}
        }
    }
    nested
}

/// Where a key is declared, for a message: "`Chunk`", or for a key of a flattened struct
/// "`Envelope`, flattened into `Chunk`".
fn declared_in(payload: &str, path: &[&ir::Field]) -> String {
    match path.last().map(|via| &via.ty) {
        Some(ir::Ty::Named(name)) => format!("`{name}`, flattened into `{payload}`"),
        _ => format!("`{payload}`"),
    }
}

/// A tag name to suggest for a nested union: one that no enclosing union uses already.
fn unused_tag_name(outer: &[Tag]) -> &'static str {
    ["kind", "type", "variant", "subtype"]
        .into_iter()
        .find(|candidate| outer.iter().all(|tag| tag.field != *candidate))
        .unwrap_or("subtype")
}
