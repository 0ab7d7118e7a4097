//! One `$defs` entry per named type, and the schema of every value type.

use super::constraints::constrain;
use super::ordered::Object;
use super::{def_ref, insert_description};
use crate::ir::{
    Constant, Deprecated, EnumDef, Examples, Field, JsonValue, NewtypeDef, Schema, Shape,
    StructDef, Ty, TypeDef, UnionDef, UntaggedDef, Variant,
};
use crate::wording;

/// The definition of one named type, in its standalone form: a struct is the plain object of
/// its fields, and a union carries its own tag but no tag of a union it sits in. `schema`
/// resolves a union's variant payloads.
pub(super) fn type_def(schema: &Schema, def: &TypeDef) -> JsonValue {
    let mut map = match def {
        TypeDef::Struct(def) => struct_def(schema, def, &[]),
        TypeDef::Newtype(def) => newtype_def(schema, def),
        TypeDef::Union(def) => union_def(schema, def),
        TypeDef::Enum(def) => enum_def(def),
        TypeDef::Untagged(def) => untagged_def(schema, def),
    };
    insert_deprecated(&mut map, def.deprecated());
    insert_examples(&mut map, def.examples());
    map.into()
}

/// `"examples": [...]`, the type's or field's examples as they were written.
fn insert_examples(map: &mut Object, examples: &Examples) {
    if !examples.is_empty() {
        map.insert("examples", examples.clone());
    }
}

