//! File changes as unified diffs, computed with `similar`.
//!
//! Each `FileDiff` holds the whole old and new text, so the renderer computes the diff itself:
//! by line, Myers, no deadline (the same output on every run and machine), with 3 lines of
//! context, under `---`/`+++` headers. A new file (`oldText` null) is diffed against nothing
//! and headed `--- /dev/null`. Line endings are not shown: a CRLF line prints like an LF line.
//! `\ No newline at end of file` follows a last line only when the two texts disagree about
//! ending in a newline: an edit's fragments seldom end in one, and saying so under every
//! fragment would bury the change.

use similar::{ChangeTag, TextDiff};

use crate::layout::{BODY, Card, Lead};
use crate::style::Paint;
use crate::text::shown_path;

/// Unchanged lines shown around each change, as `diff -u` shows them.
const CONTEXT_LINES: usize = 3;

/// Renders every file's diff, one after the other.
pub(crate) fn file_diffs(card: &mut Card, diffs: &[crate::views::FileDiff]) {
    if diffs.is_empty() {
        card.line(BODY, &[("(no changes)", Paint::Dim)]);
    }
    for diff in diffs {
        file_diff(card, diff);
    }
}

/// One file's unified diff.
fn file_diff(card: &mut Card, diff: &crate::views::FileDiff) {
    let old = diff.old_text.as_deref();
    let path = shown_path(&diff.path);
    let from = if old.is_some() { path } else { "/dev/null" };
    card.line(BODY, &[("--- ", Paint::Bold), (from, Paint::Bold)]);
    card.line(BODY, &[("+++ ", Paint::Bold), (path, Paint::Bold)]);
    // `from_lines` sets no deadline, so a large diff is slow rather than different.
    let old_text = old.unwrap_or("");
    let text_diff = TextDiff::from_lines(old_text, &diff.new_text);
    let newline_differs = !old_text.is_empty()
        && !diff.new_text.is_empty()
        && old_text.ends_with('\n') != diff.new_text.ends_with('\n');
    let mut unified = text_diff.unified_diff();
    let mut hunks = unified
        .context_radius(CONTEXT_LINES)
        .iter_hunks()
        .peekable();
    if hunks.peek().is_none() {
        let note = if old.is_none() {
            "(new empty file)"
        } else {
            "(no changes)"
        };
        card.line(BODY, &[(note, Paint::Dim)]);
    }
    for hunk in hunks {
        card.line(BODY, &[(&hunk.header().to_string(), Paint::Cyan)]);
        for change in hunk.iter_changes() {
            // The gutter repeats on every row of a wrapped line, so each row still says
            // whether its text was removed, added or kept.
            let (lead, paint) = match change.tag() {
                ChangeTag::Equal => (Lead::same("   ", Paint::Plain), Paint::Plain),
                ChangeTag::Delete => (Lead::same("  -", Paint::Red), Paint::Red),
                ChangeTag::Insert => (Lead::same("  +", Paint::Green), Paint::Green),
            };
            let value = change.value();
            let text = match value.strip_suffix('\n') {
                Some(line) => line.strip_suffix('\r').unwrap_or(line),
                None => value,
            };
            card.line(lead, &[(text, paint)]);
            if newline_differs && change.missing_newline() {
                card.line(BODY, &[("\\ No newline at end of file", Paint::Dim)]);
            }
        }
    }
}
