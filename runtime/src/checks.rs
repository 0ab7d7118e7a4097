//! The constraints a generated struct's field can carry, checked on the value just read:
//! [`Checked`] wraps the field's reader and turns a failed check into a decoding error at the
//! field's pointer. Each helper says what the contract (and JSON Schema) says: lengths in
//! Unicode code points, patterns in the dialect the compiler allows, ranges inclusive unless
//! exclusive, uniqueness by the items' equality.

use std::sync::OnceLock;

use regex::Regex;
use serde::de::{self, Deserializer};

use crate::structs::Read;

/// Reads a value with `R`, then checks it with `F`.
#[derive(Clone, Copy)]
pub struct Checked<R, F>(pub R, pub F);

impl<'de, T, R: Read<'de, T>, F: FnOnce(&T) -> Result<(), String>> Read<'de, T> for Checked<R, F> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        let value = self.0.read(deserializer)?;
        (self.1)(&value).map_err(de::Error::custom)?;
        Ok(value)
    }
}

/// A string's length in Unicode code points within `min..=max`.
pub fn check_length(value: &str, min: Option<u64>, max: Option<u64>) -> Result<(), String> {
    let length = value.chars().count() as u64;
    check_count(length, min, max, "characters")
}

/// An array's number of items within `min..=max`.
pub fn check_items<T>(items: &[T], min: Option<u64>, max: Option<u64>) -> Result<(), String> {
    check_count(items.len() as u64, min, max, "items")
}

/// A count within `min..=max`.
fn check_count(count: u64, min: Option<u64>, max: Option<u64>, noun: &str) -> Result<(), String> {
    if let Some(min) = min.filter(|min| count < *min) {
        return Err(format!("expected at least {min} {noun}, found {count}"));
    }
    if let Some(max) = max.filter(|max| count > *max) {
        return Err(format!("expected at most {max} {noun}, found {count}"));
    }
    Ok(())
}

/// No two items equal. Generated code asks only for items whose equality is JSON Schema's
/// (no any-JSON values inside them), so `PartialEq` decides.
pub fn check_unique<T: PartialEq>(items: &[T]) -> Result<(), String> {
    for (index, item) in items.iter().enumerate() {
        if let Some(first) = items[..index].iter().position(|earlier| earlier == item) {
            return Err(format!(
                "expected unique items, found item {index} repeating item {first}"
            ));
        }
    }
    Ok(())
}

/// An integer (of any of the schema's integer types, widened) within `min..=max`.
pub fn check_int_range(value: i128, min: Option<i64>, max: Option<i64>) -> Result<(), String> {
    if let Some(min) = min.filter(|min| value < i128::from(*min)) {
        return Err(format!("expected an integer at least {min}, found {value}"));
    }
    if let Some(max) = max.filter(|max| value > i128::from(*max)) {
        return Err(format!("expected an integer at most {max}, found {value}"));
    }
    Ok(())
}

/// A number within its bounds, each given with whether it is exclusive.
pub fn check_float_range(
    value: f64,
    min: Option<(f64, bool)>,
    max: Option<(f64, bool)>,
) -> Result<(), String> {
    if let Some((min, exclusive)) = min
        && (value < min || exclusive && value == min)
    {
        let word = if exclusive { "above" } else { "at least" };
        return Err(format!("expected a number {word} {min}, found {value}"));
    }
    if let Some((max, exclusive)) = max
        && (value > max || exclusive && value == max)
    {
        let word = if exclusive { "below" } else { "at most" };
        return Err(format!("expected a number {word} {max}, found {value}"));
    }
    Ok(())
}

/// A pattern a string must match somewhere, compiled once, on first use.
pub struct Pattern {
    /// The pattern, in the dialect the compiler allows.
    source: &'static str,
    /// What the strings expected are called in an error.
    what: &'static str,
    compiled: OnceLock<Result<Regex, String>>,
}

impl Pattern {
    /// A pattern, not yet compiled.
    pub const fn new(source: &'static str, what: &'static str) -> Self {
        Pattern {
            source,
            what,
            compiled: OnceLock::new(),
        }
    }

    /// Whether `value` matches. The compiler compiled the pattern with the same engine, so a
    /// failure to compile is not expected; it is an error, never a panic.
    pub fn check(&self, value: &str) -> Result<(), String> {
        let compiled = self
            .compiled
            .get_or_init(|| Regex::new(self.source).map_err(|error| error.to_string()));
        match compiled {
            Ok(regex) if regex.is_match(value) => Ok(()),
            Ok(_) => Err(format!("expected {}", self.what)),
            Err(error) => Err(format!(
                "the pattern {} does not compile: {error}",
                self.source
            )),
        }
    }
}
