//! The file tools: `read`, `write` and `edit`.

pub mod applied;
pub mod edit;
pub mod read;
pub mod write;

use render_intent::{DiffResultView, ToolResultView};

use crate::call::ToolResult;
use crate::generic::fallback_result;
use applied::AppliedChange;

/// The result card of `write` and `edit`: the applied change as a diff card, with the model's
/// text as its content. A failed call, or metadata that is absent, malformed or holds no hunk
/// (the change left the file as it was), gets the generic card.
fn present_applied(result: &ToolResult) -> ToolResultView {
    let change = result
        .presentation_meta
        .as_ref()
        .filter(|_| !result.is_error)
        .and_then(AppliedChange::from_meta)
        .filter(|change| !change.diffs.is_empty());
    match change {
        Some(change) => ToolResultView::Diff(DiffResultView {
            title: None,
            diffs: change.diffs,
            locations: Some(change.locations),
            content: result.content_or_none(),
        }),
        None => fallback_result(result),
    }
}
