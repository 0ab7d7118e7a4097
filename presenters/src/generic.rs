//! The generic cards every other presenter falls back to.

use render_intent::{GenericCallView, GenericResultView, ToolCallView, ToolResultView};
use serde_json::Value;

use crate::call::ToolResult;

/// The call card for a tool without a presenter, or whose arguments its presenter cannot read:
/// the tool's name as the title and the arguments as raw input, so nothing the model sent is
/// hidden from the user.
pub fn fallback_call(tool: &str, args: &Value) -> ToolCallView {
    ToolCallView::Generic(GenericCallView {
        title: tool.to_owned(),
        kind: None,
        raw_input: Some(args.clone()),
        content: None,
        locations: None,
    })
}

/// The generic result card: the model-facing content and nothing else. Every presenter returns
/// it when its richer card has nothing trustworthy to show (a failed call, absent or malformed
/// presentation metadata), so the UI still renders what the model saw.
pub fn fallback_result(result: &ToolResult) -> ToolResultView {
    ToolResultView::Generic(GenericResultView {
        title: None,
        content: result.content_or_none(),
    })
}