/// `"deprecated": true` for a deprecated type, field or variant; its note, if any, is in the
/// Rust and TypeScript docs (JSON Schema has no keyword for it).
fn insert_deprecated(map: &mut Object, deprecated: Option<&Deprecated>) {
    if deprecated.is_some() {
        map.insert("deprecated", true);
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
fn struct_def(schema: &Schema, def: &StructDef, tags: &[TagPair]) -> Object {
    let mut properties = Object::default();
    let mut required = Vec::new();
    for (field, value) in tags {
        properties.insert(
            *field,
            Object::of([
                ("type", "string".into()),
                ("enum", vec![JsonValue::from(*value)].into()),
            ]),
        );
        required.push(JsonValue::from(*field));
    }
    // A flattened struct's fields are properties of this object, so that
    // `additionalProperties: false` closes it exactly, with no `allOf` for it to break.
    for field in schema.object_fields(def) {
        properties.insert(field.wire_name.clone(), field_schema(schema, field));
        if !field.presence.may_be_absent() {
            required.push(field.wire_name.clone().into());
        }
    }
    let mut map = Object::default();
    insert_description(&mut map, &def.docs);
    map.insert("type", "object");
    map.insert("properties", properties);
    map.insert("required", required);
    if def.closed() {
        map.insert("additionalProperties", false);
    }
    map
}

/// A field's property schema: its docs as `description`, its default, then its type's
/// keywords. A defaulted key is not `required`, and `default` says what its absence reads as
/// (an annotation: validators do not apply it).
fn field_schema(schema: &Schema, field: &Field) -> Object {
    let mut map = Object::default();
    insert_description(&mut map, &field.docs);
    insert_deprecated(&mut map, field.deprecated.as_ref());
    if let Some(default) = &field.default {
        map.insert("default", default.value.clone());
    }
    insert_examples(&mut map, &field.examples);
    let mut value = ty_schema(schema, &field.ty);
    constrain(&mut value, &field.constraints);
    map.extend(if field.presence.may_be_null() {
        or_null(value)
    } else {
        value
    });
    map
}

/// A union in its standalone form: an object whose own tag picks the variant that checks it.
/// An open union's description ends by saying so, and naming its catch-all, as an open enum's
/// does: no keyword says it, and a reader of the published schema needs both.
fn union_def(schema: &Schema, def: &UnionDef) -> Object {
    let mut map = Object::default();
    let mut docs = def.docs.clone();
    if let Some(other) = &def.other {
        docs.push(wording::open_union(&def.tag, &other.name));
    }
    if let Some(fold) = def.fold_variant() {
        docs.push(wording::folding_union(&def.tag, &fold.tag_value));
    }
    insert_description(&mut map, &docs);
    map.insert("type", "object");
    map.extend(dispatch(schema, def));
    map
}

/// The keywords that read a union's tag and check the object as the variant it picks: the tag
/// is required and one of the union's values, and an `allOf` holds, for each variant, an `if`
/// on the tag whose `then` is that variant's object with every tag. A nested union's variants
/// are listed in the same `allOf` (see [`conditions`]).
///
/// This shape, rather than a `oneOf` of the variants, is what makes a fault one error: a
/// validator checks the object against the one variant its tags name, so a bad field inside it
/// is reported there alone (ajv adds one error per `if` it passes through, saying the `then`
/// failed), a missing or unknown tag is one error at the tag, and `best_match` in
/// python-jsonschema names the fault. A `oneOf` reports every variant's mismatch, and
/// python-jsonschema's best match is then the `oneOf` itself. Each `if` requires its tags, so
/// an object without them applies no `then`; a value that is no object passes every `if`, and
/// its one error is the union's `type`, since no `then` states a type.
fn dispatch(schema: &Schema, def: &UnionDef) -> Object {
    let mut all = Vec::new();
    conditions(schema, def, &[], &mut all);
    let mut map = tag_check(def);
    map.insert("allOf", all);
    map
}

/// A union's tag: required, and one of its values, or for an open union any string. An open
/// union's object of another tag then passes no `if` of [`conditions`], so it may hold any
/// keys, as the catch-all keeps them; a known tag still applies its variant's `then`.
fn tag_check(def: &UnionDef) -> Object {
    let values: Vec<JsonValue> = def
        .variants
        .iter()
        .map(|variant| variant.tag_value.clone().into())
        .collect();
    let tag = def.tag.as_str();
    let check = if def.is_open() {
        Object::of([("type", "string".into())])
    } else {
        Object::of([("enum", values.into())])
    };
    Object::of([
        ("properties", Object::of([(tag, check.into())]).into()),
        ("required", vec![JsonValue::from(tag)].into()),
    ])
}

/// Adds to `out` one condition per variant of `def` under `outer` (the tags of the unions it is
/// reached through, outermost first): `if` the object holds all the tags down to the variant,
/// `then` it is the variant's object. A variant that is a union adds the check of that union's
/// tag, then its own variants' conditions, each with one tag more: nested unions are flattened
/// into the outermost union's list, so that a fault passes through one `if` per union that a
/// field holds, not one per level of nesting.
fn conditions(schema: &Schema, def: &UnionDef, outer: &[TagPair], out: &mut Vec<JsonValue>) {
    for variant in &def.variants {
        let mut tags = outer.to_vec();
        tags.push((&def.tag, &variant.tag_value));
        let then = match schema.payload(variant) {
            Some(TypeDef::Union(inner)) => {
                // Titled with the union's name, as a struct's branch is with the struct's, so
                // that a reader of the published schema knows which union the variant carries.
                let mut then = Object::of([("title", inner.name.clone().into())]);
                insert_description(&mut then, &variant.docs);
                insert_deprecated(&mut then, variant.deprecated.as_ref());
                then.extend(tag_check(inner));
                then
            }
            Some(TypeDef::Struct(payload)) => branch(schema, Some(payload), variant, &tags),
            None => branch(schema, None, variant, &tags),
            // The checker lets only structs and unions be payloads.
            Some(TypeDef::Enum(_) | TypeDef::Newtype(_) | TypeDef::Untagged(_)) => continue,
        };
        out.push(Object::of([("if", picked(&tags).into()), ("then", then.into())]).into());
        if let Some(TypeDef::Union(inner)) = schema.payload(variant) {
            conditions(schema, inner, &tags, out);
        }
    }
}

/// The `if` of a condition: the object holds each of `tags` with its value.
fn picked(tags: &[TagPair]) -> Object {
    let properties: Object = tags
        .iter()
        .map(|(tag, value)| {
            (
                (*tag).to_owned(),
                Object::of([("const", (*value).into())]).into(),
            )
        })
        .collect();
    let required: Vec<JsonValue> = tags.iter().map(|(tag, _)| JsonValue::from(*tag)).collect();
    Object::of([
        ("properties", properties.into()),
        ("required", required.into()),
    ])
}

/// What one variant's object must be, with `tags` (those of its unions, outermost first, its
/// own last), carrying the variant's docs: a struct payload (`Some`) its closed object with
/// every tag (titled with the struct's name, which also keeps its own, untagged `$defs` entry),
/// a unit variant (`None`) an object of the tags alone, closed unless the variant keeps or
/// drops other keys. Every object is written inline: a
/// struct's `$defs` entry, the standalone form, would refuse the tags as unknown fields, and
/// no keyword next to a `$ref` can reopen an object closed inside it. It states no `type`:
/// the union's `type` says it once.
fn branch(
    schema: &Schema,
    payload: Option<&StructDef>,
    variant: &Variant,
    tags: &[TagPair],
) -> Object {
    let mut branch = Object::default();
    let unit = StructDef {
        name: variant.name.clone(),
        name_span: variant.span.clone(),
        docs: Vec::new(),
        fields: Vec::new(),
        unknown: variant.unknown,
        deprecated: None,
        examples: Examples::new(),
    };
    if let Some(payload) = payload {
        branch.insert("title", payload.name.clone());
    }
    // The variant's docs describe the branch; the struct's stay in `$defs`.
    insert_description(&mut branch, &variant.docs);
    insert_deprecated(&mut branch, variant.deprecated.as_ref());
    let object = struct_def(schema, payload.unwrap_or(&unit), tags)
        .into_iter()
        .filter(|(key, _)| key != "description" && key != "type");
    branch.extend(object);
    branch
}

/// An untagged union: a chain of `if`/`then`/`else`, one link per variant in declaration
/// order, each `if` the variant's shape (its JSON type, and for an object variant the key that
/// picks it), each `then` the variant's schema titled with its name, and `false` at the end.
/// It picks the variant exactly as every reader does, and a fault inside a variant is reported
/// where it is, not as a `oneOf` that no branch matched. A variant tried in order has its own
/// schema as its `if` (the first object it validates picks it), but the last, whose `if` is
/// any object, so that an object no variant reads reports the last one's faults.
fn untagged_def(schema: &Schema, def: &UntaggedDef) -> Object {
    let mut chain = JsonValue::Bool(false);
    let last_tried = def
        .variants
        .iter()
        .rposition(|variant| variant.shape == Shape::Tried);
    for (index, variant) in def.variants.iter().enumerate().rev() {
        let mut then = Object::default();
        then.insert("title", variant.name.clone());
        insert_description(&mut then, &variant.docs);
        then.extend(ty_schema(schema, &variant.ty));
        let mut link = Object::default();
        let test = match variant.shape {
            Shape::Tried if Some(index) != last_tried => ty_schema(schema, &variant.ty),
            Shape::Tried => shape_schema(&Shape::Object(Vec::new())),
            _ => shape_schema(&variant.shape),
        };
        link.insert("if", test);
        link.insert("then", then);
        link.insert("else", chain);
        chain = link.into();
    }
    let mut map = Object::default();
    insert_description(&mut map, &def.docs);
    // The checker refuses a union without variants, so the chain is a link.
    if let JsonValue::Object(chain) = chain {
        map.extend(chain);
    }
    map
}

/// The schema of the values of a shape, the `if` that picks an untagged union's variant.
fn shape_schema(shape: &Shape) -> Object {
    let kind = |kind: &str| Object::of([("type", kind.into())]);
    match shape {
        Shape::String => kind("string"),
        Shape::Boolean => kind("boolean"),
        Shape::Integer => kind("integer"),
        Shape::Number => kind("number"),
        Shape::Array(None) => kind("array"),
        Shape::Array(Some(item)) => Object::of([
            ("type", "array".into()),
            ("items", shape_schema(item).into()),
        ]),
        Shape::Object(keys) if keys.is_empty() => kind("object"),
        // Never an item's shape; a union's variant is tested by its own schema.
        Shape::Tried => kind("object"),
        // The keys are listed in `properties` too (with any value): ajv's strict mode refuses
        // a `required` key that no `properties` defines.
        Shape::Object(keys) => Object::of([
            ("type", "object".into()),
            ("properties", {
                let mut properties = Object::default();
                for key in keys {
                    properties.insert(key.as_str(), true);
                }
                properties.into()
            }),
            (
                "required",
                keys.iter()
                    .map(|key| JsonValue::from(key.as_str()))
                    .collect::<Vec<_>>()
                    .into(),
            ),
        ]),
    }
}

/// A newtype: the schema of the type it wraps, under its own name.
fn newtype_def(schema: &Schema, def: &NewtypeDef) -> Object {
    let mut map = Object::default();
    insert_description(&mut map, &def.docs);
    map.extend(ty_schema(schema, &def.ty));
    map
}

/// A unit-only enum: one of its wire strings. JSON Schema cannot mark one value of an `enum`
/// deprecated, so the description says which are.
fn enum_def(def: &EnumDef) -> Object {
    let values: Vec<JsonValue> = def
        .values
        .iter()
        .map(|value| value.wire_name.clone().into())
        .collect();
    let mut docs = def.docs.clone();
    for value in &def.values {
        if let Some(deprecated) = &value.deprecated {
            docs.push(wording::deprecated_value(
                &value.wire_name,
                deprecated.note.as_deref(),
            ));
        }
    }
    let mut map = Object::default();
    // An open enum takes any string: the known ones are its values, every other its catch-all's
    // or the one it folds into, which the description's last line says.
    let known: Vec<&str> = def
        .values
        .iter()
        .map(|value| value.wire_name.as_str())
        .collect();
    let open = match (&def.other, def.fold_value()) {
        (Some(other), _) => Some(wording::open_enum(&known, &other.name)),
        (None, Some(fold)) => Some(wording::folding_enum(&known, &fold.wire_name)),
        (None, None) => None,
    };
    if let Some(line) = open {
        docs.push(line);
        insert_description(&mut map, &docs);
        map.insert("type", "string");
        return map;
    }
    insert_description(&mut map, &docs);
    map.insert("type", "string");
    map.insert("enum", values);
    map
}

/// The schema of a value or `null`: `null`, or else the value. An `if` rather than an `anyOf`
/// of the two, so that a wrong value is reported as the value's error alone (and ajv's one
/// error saying the `else` failed), not also as "not null" and "matches no branch".
fn or_null(value: Object) -> Object {
    let null = Object::of([("type", "null".into())]);
    Object::of([("if", null.into()), ("else", value.into())])
}

/// The keywords of a value type's schema. `null` is added with `if`/`else`, never with a
/// `type` array, because ajv's strict mode rejects union types.
pub(super) fn ty_schema(schema: &Schema, ty: &Ty) -> Object {
    match ty {
        Ty::String => Object::of([("type", "string".into())]),
        Ty::Bool => Object::of([("type", "boolean".into())]),
        Ty::Int(kind) => {
            let (minimum, maximum) = kind.bounds();
            Object::of([
                ("type", "integer".into()),
                ("minimum", minimum.into()),
                ("maximum", maximum.into()),
            ])
        }
        Ty::Decimal(wide) => Object::of([
            ("type", "string".into()),
            ("pattern", wide.pattern().into()),
        ]),
        Ty::F64 => Object::of([("type", "number".into())]),
        Ty::Json => Object::default(),
        Ty::Vec(item) => Object::of([
            ("type", "array".into()),
            ("items", ty_schema(schema, item).into()),
        ]),
        Ty::Map(value) => Object::of([
            ("type", "object".into()),
            ("additionalProperties", ty_schema(schema, value).into()),
        ]),
        Ty::Boxed(inner) => ty_schema(schema, inner),
        Ty::Nullable(inner) => or_null(ty_schema(schema, inner)),
        Ty::Named(name) => Object::of([("$ref", def_ref(schema, name).into())]),
        // A one-value `enum` rather than `const`, for the reason tags are (see `struct_def`).
        Ty::Const(constant) => {
            let (kind, value): (&str, JsonValue) = match constant {
                Constant::String(text) => ("string", text.clone().into()),
                Constant::Int(number) => ("integer", (*number).into()),
                Constant::Bool(flag) => ("boolean", (*flag).into()),
            };
            Object::of([("type", kind.into()), ("enum", vec![value].into())])
        }
    }
}
