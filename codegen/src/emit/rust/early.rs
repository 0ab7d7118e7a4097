//! Which keys a union reads typed before its tag, and how each variant takes them: the plan
//! behind the runtime's `BeforeTag`, made once per schema.
//!
//! A key can be read before the tag is known only if reading it cannot depend on the tag:
//! every struct variant that has it reads it with the same reader into the same type (the
//! same generated tokens, so the same code), and every other variant refuses it (a closed
//! struct without it, a unit variant, or a closed nested union none of whose variants takes
//! it). A key some variant would drop or keep unread, or read otherwise, stays buffered. An
//! open union reads nothing early: its catch-all keeps every entry as read.
//!
//! The plan holds names and indices only, so that the emitter's threads share it.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::quote;

use super::Runtime;
use super::fields::{field_type, is_constant, reader};
use super::visitor::owner;
use crate::ir::{Field, Schema, StructDef, TypeDef, UnionDef};

/// The early keys of every union that has some, and the structs that take them.
#[derive(Debug, Default)]
pub(super) struct Plan {
    /// Each union's plan, by union name; a union that reads nothing early has none.
    unions: BTreeMap<String, UnionPlan>,
    /// The structs some union hands early values to: their visitor takes its slots filled.
    prefilled: BTreeSet<String>,
}

/// The keys one union reads before its tag.
#[derive(Debug)]
pub(super) struct UnionPlan {
    /// The keys, in the order the variants first declare them, each with the variant struct
    /// whose field gives its reader.
    pub(super) keys: Vec<EarlyKey>,
    /// For each variant in declaration order, the slot of its struct each key fills (by
    /// index into the struct's wire keys), or `None` where the variant refuses the key.
    pub(super) slots: Vec<Vec<Option<usize>>>,
}

/// A key read before the tag.
#[derive(Debug)]
pub(super) struct EarlyKey {
    /// Its wire name.
    pub(super) wire: String,
    /// The struct of a variant that has it, whose field reads it.
    pub(super) owner: String,
    /// The index of the key among that struct's wire keys.
    pub(super) index: usize,
}

impl Plan {
    /// The plan of every union of `schema`.
    pub(super) fn new(schema: &Schema, runtime: Runtime) -> Plan {
        let mut plan = Plan::default();
        for def in schema.types.values() {
            if let TypeDef::Union(def) = def
                && let Some(union_plan) = union_plan(def, schema, runtime)
            {
                for (variant, slots) in def.variants.iter().zip(&union_plan.slots) {
                    if let Some(payload) = &variant.payload
                        && slots.iter().any(Option::is_some)
                    {
                        plan.prefilled.insert(payload.clone());
                    }
                }
                plan.unions.insert(def.name.clone(), union_plan);
            }
        }
        plan
    }

    /// The keys `union` reads early, if it reads any.
    pub(super) fn union(&self, union: &str) -> Option<&UnionPlan> {
        self.unions.get(union)
    }

    /// Whether some union hands early values to the struct `name`.
    pub(super) fn prefills(&self, name: &str) -> bool {
        self.prefilled.contains(name)
    }
}

/// How a struct reads one key: its slot's type and its reader, as generated text.
type Reading = (String, String);

/// A struct's wire keys, each with its index among them and how it is read.
type Readings<'a> = BTreeMap<&'a str, (usize, Reading)>;

/// The plan of one union, if it reads some key early.
fn union_plan(def: &UnionDef, schema: &Schema, runtime: Runtime) -> Option<UnionPlan> {
    if def.is_open() {
        return None;
    }
    // Each struct variant's keys: wire name to its index and reading.
    let variants: Vec<Option<(&StructDef, Readings)>> = def
        .variants
        .iter()
        .map(|variant| match schema.payload(variant) {
            Some(TypeDef::Struct(payload)) => Some((payload, readings(payload, schema, runtime))),
            _ => None,
        })
        .collect();
    let mut keys = Vec::new();
    let mut seen = BTreeSet::new();
    for (payload, fields) in variants.iter().flatten() {
        let mut in_order: Vec<(&str, &(usize, Reading))> =
            fields.iter().map(|(wire, found)| (*wire, found)).collect();
        in_order.sort_by_key(|(_, (index, _))| *index);
        for (wire, (index, reading)) in in_order {
            if !seen.insert(wire) {
                continue;
            }
            let agreed = def.variants.iter().zip(&variants).all(|(variant, found)| {
                match (found, schema.payload(variant)) {
                    (Some((other, fields)), _) => match fields.get(wire) {
                        Some((_, theirs)) => theirs == reading,
                        None => other.closed(),
                    },
                    (None, Some(TypeDef::Union(inner))) => refuses(inner, wire, schema, 0),
                    // A unit variant refuses every key.
                    (None, None) => variant.payload.is_none(),
                    (None, Some(_)) => false,
                }
            });
            if agreed {
                keys.push(EarlyKey {
                    wire: wire.to_owned(),
                    owner: payload.name.clone(),
                    index: *index,
                });
            }
        }
    }
    if keys.is_empty() {
        return None;
    }
    let slots = variants
        .iter()
        .map(|found| {
            keys.iter()
                .map(|key| {
                    found
                        .as_ref()
                        .and_then(|(_, fields)| fields.get(key.wire.as_str()))
                        .map(|(index, _)| *index)
                })
                .collect()
        })
        .collect();
    Some(UnionPlan { keys, slots })
}

