//! One `$defs` entry per named type, and the schema of every value type.

use serde_json::{Map, Value, json};

use super::{def_ref, insert_description};
use crate::ir::{EnumDef, Field, Schema, StructDef, Ty, TypeDef, UnionDef};

/// The definition of one named type, in its standalone form: a struct is the plain object of
/// its fields, and a union carries its own tag but no tag of a union it sits in. `schema`
/// resolves a union's variant payloads.
pub(super) fn type_def(schema: &Schema, def: &TypeDef) -> Value {
    match def {
        TypeDef::Struct(def) => struct_def(def, &[]).into(),
        TypeDef::Union(def) => union_def(schema, def),
        TypeDef::Enum(def) => enum_def(def),
    }
}

/// A tag a union adds to its variant's object: the tag field's wire name and its value.
type TagPair<'a> = (&'a str, &'a str);

/// A struct's object, with `tags` (those of the unions it is reached through here, outermost
/// first) as one-string enums, required like every plain field and listed in `properties`, so
/// that `additionalProperties: false` still closes the object exactly.
///
/// A tag is written `{"type": "string", "enum": [value]}` rather than `{"const": value}`: the
/// two accept the same JSON, but typify (the usual Rust generator for JSON Schema) reads a
/// `const` property as an unchecked `serde_json::Value`, so a union it cannot tag (one with a
/// nested union) would decode a payload as the first variant whose other fields fit, whatever
/// its tag. A one-string enum becomes a one-variant Rust enum, which checks the tag.
fn struct_def(def: &StructDef, tags: &[TagPair]) -> Map<String, Value> {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (field, value) in tags {
        properties.insert(
            (*field).into(),
            json!({ "type": "string", "enum": [value] }),
        );
        required.push(Value::from(*field));
    }
    for field in &def.fields {
        properties.insert(field.wire_name.clone(), field_schema(field).into());
        if !field.presence.may_be_absent() {
            required.push(field.wire_name.clone().into());
        }
    }
    let mut map = Map::new();
    insert_description(&mut map, &def.docs);
    map.insert("type".into(), "object".into());
    map.insert("properties".into(), properties.into());
    map.insert("required".into(), required.into());
    if def.closed {
        map.insert("additionalProperties".into(), false.into());
    }
    map
}

/// A field's property schema: its docs as `description`, then its type's keywords.
fn field_schema(field: &Field) -> Map<String, Value> {
    let mut map = Map::new();
    insert_description(&mut map, &field.docs);
    let value = ty_schema(&field.ty);
    map.extend(if field.presence.may_be_null() {
        or_null(value)
    } else {
        value
    });
    map
}

/// A union in its standalone form: one `oneOf` branch per variant, carrying its own tag.
fn union_def(schema: &Schema, def: &UnionDef) -> Value {
    let mut map = Map::new();
    insert_description(&mut map, &def.docs);
    map.insert("oneOf".into(), branches(schema, def, &[]).into());
    map.into()
}

/// A union's `oneOf` branches, each adding the union's tag to `outer` (the tags of the unions
/// it is reached through here, outermost first), carrying the variant's docs.
///
/// Every branch is written inline. A struct payload is its object with every tag (titled with
/// the struct's name, which also keeps its own, untagged `$defs` entry): typify makes a serde
/// internally tagged enum only from a `oneOf` of inline objects that share a required tag
/// property. A union payload is its own branches again, with this union's tag added: its
/// `$defs` entry, the standalone form, would refuse the outer tag as an unknown field, and no
/// keyword next to a `$ref` can reopen an object closed inside it.
fn branches(schema: &Schema, def: &UnionDef, outer: &[TagPair]) -> Vec<Value> {
    def.variants
        .iter()
        .map(|variant| {
            let mut tags = outer.to_vec();
            tags.push((&def.tag, &variant.tag_value));
            let mut branch = Map::new();
            match schema.types.get(&variant.payload) {
                Some(TypeDef::Struct(payload)) => {
                    branch.insert("title".into(), payload.name.clone().into());
                    insert_description(&mut branch, &variant.docs);
                    // The variant's docs describe the branch; the struct's stay in `$defs`.
                    let keywords = struct_def(payload, &tags).into_iter();
                    branch.extend(keywords.filter(|(key, _)| key != "description"));
                }
                Some(TypeDef::Union(payload)) => {
                    insert_description(&mut branch, &variant.docs);
                    branch.insert("oneOf".into(), branches(schema, payload, &tags).into());
                }
                // The checker lets only structs and unions be payloads.
                Some(TypeDef::Enum(_)) | None => {
                    unreachable!("a variant payload is a struct or a union")
                }
            }
            Value::from(branch)
        })
        .collect()
}

/// A unit-only enum: one of its wire strings.
fn enum_def(def: &EnumDef) -> Value {
    let values: Vec<Value> = def
        .values
        .iter()
        .map(|value| value.wire_name.clone().into())
        .collect();
    let mut map = Map::new();
    insert_description(&mut map, &def.docs);
    map.insert("type".into(), "string".into());
    map.insert("enum".into(), values.into());
    map.into()
}

/// The schema of a value or `null`, with `anyOf`.
fn or_null(value: Map<String, Value>) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("anyOf".into(), json!([value, { "type": "null" }]));
    map
}

/// The keywords of a value type's schema. `null` is added with `anyOf`, never with a `type`
/// array, because ajv's strict mode rejects union types.
pub(super) fn ty_schema(ty: &Ty) -> Map<String, Value> {
    let value = match ty {
        Ty::String => json!({ "type": "string" }),
        Ty::Bool => json!({ "type": "boolean" }),
        Ty::Int(kind) => {
            let (minimum, maximum) = kind.bounds();
            json!({ "type": "integer", "minimum": minimum, "maximum": maximum })
        }
        Ty::F64 => json!({ "type": "number" }),
        Ty::Json => json!({}),
        Ty::Vec(item) => json!({ "type": "array", "items": ty_schema(item) }),
        Ty::Map(value) => json!({ "type": "object", "additionalProperties": ty_schema(value) }),
        Ty::Boxed(inner) => return ty_schema(inner),
        Ty::Nullable(inner) => return or_null(ty_schema(inner)),
        Ty::Named(name) => json!({ "$ref": def_ref(name) }),
    };
    let Value::Object(map) = value else {
        unreachable!("every type schema is an object")
    };
    map
}
