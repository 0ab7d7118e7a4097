//! Search cards: grep's matches and glob's paths as Markdown every client can show, locations
//! an editor can follow, and the structured card under [`SEARCH_RESULT_META_KEY`] for a UI that
//! renders it itself.

use agent_client_protocol_schema::v1 as acp;

use cardc_bridge_rules::{Capped, capped, count, thousands};

use crate::markdown::{code_span, fenced};
use crate::views::{
    SearchMatchesResultView, SearchPathsResultView, SearchResultView, SearchResultViewBridge,
    ToolResultView,
};

/// The `_meta` key of a search result update. Its value is the whole render-intent card, a
/// `ToolResultView` with `card: "search"` exactly as the published JSON Schema
/// (`$defs/ToolResultView` of `https://schemas.cardc.dev/render_intent.schema.json`) defines
/// it, so a UI can validate it and render files and paths itself.
pub const SEARCH_RESULT_META_KEY: &str = "cardc.dev/searchResult";

/// Renders one search card. The generated trait has one required method per kind, so a new
/// kind fails to compile here until it is described.
pub(crate) struct SearchCard<'a> {
    /// The tool call's id.
    pub(crate) id: &'a acp::ToolCallId,
}

impl SearchResultViewBridge for SearchCard<'_> {
    type Output = acp::ToolCallUpdate;

    /// Matches grouped by file, one `path:line: text` row each, in a fenced block so no path
    /// or line needs escaping; a blank line between files.
    fn matches(&mut self, value: &SearchMatchesResultView) -> acp::ToolCallUpdate {
        let groups: Vec<String> = value
            .files
            .iter()
            .filter(|file| !file.matches.is_empty())
            .map(|file| {
                file.matches
                    .iter()
                    .map(|found| format!("{}:{}: {}", file.path, found.line_number, found.line))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect();
        let shown: usize = value.files.iter().map(|file| file.matches.len()).sum();
        let summary = summary(shown, value.total, value.truncated, "match", "matches")
            .unwrap_or_else(|| {
                format!(
                    "{} in {}.",
                    count(shown, "match", "matches"),
                    count(groups.len(), "file", "files")
                )
            });
        let text = if groups.is_empty() {
            summary
        } else {
            format!("{summary}\n\n{}", fenced("text", &groups.join("\n\n")))
        };
        let locations = value
            .files
            .iter()
            .flat_map(|file| {
                file.matches
                    .iter()
                    .map(|found| acp::ToolCallLocation::new(&file.path).line(found.line_number))
            })
            .collect();
        let card = SearchResultView::Matches(value.clone());
        update(self.id, text, locations, card)
    }

    /// Paths as a Markdown list, each a code span so no path needs escaping.
    fn paths(&mut self, value: &SearchPathsResultView) -> acp::ToolCallUpdate {
        let shown = value.paths.len();
        let summary = summary(shown, value.total, value.truncated, "path", "paths")
            .unwrap_or_else(|| format!("{}.", count(shown, "path", "paths")));
        let list: Vec<String> = value
            .paths
            .iter()
            .map(|path| format!("- {}", code_span(path)))
            .collect();
        let text = if list.is_empty() {
            summary
        } else {
            format!("{summary}\n\n{}", list.join("\n"))
        };
        let locations = value.paths.iter().map(acp::ToolCallLocation::new).collect();
        let card = SearchResultView::Paths(value.clone());
        update(self.id, text, locations, card)
    }
}

/// The first line when it is not a plain count: a capped result, said plainly
/// (`Capped: showing 250 of 1,204 matches.`), or no results (`No matches found.`). Whether a
/// page is capped, and the numbers it states, is [`capped`]'s decision, which every bridge
/// shares.
fn summary(shown: usize, total: u32, truncated: bool, one: &str, many: &str) -> Option<String> {
    if let Some(Capped { shown, total }) = capped(shown, total, truncated) {
        Some(format!(
            "Capped: showing {} of {}.",
            thousands(shown),
            count(total, one, many)
        ))
    } else if shown == 0 {
        Some(format!("No {many} found."))
    } else {
        None
    }
}

/// The update: completed, the Markdown replacing the content, the locations, and the card
/// under [`SEARCH_RESULT_META_KEY`].
fn update(
    id: &acp::ToolCallId,
    text: String,
    locations: Vec<acp::ToolCallLocation>,
    card: SearchResultView,
) -> acp::ToolCallUpdate {
    // A render-intent card holds only strings, numbers, booleans and arrays of them, so
    // writing it to a JSON value cannot fail.
    let card = serde_json::to_value(ToolResultView::Search(card))
        .expect("a render-intent card always converts to JSON");
    let fields = acp::ToolCallUpdateFields::new()
        .status(acp::ToolCallStatus::Completed)
        .content(vec![crate::content::markdown(text)])
        .locations(locations);
    acp::ToolCallUpdate::new(id.clone(), fields).meta(acp::Meta::from_iter([(
        SEARCH_RESULT_META_KEY.to_owned(),
        card,
    )]))
}
