//! Unit variants of unions: an object that holds the tags of its unions and no other key.
//!
//! A unit variant has nowhere to keep another key, so its object is always closed: reading one
//! refuses any key but the tags (which the unions around it read first) with serde's own
//! `unknown field ..., there are no fields`, as a closed struct without fields does, and
//! writing one writes the tags alone.

use std::convert::Infallible;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};

use crate::object::{Object, Tags};

/// The payload of a unit variant, as a union's `Object` arm hands it its tags.
pub struct Unit;

impl Object for Unit {
    fn serialize_object<S: Serializer>(
        &self,
        serializer: S,
        tags: Option<&Tags<'_>>,
    ) -> Result<S::Ok, S::Error> {
        let mut object = serializer.serialize_map(Some(Tags::count(tags)))?;
        Tags::each(tags, &mut |tag, value| object.serialize_entry(tag, value))?;
        object.end()
    }
}

/// Reads what a union hands a unit variant after its tag: the rest of the object, which must
/// be empty. What a generated `Union::variant` calls for each tag of a unit variant.
#[inline]
pub fn unit_variant<'de, D: Deserializer<'de>>(payload: D) -> Result<(), D::Error> {
    payload.deserialize_map(UnitVisitor)
}

/// The visitor of a unit variant's object.
struct UnitVisitor;

impl<'de> Visitor<'de> for UnitVisitor {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("an object without fields")
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        match map.next_key_seed(NoField)? {
            None => Ok(()),
            Some(never) => match never {},
        }
    }
}

/// A key of a unit variant's object: never one it knows.
struct NoField;

impl<'de> DeserializeSeed<'de> for NoField {
    type Value = Infallible;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Infallible, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for NoField {
    type Value = Infallible;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("no field")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Infallible, E> {
        Err(E::unknown_field(key, &[]))
    }

    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Infallible, E> {
        Err(E::unknown_field(&String::from_utf8_lossy(key), &[]))
    }
}
