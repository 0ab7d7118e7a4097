//! A search result: grep's matches grouped by file with their line numbers, or glob's paths,
//! and a truncation line whenever the card shows fewer results than it found.

use crate::layout::{BODY, Card, Lead, Side};
use crate::style::Paint;
use crate::text::{count, shown_path, thousands};

impl crate::views::SearchResultViewBridge for Card {
    type Output = ();

    fn matches(&mut self, value: &crate::views::SearchMatchesResultView) {
        let shown: usize = value.files.iter().map(|file| file.matches.len()).sum();
        let shown = to_u64(shown);
        let summary = if shown == 0 {
            "search: no matches".to_owned()
        } else {
            let files = to_u64(value.files.len());
            format!(
                "search: {} in {}",
                count(shown, "match", "matches"),
                count(files, "file", "files")
            )
        };
        self.header(Side::Result, &summary, None);
        for file in &value.files {
            self.line(BODY, &[(shown_path(&file.path), Paint::Bold)]);
            // Numbers right-aligned per file, so the matched text starts in one column.
            let digits = file
                .matches
                .iter()
                .map(|line| line.line_number.to_string().len())
                .max()
                .unwrap_or(1);
            let rest = " ".repeat(digits + 6);
            for line in &file.matches {
                let first = format!("    {:>digits$}: ", line.line_number);
                self.line(
                    Lead::new(&first, &rest, Paint::Dim),
                    &[(&line.line, Paint::Plain)],
                );
            }
        }
        truncation(
            self,
            value.truncated,
            shown,
            value.total,
            ("match", "matches"),
        );
    }

    fn paths(&mut self, value: &crate::views::SearchPathsResultView) {
        let shown = to_u64(value.paths.len());
        let summary = if shown == 0 {
            "search: no paths".to_owned()
        } else {
            format!("search: {}", count(shown, "path", "paths"))
        };
        self.header(Side::Result, &summary, None);
        for path in &value.paths {
            self.line(BODY, &[(shown_path(path), Paint::Plain)]);
        }
        truncation(self, value.truncated, shown, value.total, ("path", "paths"));
    }
}

/// `showing 250 of 1,204 matches` when the card is capped. Shown when the card says it is
/// truncated, and also when its total exceeds what it shows: a capped page must never look
/// complete, whichever of the two fields a producer got right.
fn truncation(card: &mut Card, truncated: bool, shown: u64, total: u32, noun: (&str, &str)) {
    let total = u64::from(total);
    if truncated || total > shown {
        let (one, many) = noun;
        let line = format!(
            "showing {} of {}",
            thousands(shown),
            count(total, one, many)
        );
        card.line(BODY, &[(&line, Paint::Yellow)]);
    }
}

/// A count of shown results; no card holds more than `u64::MAX`, and if one did it saturates.
fn to_u64(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}
