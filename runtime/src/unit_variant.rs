//! Unit variants of unions: an object that holds the tags of its unions, and other keys as
//! the variant says, as a struct without fields would.
//!
//! A closed unit variant refuses any key but the tags (which the unions around it read first)
//! with serde's own `unknown field ..., there are no fields`, as a closed struct without fields
//! does, and is written as the tags alone. One that drops other keys reads each as any JSON and
//! forgets it, and is written as the tags alone too; one that keeps them holds them in its
//! `extra_fields`, read and written as an open struct's.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};

use crate::object::{MapWriter, Object, Tags};
use crate::structs::{Extra, Struct, extra_fields, next_field};

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

/// The payload of a unit variant that keeps other keys than its tags: its `extra_fields`,
/// written after the tags as an open struct writes them.
pub struct KeptUnit<'a>(pub &'a BTreeMap<String, serde_json::Value>);

impl Object for KeptUnit<'_> {
    fn serialize_object<S: Serializer>(
        &self,
        serializer: S,
        tags: Option<&Tags<'_>>,
    ) -> Result<S::Ok, S::Error> {
        let mut object = MapWriter::begin(serializer, self.0.len(), tags)?;
        object.extra_fields(self.0)?;
        object.end()
    }
}

/// Reads what a union hands a unit variant that drops other keys: the rest of the object, each
/// key's value read as any JSON and forgotten.
#[inline]
pub fn dropping_unit_variant<'de, D: Deserializer<'de>>(payload: D) -> Result<(), D::Error> {
    payload
        .deserialize_map(OpenUnitVisitor::<false>)
        .map(|_| ())
}

/// Reads what a union hands a unit variant that keeps other keys: the rest of the object, as
/// the variant's `extra_fields`.
#[inline]
pub fn kept_unit_variant<'de, D: Deserializer<'de>>(
    payload: D,
) -> Result<BTreeMap<String, serde_json::Value>, D::Error> {
    payload.deserialize_map(OpenUnitVisitor::<true>)
}

/// The visitor of an open unit variant's object: an open struct without fields, which keeps
/// its keys (`KEEP`) or drops them.
struct OpenUnitVisitor<const KEEP: bool>;

impl<'de, const KEEP: bool> Visitor<'de> for OpenUnitVisitor<KEEP> {
    type Value = BTreeMap<String, serde_json::Value>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("an object")
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut extra = if KEEP {
            Extra::new()
        } else {
            Extra::dropping()
        };
        // No key names a field: `next_field` keeps or drops each, and ends the object.
        if let Some(index) = next_field::<NoFields, A>(&mut map, Some(&mut extra))? {
            return Err(crate::structs::no_field_at(index));
        }
        extra_fields(extra)
    }
}

/// The fields of an open unit variant's object: none, and every other key accepted.
struct NoFields;

impl Struct for NoFields {
    const NAME: &'static str = "unit variant";
    const FIELDS: &'static [&'static str] = &[];
    const OPEN: bool = true;

    fn visit_map<'de, A: MapAccess<'de>>(_: A) -> Result<Self, A::Error> {
        // Never read on its own: only its `FIELDS` and `OPEN` guide `next_field`.
        Err(de::Error::custom(
            "an open unit variant has no struct of its own",
        ))
    }
}
