//! The known gaps between the contract and the readers that are not cardc's (typify's types,
//! schemars' schema): features of a payload, found by walking it alongside its type in the IR,
//! that one of those readers cannot judge the way the contract does. A disagreement is
//! explained only when its payload has a gap that reader is known for; anything else fails.

use cardc_codegen::ir::{Presence, Schema, StructDef, Ty, TypeDef};
use serde_json::Value;

/// A feature of a payload that some reader outside cardc misjudges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Gap {
    /// `null` for a field that may be absent but is not nullable: read as absent.
    OptionalNull,
    /// A JSON array where a struct belongs: serde's derive reads it as the fields in order.
    ArrayAsStruct,
    /// A required nullable field left out.
    NullableMissing,
    /// An integer outside its type's bounds.
    IntOutOfRange,
    /// An unknown field in a variant of a union nested in another union.
    UnknownFieldInNestedVariant,
    /// A string enum's value written as serde's externally tagged unit variant,
    /// `{"value": null}`: serde's derived enums read it.
    TaggedUnitEnum,
}

/// Every gap in a payload of the named type, read in its standalone form.
pub fn gaps(schema: &Schema, type_name: &str, value: &Value) -> Vec<Gap> {
    let mut out = Vec::new();
    named(schema, type_name, value, &[], &mut out);
    out.sort();
    out.dedup();
    out
}

fn walk(schema: &Schema, ty: &Ty, value: &Value, out: &mut Vec<Gap>) {
    match (ty, value) {
        (Ty::Nullable(inner) | Ty::Boxed(inner), _) => walk(schema, inner, value, out),
        (Ty::Int(kind), Value::Number(number)) => {
            let (min, max) = kind.bounds();
            if number
                .as_i64()
                .is_none_or(|int| !(min..=max).contains(&int))
            {
                out.push(Gap::IntOutOfRange);
            }
        }
        (Ty::Vec(item), Value::Array(items)) => {
            items
                .iter()
                .for_each(|item_value| walk(schema, item, item_value, out));
        }
        (Ty::Map(item), Value::Object(entries)) => {
            entries
                .values()
                .for_each(|entry| walk(schema, item, entry, out));
        }
        (Ty::Named(name), _) => named(schema, name, value, &[], out),
        _ => {}
    }
}

/// A value of a named type; `tags` are the tag keys of the unions it is reached through here.
fn named(schema: &Schema, name: &str, value: &Value, tags: &[&str], out: &mut Vec<Gap>) {
    match (schema.types.get(name), value) {
        (Some(TypeDef::Struct(_) | TypeDef::Union(_)), Value::Array(_)) => {
            out.push(Gap::ArrayAsStruct);
        }
        (Some(TypeDef::Struct(def)), Value::Object(_)) => object(schema, def, value, tags, out),
        (Some(TypeDef::Enum(def)), Value::Object(entries))
            if entries.len() == 1
                && entries.iter().all(|(key, entry)| {
                    entry.is_null() && def.values.iter().any(|v| v.wire_name == *key)
                }) =>
        {
            out.push(Gap::TaggedUnitEnum);
        }
        (Some(TypeDef::Union(def)), Value::Object(object)) => {
            let tag = object.get(&def.tag).and_then(Value::as_str);
            if let Some(variant) = def.variants.iter().find(|v| Some(&*v.tag_value) == tag) {
                let mut tags = tags.to_vec();
                tags.push(&def.tag);
                if let Some(payload) = &variant.payload {
                    named(schema, payload, value, &tags, out);
                }
            }
        }
        _ => {}
    }
}

fn object(schema: &Schema, def: &StructDef, value: &Value, tags: &[&str], out: &mut Vec<Gap>) {
    let Value::Object(object) = value else {
        return;
    };
    for field in &def.fields {
        match object.get(&field.wire_name) {
            None if field.presence == Presence::Nullable => {
                out.push(Gap::NullableMissing);
            }
            Some(Value::Null) if field.presence == Presence::Optional && field.ty != Ty::Json => {
                out.push(Gap::OptionalNull);
            }
            Some(Value::Null) if field.presence.may_be_null() => {}
            Some(field_value) => walk(schema, &field.ty, field_value, out),
            None => {}
        }
    }
    let known = |key: &String| {
        tags.contains(&key.as_str()) || def.fields.iter().any(|field| &field.wire_name == key)
    };
    if def.closed() && tags.len() > 1 && object.keys().any(|key| !known(key)) {
        out.push(Gap::UnknownFieldInNestedVariant);
    }
}
