//! The applied change of `write` and `edit`: the projection a tool records as presentation
//! metadata when it executes, and the defensive reading of that metadata when it is presented.
//!
//! A presenter must be a function of the call and its result alone, so it cannot read the file
//! to learn what an edit replaced. The tool can: it holds the file's text before and after the
//! change, and [`AppliedChange::project`] turns the two into hunks. Only the hunks are persisted,
//! not both copies of the file, so a log stays small and replay needs nothing but the log.

use std::ops::Range;

use render_intent::{FileDiff, FileLocation};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use similar::{DiffOp, DiffTag, TextDiff};

use crate::meta::to_meta;

/// Lines of unchanged text kept on each side of a hunk.
pub const CONTEXT_LINES: usize = 3;

/// The change a `write` or `edit` applied: one [`FileDiff`] per hunk, or one whole-file diff
/// (`oldText: null`) for a create, with the line each hunk's change starts at.
///
/// As presentation metadata it is the JSON object `{"diffs": [...], "locations": [...]}`,
/// both lists the same length, `locations[i]` naming `diffs[i]`'s file and first changed line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AppliedChange {
    /// The hunks: each holds the old and new text of its lines, context included.
    pub diffs: Vec<FileDiff>,
    /// Where each hunk's change starts, a 1-based line in the new file.
    pub locations: Vec<FileLocation>,
}

/// A maximal run of changed lines: `old` in the text before, `new` in the text after.
struct Run {
    old: Range<usize>,
    new: Range<usize>,
}

impl AppliedChange {
    /// Projects the change from the file's text before (`None` when the file did not exist)
    /// and after.
    ///
    /// A create is one whole-file diff. Otherwise the texts are diffed by line and every run of
    /// changed lines becomes its own hunk, so a `replace_all` edit yields one hunk per replaced
    /// site (sites on the same or neighbouring lines form one run, as in any line diff). Each
    /// hunk carries up to [`CONTEXT_LINES`] unchanged lines on either side; where two hunks are
    /// closer than that, the lines between them are split so no line shows in two hunks.
    /// Identical texts give no hunks.
    pub fn project(path: &str, before: Option<&str>, after: &str) -> Self {
        let Some(before) = before else {
            return Self {
                diffs: vec![FileDiff {
                    path: path.to_owned(),
                    old_text: None,
                    new_text: after.to_owned(),
                }],
                locations: vec![location(path, 0, 0)],
            };
        };
        // No deadline is configured, so the diff is the same on every run and machine.
        let diff = TextDiff::from_lines(before, after);
        let (old, new) = (diff.old_slices(), diff.new_slices());
        let runs = change_runs(diff.ops());
        let mut change = Self {
            diffs: Vec::with_capacity(runs.len()),
            locations: Vec::with_capacity(runs.len()),
        };
        for (index, run) in runs.iter().enumerate() {
            let lead = match index {
                0 => run.old.start.min(CONTEXT_LINES),
                _ => {
                    let gap = run.old.start - runs[index - 1].old.end;
                    (gap - first_share(gap)).min(CONTEXT_LINES)
                }
            };
            let trail = match runs.get(index + 1) {
                Some(next) => first_share(next.old.start - run.old.end),
                None => (old.len() - run.old.end).min(CONTEXT_LINES),
            };
            change.diffs.push(FileDiff {
                path: path.to_owned(),
                old_text: Some(old[run.old.start - lead..run.old.end + trail].concat()),
                new_text: new[run.new.start - lead..run.new.end + trail].concat(),
            });
            change
                .locations
                .push(location(path, run.new.start, new.len()));
        }
        change
    }

    /// The change as the presentation-metadata payload the tool persists.
    pub fn to_meta(&self) -> Value {
        to_meta(self)
    }

    /// Reads a persisted payload back, or `None` when it is not an applied change: not an
    /// object, a missing, extra or mistyped key (the render-intent types' strict decoding), or
    /// `diffs` and `locations` that do not pair up by length and path. An older or hand-edited
    /// log thus gets the generic card, never an error.
    pub fn from_meta(meta: &Value) -> Option<Self> {
        // A derived struct would also accept a JSON array of its fields; the payload is an
        // object or nothing.
        if !meta.is_object() {
            return None;
        }
        let change = Self::deserialize(meta).ok()?;
        let paired = change.diffs.len() == change.locations.len()
            && change
                .diffs
                .iter()
                .zip(&change.locations)
                .all(|(diff, location)| diff.path == location.path);
        paired.then_some(change)
    }
}

/// How many of the `gap` unchanged lines between two hunks go to the first: half, rounded up,
/// at most [`CONTEXT_LINES`]; the second takes what is left, again at most the context.
fn first_share(gap: usize) -> usize {
    gap.div_ceil(2).min(CONTEXT_LINES)
}

/// Merges consecutive inserts, deletes and replaces into runs of changed lines.
fn change_runs(ops: &[DiffOp]) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    let mut in_run = false;
    for op in ops {
        if op.tag() == DiffTag::Equal {
            in_run = false;
            continue;
        }
        match runs.last_mut() {
            Some(run) if in_run => {
                run.old.end = op.old_range().end;
                run.new.end = op.new_range().end;
            }
            _ => runs.push(Run {
                old: op.old_range(),
                new: op.new_range(),
            }),
        }
        in_run = true;
    }
    runs
}

/// The location of a change starting at 0-based line `start` of a file of `lines` lines. A
/// deletion at the end starts past the last line, so the line is kept within the file.
fn location(path: &str, start: usize, lines: usize) -> FileLocation {
    let line = (start + 1).min(lines.max(1));
    FileLocation {
        path: path.to_owned(),
        line: Some(u32::try_from(line).unwrap_or(u32::MAX)),
    }
}
