//! The objects of the document as it is built: the IR's [`JsonValue`], the one JSON value whose
//! objects keep their keys in the order they were inserted, so that the document is written
//! (by [`crate::json_text`]) in one fixed order without serde_json's `preserve_order` feature
//! (which, enabled here, would change `serde_json::Value`'s key order for every crate built
//! with the compiler, the runtime and its readers included).

use crate::ir::JsonValue;

/// A JSON object whose keys keep their insertion order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Object(Vec<(String, JsonValue)>);

impl Object {
    /// An object of these entries, in this order.
    pub fn of<const N: usize>(entries: [(&str, JsonValue); N]) -> Self {
        let mut object = Object::default();
        for (key, value) in entries {
            object.insert(key, value);
        }
        object
    }

    /// Sets `key` to `value`: in place if the key is there already, else at the end, as an
    /// insertion-ordered map does.
    pub fn insert(&mut self, key: impl Into<String>, value: impl Into<JsonValue>) {
        let key = key.into();
        let value = value.into();
        match self.0.iter_mut().find(|(existing, _)| *existing == key) {
            Some((_, slot)) => *slot = value,
            None => self.0.push((key, value)),
        }
    }
}

impl Extend<(String, JsonValue)> for Object {
    fn extend<I: IntoIterator<Item = (String, JsonValue)>>(&mut self, entries: I) {
        for (key, value) in entries {
            self.insert(key, value);
        }
    }
}

impl FromIterator<(String, JsonValue)> for Object {
    fn from_iter<I: IntoIterator<Item = (String, JsonValue)>>(entries: I) -> Self {
        let mut object = Object::default();
        object.extend(entries);
        object
    }
}

impl IntoIterator for Object {
    type Item = (String, JsonValue);
    type IntoIter = std::vec::IntoIter<(String, JsonValue)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl From<Object> for JsonValue {
    fn from(object: Object) -> Self {
        JsonValue::Object(object.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_write_their_keys_in_insertion_order_and_replace_in_place() {
        let mut object = Object::of([("type", "object".into()), ("$id", "x".into())]);
        object.insert("additionalProperties", false);
        object.insert("type", JsonValue::from(vec![JsonValue::Int(-1)]));
        assert_eq!(
            crate::json_text::compact(&object.into()),
            r#"{"type":[-1],"$id":"x","additionalProperties":false}"#
        );
    }
}
