//! Field defaults (`#[default = "<JSON>"]`, `#[omit_default]`): what an absent key reads as,
//! and whether a writer writes a value equal to it.

use std::collections::{BTreeMap, BTreeSet};

use super::tolerance::Reach;
use super::{Field, JsonValue, Schema, Ty, TypeDef};

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

impl Schema {
    /// Whether a value of `ty` may leave out a key that reads as a default: a defaulted field
    /// lies in it, through any named type, array, map or union. Such a type is read into more
    /// than a writer must write, so outputs that type both (TypeScript) give it an input type.
    pub fn reaches_default(&self, ty: &Ty) -> bool {
        reaches_default(&self.types, ty)
    }
}

/// [`Schema::reaches_default`] over the schema's types, for the checker, which has no
/// [`Schema`] yet.
pub fn reaches_default(types: &BTreeMap<String, TypeDef>, ty: &Ty) -> bool {
    let defaulted = |field: &Field| field.default.is_some();
    Reach {
        types,
        field: &defaulted,
    }
    .reaches(ty, &mut BTreeSet::new())
}
