//! The invariants the checker gives a schema file's IR and that `cardc compat` (and the
//! emitters) rely on, checked on the IR a published schema reads back as: a document cardc did
//! not write could otherwise name a type it lacks, nest an untagged union in another (whose
//! shapes would then be compared without end), or nest two unions in each other.

use std::collections::{BTreeMap, BTreeSet};

use super::node::Reader;
use crate::ir::{Span, Ty, TypeDef};
use crate::limits::MAX_UNION_NESTING;

/// Records a problem, at the item's pointer, for each invariant `types` breaks; `names` are every
/// `$defs` entry's, including those that did not read (whose own problems are recorded), so
/// that one fault is not reported again wherever its type is named.
pub(super) fn check(
    reader: &mut Reader,
    types: &BTreeMap<String, TypeDef>,
    names: &BTreeSet<&str>,
) {
    let mut faults: Vec<(Span, String)> = Vec::new();
    for def in types.values() {
        for (ty, span) in value_types(def) {
            for name in named(ty) {
                if !names.contains(name) {
                    faults.push((span.clone(), format!("`{name}` is no `$defs` entry")));
                }
            }
        }
        match def {
            TypeDef::Untagged(untagged) => {
                for variant in &untagged.variants {
                    if holds_untagged(types, &variant.ty, &mut BTreeSet::new()) {
                        faults.push((
                            variant.span.clone(),
                            "an untagged union's variant holds another untagged union".to_string(),
                        ));
                    }
                }
            }
            TypeDef::Union(union) => {
                for variant in &union.variants {
                    let payload = variant.payload.as_ref().and_then(|name| types.get(name));
                    if payload
                        .is_some_and(|def| !matches!(def, TypeDef::Struct(_) | TypeDef::Union(_)))
                    {
                        faults.push((
                            variant.span.clone(),
                            "a variant's `title` names a struct or union of `$defs`".to_string(),
                        ));
                    }
                }
            }
            TypeDef::Struct(_) | TypeDef::Newtype(_) | TypeDef::Enum(_) => {}
        }
    }
    for (name, nesting) in nesting(types) {
        let Some(TypeDef::Union(union)) = types.get(name) else {
            continue;
        };
        match nesting {
            None => faults.push((
                union.name_span.clone(),
                format!("`{name}` is nested in itself through its variants"),
            )),
            Some(levels) if levels > MAX_UNION_NESTING => faults.push((
                union.name_span.clone(),
                format!(
                    "`{name}` nests {levels} unions, more than the {MAX_UNION_NESTING} a schema \
                     may"
                ),
            )),
            Some(_) => {}
        }
    }
    for (span, message) in faults {
        reader.problem_at(&span, message);
    }
}

/// Every value type a definition holds, with where it is written.
fn value_types(def: &TypeDef) -> Vec<(&Ty, &Span)> {
    match def {
        TypeDef::Struct(def) => def.fields.iter().map(|f| (&f.ty, &f.span)).collect(),
        TypeDef::Newtype(def) => vec![(&def.ty, &def.span)],
        TypeDef::Untagged(def) => def.variants.iter().map(|v| (&v.ty, &v.span)).collect(),
        TypeDef::Union(_) | TypeDef::Enum(_) => Vec::new(),
    }
}

/// The names a value type refers to.
fn named(ty: &Ty) -> Vec<&str> {
    match ty {
        Ty::Named(name) => vec![name.as_str()],
        Ty::Vec(inner) | Ty::Map(inner) | Ty::Boxed(inner) | Ty::Nullable(inner) => named(inner),
        _ => Vec::new(),
    }
}

/// Whether `ty` is an untagged union, directly or through newtypes (each followed once).
fn holds_untagged<'a>(
    types: &'a BTreeMap<String, TypeDef>,
    ty: &'a Ty,
    seen: &mut BTreeSet<&'a str>,
) -> bool {
    match ty {
        Ty::Boxed(inner) => holds_untagged(types, inner, seen),
        Ty::Named(name) if seen.insert(name) => match types.get(name) {
            Some(TypeDef::Untagged(_)) => true,
            Some(TypeDef::Newtype(def)) => holds_untagged(types, &def.ty, seen),
            _ => false,
        },
        _ => false,
    }
}

/// Each union's nesting: how many unions a variant struct below it sits inside (1 for a union
/// of structs), computed once per union with an explicit stack (a document may nest thousands
/// of unions in a chain); `None` for a union nested in itself.
fn nesting(types: &BTreeMap<String, TypeDef>) -> BTreeMap<&str, Option<usize>> {
    let inner = |name: &str| -> Vec<&str> {
        match types.get(name) {
            Some(TypeDef::Union(union)) => union
                .variants
                .iter()
                .filter_map(|variant| variant.payload.as_deref())
                .filter(|payload| matches!(types.get(*payload), Some(TypeDef::Union(_))))
                .collect(),
            _ => Vec::new(),
        }
    };
    let mut depth: BTreeMap<&str, Option<usize>> = BTreeMap::new();
    let mut on_stack: BTreeSet<&str> = BTreeSet::new();
    for start in types
        .keys()
        .filter(|name| matches!(types.get(*name), Some(TypeDef::Union(_))))
    {
        if depth.contains_key(start.as_str()) {
            continue;
        }
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(start.as_str(), inner(start))];
        on_stack.insert(start);
        while let Some((name, pending)) = stack.last_mut() {
            let name = *name;
            match pending.pop() {
                Some(next) if on_stack.contains(next) => {
                    depth.insert(next, None);
                }
                Some(next) if !depth.contains_key(next) => {
                    on_stack.insert(next);
                    stack.push((next, inner(next)));
                }
                Some(_) => {}
                None => {
                    stack.pop();
                    on_stack.remove(name);
                    let below: Vec<Option<usize>> = inner(name)
                        .into_iter()
                        .map(|next| depth.get(next).copied().flatten())
                        .collect();
                    let value = if depth.get(name) == Some(&None) || below.contains(&None) {
                        None
                    } else {
                        Some(1 + below.into_iter().flatten().max().unwrap_or(0))
                    };
                    depth.insert(name, value);
                }
            }
        }
    }
    depth
}
