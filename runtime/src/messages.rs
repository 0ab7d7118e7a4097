//! The words of a failed constraint, as every runtime says them: the compiler's table
//! (`cardc_codegen::emit::messages`, which it substitutes into the TypeScript runtime), spelt
//! again here because this crate depends on no compiler, and held equal to it by a test of the
//! conformance suite. `{name}` stands for a value; numbers are written as JavaScript's
//! `String(number)` writes them.

use std::fmt::Display;

/// Each message's key and its words.
pub const CONSTRAINT_MESSAGES: &[(&str, &str)] = &[
    ("count", "expected {word} {bound} {noun}, found {count}"),
    (
        "unique",
        "expected unique items, found item {index} repeating item {first}",
    ),
    ("range", "expected {kind} {word} {bound}, found {value}"),
    ("pattern", "expected {what}"),
];

/// The message `key` with each `{name}` replaced by its value.
pub(crate) fn say(key: &str, values: &[(&str, &dyn Display)]) -> String {
    let words = CONSTRAINT_MESSAGES
        .iter()
        .find(|(name, _)| *name == key)
        .map_or(key, |(_, words)| words);
    let mut text = words.to_owned();
    for (name, value) in values {
        text = text.replace(&format!("{{{name}}}"), &value.to_string());
    }
    text
}

/// A double as JavaScript's `String(number)` writes it: an integral value without a fraction,
/// the shortest digits that read back as the same double, and an exponent (`1e+21`, `1e-7`)
/// from 1e21 up and below 1e-6.
pub fn number(value: f64) -> String {
    if value == 0.0 {
        return "0".to_owned();
    }
    if !value.is_finite() {
        return value.to_string();
    }
    // `{:e}` gives the shortest digits that read back as the same double, and the exponent.
    let scientific = format!("{:e}", value.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if value < 0.0 { "-" } else { "" };
    let count = digits.len() as i32;
    if (-6..21).contains(&exponent) {
        if exponent >= count - 1 {
            let zeros = "0".repeat((exponent - count + 1) as usize);
            return format!("{sign}{digits}{zeros}");
        }
        if exponent >= 0 {
            let (whole, fraction) = digits.split_at(exponent as usize + 1);
            return format!("{sign}{whole}.{fraction}");
        }
        let zeros = "0".repeat((-exponent - 1) as usize);
        return format!("{sign}0.{zeros}{digits}");
    }
    let (first, rest) = digits.split_at(1);
    let rest = if rest.is_empty() {
        String::new()
    } else {
        format!(".{rest}")
    };
    let exponent_sign = if exponent > 0 { "+" } else { "-" };
    format!("{sign}{first}{rest}e{exponent_sign}{}", exponent.abs())
}

#[cfg(test)]
mod tests {
    use super::number;

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        for (value, text) in [
            (1.0, "1"),
            (1.5, "1.5"),
            (-273.15, "-273.15"),
            (5e-324, "5e-324"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (0.000001, "0.000001"),
            (1e-7, "1e-7"),
            (-0.0, "0"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (12345.678, "12345.678"),
        ] {
            assert_eq!(number(value), text, "{value:?}");
        }
    }
}
