//! Field defaults (`#[default = "<JSON>"]`, `#[omit_default]`): what an absent key reads as,
//! and whether a writer writes a value equal to it.

use super::JsonValue;

/// A field's default: the value an absent key reads as in every reader.
///
/// The checker allows only values every output can build without running a reader: a string,
/// number or boolean (through newtypes), one of an enum's values, and an empty array or map,
/// each checked against the field's type and constraints.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldDefault {
    /// The value, as the schema writes it.
    pub value: JsonValue,
    /// Whether a writer writes a value equal to the default.
    pub write: DefaultWrite,
}

/// Whether a writer writes a defaulted field whose value equals its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultWrite {
    /// The key is always written (the default policy): a reader that knows no default, such as
    /// one generated before the field had one, still finds the key.
    Keep,
    /// `#[omit_default]`: a value equal to the default is written as no key.
    Omit,
}

impl FieldDefault {
    /// Whether a writer leaves out a value equal to the default.
    pub fn omits(&self) -> bool {
        self.write == DefaultWrite::Omit
    }
}
