//! Random payloads drawn from the IR, for the property tests: every value a schema type
//! allows is a possible draw, and nothing else is.
//!
//! The strategies are built eagerly from the IR with a depth budget: below it, arrays and maps
//! are empty, optional fields absent and nullable ones `null`, so a recursive schema (whose
//! every cycle passes through one of those, as the checker requires) still gives finite values.

use cardc_codegen::ir::{
    Constraints, Field, Number, Schema, StructDef, Ty, TypeDef, UnionDef, UnknownFields, Wide,
};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

use crate::contract;

/// Nesting deeper than this many arrays, maps and named types stops growing.
pub const DEPTH: u32 = 4;

/// Draws valid payloads of the named type.
pub fn payload(schema: &Schema, type_name: &str) -> BoxedStrategy<Value> {
    value(schema, &Ty::Named(type_name.to_string()), DEPTH)
}

/// `count` payloads of the named type drawn by `runner` (deterministic when the runner is),
/// for a batch read by readers that start once rather than once per draw.
pub fn draws(
    schema: &Schema,
    type_name: &str,
    count: usize,
    runner: &mut proptest::test_runner::TestRunner,
) -> Vec<Value> {
    let strategy = payload(schema, type_name);
    (0..count)
        .map(|_| {
            strategy
                .new_tree(runner)
                .unwrap_or_else(|error| panic!("cannot draw a {type_name}: {error}"))
                .current()
        })
        .collect()
}

fn value(schema: &Schema, ty: &Ty, depth: u32) -> BoxedStrategy<Value> {
    match ty {
        Ty::String => string().prop_map(Value::from).boxed(),
        Ty::Bool => any::<bool>().prop_map(Value::from).boxed(),
        Ty::Int(kind) => {
            let (min, max) = kind.bounds();
            // Bounds and zero are where readers slip, so they are drawn often.
            prop_oneof![Just(min), Just(max), Just(0), min..=max]
                .prop_map(Value::from)
                .boxed()
        }
        Ty::Decimal(wide) => {
            let (min, max) = match wide {
                Wide::I64 => (i128::from(i64::MIN), i128::from(i64::MAX)),
                Wide::U64 => (0, i128::from(u64::MAX)),
            };
            prop_oneof![Just(min), Just(max), Just(0), min..=max]
                .prop_map(|value| Value::from(value.to_string()))
                .boxed()
        }
        Ty::F64 => any::<f64>()
            .prop_filter("JSON has no NaN or infinity", |float| float.is_finite())
            .prop_map(Value::from)
            .boxed(),
        Ty::Json => json_value().boxed(),
        Ty::Const(constant) => Just(crate::contract::constant_value(constant)).boxed(),
        Ty::Vec(item) if depth > 0 => prop::collection::vec(value(schema, item, depth - 1), 0..=3)
            .prop_map(Value::Array)
            .boxed(),
        Ty::Map(item) if depth > 0 => {
            prop::collection::btree_map(string(), value(schema, item, depth - 1), 0..=3)
                .prop_map(|entries| Value::Object(entries.into_iter().collect()))
                .boxed()
        }
        Ty::Vec(_) => Just(json!([])).boxed(),
        Ty::Map(_) => Just(json!({})).boxed(),
        Ty::Boxed(inner) => value(schema, inner, depth),
        Ty::Nullable(inner) if depth > 0 => {
            prop_oneof![Just(Value::Null), value(schema, inner, depth)].boxed()
        }
        Ty::Nullable(_) => Just(Value::Null).boxed(),
        Ty::Named(name) => named(schema, name, depth.saturating_sub(1)),
    }
}

