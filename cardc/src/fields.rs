//! A struct's own errors, told apart from the ones its fields' values pass up.
//!
//! serde's derived struct visitor reports a missing field, or one given twice, by calling
//! `missing_field` or `duplicate_field` on the error type of the map it reads. [`Fields`] hands
//! it a map whose error type is [`FieldError`], so that call is seen as what it is rather than
//! guessed from the message text (which, for serde_json, is English and could come from
//! anywhere), and the field is noted for the pointer of a [`crate::DecodeError`]. Every error is
//! still built by the format's own constructor, so messages are exactly the format's.

use std::fmt;

use serde::de::{self, DeserializeSeed, Expected, MapAccess, Unexpected, Visitor};

use crate::trace;

/// Runs a struct visitor over `map`, seeing its missing-field and duplicate-field errors.
#[inline]
pub(crate) fn visit_map<'de, V: Visitor<'de>, A: MapAccess<'de>>(
    visitor: V,
    map: A,
) -> Result<V::Value, A::Error> {
    visitor
        .visit_map(Fields(map))
        .map_err(FieldError::into_format)
}

/// An error of a struct visitor: the format's, or one about a field of the struct itself.
#[derive(Debug)]
enum FieldError<E> {
    /// An error built by the format, or passed up from a field's value.
    Format(E),
    /// The struct visitor's own report of a missing field.
    Missing(&'static str),
    /// The struct visitor's own report of a field given twice.
    Duplicate(&'static str),
}

impl<E: de::Error> FieldError<E> {
    /// The format's error, noting the field it is about.
    fn into_format(self) -> E {
        match self {
            FieldError::Format(error) => error,
            FieldError::Missing(field) => {
                trace::at_field(field);
                E::missing_field(field)
            }
            FieldError::Duplicate(field) => {
                trace::at_field(field);
                E::duplicate_field(field)
            }
        }
    }
}

impl<E: de::Error> fmt::Display for FieldError<E> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::Format(error) => fmt::Display::fmt(error, formatter),
            FieldError::Missing(field) => fmt::Display::fmt(&E::missing_field(field), formatter),
            FieldError::Duplicate(field) => {
                fmt::Display::fmt(&E::duplicate_field(field), formatter)
            }
        }
    }
}

impl<E: de::Error> std::error::Error for FieldError<E> {}

impl<E: de::Error> de::Error for FieldError<E> {
    fn custom<T: fmt::Display>(message: T) -> Self {
        FieldError::Format(E::custom(message))
    }

    fn invalid_type(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        FieldError::Format(E::invalid_type(unexpected, expected))
    }

    fn invalid_value(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        FieldError::Format(E::invalid_value(unexpected, expected))
    }

    fn invalid_length(length: usize, expected: &dyn Expected) -> Self {
        FieldError::Format(E::invalid_length(length, expected))
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        FieldError::Format(E::unknown_variant(variant, expected))
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        FieldError::Format(E::unknown_field(field, expected))
    }

    fn missing_field(field: &'static str) -> Self {
        FieldError::Missing(field)
    }

    fn duplicate_field(field: &'static str) -> Self {
        FieldError::Duplicate(field)
    }
}

/// A struct's map, as its visitor reads it: the same entries, with [`FieldError`] errors.
struct Fields<A>(A);

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Fields<A> {
    type Error = FieldError<A::Error>;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        self.0.next_key_seed(seed).map_err(FieldError::Format)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.next_value_seed(seed).map_err(FieldError::Format)
    }

    #[inline]
    fn next_entry_seed<K: DeserializeSeed<'de>, V: DeserializeSeed<'de>>(
        &mut self,
        key: K,
        value: V,
    ) -> Result<Option<(K::Value, V::Value)>, Self::Error> {
        self.0
            .next_entry_seed(key, value)
            .map_err(FieldError::Format)
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}
