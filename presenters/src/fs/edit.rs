//! `edit`: an `old_string` to `new_string` diff card at call time, the applied change at
//! result time.

use render_intent::{DiffCallView, FileDiff, FileLocation, ToolCallView, ToolResultView};
use serde::Deserialize;

use crate::call::ToolResult;

/// The arguments of `edit`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct EditArgs {
    /// The file to edit.
    #[serde(alias = "path")]
    pub file_path: String,
    /// The text to replace; empty or absent creates the file (or prepends, as the tool
    /// decides).
    #[serde(default)]
    pub old_string: Option<String>,
    /// The replacement; absent means the empty string.
    #[serde(default)]
    pub new_string: Option<String>,
    /// Whether every occurrence is replaced, not only the single one.
    #[serde(default)]
    pub replace_all: bool,
}

/// The call card: one diff from `old_string` to `new_string`, with `oldText` null when
/// `old_string` is empty or absent and `newText` empty when `new_string` is absent. An edit
/// with neither has nothing to show as a diff, so its card lists no diffs (an `oldText: null`,
/// `newText: ""` diff would claim an empty new file). A `replace_all` edit still shows the one
/// replacement, and says in the title that it applies everywhere.
pub fn present_call(args: &EditArgs) -> ToolCallView {
    let old_text = args.old_string.clone().filter(|old| !old.is_empty());
    let new_text = args.new_string.clone().unwrap_or_default();
    let diffs = if old_text.is_none() && new_text.is_empty() {
        Vec::new()
    } else {
        vec![FileDiff {
            path: args.file_path.clone(),
            old_text,
            new_text,
        }]
    };
    let scope = if args.replace_all {
        " (replace all)"
    } else {
        ""
    };
    ToolCallView::Diff(DiffCallView {
        title: format!("Edit {}{scope}", args.file_path),
        diffs,
        locations: Some(vec![FileLocation {
            path: args.file_path.clone(),
            line: None,
        }]),
    })
}

/// The result card: the applied change from the presentation metadata (one hunk per replaced
/// site, or the whole file for a create), else the generic card.
pub fn present_result(_args: &EditArgs, result: &ToolResult) -> ToolResultView {
    super::present_applied(result)
}
