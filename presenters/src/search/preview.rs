//! The per-line preview budget.

use std::borrow::Cow;

/// Marks a line cut to fit the budget.
pub const ELLIPSIS: char = '\u{2026}';

/// A match line as previewed: without its line terminator, and at most `budget` characters.
///
/// The budget counts characters (Unicode scalar values), not bytes, so a line of CJK text or
/// emoji gets as much room as ASCII, and a cut can never fall inside a UTF-8 sequence. A line
/// over budget keeps `budget - 1` characters and ends with [`ELLIPSIS`], so the preview is
/// exactly `budget` characters and visibly incomplete; a line within budget is unchanged. (A
/// budget of 0 leaves only the ellipsis.) Characters are not grapheme clusters: a cut may
/// separate a combining mark from its base, which is legible and never invalid.
pub fn preview_line(line: &str, budget: usize) -> Cow<'_, str> {
    let line = line.trim_end_matches(['\n', '\r']);
    if line.chars().nth(budget).is_none() {
        return Cow::Borrowed(line);
    }
    let mut kept: String = line.chars().take(budget.saturating_sub(1)).collect();
    kept.push(ELLIPSIS);
    Cow::Owned(kept)
}
