//! Constant fields, `Const<"message">`: a key that must hold one value. The generated struct
//! has no field for it; its visitor reads the key with [`Constant`] and its writer writes the
//! value back.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, Unexpected, Visitor};

use crate::structs::{Read, Strict};

/// The one value a constant field holds.
#[derive(Clone, Copy)]
pub enum Constant {
    /// A string.
    String(&'static str),
    /// An integer, read by the contract's rule for integers (`2.0` is `2`).
    Int(i64),
    /// A boolean.
    Bool(bool),
}

impl fmt::Display for Constant {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Constant::String(text) => write!(formatter, "{text:?}"),
            Constant::Int(number) => write!(formatter, "{number}"),
            Constant::Bool(flag) => write!(formatter, "{flag}"),
        }
    }
}

impl de::Expected for Constant {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "the constant {self}")
    }
}

impl<'de> Read<'de, ()> for Constant {
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        match self {
            Constant::String(expected) => deserializer.deserialize_str(Text(expected)),
            Constant::Int(expected) => {
                let found: i64 = Strict.read(deserializer)?;
                if found == expected {
                    Ok(())
                } else {
                    Err(de::Error::invalid_value(Unexpected::Signed(found), &self))
                }
            }
            Constant::Bool(expected) => {
                let found = bool::deserialize(deserializer)?;
                if found == expected {
                    Ok(())
                } else {
                    Err(de::Error::invalid_value(Unexpected::Bool(found), &self))
                }
            }
        }
    }
}

/// Reads a string constant without keeping the text.
struct Text(&'static str);

impl Visitor<'_> for Text {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "the constant {:?}", self.0)
    }

    fn visit_str<E: de::Error>(self, found: &str) -> Result<(), E> {
        if found == self.0 {
            Ok(())
        } else {
            Err(E::invalid_value(Unexpected::Str(found), &self))
        }
    }
}
