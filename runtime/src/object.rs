//! Encoding of generated structs and unions: an object whose union tags come first.
//!
//! A generated struct or union implements [`Object`], which writes it as one object after the
//! tags of the unions around it, outermost first: a struct writes the tags, then its fields
//! (an open struct then its `extra_fields`); a union adds its own tag for the variant it holds
//! and hands the rest to the payload. So `{"card": "search", "kind": "paths", ...}` comes out
//! of a `ToolResultView` in that order, as serde's internally tagged enums wrote it.
//! A closed struct is written with `serialize_struct` and an open one with `serialize_map`,
//! as serde's derive wrote them (a compact format writes the first as a sequence of values).

use std::collections::BTreeMap;

use serde::Serialize;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};

/// A generated struct or union, written as one object after the tags of the unions around it.
pub trait Object {
    /// Writes the value as an object whose first keys are `tags`.
    fn serialize_object<S: Serializer>(
        &self,
        serializer: S,
        tags: Option<&Tags<'_>>,
    ) -> Result<S::Ok, S::Error>;
}

/// The tags of the unions around a payload: the innermost, and the ones around it.
#[derive(Clone, Copy)]
pub struct Tags<'a> {
    /// The tag's wire name.
    tag: &'static str,
    /// The tag's value.
    value: &'static str,
    /// The tags of the unions around this one.
    outer: Option<&'a Tags<'a>>,
}

impl Tags<'_> {
    /// How many tags there are.
    pub(crate) fn count(tags: Option<&Tags<'_>>) -> usize {
        let mut count = 0;
        let mut next = tags;
        while let Some(tags) = next {
            count += 1;
            next = tags.outer;
        }
        count
    }

    /// Calls `write` with every tag, outermost first.
    pub(crate) fn each<E>(
        tags: Option<&Tags<'_>>,
        write: &mut impl FnMut(&'static str, &'static str) -> Result<(), E>,
    ) -> Result<(), E> {
        match tags {
            None => Ok(()),
            Some(tags) => {
                Tags::each(tags.outer, write)?;
                write(tags.tag, tags.value)
            }
        }
    }
}

/// The body of a union's [`Object`] arm: the payload, written after the tags around the union
/// and then the union's own `tag` with the `value` of the variant.
#[inline]
pub fn tagged<T: Object, S: Serializer>(
    payload: &T,
    serializer: S,
    tag: &'static str,
    value: &'static str,
    outer: Option<&Tags<'_>>,
) -> Result<S::Ok, S::Error> {
    payload.serialize_object(serializer, Some(&Tags { tag, value, outer }))
}

/// A closed struct's object being written.
pub struct StructWriter<W>(W);

impl<W: SerializeStruct> StructWriter<W> {
    /// Starts the object of the struct `name` with `len` fields to write, and writes `tags`.
    #[inline]
    pub fn begin<S: Serializer<SerializeStruct = W, Error = W::Error>>(
        serializer: S,
        name: &'static str,
        len: usize,
        tags: Option<&Tags<'_>>,
    ) -> Result<Self, W::Error> {
        let mut object = serializer.serialize_struct(name, Tags::count(tags) + len)?;
        Tags::each(tags, &mut |tag, value| object.serialize_field(tag, value))?;
        Ok(StructWriter(object))
    }

    /// Writes a field.
    #[inline]
    pub fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), W::Error> {
        self.0.serialize_field(key, value)
    }

    /// Writes an optional field if it holds a value, and skips its key if not.
    #[inline]
    pub fn optional_field<T: Serialize>(
        &mut self,
        key: &'static str,
        value: &Option<T>,
    ) -> Result<(), W::Error> {
        if value.is_some() {
            self.0.serialize_field(key, value)
        } else {
            self.0.skip_field(key)
        }
    }

    /// Ends the object.
    #[inline]
    pub fn end(self) -> Result<W::Ok, W::Error> {
        self.0.end()
    }
}

/// An open struct's object being written.
pub struct MapWriter<W>(W);

impl<W: SerializeMap> MapWriter<W> {
    /// Starts the object of an open struct with `len` entries to write, and writes `tags`.
    #[inline]
    pub fn begin<S: Serializer<SerializeMap = W, Error = W::Error>>(
        serializer: S,
        len: usize,
        tags: Option<&Tags<'_>>,
    ) -> Result<Self, W::Error> {
        let mut object = serializer.serialize_map(Some(Tags::count(tags) + len))?;
        Tags::each(tags, &mut |tag, value| object.serialize_entry(tag, value))?;
        Ok(MapWriter(object))
    }

    /// Writes a field.
    #[inline]
    pub fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), W::Error> {
        self.0.serialize_entry(key, value)
    }

    /// Writes an optional field if it holds a value.
    #[inline]
    pub fn optional_field<T: Serialize>(
        &mut self,
        key: &'static str,
        value: &Option<T>,
    ) -> Result<(), W::Error> {
        match value {
            Some(_) => self.0.serialize_entry(key, value),
            None => Ok(()),
        }
    }

    /// Writes the keys the schema does not name, after the fields.
    #[inline]
    pub fn extra_fields(
        &mut self,
        extra: &BTreeMap<String, serde_json::Value>,
    ) -> Result<(), W::Error> {
        extra
            .iter()
            .try_for_each(|(key, value)| self.0.serialize_entry(key, value))
    }

    /// Ends the object.
    #[inline]
    pub fn end(self) -> Result<W::Ok, W::Error> {
        self.0.end()
    }
}
