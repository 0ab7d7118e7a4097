//! `read`: a generic card of kind `read` with a follow-along location.

use render_intent::{FileLocation, GenericCallView, ToolCallKind, ToolCallView, ToolResultView};
use serde::Deserialize;

use crate::call::ToolResult;
use crate::generic::fallback_result;

/// The arguments of `read`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ReadArgs {
    /// The file to read.
    #[serde(alias = "path")]
    pub file_path: String,
    /// The 1-based line the read starts at; absent (or 0) means the first line.
    #[serde(default)]
    pub offset: Option<u32>,
    /// How many lines the read returns at most; absent (or 0) means to the end.
    #[serde(default)]
    pub limit: Option<u32>,
}

impl ReadArgs {
    /// The first line read: the location the editor follows.
    fn first_line(&self) -> u32 {
        self.offset.unwrap_or(1).max(1)
    }
}

/// The call card: `Read <path>` with the line range, and the path and first line as the
/// location an editor follows along to.
pub fn present_call(args: &ReadArgs) -> ToolCallView {
    let first = args.first_line();
    let range = match args.limit.filter(|&limit| limit > 0) {
        Some(limit) => format!(" (lines {first}-{})", first.saturating_add(limit - 1)),
        None if first > 1 => format!(" (from line {first})"),
        None => String::new(),
    };
    ToolCallView::Generic(GenericCallView {
        title: format!("Read {}{range}", args.file_path),
        kind: Some(ToolCallKind::Read),
        raw_input: None,
        content: None,
        locations: Some(vec![FileLocation {
            path: args.file_path.clone(),
            line: Some(first),
        }]),
    })
}

/// The result card: the generic card with the file's text (or image) as the model saw it.
pub fn present_result(_args: &ReadArgs, result: &ToolResult) -> ToolResultView {
    fallback_result(result)
}
