//! Field defaults (`#[default = "<JSON>"]`, `#[omit_default]`): what an absent key reads as,
//! and whether a writer writes a value equal to it.

use std::collections::{BTreeMap, BTreeSet};

use super::{Field, JsonValue, TypeDef, reach};

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

impl JsonValue {
    /// Whether two values are the same JSON value: numbers by value (`1` and `1.0`), objects
    /// whatever the order of their keys. What tells a value equal to a default, and items alike.
    pub fn same(&self, other: &JsonValue) -> bool {
        let number = |value: &JsonValue| match value {
            JsonValue::Int(number) => Some(*number as f64),
            JsonValue::Float(number) => Some(*number),
            _ => None,
        };
        match (self, other) {
            (JsonValue::Array(a), JsonValue::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.same(b))
            }
            (JsonValue::Object(a), JsonValue::Object(b)) => {
                a.len() == b.len()
                    && a.iter().all(|(key, value)| {
                        b.iter()
                            .any(|(other_key, other)| other_key == key && value.same(other))
                    })
            }
            _ => match (number(self), number(other)) {
                (Some(a), Some(b)) => a == b,
                _ => self == other,
            },
        }
    }
}

impl FieldDefault {
    /// Whether a writer leaves out a value equal to the default.
    pub fn omits(&self) -> bool {
        self.write == DefaultWrite::Omit
    }
}

/// Every named type a writer may write otherwise than a reader holds it: one that reaches a
/// default (see [`types_reaching_default`]) or a fold (see [`types_reaching_fold`]). Such a
/// type is read into less than a writer may write, so outputs that type both (TypeScript) give
/// it an input type; for the checker, which has no [`Schema`] yet, too.
///
/// [`Schema`]: super::Schema
pub fn types_with_input_form(types: &BTreeMap<String, TypeDef>) -> BTreeSet<&str> {
    let mut found = types_reaching_default(types);
    found.extend(types_reaching_fold(types));
    found
}

/// Every named type whose values may leave out a key that reads as a default: a defaulted
/// field lies in it, through any named type, array, map or union; found in one pass over the
/// schema's types.
pub fn types_reaching_default(types: &BTreeMap<String, TypeDef>) -> BTreeSet<&str> {
    reach::reaching(types, &|field: &Field| field.default.is_some(), &|_| false)
}

/// Every named type whose values may hold a string or tag that reads as another, known one:
/// an enum or union that folds what it does not know (see [`EnumDef::fold`]) lies in it, or
/// is it.
///
/// [`EnumDef::fold`]: super::EnumDef::fold
pub fn types_reaching_fold(types: &BTreeMap<String, TypeDef>) -> BTreeSet<&str> {
    reach::reaching(types, &|_| false, &|def: &TypeDef| match def {
        TypeDef::Enum(def) => def.fold.is_some(),
        TypeDef::Union(def) => def.fold.is_some(),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::JsonValue;

    fn same(a: &JsonValue, b: &JsonValue) -> bool {
        a.same(b)
    }

    #[test]
    fn values_are_the_same_by_number_and_whatever_their_key_order() {
        assert!(same(&JsonValue::Int(1), &JsonValue::Float(1.0)));
        assert!(!same(&JsonValue::Int(1), &JsonValue::Float(1.5)));
        assert!(!same(
            &JsonValue::String("1".to_string()),
            &JsonValue::Int(1)
        ));
        let entry = |key: &str, value: i64| (key.to_string(), JsonValue::Int(value));
        assert!(same(
            &JsonValue::Object(vec![entry("a", 1), entry("b", 2)]),
            &JsonValue::Object(vec![entry("b", 2), entry("a", 1)])
        ));
        assert!(!same(
            &JsonValue::Array(vec![JsonValue::Int(1)]),
            &JsonValue::Array(Vec::new())
        ));
    }
}
