//! The search tools `grep` and `glob`: a generic call card of kind `search`, and a `search`
//! result card projected through presentation metadata.
//!
//! The structured result (grep's matches, glob's paths) stays inside the tool; only the
//! model-facing text and the presentation metadata are persisted. So the tool projects the
//! result with [`grep::grep_meta`] / [`glob::glob_meta`] when it executes, and the result
//! presenter reads that payload back with [`search_view_from_meta`]. The projections apply the
//! same inline cap and per-line preview budget as the text the model sees
//! ([`grep::grep_text`], [`glob::glob_text`]), and report `total` (every result found, before
//! the cap) and `truncated`, so a UI never presents a capped page as complete.

pub mod glob;
pub mod grep;
mod preview;
mod view;

use render_intent::{FileLocation, GenericCallView, SearchResultView, ToolCallKind, ToolCallView};

use crate::call::ToolResult;

pub use preview::{ELLIPSIS, preview_line};
pub use view::search_view_from_meta;

/// Grep's default inline cap: matches beyond it go to the spill file only.
pub const DEFAULT_GREP_MAX_MATCHES: usize = 250;
/// Glob's default inline cap: paths beyond it go to the spill file only.
pub const DEFAULT_GLOB_MAX_RESULTS: usize = 100;
/// The default per-line preview budget, in characters.
pub const DEFAULT_LINE_BUDGET: usize = 500;

/// The caps and budget a search tool applies, to its text and to its projection alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimits {
    /// At most this many grep matches are shown inline.
    pub grep_max_matches: usize,
    /// At most this many glob paths are shown inline.
    pub glob_max_results: usize,
    /// A grep match line longer than this many characters (Unicode scalar values) is cut to
    /// fit, its last kept character replaced by [`ELLIPSIS`].
    pub line_budget: usize,
}

impl Default for SearchLimits {
    fn default() -> Self {
        Self {
            grep_max_matches: DEFAULT_GREP_MAX_MATCHES,
            glob_max_results: DEFAULT_GLOB_MAX_RESULTS,
            line_budget: DEFAULT_LINE_BUDGET,
        }
    }
}

/// The footer both texts end with when the cap dropped results: how many are shown of how
/// many, and where the rest went when the tool spilled them to a file.
fn spill_footer(shown: usize, total: usize, noun: &str, spill: Option<&str>) -> String {
    let spilled = spill.map_or_else(String::new, |path| format!(" Full results: {path}"));
    format!("[Showing {shown} of {total} {noun}.{spilled}]")
}

/// The call card both tools share: a generic card of kind `search`, titled by the caller, with
/// the searched directory as its location when the call names one.
fn search_call(title: String, path: Option<&str>) -> ToolCallView {
    ToolCallView::Generic(GenericCallView {
        title,
        kind: Some(ToolCallKind::Search),
        raw_input: None,
        content: None,
        locations: path.map(|path| {
            vec![FileLocation {
                path: path.to_owned(),
                line: None,
            }]
        }),
    })
}

/// The search view a successful result's presentation metadata describes, if any; a failed
/// call or absent or malformed metadata gives none.
fn result_meta_view(result: &ToolResult) -> Option<SearchResultView> {
    result
        .presentation_meta
        .as_ref()
        .filter(|_| !result.is_error)
        .and_then(search_view_from_meta)
}

/// The ` in <dir>` a title names the searched directory with, when the call gives one.
fn within(path: Option<&str>) -> String {
    path.map_or_else(String::new, |path| format!(" in {path}"))
}

/// A count as the views' `u32`; no search finds four billion results, and if one did the
/// count saturates rather than wraps.
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
