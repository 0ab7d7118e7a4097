//! The full-range 64-bit integers, written as canonical decimal strings, and the one pattern
//! that says which strings those are, shared by the JSON Schema and the TypeScript guards.

/// A 64-bit integer type written as a decimal string (`Decimal<i64>`, `Decimal<u64>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wide {
    /// `i64`: -9223372036854775808 to 9223372036854775807.
    I64,
    /// `u64`: 0 to 18446744073709551615.
    U64,
}

impl Wide {
    /// The Rust (and schema) spelling of the integer type.
    pub fn rust_name(self) -> &'static str {
        match self {
            Wide::I64 => "i64",
            Wide::U64 => "u64",
        }
    }

    /// The inclusive bounds, as text (as they are written on the wire).
    pub fn bounds_text(self) -> (&'static str, &'static str) {
        match self {
            Wide::I64 => ("-9223372036854775808", "9223372036854775807"),
            Wide::U64 => ("0", "18446744073709551615"),
        }
    }

    /// The anchored pattern of exactly the canonical decimal strings of the type's values: no
    /// sign but a `-` on a negative number, no leading zero, no `-0`, nothing past the bounds.
    pub fn pattern(self) -> String {
        let (min, max) = self.bounds_text();
        let positive = at_most(max);
        match min.strip_prefix('-') {
            // `0` is written once, unsigned; a negative magnitude starts with 1..9.
            Some(magnitude) => format!("^(?:0|{positive}|-{})$", at_most(magnitude)),
            None => format!("^(?:0|{positive})$"),
        }
    }
}

/// A pattern of the decimal numerals from 1 to `max` without leading zeros (`max` has no
/// leading zero and is at least 10): every shorter length, then at `max`'s own length each
/// way of staying below it at one digit after matching its prefix, then `max` itself.
fn at_most(max: &str) -> String {
    let digits: Vec<u32> = max.chars().filter_map(|c| c.to_digit(10)).collect();
    let len = digits.len();
    let mut branches = vec![format!("[1-9][0-9]{{0,{}}}", len - 2)];
    for (at, &digit) in digits.iter().enumerate() {
        let low = u32::from(at == 0);
        if digit > low {
            let prefix = &max[..at];
            let rest = len - at - 1;
            let class = digit_class(low, digit - 1);
            branches.push(match rest {
                0 => format!("{prefix}{class}"),
                1 => format!("{prefix}{class}[0-9]"),
                _ => format!("{prefix}{class}[0-9]{{{rest}}}"),
            });
        }
    }
    branches.push(max.to_owned());
    format!("(?:{})", branches.join("|"))
}

/// A character class of the digits `low..=high`.
fn digit_class(low: u32, high: u32) -> String {
    if low == high {
        low.to_string()
    } else {
        format!("[{low}-{high}]")
    }
}

#[cfg(test)]
mod tests {
    use super::Wide;

    /// Numerals around every digit of the bounds: each prefix of the bound with the next digit
    /// one less, equal and one more, then any digits, signed and not, with leading zeros, `+`
    /// and `-0`.
    fn numerals(bound: &str) -> Vec<String> {
        let mut out = vec![
            "0".to_owned(),
            "-0".to_owned(),
            "00".to_owned(),
            "+1".to_owned(),
        ];
        for at in 0..bound.len() {
            let digit = bound.as_bytes()[at] - b'0';
            for next in [digit.wrapping_sub(1), digit, digit + 1] {
                if next > 9 {
                    continue;
                }
                for tail in ["", "0", "9", "00", "99"] {
                    let numeral = format!("{}{next}{tail}", &bound[..at]);
                    let fill = bound.len().saturating_sub(numeral.len());
                    out.push(format!("{numeral}{}", "9".repeat(fill)));
                    out.push(numeral);
                }
            }
        }
        let signed: Vec<String> = out.iter().map(|numeral| format!("-{numeral}")).collect();
        out.extend(signed);
        out
    }

    #[test]
    fn the_pattern_holds_exactly_the_canonical_numerals_in_range() {
        for wide in [Wide::I64, Wide::U64] {
            let regex = regex::Regex::new(&wide.pattern()).expect("the pattern compiles");
            let (min, max) = wide.bounds_text();
            let mut cases = numerals(max);
            cases.extend(numerals(min.trim_start_matches('-')));
            for text in cases {
                let canonical = text == "0"
                    || (!text.starts_with('+')
                        && !text.trim_start_matches('-').starts_with('0')
                        && !text.trim_start_matches('-').is_empty());
                let fits = match wide {
                    Wide::I64 => text.parse::<i64>().is_ok(),
                    Wide::U64 => text.parse::<u64>().is_ok(),
                };
                assert_eq!(regex.is_match(&text), canonical && fits, "{wide:?} {text}");
            }
        }
    }
}
