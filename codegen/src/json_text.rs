//! A JSON value the schema gives (an example, a default) as compact JSON text, for the outputs
//! that show it in their docs and for `cardc compat`'s spelling of a default, and as serde_json's
//! value both ways, for reading a published schema back and for the conformance suite; its
//! objects keep the order they were written in.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;

use crate::ir::JsonValue;

/// The value as serde_json's, its objects in the order written.
pub fn to_value(value: &JsonValue) -> Value {
    match value {
        JsonValue::Null => Value::Null,
        JsonValue::Bool(flag) => Value::from(*flag),
        JsonValue::Int(number) => Value::from(*number),
        JsonValue::Float(number) => Value::from(*number),
        JsonValue::String(text) => Value::from(text.clone()),
        JsonValue::Array(items) => Value::Array(items.iter().map(to_value).collect()),
        JsonValue::Object(entries) => Value::Object(
            entries
                .iter()
                .map(|(key, entry)| (key.clone(), to_value(entry)))
                .collect(),
        ),
    }
}

/// serde_json's value as the IR holds one: a number that fits an `i64` as an integer, as the
/// schema parser reads one written without a fraction or exponent.
pub fn from_value(value: &Value) -> JsonValue {
    match value {
        Value::Null => JsonValue::Null,
        Value::Bool(flag) => JsonValue::Bool(*flag),
        Value::Number(number) => match number.as_i64() {
            Some(int) => JsonValue::Int(int),
            None => JsonValue::Float(number.as_f64().unwrap_or_default()),
        },
        Value::String(text) => JsonValue::String(text.clone()),
        Value::Array(items) => JsonValue::Array(items.iter().map(from_value).collect()),
        Value::Object(entries) => JsonValue::Object(
            entries
                .iter()
                .map(|(key, entry)| (key.clone(), from_value(entry)))
                .collect(),
        ),
    }
}

/// The value as one line of JSON text, such as `{"path":"a.rs","line":3}`.
pub(crate) fn compact(value: &JsonValue) -> String {
    // Writing plain values to a string cannot fail (serde_json writes even a non-finite float,
    // which JSON text and so the checker's parse cannot hold, as `null`).
    serde_json::to_string(&Ordered(value)).unwrap_or_default()
}

/// The value as indented JSON text, two spaces a level, for a page that shows it.
pub fn pretty(value: &JsonValue) -> String {
    serde_json::to_string_pretty(&Ordered(value)).unwrap_or_default()
}

/// Serializes a value with its objects in their written order.
struct Ordered<'a>(&'a JsonValue);

impl Serialize for Ordered<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            JsonValue::Null => serializer.serialize_unit(),
            JsonValue::Bool(value) => serializer.serialize_bool(*value),
            JsonValue::Int(value) => serializer.serialize_i64(*value),
            JsonValue::Float(value) => serializer.serialize_f64(*value),
            JsonValue::String(value) => serializer.serialize_str(value),
            JsonValue::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&Ordered(item))?;
                }
                seq.end()
            }
            JsonValue::Object(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, &Ordered(value))?;
                }
                map.end()
            }
        }
    }
}