fn named(schema: &Schema, name: &str, depth: u32) -> BoxedStrategy<Value> {
    match schema.types.get(name) {
        Some(TypeDef::Struct(def)) => object(schema, def, depth),
        Some(TypeDef::Newtype(def)) => value(schema, &def.ty, depth),
        Some(TypeDef::Untagged(def)) => {
            let variants: Vec<BoxedStrategy<Value>> = def
                .variants
                .iter()
                .map(|variant| value(schema, &variant.ty, depth))
                .collect();
            proptest::strategy::Union::new(variants).boxed()
        }
        Some(TypeDef::Union(def)) => {
            // Each variant's payload, with the union's tag put first, as serializers write it.
            let mut variants: Vec<BoxedStrategy<Value>> = def
                .variants
                .iter()
                .map(|variant| {
                    let tag = (def.tag.clone(), Value::from(variant.tag_value.clone()));
                    let payload = match &variant.payload {
                        Some(payload) => named(schema, payload, depth),
                        // A unit variant adds its tag to an empty object, or to one with a key
                        // it does not know where it keeps or drops such keys.
                        None if variant.unknown == UnknownFields::Refuse => Just(json!({})).boxed(),
                        None => prop::option::of(json_value())
                            .prop_map(|unknown| {
                                Value::Object(
                                    unknown
                                        .map(|value| (UNKNOWN_KEY.to_string(), value))
                                        .into_iter()
                                        .collect(),
                                )
                            })
                            .boxed(),
                    };
                    payload
                        .prop_map(move |payload| {
                            let mut object = Map::new();
                            object.insert(tag.0.clone(), tag.1.clone());
                            if let Value::Object(fields) = payload {
                                object.extend(fields);
                            }
                            Value::Object(object)
                        })
                        .boxed()
                })
                .collect();
            if def.is_open() {
                variants.push(catch_all_object(def));
            }
            proptest::strategy::Union::new(variants).boxed()
        }
        Some(TypeDef::Enum(def)) => {
            let values: Vec<Value> = def
                .values
                .iter()
                .map(|value| value.wire_name.clone().into())
                .collect();
            let known = prop::sample::select(values).boxed();
            if def.is_open() {
                // Another string, which the catch-all keeps.
                let known_values: Vec<String> = def
                    .values
                    .iter()
                    .map(|value| value.wire_name.clone())
                    .collect();
                let other = "[a-z]{0,6}"
                    .prop_filter("a value the enum knows", move |text| {
                        !known_values.contains(text)
                    })
                    .prop_map(Value::from);
                return prop_oneof![known, other].boxed();
            }
            known
        }
        None => panic!("the IR names a type it does not define: {name}"),
    }
}

/// An open union's catch-all: an object whose tag is a string no variant has, with a few other
/// keys holding any JSON, the tag anywhere among them.
fn catch_all_object(def: &UnionDef) -> BoxedStrategy<Value> {
    let known: Vec<String> = def
        .variants
        .iter()
        .map(|variant| variant.tag_value.clone())
        .collect();
    let tag_key = def.tag.clone();
    let tag = "[a-z]{0,6}".prop_filter("a tag the union knows", move |text| !known.contains(text));
    let entries = prop::collection::vec(
        (
            "[a-z]{1,4}",
            prop_oneof![
                Just(Value::Null),
                any::<bool>().prop_map(Value::from),
                any::<i32>().prop_map(Value::from),
                "[ -~]{0,8}".prop_map(Value::from),
            ],
        ),
        0..4,
    );
    (tag, entries, any::<prop::sample::Index>())
        .prop_map(move |(tag, entries, at)| {
            let mut entries: Vec<(String, Value)> = entries
                .into_iter()
                .filter(|(key, _)| *key != tag_key)
                .collect();
            let at = at.index(entries.len() + 1);
            entries.insert(at, (tag_key.clone(), Value::from(tag)));
            Value::Object(entries.into_iter().collect())
        })
        .boxed()
}

/// The key an open object's draw may carry beside its fields: a key the object does not
/// know, which its readers keep (no schema in the suite names a field or a tag so).
const UNKNOWN_KEY: &str = "_unknown";

/// An object with, for each field, a value or (when the field may be absent) possibly no key,
/// and for an open object possibly a key it does not know: the struct's standalone form, to
/// which each union it is drawn through adds its tag.
fn object(schema: &Schema, def: &StructDef, depth: u32) -> BoxedStrategy<Value> {
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = schema
        .object_fields(def)
        .into_iter()
        .map(|field| {
            let key = field.wire_name.clone();
            // A field that may hold `null` is drawn as a nullable value is.
            // A defaulted field is drawn at its default as often as at another value, so that a
            // writer that omits the default is put to the test.
            let present = match &field.default {
                _ if field.presence.may_be_null() => {
                    prop_oneof![Just(Value::Null), field_value(schema, field, depth)].boxed()
                }
                Some(default) => prop_oneof![
                    Just(cardc_codegen::json_text::to_value(&default.value)),
                    field_value(schema, field, depth)
                ]
                .boxed(),
                None => field_value(schema, field, depth),
            };
            let present = present.prop_map(move |v| (key.clone(), v));
            match (field.presence.may_be_absent(), depth > 0) {
                (false, _) => present.prop_map(Some).boxed(),
                (true, true) => prop::option::of(present).boxed(),
                (true, false) => Just(None).boxed(),
            }
        })
        .collect();
    let known = schema
        .object_fields(def)
        .iter()
        .any(|field| field.wire_name == UNKNOWN_KEY);
    let unknown = if def.closed() || known {
        Just(None).boxed()
    } else {
        prop::option::of(json_value().prop_map(|value| (UNKNOWN_KEY.to_string(), value))).boxed()
    };
    (fields, unknown)
        .prop_map(|(entries, unknown)| {
            Value::Object(entries.into_iter().flatten().chain(unknown).collect())
        })
        .boxed()
}

