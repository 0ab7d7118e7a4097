//! `glob`: matching paths.

use render_intent::{SearchPathsResultView, SearchResultView, ToolCallView, ToolResultView};
use serde::Deserialize;
use serde_json::Value;

use super::{SearchLimits, count, result_meta_view, search_call, spill_footer, within};
use crate::call::ToolResult;
use crate::generic::fallback_result;
use crate::meta::to_meta;

/// The arguments of `glob`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct GlobArgs {
    /// The glob pattern.
    pub pattern: String,
    /// The directory searched, when not the working directory.
    #[serde(default)]
    pub path: Option<String>,
}

/// The call card: a generic card of kind `search`.
pub fn present_call(args: &GlobArgs) -> ToolCallView {
    let within = within(args.path.as_deref());
    search_call(
        format!("Find \"{}\"{within}", args.pattern),
        args.path.as_deref(),
    )
}

/// The result card: the `paths` search card from the presentation metadata, with the
/// model-facing text as its content. A failed call, or metadata that is absent, malformed or
/// grep's, gets the generic card.
pub fn present_result(_args: &GlobArgs, result: &ToolResult) -> ToolResultView {
    match result_meta_view(result) {
        Some(SearchResultView::Paths(paths)) => {
            ToolResultView::Search(SearchResultView::Paths(SearchPathsResultView {
                content: result.content_or_none(),
                ..paths
            }))
        }
        _ => fallback_result(result),
    }
}

/// The page of paths shown inline: the first `glob_max_results` paths in the order found.
/// Paths are never cut to the line budget: a cut path names no file.
pub fn glob_view(paths: &[String], limits: &SearchLimits) -> SearchPathsResultView {
    let shown = paths.len().min(limits.glob_max_results);
    SearchPathsResultView {
        paths: paths[..shown].to_vec(),
        truncated: paths.len() > shown,
        total: count(paths.len()),
        content: None,
    }
}

/// The presentation-metadata payload glob persists: [`glob_view`] as the search view's JSON
/// without `card`, read back by [`search_view_from_meta`].
pub fn glob_meta(paths: &[String], limits: &SearchLimits) -> Value {
    to_meta(&SearchResultView::Paths(glob_view(paths, limits)))
}

/// The text the model sees: the shown paths one per line; `No files found.` when there are
/// none; and, when the cap dropped paths, a footer after a blank line with the shown and total
/// counts and the spill file, if the tool wrote one. It is rendered from [`glob_view`], so it
/// lists exactly the paths the card lists.
pub fn glob_text(paths: &[String], limits: &SearchLimits, spill: Option<&str>) -> String {
    if paths.is_empty() {
        return "No files found.".to_owned();
    }
    let view = glob_view(paths, limits);
    let mut text = view.paths.join("\n");
    if view.truncated {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str(&spill_footer(view.paths.len(), paths.len(), "paths", spill));
    }
    text
}
