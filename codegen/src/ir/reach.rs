//! Which types hold, on the wire, a field some rule picks out (a tolerant one, a defaulted
//! one): through fields (flattened ones too), arrays, maps, boxes, nullable items, newtypes and
//! the variants of unions, tagged or not.
//!
//! Both walks keep their own stacks, so a chain through as many types as a schema may hold
//! needs no deep call stack; and the whole set is found in one pass over the type graph, so a
//! caller asking for every type pays for the graph once, not once per type.

use std::collections::{BTreeMap, BTreeSet};

use super::{Field, Ty, TypeDef};

/// Whether a value of `ty` holds a field `pick` picks out.
pub(super) fn reaches(
    types: &BTreeMap<String, TypeDef>,
    ty: &Ty,
    pick: &dyn Fn(&Field) -> bool,
) -> bool {
    let mut stack = Vec::new();
    named_in(ty, &mut stack);
    let mut seen = BTreeSet::new();
    while let Some(name) = stack.pop() {
        if !seen.insert(name) {
            continue;
        }
        if let Some(def) = types.get(name)
            && children(def, pick, &mut stack)
        {
            return true;
        }
    }
    false
}

/// Every named type whose values hold a field `pick` picks out, or a type `seed` picks out.
pub(super) fn reaching<'a>(
    types: &'a BTreeMap<String, TypeDef>,
    pick: &dyn Fn(&Field) -> bool,
    seed: &dyn Fn(&TypeDef) -> bool,
) -> BTreeSet<&'a str> {
    // Each type's users (the types whose values hold one of it), and the types that hold a
    // picked field themselves.
    let mut users: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut queue = Vec::new();
    for (name, def) in types {
        let mut held = Vec::new();
        if children(def, pick, &mut held) || seed(def) {
            queue.push(name.as_str());
        }
        for child in held {
            users.entry(child).or_default().push(name);
        }
    }
    let mut found = BTreeSet::new();
    while let Some(name) = queue.pop() {
        if found.insert(name) {
            queue.extend(users.get(name).into_iter().flatten());
        }
    }
    found
}

/// Every named type a value of one of `roots` holds, the roots among them, each once.
pub fn closure<'a>(
    types: &'a BTreeMap<String, TypeDef>,
    roots: impl IntoIterator<Item = &'a str>,
) -> BTreeSet<&'a str> {
    let mut stack: Vec<&str> = roots.into_iter().collect();
    let mut seen = BTreeSet::new();
    while let Some(name) = stack.pop() {
        if seen.insert(name)
            && let Some(def) = types.get(name)
        {
            children(def, &|_| false, &mut stack);
        }
    }
    seen
}

/// Every named type the declarations of `roots` name: their fields' types, their variants'
/// payloads and types, and a newtype's type; and what the structs a reader of theirs reads
/// the keys of itself name too: a flattened field's struct, a tagged union's payloads (their
/// keys sit beside the tag), each in turn.
pub fn named_by<'a>(
    types: &'a BTreeMap<String, TypeDef>,
    roots: impl IntoIterator<Item = &'a str>,
) -> BTreeSet<&'a str> {
    let mut named = BTreeSet::new();
    let mut read: Vec<&str> = roots.into_iter().collect();
    let mut seen: BTreeSet<&str> = read.iter().copied().collect();
    while let Some(name) = read.pop() {
        let Some(def) = types.get(name) else {
            continue;
        };
        let mut held = Vec::new();
        children(def, &|_| false, &mut held);
        named.extend(held.iter().copied());
        let inline: Vec<&str> = match def {
            TypeDef::Struct(def) => def
                .fields
                .iter()
                .filter(|field| field.flatten)
                .filter_map(|field| match &field.ty {
                    Ty::Named(inner) => Some(inner.as_str()),
                    _ => None,
                })
                .collect(),
            TypeDef::Union(_) => held,
            TypeDef::Newtype(_) | TypeDef::Enum(_) | TypeDef::Untagged(_) => Vec::new(),
        };
        read.extend(inline.into_iter().filter(|inner| seen.insert(inner)));
    }
    named
}

/// Pushes the named types a value of `def` holds directly, and says whether `def` is a struct
/// with a field `pick` picks out.
fn children<'a>(def: &'a TypeDef, pick: &dyn Fn(&Field) -> bool, out: &mut Vec<&'a str>) -> bool {
    match def {
        TypeDef::Struct(def) => {
            let mut picked = false;
            for field in &def.fields {
                picked |= pick(field);
                named_in(&field.ty, out);
            }
            picked
        }
        TypeDef::Newtype(def) => {
            named_in(&def.ty, out);
            false
        }
        TypeDef::Union(def) => {
            out.extend(def.variants.iter().filter_map(|v| v.payload.as_deref()));
            false
        }
        TypeDef::Untagged(def) => {
            for variant in &def.variants {
                named_in(&variant.ty, out);
            }
            false
        }
        TypeDef::Enum(_) => false,
    }
}

/// The first field, by struct name, that `pick` picks out among the structs a value of `ty`
/// may hold, with its struct's name: where a rule about what `ty` reaches points.
pub fn field_reached<'a>(
    types: &'a BTreeMap<String, TypeDef>,
    ty: &'a Ty,
    pick: &dyn Fn(&Field) -> bool,
) -> Option<(&'a str, &'a Field)> {
    let mut roots = Vec::new();
    named_in(ty, &mut roots);
    super::closure(types, roots)
        .into_iter()
        .find_map(|name| match types.get(name) {
            Some(TypeDef::Struct(def)) => def
                .fields
                .iter()
                .find(|field| pick(field))
                .map(|field| (name, field)),
            _ => None,
        })
}

/// Pushes the named types `ty` is made of (a type expression nests only as deep as the schema
/// language's nesting limit allows).
fn named_in<'a>(ty: &'a Ty, out: &mut Vec<&'a str>) {
    match ty {
        Ty::Vec(inner) | Ty::Map(inner) | Ty::Boxed(inner) | Ty::Nullable(inner) => {
            named_in(inner, out)
        }
        Ty::Named(name) => out.push(name),
        Ty::String | Ty::Bool | Ty::Int(_) | Ty::Decimal(_) | Ty::F64 | Ty::Json | Ty::Const(_) => {
        }
    }
}