/// Strings with escapes, quotes, non-ASCII and astral characters, kept short.
fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 ./_-]{0,12}",
        "[\"\\\\\n\r\t\u{0}-\u{1f}\u{7f}-\u{ff}\u{2028}\u{2029}\u{1f600}]{0,6}",
        any::<String>(),
    ]
}

/// Any JSON value, numbers kept within 2^53 where JavaScript holds them exactly.
fn json_value() -> impl Strategy<Value = Value> {
    const EXACT: i64 = 1 << 53;
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-EXACT..=EXACT).prop_map(Value::from),
        string().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(string(), inner, 0..4)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

/// A present, non-null value of a field: of its type, within its constraints.
fn field_value(schema: &Schema, field: &Field, depth: u32) -> BoxedStrategy<Value> {
    let constraints = &field.constraints;
    if constraints.is_empty() {
        return value(schema, &field.ty, depth);
    }
    let drawn = match &field.ty {
        Ty::String => constrained_string(constraints),
        Ty::Int(kind) => {
            let (mut min, mut max) = kind.bounds();
            let range = constraints.range.unwrap_or_default();
            if let Some(Number::Int(low)) = range.min.map(|bound| bound.value) {
                min = low;
            }
            if let Some(Number::Int(high)) = range.max.map(|bound| bound.value) {
                max = high;
            }
            prop_oneof![Just(min), Just(max), min..=max]
                .prop_map(Value::from)
                .boxed()
        }
        Ty::F64 => {
            let range = constraints.range.unwrap_or_default();
            let float = |bound: Option<cardc_codegen::ir::Bound>, or: f64| match bound {
                Some(bound) => match bound.value {
                    Number::Float(value) => value,
                    Number::Int(value) => value as f64,
                },
                None => or,
            };
            let (min, max) = (float(range.min, -1e300), float(range.max, 1e300));
            prop_oneof![Just(min), Just(max), min..=max]
                .prop_map(Value::from)
                .boxed()
        }
        Ty::Vec(item) => {
            let count = constraints.items.unwrap_or_default();
            let min = count
                .min
                .map_or(0, |min| usize::try_from(min).unwrap_or(usize::MAX));
            let max = count
                .max
                .map_or(min + 3, |max| usize::try_from(max).unwrap_or(usize::MAX))
                .min(min + 3);
            let items = if depth > 0 {
                value(schema, item, depth - 1)
            } else {
                value(schema, item, 0)
            };
            prop::collection::vec(items, min..=max)
                .prop_map(Value::Array)
                .boxed()
        }
        other => value(schema, other, depth),
    };
    // What a draw cannot aim at (an exclusive bound, distinct items, a pattern and a length
    // together) is filtered by the contract.
    let constraints = constraints.clone();
    drawn
        .prop_filter("within the field's constraints", move |value| {
            contract::constrained(&constraints, value).is_ok()
        })
        .boxed()
}

/// Strings of a pattern or format (drawn from the pattern without its end anchors, which
/// proptest cannot draw) or of a length in code points.
fn constrained_string(constraints: &Constraints) -> BoxedStrategy<Value> {
    let pattern = constraints
        .pattern
        .clone()
        .or_else(|| constraints.format.map(|format| format.pattern().to_owned()));
    if let Some(pattern) = pattern {
        let inner = pattern.strip_prefix('^').unwrap_or(&pattern);
        let inner = inner.strip_suffix('$').unwrap_or(inner);
        let drawn = proptest::string::string_regex(inner)
            .unwrap_or_else(|error| panic!("cannot draw strings of {pattern}: {error}"));
        return drawn.prop_map(Value::from).boxed();
    }
    let count = constraints.length.unwrap_or_default();
    let min = count
        .min
        .map_or(0, |min| usize::try_from(min).unwrap_or(usize::MAX));
    let max = count
        .max
        .map_or(min + 12, |max| usize::try_from(max).unwrap_or(usize::MAX));
    prop::collection::vec(any::<char>(), min..=max.min(min + 12))
        .prop_map(|chars| Value::from(chars.into_iter().collect::<String>()))
        .boxed()
}