/// A struct's wire keys, each with its index and how it is read.
fn readings<'a>(def: &'a StructDef, schema: &'a Schema, runtime: Runtime) -> Readings<'a> {
    schema
        .wire_fields(def)
        .into_iter()
        .enumerate()
        .map(|(index, (path, field))| {
            let read = reader(field, owner(def, &path), schema, runtime).to_string();
            let slot = slot_type(field, runtime).to_string();
            (field.wire_name.as_str(), (index, (slot, read)))
        })
        .collect()
}

/// The type a struct's visitor holds a key's value in: the field's type, or `()` for a
/// constant, which the struct holds nothing for.
pub(super) fn slot_type(field: &Field, runtime: Runtime) -> TokenStream {
    if is_constant(field) {
        return quote!(());
    }
    let ty = field_type(field, runtime);
    quote!(#ty)
}

/// Whether a closed nested union refuses `wire` in every variant: it is not the union's tag,
/// and no variant reads it. `depth` bounds a chain of unions that the checker would refuse.
fn refuses(def: &UnionDef, wire: &str, schema: &Schema, depth: usize) -> bool {
    if def.is_open() || def.tag == wire || depth > schema.types.len() {
        return false;
    }
    def.variants
        .iter()
        .all(|variant| match schema.payload(variant) {
            None => variant.payload.is_none(),
            Some(TypeDef::Struct(payload)) => {
                payload.closed()
                    && !schema
                        .wire_fields(payload)
                        .iter()
                        .any(|(_, field)| field.wire_name == wire)
            }
            Some(TypeDef::Union(inner)) => refuses(inner, wire, schema, depth + 1),
            Some(_) => false,
        })
}

#[cfg(test)]
mod tests {
    use super::{Plan, Runtime};
    use crate::compile;

    /// The early keys of each union of `text` that has some, by union name.
    fn early_keys(text: &str) -> Vec<(String, Vec<String>)> {
        let schema = compile("schema/early.cards", text).expect("the schema checks");
        let plan = Plan::new(&schema, Runtime::Crate);
        plan.unions
            .iter()
            .map(|(name, union)| {
                let keys = union.keys.iter().map(|key| key.wire.clone()).collect();
                (name.clone(), keys)
            })
            .collect()
    }

    fn named(union: &str, keys: &[&str]) -> (String, Vec<String>) {
        let keys = keys.iter().map(|key| (*key).to_owned()).collect();
        (union.to_owned(), keys)
    }

    #[test]
    fn a_key_read_alike_or_refused_by_every_variant_is_early() {
        let keys = early_keys(
            "#[union(tag = \"kind\")]\n\
             enum Card { A(A), B(B), Gone }\n\
             struct A { title: String, size: u32 }\n\
             struct B { title: String, size: Option<u32>, note: String }\n",
        );
        // `size` is read otherwise by `B` (an optional key), so it waits for the tag.
        assert_eq!(keys, [named("Card", &["title", "note"])]);
    }

    #[test]
    fn a_variant_that_drops_or_keeps_unknown_keys_stops_them_being_early() {
        let keys = early_keys(
            "#[union(tag = \"kind\")]\n\
             enum Card { A(A), B(B), C(C) }\n\
             struct A { title: String, note: String }\n\
             #[drop_unknown_fields]\n\
             struct B { title: String, note: String }\n\
             #[allow_unknown_fields]\n\
             struct C { title: String }\n",
        );
        assert_eq!(keys, [named("Card", &["title"])]);
    }

    #[test]
    fn an_open_union_reads_nothing_early() {
        let keys = early_keys(
            "#[union(tag = \"kind\")]\n\
             enum Card { A(A), #[other] Unknown }\n\
             struct A { title: String }\n",
        );
        assert_eq!(keys, []);
    }

    #[test]
    fn a_nested_union_refuses_a_key_none_of_its_variants_has() {
        let keys = early_keys(
            "#[union(tag = \"kind\")]\n\
             enum Card { A(A), Inner(Inner) }\n\
             struct A { title: String, total: u32 }\n\
             #[union(tag = \"shape\")]\n\
             enum Inner { B(B) }\n\
             struct B { total: u32 }\n",
        );
        // `Inner` has a `total`, so `Card` waits for its tag; `Inner` reads it early itself.
        assert_eq!(
            keys,
            [named("Card", &["title"]), named("Inner", &["total"])]
        );
    }
}
