//! Unit-only enums read from their wire string, and only from a string.
//!
//! serde's derived `Deserialize` for a fieldless enum also reads the externally tagged form of
//! a unit variant, `{"read": null}`, which the JSON Schema (`enum` of strings), the TypeScript
//! guards and the contract all refuse; the decoder fuzz target found the Rust types accepting
//! it. Generated enums implement [`UnitEnum`] instead and deserialize through
//! [`deserialize_unit_enum`], which asks for a string and nothing else; they serialize through
//! [`serialize_unit_enum`], as serde's derive wrote a unit variant. An open enum reads any
//! other string into its catch-all, an [`UnknownValue`], and writes that string back.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Error, Visitor};
use serde::{Deserializer, Serializer};

use crate::unknown::UnknownValue;

/// A generated unit-only enum: its name and wire strings, and the value each string names.
pub trait UnitEnum: Sized {
    /// The schema's name for the enum, for error messages.
    const NAME: &'static str;
    /// Every wire string, in declaration order.
    const VALUES: &'static [&'static str];
    /// The value a wire string names, if it names one.
    fn from_wire(value: &str) -> Option<Self>;
    /// The value's index in declaration order and its wire string, or for an open enum's
    /// catch-all the string it keeps.
    fn to_wire(&self) -> Result<(u32, &'static str), &str>;
    /// The catch-all holding a string none of [`UnitEnum::VALUES`] is; `None` for a closed
    /// enum, which refuses it.
    fn other(value: UnknownValue<Self>) -> Option<Self> {
        let _ = value;
        None
    }
}

/// Writes a `T` as its wire string, a unit variant to serde.
#[inline]
pub fn serialize_unit_enum<S: Serializer, T: UnitEnum>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value.to_wire() {
        Ok((index, wire)) => serializer.serialize_unit_variant(T::NAME, index, wire),
        Err(unknown) => serializer.serialize_str(unknown),
    }
}

/// Reads a `T` from a string that is one of its wire strings; any other JSON value is an
/// "invalid type" error, and an unknown string serde's "unknown variant" error.
#[inline]
pub fn deserialize_unit_enum<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: UnitEnum,
{
    deserializer.deserialize_str(WireString(PhantomData))
}

/// The visitor that accepts only strings.
struct WireString<T>(PhantomData<T>);

impl<T: UnitEnum> Visitor<'_> for WireString<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "a {} string", T::NAME)
    }

    fn visit_str<E: Error>(self, value: &str) -> Result<T, E> {
        T::from_wire(value)
            .or_else(|| T::other(UnknownValue::read(value.to_owned())))
            .ok_or_else(|| E::unknown_variant(value, T::VALUES))
    }
}
