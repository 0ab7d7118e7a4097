//! Run-time support for generated code. Not a stable API: only generated code should name it.
//!
//! Plain serde derive reads a missing `Option<T>` field as `None` and a present `null` as
//! `None` too, which blurs the schema language's three kinds of presence. The functions here are
//! used as `deserialize_with` so that each kind accepts exactly what the contract says.

pub use serde;
pub use serde_json;

// Every generated type derives `__private::JsonSchema`: schemars' derive with the `schemars`
// feature, and without it a derive that expands to nothing, so that one feature of this crate
// decides for every crate that holds generated code (see the Rust emitter's
// `json_schema_derive`).
#[cfg(not(feature = "schemars"))]
pub use cardc_macros::JsonSchema;
#[cfg(feature = "schemars")]
pub use schemars::{self, JsonSchema};

// Tag-first union decoding, and the notes that let a `DecodeError` name the type and variant.
pub use crate::trace::named;
pub use crate::union::{Union, deserialize_union, variant};
// Unit-only enums, read from a string only.
pub use crate::unit_enum::{UnitEnum, deserialize_unit_enum};

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::strict::Strict;

/// `Option<T>` in the schema: the key may be absent (serde's `default` gives `None`), but a
/// present key must hold a `T`; `null` is accepted only when `T` itself accepts it (`Json`).
#[inline]
pub fn optional<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// `Nullable<T>` in the schema: the key must be present (a `deserialize_with` field has no
/// missing-field fallback), and its value is `null` or a `T`.
#[inline]
pub fn nullable<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer)
}

/// `Option<Nullable<T>>` in the schema: absent is `None`, `null` is `Some(None)`, a value is
/// `Some(Some(value))`.
#[inline]
pub fn optional_nullable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// A field whose type holds integers, maps or any-JSON values, read by the contract's rules
/// for them: an integral float is an integer, and no key comes twice.
#[inline]
pub fn strict<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(Strict(deserializer))
}

/// [`optional`], read as [`strict`] reads.
#[inline]
pub fn strict_optional<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    optional(Strict(deserializer))
}

/// [`nullable`], read as [`strict`] reads.
#[inline]
pub fn strict_nullable<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    nullable(Strict(deserializer))
}

/// [`optional_nullable`], read as [`strict`] reads.
#[inline]
pub fn strict_optional_nullable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    optional_nullable(Strict(deserializer))
}

/// Wraps the deserializer of a generated struct so that it reads only from a map.
///
/// serde's derived structs also accept a sequence of field values (`["a", 1]`), which the
/// contract does not: a JSON object is the only form of a struct. Compact formats such as
/// bincode encode every struct as a sequence, so the refusal applies only to human-readable
/// formats, where objects have keys.
pub struct ObjectOnly<D>(pub D);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for ObjectOnly<D> {
    type Error = D::Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        if self.0.is_human_readable() {
            self.0.deserialize_any(MapOnly(visitor))
        } else {
            self.0.deserialize_any(visitor)
        }
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        if self.0.is_human_readable() {
            self.0.deserialize_struct(name, fields, MapOnly(visitor))
        } else {
            self.0.deserialize_struct(name, fields, visitor)
        }
    }

    #[inline]
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(MapOnly(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct enum identifier
        ignored_any
    }
}

/// A struct visitor that refuses the sequence form; every other input it passes through.
struct MapOnly<V>(V);

impl<'de, V: Visitor<'de>> Visitor<'de> for MapOnly<V> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        self.0.expecting(formatter)
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        crate::trace::enter();
        crate::fields::visit_map(self.0, map)
    }
}
