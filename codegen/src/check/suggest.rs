//! "Did you mean" suggestions for unknown names, in time linear in the number of look-ups.
//!
//! Comparing every unknown name with every declared one is quadratic: 4,000 structs each naming
//! an unknown type took 12.7 s. So each distinct unknown name is looked up once; candidates are
//! kept by length, and a look-up reads only the lengths its distance bound allows, nearest first,
//! stopping once no remaining length can beat the best match; and a look-up compares at most
//! [`MAX_COMPARISONS`] candidates, so a schema of thousands of same-length names costs a
//! constant per unknown name. A candidate whose letters alone differ by more than the bound
//! is passed over without computing the distance.

use std::collections::HashMap;

/// Names longer than this get no suggestion and are no suggestion: the edit distance costs the
/// product of the two lengths, and nobody mistypes a name that long by a letter or two.
const MAX_SUGGESTED_LEN: usize = 64;

/// The most candidates one look-up compares. Far more than the names of similar length in any
/// hand-written schema, so the cap changes no suggestion there.
pub(super) const MAX_COMPARISONS: usize = 256;

/// One name that could be suggested.
struct Candidate<'a> {
    /// Lowercased, since a wrong case is a typo too (`toolcallview`).
    lower: String,
    letters: Letters,
    name: &'a str,
    /// Whether it is a built-in type rather than a declared one.
    builtin: bool,
}

/// A suggestion: the name, and whether it is a built-in type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Suggestion<'a> {
    /// The name to suggest, as declared.
    pub name: &'a str,
    /// Whether it is one of the schema language's built-in types.
    pub builtin: bool,
}

/// The names a schema could have meant, indexed for look-ups, with the answers so far.
pub(super) struct Suggestions<'a> {
    /// Candidates by length in characters: `by_len[n]` holds the names `n` characters long, in
    /// the order given, which decides between equally close names after their spelling.
    by_len: Vec<Vec<Candidate<'a>>>,
    cache: HashMap<(String, bool), Option<Suggestion<'a>>>,
    /// How many candidates every look-up so far compared, which the tests bound.
    #[cfg(test)]
    comparisons: usize,
}

impl<'a> Suggestions<'a> {
    /// An index of the declared names and the built-in ones.
    pub(super) fn new(
        declared: impl Iterator<Item = &'a str>,
        builtins: impl Iterator<Item = &'a str>,
    ) -> Self {
        let mut by_len: Vec<Vec<Candidate<'a>>> = Vec::new();
        let all = declared
            .map(|name| (name, false))
            .chain(builtins.map(|name| (name, true)));
        for (name, builtin) in all {
            let len = name.chars().count();
            if len > MAX_SUGGESTED_LEN {
                continue;
            }
            if by_len.len() <= len {
                by_len.resize_with(len + 1, Vec::new);
            }
            let lower = name.to_lowercase();
            by_len[len].push(Candidate {
                letters: Letters::of(&lower),
                lower,
                name,
                builtin,
            });
        }
        Suggestions {
            by_len,
            cache: HashMap::new(),
            #[cfg(test)]
            comparisons: 0,
        }
    }

    /// The name closest to a misspelt one, if one is close enough to be a likely typo: within
    /// a third of its length (at least one edit). Built-in names only when `builtins` is set.
    pub(super) fn closest(&mut self, name: &str, builtins: bool) -> Option<Suggestion<'a>> {
        let key = (name.to_string(), builtins);
        if let Some(known) = self.cache.get(&key) {
            return *known;
        }
        let found = self.look_up(name, builtins);
        self.cache.insert(key, found);
        found
    }

    /// How many candidates every look-up so far compared, in all.
    #[cfg(test)]
    pub(super) fn comparisons(&self) -> usize {
        self.comparisons
    }

    fn look_up(&mut self, name: &str, builtins: bool) -> Option<Suggestion<'a>> {
        let len = name.chars().count();
        if len > MAX_SUGGESTED_LEN {
            return None;
        }
        let lower = name.to_lowercase();
        let letters = Letters::of(&lower);
        let mut best: Option<(usize, &Candidate<'a>)> = None;
        let mut budget = MAX_COMPARISONS;
        // A candidate `delta` characters longer or shorter is at least `delta` edits away.
        for delta in 0..=len {
            if best.is_some_and(|(distance, _)| delta > distance) || budget == 0 {
                break;
            }
            let lengths = [
                len.checked_sub(delta),
                Some(len + delta).filter(|_| delta > 0),
            ];
            for candidate_len in lengths.into_iter().flatten() {
                if delta > bound(candidate_len) {
                    continue;
                }
                let bucket = self
                    .by_len
                    .get(candidate_len)
                    .map_or(&[][..], Vec::as_slice);
                for candidate in bucket {
                    if budget == 0 {
                        break;
                    }
                    if candidate.builtin && !builtins {
                        continue;
                    }
                    budget -= 1;
                    let limit = best.map_or(bound(candidate_len), |(distance, _)| {
                        distance.min(bound(candidate_len))
                    });
                    if letters.differences(&candidate.letters) > limit {
                        continue;
                    }
                    let distance = strsim::levenshtein(&lower, &candidate.lower);
                    let closer = best.is_none_or(|(best_distance, best_candidate)| {
                        (distance, candidate.name) < (best_distance, best_candidate.name)
                    });
                    if distance <= limit && closer {
                        best = Some((distance, candidate));
                    }
                }
            }
        }
        #[cfg(test)]
        {
            self.comparisons += MAX_COMPARISONS - budget;
        }
        best.map(|(_, candidate)| Suggestion {
            name: candidate.name,
            builtin: candidate.builtin,
        })
    }
}

