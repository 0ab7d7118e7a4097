//! Which keys a union reads typed before its tag, and how each variant takes them: the plan
//! behind the runtime's `BeforeTag`, made once per schema.
//!
//! A key can be read before the tag is known only if reading it cannot depend on the tag:
//! every struct variant that has it reads it with the same reader into the same type (the
//! same generated text, so the same code), and every other variant refuses it (a closed
//! struct without it, a closed unit variant, or a closed nested union none of whose variants
//! takes it). A key some variant would drop or keep unread, or read otherwise, stays buffered. An
//! open union reads nothing early: its catch-all keeps every entry as read.
//!
//! The plan holds names and indices only, so that the emitter's threads share it.

use std::collections::{BTreeMap, BTreeSet};

use super::Runtime;
use super::fields::{reader, slot_type};
use super::structs::owner;
use crate::ir::{Schema, StructDef, TypeDef, UnionDef, UnknownFields};

/// The early keys of every union that has some. Every struct and union can take its slots
/// filled (the runtime's macros give each a `__visit_map_with` or `__before_tag_with`), so the
/// plan need not say which do.
#[derive(Debug, Default)]
pub(super) struct Plan {
    /// Each union's plan, by union name; a union that reads nothing early has none.
    unions: BTreeMap<String, UnionPlan>,
}

/// The keys one union reads before its tag.
#[derive(Debug)]
pub(super) struct UnionPlan {
    /// The keys, in the order the variants first declare them.
    pub(super) keys: Vec<EarlyKey>,
    /// For each variant in declaration order, the slot each key fills, or `None` where the
    /// variant refuses the key: for a struct variant an index into the struct's wire keys, for
    /// a variant holding a union an index into that union's own early keys.
    pub(super) slots: Vec<Vec<Option<usize>>>,
}

/// A key read before the tag.
#[derive(Debug)]
pub(super) struct EarlyKey {
    /// Its wire name.
    pub(super) wire: String,
    /// A struct that has the key (a variant's, or one a nested union's variant holds), whose
    /// field reads it.
    pub(super) owner: String,
    /// The index of the key among that struct's wire keys.
    pub(super) index: usize,
    /// How it is read.
    reading: Reading,
}

impl EarlyKey {
    /// The key's reader and the type of its slot, as text, from the field of its owner.
    pub(super) fn read(&self, schema: &Schema, runtime: Runtime) -> (String, String) {
        let Some(TypeDef::Struct(owner_def)) = schema.types.get(&self.owner) else {
            panic!("the early key {} has no struct {}", self.wire, self.owner);
        };
        let keys = schema.wire_fields(owner_def);
        let (path, field) = &keys[self.index];
        (
            reader(field, owner(owner_def, path), schema, runtime),
            slot_type(field, runtime),
        )
    }
}

impl Plan {
    /// The plan of every union of `schema`.
    pub(super) fn new(schema: &Schema, runtime: Runtime) -> Plan {
        let mut plan = Plan::default();
        let mut planned = BTreeSet::new();
        for def in schema.types.values() {
            if let TypeDef::Union(def) = def {
                plan.add(def, schema, runtime, &mut planned);
            }
        }
        plan
    }

    /// Plans `def` once, after the unions its variants hold, whose early keys it may read.
    /// A union met again while it is being planned (a cycle the checker refuses) has no plan
    /// yet, so its variant reads nothing early.
    fn add(
        &mut self,
        def: &UnionDef,
        schema: &Schema,
        runtime: Runtime,
        planned: &mut BTreeSet<String>,
    ) {
        if !planned.insert(def.name.clone()) {
            return;
        }
        for variant in &def.variants {
            if let Some(TypeDef::Union(inner)) = schema.payload(variant) {
                self.add(inner, schema, runtime, planned);
            }
        }
        if let Some(union_plan) = union_plan(def, schema, runtime, &self.unions) {
            self.unions.insert(def.name.clone(), union_plan);
        }
    }

    /// The keys `union` reads early, if it reads any.
    pub(super) fn union(&self, union: &str) -> Option<&UnionPlan> {
        self.unions.get(union)
    }
}

/// How a key is read: its slot's type and its reader, as generated text.
type Reading = (String, String);

/// A key one variant takes: its slot there, and the struct field that reads it.
struct Take<'a> {
    /// The slot it fills (see [`UnionPlan::slots`]).
    slot: usize,
    /// The struct whose field reads it, and the key's index among that struct's keys.
    owner: &'a str,
    index: usize,
    reading: &'a Reading,
}

/// What one variant does with the keys before the tag.
enum Variant<'a> {
    /// A struct: the keys it has; a closed one refuses every other.
    Struct(BTreeMap<&'a str, Take<'a>>, bool),
    /// A union: the keys it reads early itself; it refuses a key none of its variants has.
    Union(BTreeMap<&'a str, Take<'a>>, &'a UnionDef),
    /// A unit variant, which refuses every key unless it keeps or drops other keys (`false`).
    Unit(bool),
}

impl Variant<'_> {
    /// Whether the variant refuses a key it does not take.
    fn refuses(&self, wire: &str, schema: &Schema) -> bool {
        match self {
            Variant::Struct(_, closed) => *closed,
            Variant::Union(_, inner) => refuses(inner, wire, schema, 0),
            Variant::Unit(closed) => *closed,
        }
    }

    /// The keys the variant takes.
    fn takes(&self) -> Option<&BTreeMap<&str, Take<'_>>> {
        match self {
            Variant::Struct(takes, _) | Variant::Union(takes, _) => Some(takes),
            Variant::Unit(_) => None,
        }
    }
}

