//! The rewrite of a published JSON Schema that typify 0.8 can read, shared by the conformance
//! suite's build script (which generates typify's reader from it) and the generator benchmark
//! (`benches/src/bin/typify-ready.rs`), so that both give typify the same schema.

use serde_json::{Map, Value, json};

/// The schema as typify 0.8 can read it: it stops at any `if` (`unimplemented!`), so each
/// union's `allOf` of an `if`/`then` per variant becomes a `oneOf` of the variants' objects
/// (each given back the union's `"type": "object"`), a nested union's variants (the conditions
/// that name one tag more) its own `oneOf` inside, and each nullable value's
/// `if: {"type": "null"}, else: T` becomes the `anyOf` of `T` and `null`. Both rewrites accept
/// exactly the same JSON: the variants' objects differ in their tags, so at most one matches,
/// as at most one `if` names all of an object's tags.
pub fn for_typify(value: Value) -> Value {
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