/// How often each character occurs in a name (digits, letters and `_` each their own, every
/// other character one more): a lower bound on the edit distance that costs a few dozen
/// additions rather than the product of the two lengths.
struct Letters([u8; 38]);

impl Letters {
    fn of(name: &str) -> Self {
        let mut counts = [0u8; 38];
        for c in name.chars() {
            let bucket = match c {
                '0'..='9' => c as usize - '0' as usize,
                'a'..='z' => 10 + c as usize - 'a' as usize,
                '_' => 36,
                _ => 37,
            };
            counts[bucket] = counts[bucket].saturating_add(1);
        }
        Letters(counts)
    }

    /// At most the edit distance between the two names: an edit adds one character, removes
    /// one, or does both, so it changes the counts by at most one either way.
    fn differences(&self, other: &Letters) -> usize {
        let (mut more, mut fewer) = (0usize, 0usize);
        for (a, b) in self.0.iter().zip(&other.0) {
            more += usize::from(a.saturating_sub(*b));
            fewer += usize::from(b.saturating_sub(*a));
        }
        more.max(fewer)
    }
}

/// How many edits a candidate of `len` characters may be away and still be suggested.
fn bound(len: usize) -> usize {
    (len / 3).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn closest<'a>(names: &[&'a str], name: &str) -> Option<&'a str> {
        Suggestions::new(names.iter().copied(), std::iter::empty())
            .closest(name, false)
            .map(|found| found.name)
    }

    #[test]
    fn likely_typos_only_are_suggested() {
        let names = ["FileDiff", "ToolCallView"];
        assert_eq!(closest(&names, "FileDif"), Some("FileDiff"));
        assert_eq!(closest(&names, "toolcallview"), Some("ToolCallView"));
        assert_eq!(closest(&names, "Banana"), None);
        assert_eq!(closest(&names, &"B".repeat(100_000)), None);
    }

    #[test]
    fn the_closest_name_wins_and_a_tie_goes_to_the_first_in_byte_order() {
        assert_eq!(closest(&["Abxyz", "Abcdx"], "Abcde"), Some("Abcdx"));
        assert_eq!(closest(&["Abcdy", "Abcdx"], "Abcdz"), Some("Abcdx"));
        assert_eq!(closest(&["Abcdefgh", "Abcdef"], "Abcdefg"), Some("Abcdef"));
    }

    #[test]
    fn letter_counts_never_exceed_the_edit_distance() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "filediff",
            "file_dif",
            "x9",
            "é",
            "toolcallview",
        ];
        for a in words {
            for b in words {
                let bound = Letters::of(a).differences(&Letters::of(b));
                assert!(bound <= strsim::levenshtein(a, b), "{a:?} {b:?}");
            }
        }
        assert_eq!(Letters::of("abc").differences(&Letters::of("xyz")), 3);
    }

    #[test]
    fn built_in_names_are_suggested_only_when_asked_for() {
        let mut suggestions = Suggestions::new(std::iter::empty(), ["String"].into_iter());
        assert_eq!(suggestions.closest("Strin", false), None);
        assert_eq!(
            suggestions.closest("Strin", true),
            Some(Suggestion {
                name: "String",
                builtin: true
            })
        );
    }

    #[test]
    fn a_name_looked_up_again_costs_nothing() {
        let names: Vec<String> = (0..100).map(|i| format!("Name{i:03}")).collect();
        let mut suggestions =
            Suggestions::new(names.iter().map(String::as_str), std::iter::empty());
        assert_eq!(
            suggestions
                .closest("Nxme000", false)
                .map(|found| found.name),
            Some("Name000")
        );
        let once = suggestions.comparisons();
        assert!(once > 0);
        for _ in 0..1_000 {
            suggestions.closest("Nxme000", false);
        }
        assert_eq!(suggestions.comparisons(), once);
    }

    #[test]
    fn one_look_up_compares_a_bounded_number_of_names() {
        let names: Vec<String> = (0..10_000).map(|i| format!("Name{i:05}")).collect();
        let mut suggestions =
            Suggestions::new(names.iter().map(String::as_str), std::iter::empty());
        assert!(suggestions.closest("Wxyz00000", false).is_none());
        assert_eq!(suggestions.comparisons(), MAX_COMPARISONS);
    }
}
