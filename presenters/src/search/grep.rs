//! `grep`: matching lines, grouped by file.

use std::collections::HashMap;

use render_intent::{
    SearchFileMatches, SearchLineMatch, SearchMatchesResultView, SearchResultView, ToolCallView,
    ToolResultView,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{
    SearchLimits, count, preview_line, result_meta_view, search_call, spill_footer, within,
};
use crate::call::ToolResult;
use crate::generic::fallback_result;
use crate::meta::to_meta;

/// The arguments of `grep`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct GrepArgs {
    /// The pattern searched for.
    pub pattern: String,
    /// The file or directory searched, when not the working directory.
    #[serde(default)]
    pub path: Option<String>,
    /// A glob the searched files must match.
    #[serde(default)]
    pub glob: Option<String>,
}

/// One match as grep's structured result holds it, before any cap or budget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GrepMatch {
    /// The file.
    pub path: String,
    /// The 1-based line number.
    pub line_number: u32,
    /// The whole line.
    pub line: String,
}

/// The call card: a generic card of kind `search`. A search call has no matches to show until
/// it runs, so there is no search call card.
pub fn present_call(args: &GrepArgs) -> ToolCallView {
    let within = within(args.path.as_deref());
    let only = args
        .glob
        .as_deref()
        .map_or_else(String::new, |glob| format!(" ({glob})"));
    search_call(
        format!("Search \"{}\"{within}{only}", args.pattern),
        args.path.as_deref(),
    )
}

/// The result card: the `matches` search card from the presentation metadata, with the
/// model-facing text as its content. A failed call, or metadata that is absent, malformed or
/// glob's, gets the generic card.
pub fn present_result(_args: &GrepArgs, result: &ToolResult) -> ToolResultView {
    match result_meta_view(result) {
        Some(SearchResultView::Matches(matches)) => {
            ToolResultView::Search(SearchResultView::Matches(SearchMatchesResultView {
                content: result.content_or_none(),
                ..matches
            }))
        }
        _ => fallback_result(result),
    }
}

/// The page of matches shown inline: the first `grep_max_matches` matches in the order found,
/// each line within the preview budget, grouped by file in first-seen order (a file's later
/// matches join its group even when other files came between).
pub fn grep_view(matches: &[GrepMatch], limits: &SearchLimits) -> SearchMatchesResultView {
    let shown = matches.len().min(limits.grep_max_matches);
    let mut files: Vec<SearchFileMatches> = Vec::new();
    let mut group_of: HashMap<&str, usize> = HashMap::new();
    for found in &matches[..shown] {
        let line = SearchLineMatch {
            line_number: found.line_number,
            line: preview_line(&found.line, limits.line_budget).into_owned(),
        };
        match group_of.get(found.path.as_str()) {
            Some(&group) => files[group].matches.push(line),
            None => {
                group_of.insert(&found.path, files.len());
                files.push(SearchFileMatches {
                    path: found.path.clone(),
                    matches: vec![line],
                });
            }
        }
    }
    SearchMatchesResultView {
        files,
        truncated: matches.len() > shown,
        total: count(matches.len()),
        content: None,
    }
}

/// The presentation-metadata payload grep persists: [`grep_view`] as the search view's JSON
/// without `card`, read back by [`search_view_from_meta`].
pub fn grep_meta(matches: &[GrepMatch], limits: &SearchLimits) -> Value {
    to_meta(&SearchResultView::Matches(grep_view(matches, limits)))
}

/// The text the model sees: each file's path, then a `  Line N: text` row per match, files
/// apart by a blank line; `No matches found.` when there are none; and, when the cap dropped
/// matches, a footer with the shown and total counts and the spill file, if the tool wrote
/// one. It is rendered from [`grep_view`], so it shows exactly the matches the card shows.
pub fn grep_text(matches: &[GrepMatch], limits: &SearchLimits, spill: Option<&str>) -> String {
    if matches.is_empty() {
        return "No matches found.".to_owned();
    }
    let view = grep_view(matches, limits);
    let mut blocks: Vec<String> = view
        .files
        .iter()
        .map(|file| {
            let rows = file
                .matches
                .iter()
                .map(|found| format!("  Line {}: {}", found.line_number, found.line));
            let lines: Vec<String> = std::iter::once(file.path.clone()).chain(rows).collect();
            lines.join("\n")
        })
        .collect();
    if view.truncated {
        let shown = view.files.iter().map(|file| file.matches.len()).sum();
        blocks.push(spill_footer(shown, matches.len(), "matches", spill));
    }
    blocks.join("\n\n")
}
