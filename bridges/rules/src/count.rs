//! Counts as a person reads them: digits in groups of three, and the noun in the singular for
//! exactly one.

/// A count of things: any unsigned integer a view holds (`u32`) or a length is (`usize`).
pub trait Count: Copy {
    /// The count as a `u64`, saturating (no `usize` this crate runs on exceeds it).
    fn get(self) -> u64;
}

impl Count for u32 {
    fn get(self) -> u64 {
        u64::from(self)
    }
}

impl Count for u64 {
    fn get(self) -> u64 {
        self
    }
}

impl Count for usize {
    fn get(self) -> u64 {
        u64::try_from(self).unwrap_or(u64::MAX)
    }
}

/// `n` with a comma between each group of three digits, so a large count reads at a glance:
/// `1,204`.
pub fn thousands(n: impl Count) -> String {
    let digits = n.get().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A count and its noun, singular for exactly one: `1 match`, `0 matches`, `1,204 matches`.
pub fn count(n: impl Count, one: &str, many: &str) -> String {
    let noun = if n.get() == 1 { one } else { many };
    format!("{} {noun}", thousands(n))
}

#[cfg(test)]
mod tests {
    use super::{count, thousands};

    #[test]
    fn digits_are_grouped_in_threes_from_the_right() {
        assert_eq!(thousands(0u32), "0");
        assert_eq!(thousands(999u32), "999");
        assert_eq!(thousands(1_000u32), "1,000");
        assert_eq!(thousands(1_204usize), "1,204");
        assert_eq!(thousands(123_456usize), "123,456");
        assert_eq!(thousands(1_000_000u64), "1,000,000");
        assert_eq!(thousands(u32::MAX), "4,294,967,295");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn the_noun_is_singular_for_exactly_one() {
        assert_eq!(count(0u32, "match", "matches"), "0 matches");
        assert_eq!(count(1u32, "match", "matches"), "1 match");
        assert_eq!(count(2usize, "path", "paths"), "2 paths");
        assert_eq!(count(1_204u64, "match", "matches"), "1,204 matches");
    }
}
