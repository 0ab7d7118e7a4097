//! A JSON value the schema gives (an example, a default) as compact JSON text, for the outputs
//! that show it in their docs and for `cardc compat`'s spelling of a default; its objects keep
//! the order they were written in.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::ir::JsonValue;

/// The value as one line of JSON text, such as `{"path":"a.rs","line":3}`.
pub(crate) fn compact(value: &JsonValue) -> String {
    // Writing plain values to a string cannot fail (serde_json writes even a non-finite float,
    // which JSON text and so the checker's parse cannot hold, as `null`).
    serde_json::to_string(&Ordered(value)).unwrap_or_default()
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
