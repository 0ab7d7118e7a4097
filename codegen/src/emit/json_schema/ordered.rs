//! JSON values whose objects keep their keys in the order they were inserted, so that the
//! document is written in one fixed order without serde_json's `preserve_order` feature
//! (which, enabled here, would change `serde_json::Value`'s key order for every crate built
//! with the compiler, the runtime and its readers included).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::ir::JsonValue;

/// A JSON value of the document.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`, in an example.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer (the bounds of the schema's integer types fit an `i64`).
    Int(i64),
    /// A finite float: a bound of an `f64` range, or a number with a fraction or exponent
    /// in an example.
    Float(f64),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, in insertion order.
    Object(Object),
}

/// A JSON object whose keys keep their insertion order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Object(Vec<(String, Json)>);

impl Object {
    /// An object of these entries, in this order.
    pub fn of<const N: usize>(entries: [(&str, Json); N]) -> Self {
        let mut object = Object::default();
        for (key, value) in entries {
            object.insert(key, value);
        }
        object
    }

    /// Sets `key` to `value`: in place if the key is there already, else at the end, as an
    /// insertion-ordered map does.
    pub fn insert(&mut self, key: impl Into<String>, value: impl Into<Json>) {
        let key = key.into();
        let value = value.into();
        match self.0.iter_mut().find(|(existing, _)| *existing == key) {
            Some((_, slot)) => *slot = value,
            None => self.0.push((key, value)),
        }
    }
}

impl Extend<(String, Json)> for Object {
    fn extend<I: IntoIterator<Item = (String, Json)>>(&mut self, entries: I) {
        for (key, value) in entries {
            self.insert(key, value);
        }
    }
}

impl FromIterator<(String, Json)> for Object {
    fn from_iter<I: IntoIterator<Item = (String, Json)>>(entries: I) -> Self {
        let mut object = Object::default();
        object.extend(entries);
        object
    }
}

impl IntoIterator for Object {
    type Item = (String, Json);
    type IntoIter = std::vec::IntoIter<(String, Json)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl From<bool> for Json {
    fn from(value: bool) -> Self {
        Json::Bool(value)
    }
}

impl From<i64> for Json {
    fn from(value: i64) -> Self {
        Json::Int(value)
    }
}

impl From<f64> for Json {
    fn from(value: f64) -> Self {
        Json::Float(value)
    }
}

impl From<u64> for Json {
    fn from(value: u64) -> Self {
        // Counts in a schema are far below `i64::MAX`; past it they saturate.
        Json::Int(i64::try_from(value).unwrap_or(i64::MAX))
    }
}

impl From<&str> for Json {
    fn from(value: &str) -> Self {
        Json::String(value.to_owned())
    }
}

impl From<String> for Json {
    fn from(value: String) -> Self {
        Json::String(value)
    }
}

impl From<Vec<Json>> for Json {
    fn from(items: Vec<Json>) -> Self {
        Json::Array(items)
    }
}

impl From<Object> for Json {
    fn from(object: Object) -> Self {
        Json::Object(object)
    }
}

impl From<&JsonValue> for Json {
    /// An example, its objects in the order it was written in.
    fn from(value: &JsonValue) -> Self {
        match value {
            JsonValue::Null => Json::Null,
            JsonValue::Bool(value) => Json::Bool(*value),
            JsonValue::Int(value) => Json::Int(*value),
            JsonValue::Float(value) => Json::Float(*value),
            JsonValue::String(value) => Json::String(value.clone()),
            JsonValue::Array(items) => Json::Array(items.iter().map(Json::from).collect()),
            JsonValue::Object(entries) => Json::Object(
                entries
                    .iter()
                    .map(|(key, value)| (key.clone(), Json::from(value)))
                    .collect(),
            ),
        }
    }
}

impl From<Json> for serde_json::Value {
    /// The same value as serde_json's; its objects keep the order only with `preserve_order`.
    fn from(value: Json) -> Self {
        match value {
            Json::Null => serde_json::Value::Null,
            Json::Bool(value) => value.into(),
            Json::Int(value) => value.into(),
            Json::Float(value) => value.into(),
            Json::String(value) => value.into(),
            Json::Array(items) => items.into_iter().map(serde_json::Value::from).collect(),
            Json::Object(object) => serde_json::Value::Object(
                object
                    .into_iter()
                    .map(|(key, value)| (key, value.into()))
                    .collect(),
            ),
        }
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => serializer.serialize_unit(),
            Json::Bool(value) => serializer.serialize_bool(*value),
            Json::Int(value) => serializer.serialize_i64(*value),
            Json::Float(value) => serializer.serialize_f64(*value),
            Json::String(value) => serializer.serialize_str(value),
            Json::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(object) => object.serialize(serializer),
        }
    }
}

impl Serialize for Object {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_write_their_keys_in_insertion_order_and_replace_in_place() {
        let mut object = Object::of([("type", "object".into()), ("$id", "x".into())]);
        object.insert("additionalProperties", false);
        object.insert("type", Json::from(vec![Json::Int(-1)]));
        assert_eq!(
            serde_json::to_string(&object).expect("serializes"),
            r#"{"type":[-1],"$id":"x","additionalProperties":false}"#
        );
    }
}
