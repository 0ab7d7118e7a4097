//! [`Decimal`]: a 64-bit integer of the full range, written on the wire as a canonical
//! decimal string, as protobuf's JSON mapping writes int64 (a JSON number is exact only up to
//! 2^53 in JavaScript).

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// An `i64` or `u64` written as its canonical decimal string: digits, a `-` only before a
/// negative number, no leading zero, no `-0`, within the type's bounds. Nothing else is read:
/// no JSON number, no `+`, no spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Decimal<T>(pub T);

/// The integer types a [`Decimal`] holds.
pub trait DecimalInt: Copy + fmt::Display + FromStr + private::Sealed {
    /// The type's name, for errors.
    const NAME: &'static str;
}

impl DecimalInt for i64 {
    const NAME: &'static str = "i64";
}

impl DecimalInt for u64 {
    const NAME: &'static str = "u64";
}

mod private {
    /// Only `i64` and `u64` are decimals.
    pub trait Sealed {}
    impl Sealed for i64 {}
    impl Sealed for u64 {}
}

impl<T> From<T> for Decimal<T> {
    fn from(value: T) -> Self {
        Decimal(value)
    }
}

impl<T: fmt::Display> fmt::Display for Decimal<T> {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        self.0.fmt(formatter)
    }
}

impl<T: DecimalInt> Serialize for Decimal<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// Whether `text` is written as a canonical decimal numeral: an optional `-`, then `0` alone
/// (unsigned) or digits that do not start with `0`.
pub(crate) fn canonical(text: &str) -> bool {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text),
    };
    !digits.is_empty()
        && digits.bytes().all(|byte| byte.is_ascii_digit())
        && (digits == "0" && !negative || !digits.starts_with('0'))
}

impl<'de, T: DecimalInt> Deserialize<'de> for Decimal<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(DecimalVisitor(PhantomData))
    }
}

/// Reads a [`Decimal`] from a string.
struct DecimalVisitor<T>(PhantomData<T>);

impl<T: DecimalInt> Visitor<'_> for DecimalVisitor<T> {
    type Value = Decimal<T>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "a {} as a canonical decimal string", T::NAME)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Decimal<T>, E> {
        match text.parse() {
            Ok(value) if canonical(text) => Ok(Decimal(value)),
            _ => Err(E::invalid_value(Unexpected::Str(text), &self)),
        }
    }
}

#[cfg(feature = "schemars")]
impl<T> schemars::JsonSchema for Decimal<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Decimal".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string" })
    }
}

#[cfg(test)]
mod tests {
    use super::{Decimal, canonical};

    #[test]
    fn only_canonical_numerals_within_bounds_are_read() {
        for text in [
            "0",
            "7",
            "-7",
            "10",
            "9223372036854775807",
            "-9223372036854775808",
        ] {
            assert!(canonical(text), "{text}");
            let value: Decimal<i64> = serde_json::from_value(text.into()).expect(text);
            assert_eq!(value.0.to_string(), text);
        }
        for text in [
            "",
            "-",
            "-0",
            "00",
            "07",
            "+7",
            " 7",
            "7 ",
            "1e3",
            "9223372036854775808",
        ] {
            assert!(
                serde_json::from_value::<Decimal<i64>>(text.into()).is_err(),
                "{text}"
            );
        }
        assert!(serde_json::from_value::<Decimal<u64>>("18446744073709551615".into()).is_ok());
        for text in ["18446744073709551616", "-1"] {
            assert!(
                serde_json::from_value::<Decimal<u64>>(text.into()).is_err(),
                "{text}"
            );
        }
        assert!(serde_json::from_value::<Decimal<u64>>(7.into()).is_err());
    }
}
