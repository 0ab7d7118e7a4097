//! Runs typify on the published JSON Schema, as a team holding only the schema would (after the
//! rewrite the README gives for typify, which cannot read `if`), and writes the Rust it makes
//! to `$OUT_DIR/typify_render_intent.rs` for the fifth reader.

use std::path::Path;

use serde_json::{Map, Value, json};

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let schema_path = Path::new(&manifest).join("../../generated/render_intent.schema.json");
    println!("cargo:rerun-if-changed={}", schema_path.display());
    let text = std::fs::read_to_string(&schema_path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", schema_path.display()));
    let document: Value = serde_json::from_str(&text)
        .unwrap_or_else(|error| panic!("the schema is not JSON: {error}"));
    let schema: schemars08::schema::RootSchema = serde_json::from_value(for_typify(document))
        .unwrap_or_else(|error| panic!("typify cannot read the schema: {error}"));
    let mut settings = typify::TypeSpaceSettings::default();
    // Builders are typify's convenience for constructing values; the reader only decodes.
    settings.with_struct_builder(false);
    let mut space = typify::TypeSpace::new(&settings);
    space
        .add_root_schema(schema)
        .unwrap_or_else(|error| panic!("typify cannot convert the schema: {error}"));
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("typify_render_intent.rs");
    std::fs::write(&out, space.to_stream().to_string())
        .unwrap_or_else(|error| panic!("cannot write {}: {error}", out.display()));
}

/// The schema as typify 0.8 can read it: it stops at any `if` (`unimplemented!`), so each
/// union's `allOf` of an `if`/`then` per variant becomes a `oneOf` of the variants' objects
/// (each given back the union's `"type": "object"`), a nested union's variants (the conditions
/// that name one tag more) its own `oneOf` inside, and each nullable value's
/// `if: {"type": "null"}, else: T` becomes the `anyOf` of `T` and `null`. Both rewrites accept
/// exactly the same JSON: the variants' objects differ in their tags, so at most one matches,
/// as at most one `if` names all of an object's tags.
fn for_typify(value: Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.into_iter().map(for_typify).collect()),
        Value::Object(mut map) => {
            if let Some(Value::Array(conditions)) = map.get("allOf")
                && !conditions.is_empty()
                && conditions
                    .iter()
                    .all(|condition| condition.get("then").is_some())
            {
                let conditions: Vec<(Vec<Value>, Value)> = conditions
                    .iter()
                    .map(|condition| (tags(&condition["if"]), condition["then"].clone()))
                    .collect();
                let mut union = Map::new();
                if let Some(description) = map.remove("description") {
                    union.insert("description".to_owned(), description);
                }
                union.insert("oneOf".to_owned(), Value::Array(variants(&conditions, &[])));
                return Value::Object(union);
            }
            if map.get("if") == Some(&json!({"type": "null"}))
                && let Some(value) = map.remove("else")
            {
                map.remove("if");
                map.insert(
                    "anyOf".to_owned(),
                    json!([for_typify(value), {"type": "null"}]),
                );
                return Value::Object(map);
            }
            Value::Object(
                map.into_iter()
                    .map(|(key, value)| (key, for_typify(value)))
                    .collect(),
            )
        }
        other => other,
    }
}

/// The tags an `if` names, outermost first, each as `[key, value]`.
fn tags(condition: &Value) -> Vec<Value> {
    let required = condition["required"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    required
        .into_iter()
        .map(|key| {
            let value = key
                .as_str()
                .map(|key| condition["properties"][key]["const"].clone())
                .unwrap_or_default();
            json!([key, value])
        })
        .collect()
}

/// The `oneOf` branches of the union whose variants' conditions name the tags `prefix` and one
/// more: a variant's object, or a nested union's own `oneOf` of the conditions below it.
fn variants(conditions: &[(Vec<Value>, Value)], prefix: &[Value]) -> Vec<Value> {
    conditions
        .iter()
        .filter(|(tags, _)| tags.len() == prefix.len() + 1 && tags.starts_with(prefix))
        .map(|(tags, then)| {
            let nested = conditions
                .iter()
                .any(|(other, _)| other.len() > tags.len() && other.starts_with(tags));
            if nested {
                let mut union = Map::new();
                if let Some(description) = then.get("description") {
                    union.insert("description".to_owned(), description.clone());
                }
                union.insert("oneOf".to_owned(), Value::Array(variants(conditions, tags)));
                return Value::Object(union);
            }
            let mut branch = for_typify(then.clone());
            if let Value::Object(map) = &mut branch {
                map.insert("type".to_owned(), json!("object"));
            }
            branch
        })
        .collect()
}