/// The plan of one union, if it reads some key early, given the plans of the unions its
/// variants hold.
fn union_plan(
    def: &UnionDef,
    schema: &Schema,
    runtime: Runtime,
    plans: &BTreeMap<String, UnionPlan>,
) -> Option<UnionPlan> {
    if def.is_open() {
        return None;
    }
    // Each struct variant's keys and how it reads them, which the variants' takes borrow.
    let readings: Vec<Option<Vec<(&str, Reading)>>> = def
        .variants
        .iter()
        .map(|variant| match schema.payload(variant) {
            Some(TypeDef::Struct(payload)) => Some(readings(payload, schema, runtime)),
            _ => None,
        })
        .collect();
    let mut variants = Vec::new();
    for (variant, read) in def.variants.iter().zip(&readings) {
        variants.push(match (schema.payload(variant), read) {
            (Some(TypeDef::Struct(payload)), Some(keys)) => {
                let takes = keys
                    .iter()
                    .enumerate()
                    .map(|(index, (wire, reading))| {
                        let take = Take {
                            slot: index,
                            owner: &payload.name,
                            index,
                            reading,
                        };
                        (*wire, take)
                    })
                    .collect();
                Variant::Struct(takes, payload.closed())
            }
            (Some(TypeDef::Union(inner)), _) => {
                let takes = plans
                    .get(&inner.name)
                    .map_or_else(BTreeMap::new, |inner_plan| {
                        inner_plan
                            .keys
                            .iter()
                            .enumerate()
                            .map(|(slot, key)| {
                                let take = Take {
                                    slot,
                                    owner: &key.owner,
                                    index: key.index,
                                    reading: &key.reading,
                                };
                                (key.wire.as_str(), take)
                            })
                            .collect()
                    });
                Variant::Union(takes, inner)
            }
            (None, _) if variant.payload.is_none() => {
                Variant::Unit(variant.unknown == UnknownFields::Refuse)
            }
            // A payload that is neither (the checker refuses one) reads nothing early.
            _ => return None,
        });
    }
    let mut keys = Vec::new();
    let mut seen = BTreeSet::new();
    for takes in variants.iter().filter_map(Variant::takes) {
        let mut in_order: Vec<(&&str, &Take)> = takes.iter().collect();
        in_order.sort_by_key(|(_, take)| take.slot);
        for (wire, take) in in_order {
            if !seen.insert(*wire) {
                continue;
            }
            let agreed = variants.iter().all(|variant| {
                match variant.takes().and_then(|takes| takes.get(wire)) {
                    Some(theirs) => theirs.reading == take.reading,
                    None => variant.refuses(wire, schema),
                }
            });
            if agreed {
                keys.push(EarlyKey {
                    wire: (*wire).to_owned(),
                    owner: take.owner.to_owned(),
                    index: take.index,
                    reading: take.reading.clone(),
                });
            }
        }
    }
    if keys.is_empty() {
        return None;
    }
    let slots = variants
        .iter()
        .map(|variant| {
            keys.iter()
                .map(|key| {
                    variant
                        .takes()
                        .and_then(|takes| takes.get(key.wire.as_str()))
                        .map(|take| take.slot)
                })
                .collect()
        })
        .collect();
    Some(UnionPlan { keys, slots })
}

/// A struct's wire keys in order, each with how it is read.
fn readings<'a>(
    def: &'a StructDef,
    schema: &'a Schema,
    runtime: Runtime,
) -> Vec<(&'a str, Reading)> {
    schema
        .wire_fields(def)
        .into_iter()
        .map(|(path, field)| {
            let read = reader(field, owner(def, &path), schema, runtime);
            let slot = slot_type(field, runtime);
            (field.wire_name.as_str(), (slot, read))
        })
        .collect()
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
            None => variant.payload.is_none() && variant.unknown == UnknownFields::Refuse,
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
    fn a_unit_variant_that_drops_or_keeps_other_keys_stops_them_being_early() {
        let closed = early_keys(
            "#[union(tag = \"kind\")]\n\
             enum Card { A(A), Gone }\n\
             struct A { title: String }\n",
        );
        assert_eq!(closed, [named("Card", &["title"])]);
        for attribute in ["#[drop_unknown_fields]", "#[allow_unknown_fields]"] {
            let keys = early_keys(&format!(
                "#[union(tag = \"kind\")]\n\
                 enum Card {{ A(A), {attribute} Gone }}\n\
                 struct A {{ title: String }}\n",
            ));
            assert_eq!(keys, [], "{attribute}");
        }
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
    fn a_nested_union_takes_its_own_early_keys_and_refuses_those_none_of_its_variants_has() {
        let keys = early_keys(
            "#[union(tag = \"kind\")]\n\
             enum Card { A(A), Inner(Inner) }\n\
             struct A { title: String, total: u32, size: u32 }\n\
             #[union(tag = \"shape\")]\n\
             enum Inner { B(B), C(C) }\n\
             struct B { total: u32, size: u32 }\n\
             struct C { size: String }\n",
        );
        // `Inner` reads `total` early, as `A` reads it; its variants disagree on `size`.
        assert_eq!(
            keys,
            [
                named("Card", &["title", "total"]),
                named("Inner", &["total"])
            ]
        );
    }
}
