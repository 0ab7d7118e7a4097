//! The constraints a generated struct's field can carry, checked on the value just read:
//! [`Checked`] wraps the field's reader and turns a failed check into a decoding error at the
//! field's pointer. Each helper says what the contract (and JSON Schema) says: lengths in
//! Unicode code points, patterns in the dialect the compiler allows, ranges inclusive unless
//! exclusive, uniqueness by the items' equality.

use std::collections::HashMap;
use std::sync::OnceLock;

use regex::Regex;
use serde::Serialize;
use serde::de::{self, Deserializer};
use serde_json::Value;

use crate::messages::{number, say};
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
    let say = |word: &str, bound: u64| {
        let values: [(&str, &dyn std::fmt::Display); 4] = [
            ("word", &word),
            ("bound", &bound),
            ("noun", &noun),
            ("count", &count),
        ];
        say("count", &values)
    };
    if let Some(min) = min.filter(|min| count < *min) {
        return Err(say("at least", min));
    }
    if let Some(max) = max.filter(|max| count > *max) {
        return Err(say("at most", max));
    }
    Ok(())
}

/// No two items equal, by JSON Schema's equality: each item's canonical JSON text (see
/// [`canonical`]) is looked up among the earlier ones', so a long array costs one look-up per
/// item rather than a comparison with every other.
pub fn check_unique<T: Serialize>(items: &[T]) -> Result<(), String> {
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let value = serde_json::to_value(item).map_err(|error| error.to_string())?;
        let mut text = String::new();
        canonical(&value, &mut text);
        if let Some(first) = seen.insert(text, index) {
            return Err(say("unique", &[("index", &index), ("first", &first)]));
        }
    }
    Ok(())
}

/// A JSON value's canonical text: the same for exactly the values JSON Schema calls equal
/// (deeply, objects whatever their key order, numbers by value: `1` and `1.0`, `0` and `-0`).
/// An integral number is written as an integer, any other in the shortest form that reads back
/// as the same double.
fn canonical(value: &Value, out: &mut String) {
    match value {
        Value::Number(number) => {
            let integer = number
                .as_i64()
                .map(i128::from)
                .or_else(|| number.as_u64().map(i128::from));
            match (integer, number.as_f64()) {
                (Some(integer), _) => out.push_str(&integer.to_string()),
                // Integral and within i128, so `as` is exact.
                (None, Some(float)) if float.fract() == 0.0 && float.abs() < 1e38 => {
                    out.push_str(&(float as i128).to_string());
                }
                (None, Some(float)) => out.push_str(&format!("{float:?}")),
                (None, None) => out.push_str(&number.to_string()),
            }
        }
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                canonical(item, out);
            }
            out.push(']');
        }
        Value::Object(entries) => {
            let mut keys: Vec<&String> = entries.keys().collect();
            keys.sort();
            out.push('{');
            for (index, key) in keys.into_iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                out.push_str(&Value::from(key.as_str()).to_string());
                out.push(':');
                canonical(&entries[key], out);
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// An integer (of any of the schema's integer types, widened) within `min..=max`.
pub fn check_int_range(value: i128, min: Option<i64>, max: Option<i64>) -> Result<(), String> {
    let say = |word: &str, bound: i64| {
        let values: [(&str, &dyn std::fmt::Display); 4] = [
            ("kind", &"an integer"),
            ("word", &word),
            ("bound", &bound),
            ("value", &value),
        ];
        say("range", &values)
    };
    if let Some(min) = min.filter(|min| value < i128::from(*min)) {
        return Err(say("at least", min));
    }
    if let Some(max) = max.filter(|max| value > i128::from(*max)) {
        return Err(say("at most", max));
    }
    Ok(())
}

/// A number within its bounds, each given with whether it is exclusive.
pub fn check_float_range(
    value: f64,
    min: Option<(f64, bool)>,
    max: Option<(f64, bool)>,
) -> Result<(), String> {
    let say = |word: &str, bound: f64| {
        let values: [(&str, &dyn std::fmt::Display); 4] = [
            ("kind", &"a number"),
            ("word", &word),
            ("bound", &number(bound)),
            ("value", &number(value)),
        ];
        say("range", &values)
    };
    if let Some((min, exclusive)) = min
        && (value < min || exclusive && value == min)
    {
        return Err(say(if exclusive { "above" } else { "at least" }, min));
    }
    if let Some((max, exclusive)) = max
        && (value > max || exclusive && value == max)
    {
        return Err(say(if exclusive { "below" } else { "at most" }, max));
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
            Ok(_) => Err(say("pattern", &[("what", &self.what)])),
            Err(error) => Err(format!(
                "the pattern {} does not compile: {error}",
                self.source
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check_unique;

    #[test]
    fn items_are_equal_as_json_schema_says() {
        assert!(check_unique(&[1.0, 1.5]).is_ok());
        assert!(check_unique(&[0.0, -0.0]).is_err());
        assert!(check_unique(&[1e20, 100_000_000_000_000_000_000.0]).is_err());
        assert!(check_unique(&["a", "b"]).is_ok());
        let maps: Vec<std::collections::BTreeMap<&str, u8>> = vec![
            [("x", 1), ("y", 2)].into_iter().collect(),
            [("y", 2), ("x", 1)].into_iter().collect(),
        ];
        assert!(check_unique(&maps).is_err());
        let long: Vec<u64> = (0..1_000_000).collect();
        assert!(check_unique(&long).is_ok());
    }
}
