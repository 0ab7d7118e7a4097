//! The invariants the checker gives a schema file's IR and that `cardc compat` (and the
//! emitters) rely on, checked on the IR a published schema reads back as: a document cardc did
//! not write could otherwise name a type it lacks, nest an untagged union in another (whose
//! shapes would then be compared without end), or nest two unions in each other.

use std::collections::{BTreeMap, BTreeSet};

use super::node::Reader;
use crate::ir::{Span, Ty, TypeDef};

/// Records a problem, at the item's pointer, for each invariant `types` breaks; `names` are every
/// `$defs` entry's, including those that did not read (whose own problems are recorded), so
/// that one fault is not reported again wherever its type is named.
pub(super) fn check(reader: &mut Reader, types: &BTreeMap<String, TypeDef>, names: &[String]) {
    let mut faults: Vec<(Span, String)> = Vec::new();
    for def in types.values() {
        for (ty, span) in value_types(def) {
            for name in named(ty) {
                if !names.iter().any(|known| known == name) {
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
                if nests_itself(types, &union.name, &union.name, &mut BTreeSet::new()) {
                    faults.push((
                        union.name_span.clone(),
                        format!("`{}` is nested in itself through its variants", union.name),
                    ));
                }
            }
            TypeDef::Struct(_) | TypeDef::Newtype(_) | TypeDef::Enum(_) => {}
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

/// Whether `target` is reached from the union `from` through union payloads.
fn nests_itself<'a>(
    types: &'a BTreeMap<String, TypeDef>,
    from: &'a str,
    target: &str,
    seen: &mut BTreeSet<&'a str>,
) -> bool {
    let Some(TypeDef::Union(union)) = types.get(from) else {
        return false;
    };
    union
        .variants
        .iter()
        .filter_map(|v| v.payload.as_deref())
        .any(|payload| {
            matches!(types.get(payload), Some(TypeDef::Union(_)))
                && (payload == target
                    || (seen.insert(payload) && nests_itself(types, payload, target, seen)))
        })
}
