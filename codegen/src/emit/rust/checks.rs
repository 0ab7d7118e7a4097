//! A field's constraints as the closure its reader checks the value with: one runtime helper
//! call per constraint, the first failure the error.

use proc_macro2::Literal;

use super::escape::string_literal;
use crate::ir::{Bound, Field, Number};

/// The checks of a `Checked` reader, in the runtime macros' spelling (see its
/// `__cardc_check`), in a fixed order: length, pattern and format, range, items, uniqueness.
/// A bound is bracketed, `[3]` or `[1.5, true]` (a float bound and whether it is exclusive),
/// so that a negative one is one token tree; a bound the field leaves open is `_`.
pub(super) fn checks(field: &Field) -> String {
    let constraints = &field.constraints;
    let mut calls = Vec::new();
    if let Some(length) = constraints.length {
        calls.push(format!(
            "length({}, {})",
            count(length.min),
            count(length.max)
        ));
    }
    for (pattern, what) in constraints.searches() {
        calls.push(format!(
            "pattern({}, {})",
            string_literal(pattern),
            string_literal(&what)
        ));
    }
    if let Some(range) = constraints.range {
        if range.is_integer() {
            calls.push(format!(
                "int({}, {})",
                int_bound(range.min),
                int_bound(range.max)
            ));
        } else {
            calls.push(format!(
                "float({}, {})",
                float_bound(range.min),
                float_bound(range.max)
            ));
        }
    }
    if let Some(items) = constraints.items {
        calls.push(format!("items({}, {})", count(items.min), count(items.max)));
    }
    if constraints.unique {
        calls.push("unique()".to_owned());
    }
    calls.join(", ")
}

/// A length or item count bound, or `_`.
fn count(count: Option<u64>) -> String {
    count.map_or_else(|| "_".to_owned(), |count| format!("[{count}]"))
}

/// An integer range bound, or `_`: a bound of an integer field is an integer.
fn int_bound(bound: Option<Bound>) -> String {
    match bound.map(|bound| bound.value) {
        Some(Number::Int(value)) => format!("[{value}]"),
        _ => "_".to_owned(),
    }
}

/// A float range bound with whether it is exclusive, `[1.5, true]`, or `_`.
fn float_bound(bound: Option<Bound>) -> String {
    match bound {
        Some(Bound {
            value: Number::Float(value),
            exclusive,
        }) => format!("[{}, {exclusive}]", Literal::f64_unsuffixed(value)),
        _ => "_".to_owned(),
    }
}
