//! A field's constraints as JSON Schema keywords, beside its type's. A format is written as
//! the `format` annotation and the `pattern` that enforces it, since draft 2020-12 does not
//! make validators check formats.

use super::ordered::Object;
use crate::ir::{Bound, Constraints, JsonValue, Number};

/// Adds the keywords of `constraints` to a value's schema.
pub(super) fn constrain(schema: &mut Object, constraints: &Constraints) {
    if let Some(length) = constraints.length {
        if let Some(min) = length.min {
            schema.insert("minLength", min);
        }
        if let Some(max) = length.max {
            schema.insert("maxLength", max);
        }
    }
    if let Some(pattern) = &constraints.pattern {
        schema.insert("pattern", pattern.as_str());
    }
    if let Some(format) = constraints.format {
        schema.insert("format", format.name());
        schema.insert("pattern", format.pattern());
    }
    if let Some(range) = constraints.range {
        if let Some(min) = range.min {
            schema.insert(keyword(min, "minimum", "exclusiveMinimum"), number(min));
        }
        if let Some(max) = range.max {
            schema.insert(keyword(max, "maximum", "exclusiveMaximum"), number(max));
        }
    }
    if let Some(items) = constraints.items {
        if let Some(min) = items.min {
            schema.insert("minItems", min);
        }
        if let Some(max) = items.max {
            schema.insert("maxItems", max);
        }
    }
    if constraints.unique {
        schema.insert("uniqueItems", true);
    }
}

/// The keyword of a bound: the inclusive or the exclusive one.
fn keyword(bound: Bound, inclusive: &'static str, exclusive: &'static str) -> &'static str {
    if bound.exclusive {
        exclusive
    } else {
        inclusive
    }
}

/// A bound's number, an integer for an integer type.
fn number(bound: Bound) -> JsonValue {
    match bound.value {
        Number::Int(value) => value.into(),
        Number::Float(value) => value.into(),
    }
}
