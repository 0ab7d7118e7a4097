//! The catch-alls of open unions and open enums: what a tag or string the schema does not know
//! reads as, kept whole so that writing it back gives the JSON read.
//!
//! Neither has a public constructor: the one way to get one is to read a value whose tag (or
//! string) the type does not know. So no code can build a catch-all holding a tag the type
//! knows, which would write a payload that reads back as another variant. Each is typed by the
//! union or enum it belongs to, so a catch-all read as one type cannot be put in another, where
//! its tag might be known.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

use serde::ser::{SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::object::{Object, Tags};

/// An object of an open union `T` whose tag `T` does not know: every key of the union's object
/// (its tag included, but no tag of a union around it), in the order read. A value inside it is
/// a `serde_json::Value`, whose objects keep serde_json's own key order, as a `Json` field's do.
pub struct Unknown<T> {
    /// The object's entries in the order read, its tag among them, no key twice.
    entries: Vec<(String, Value)>,
    /// The union it was read as.
    union: PhantomData<fn() -> T>,
}

impl<T> Unknown<T> {
    /// Wraps the entries of an object read as `T` whose tag is a string none of `T`'s variants
    /// has: what the union decoder alone calls (the union's [`Unknown::tag`] is beside it, in
    /// `union.rs`, which this module does not depend on).
    pub(crate) fn read(entries: Vec<(String, Value)>) -> Self {
        Unknown {
            entries,
            union: PhantomData,
        }
    }

    /// The object's keys and values, its tag among them, in the order read.
    pub fn entries(&self) -> &[(String, Value)] {
        &self.entries
    }

    /// The value of `key`, if the object has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value)
    }

    /// The whole object as a `serde_json::Value`, in serde_json's own key order.
    pub fn to_value(&self) -> Value {
        Value::Object(self.entries.iter().cloned().collect::<Map<String, Value>>())
    }
}

impl<T> Object for Unknown<T> {
    fn serialize_object<S: Serializer>(
        &self,
        serializer: S,
        tags: Option<&Tags<'_>>,
    ) -> Result<S::Ok, S::Error> {
        let mut object = serializer.serialize_map(Some(Tags::count(tags) + self.entries.len()))?;
        Tags::each(tags, &mut |tag, value| object.serialize_entry(tag, value))?;
        for (key, value) in &self.entries {
            object.serialize_entry(key, value)?;
        }
        object.end()
    }
}

// By hand: derives would ask `T` for the traits, which the marker does not need.
impl<T> Clone for Unknown<T> {
    fn clone(&self) -> Self {
        Unknown {
            entries: self.entries.clone(),
            union: PhantomData,
        }
    }
}

impl<T> PartialEq for Unknown<T> {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
    }
}

impl<T> fmt::Debug for Unknown<T> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_tuple("Unknown")
            .field(&self.entries)
            .finish()
    }
}

/// A string of an open enum `T` that `T` does not list.
pub struct UnknownValue<T> {
    /// The string.
    value: String,
    /// The enum it was read as.
    enumeration: PhantomData<fn() -> T>,
}

impl<T> UnknownValue<T> {
    /// Wraps a string read as `T` that none of `T`'s values is: what the enum decoder alone
    /// calls.
    pub(crate) fn read(value: String) -> Self {
        UnknownValue {
            value,
            enumeration: PhantomData,
        }
    }

    /// The string this build does not know.
    pub fn as_str(&self) -> &str {
        &self.value
    }
}

impl<T> Clone for UnknownValue<T> {
    fn clone(&self) -> Self {
        UnknownValue::read(self.value.clone())
    }
}

impl<T> PartialEq for UnknownValue<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T> Eq for UnknownValue<T> {}

impl<T> PartialOrd for UnknownValue<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T> Ord for UnknownValue<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.value.cmp(&other.value)
    }
}

impl<T> Hash for UnknownValue<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state);
    }
}

impl<T> fmt::Debug for UnknownValue<T> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_tuple("UnknownValue")
            .field(&self.value)
            .finish()
    }
}
