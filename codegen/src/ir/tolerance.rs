//! Tolerant reading: what a reader does with a value that breaks the contract where the schema
//! declared a policy for it (`#[on_invalid = "absent"]` or `"default"`,
//! `#[on_invalid(default = "<JSON>")]`, `#[skip_invalid]`), and which types a tolerant read
//! reaches through.
//!
//! The published JSON Schema stays what producers must write; a tolerant reader reads more,
//! and reports each value it dropped. A strict reader ignores the policy.

use std::collections::BTreeMap;

use super::{Field, JsonValue, Schema, Ty, TypeDef, reach};

/// What a tolerant reader does with an invalid value of a field.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum OnInvalid {
    /// The whole read fails, as a strict read does.
    #[default]
    Error,
    /// `#[on_invalid = "absent"]` on an optional field: an invalid value reads as an absent key.
    Absent,
    /// An invalid value reads as this value: the field's default, as an absent key does, under
    /// `#[on_invalid = "default"]`; or, under `#[on_invalid(default = "<JSON>")]`, the value
    /// given there, on a field whose key stays required. The checker allows only the values
    /// it allows as defaults (see [`super::FieldDefault`]).
    Default(JsonValue),
}

/// A field's declared reader policy.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tolerance {
    /// What an invalid value of the field reads as.
    pub on_invalid: OnInvalid,
    /// `#[skip_invalid]` on an array field: an invalid item is dropped, the others kept.
    pub skip_invalid: bool,
}

impl Tolerance {
    /// Whether the field declares any tolerance.
    pub fn is_declared(&self) -> bool {
        self.on_invalid != OnInvalid::Error || self.skip_invalid
    }
}

impl Schema {
    /// Whether reading a value of `ty` may drop something under a declared policy: a tolerant
    /// field lies in it, through any named type, array, map or union. A reader pays for the
    /// warnings' pointers only on the way to such a field.
    pub fn reaches_tolerance(&self, ty: &Ty) -> bool {
        reaches_tolerance(&self.types, ty)
    }

    /// Whether a field is tolerant itself or its value reaches a tolerant field.
    pub fn field_reaches_tolerance(&self, field: &Field) -> bool {
        field.tolerance.is_declared() || self.reaches_tolerance(&field.ty)
    }
}

/// [`Schema::reaches_tolerance`] over the schema's types, for the checker, which has no
/// [`Schema`] yet.
pub fn reaches_tolerance(types: &BTreeMap<String, TypeDef>, ty: &Ty) -> bool {
    reach::reaches(types, ty, &|field: &Field| field.tolerance.is_declared())
}
