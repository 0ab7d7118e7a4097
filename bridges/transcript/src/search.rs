//! A search result: grep's matches grouped by file with their line numbers, or glob's paths,
//! and a truncation line whenever the page is capped.

use cardc_bridge_rules::{Capped, capped, count, thousands};

use crate::layout::{BODY, Card, Lead, Side};
use crate::style::Paint;
use crate::text::shown_path;

impl crate::views::SearchResultViewBridge for Card {
    type Output = ();

    fn matches(&mut self, value: &crate::views::SearchMatchesResultView) {
        let shown: usize = value.files.iter().map(|file| file.matches.len()).sum();
        let summary = if shown == 0 {
            "search: no matches".to_owned()
        } else {
            format!(
                "search: {} in {}",
                count(shown, "match", "matches"),
                count(value.files.len(), "file", "files")
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
        let shown = value.paths.len();
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

/// `showing 250 of 1,204 matches` when the page is capped; [`capped`] decides that, and the
/// numbers stated, for every bridge alike.
fn truncation(card: &mut Card, truncated: bool, shown: usize, total: u32, noun: (&str, &str)) {
    if let Some(Capped { shown, total }) = capped(shown, total, truncated) {
        let (one, many) = noun;
        let line = format!(
            "showing {} of {}",
            thousands(shown),
            count(total, one, many)
        );
        card.line(BODY, &[(&line, Paint::Yellow)]);
    }
}
