//! `write`: a new-file diff card at call time, the applied change at result time.

use render_intent::{DiffCallView, FileDiff, FileLocation, ToolCallView, ToolResultView};
use serde::Deserialize;

use crate::call::ToolResult;

/// The arguments of `write`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct WriteArgs {
    /// The file to write.
    #[serde(alias = "path")]
    pub file_path: String,
    /// The file's whole new text.
    pub content: String,
}

/// The call card: a diff with `oldText: null`. At call time the tool has not read the file, and
/// a presenter must not either (replay would see today's file), so every write shows as a new
/// file; the result card shows what actually changed.
pub fn present_call(args: &WriteArgs) -> ToolCallView {
    ToolCallView::Diff(DiffCallView {
        title: format!("Write {}", args.file_path),
        diffs: vec![FileDiff {
            path: args.file_path.clone(),
            old_text: None,
            new_text: args.content.clone(),
        }],
        locations: Some(vec![FileLocation {
            path: args.file_path.clone(),
            line: None,
        }]),
    })
}

/// The result card: the applied change from the presentation metadata (hunks for an
/// overwrite, the whole file for a create), else the generic card.
pub fn present_result(_args: &WriteArgs, result: &ToolResult) -> ToolResultView {
    super::present_applied(result)
}
