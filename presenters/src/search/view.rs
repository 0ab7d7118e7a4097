//! Reading the search payload back from presentation metadata, defensively.

use std::collections::BTreeSet;

use render_intent::{SearchFileMatches, SearchResultView};
use serde::Deserialize;
use serde_json::Value;

/// The search view a persisted payload describes, or `None` when it describes none.
///
/// The payload is the view's JSON without `card` and `content` (the presenter attaches the
/// model-facing text): `{"kind": "matches", "files": [...], "truncated": ..., "total": ...}` or
/// `{"kind": "paths", "paths": [...], ...}`. It is decoded with the render-intent types' strict
/// reading (closed objects, closed `kind`, exact types), then checked for what the types cannot
/// say:
///
/// - the page is honest: `total` is at least the number of results shown, and `truncated` is
///   true exactly when `total` is more;
/// - grep's grouping holds: every file has at least one match, no file appears twice, and line
///   numbers are 1-based.
///
/// Anything else (not an object, an unknown kind or key, a `content`, a broken invariant) yields
/// `None`, so a presenter replaying an older or hand-edited log falls back to the generic card
/// instead of failing.
pub fn search_view_from_meta(meta: &Value) -> Option<SearchResultView> {
    // The payload is an object by contract; checked here rather than left to how the
    // generated decoder happens to treat an array.
    if !meta.is_object() {
        return None;
    }
    let view = SearchResultView::deserialize(meta).ok()?;
    let (shown, total, truncated, has_content, grouped) = match &view {
        SearchResultView::Matches(matches) => (
            matches.files.iter().map(|file| file.matches.len()).sum(),
            matches.total,
            matches.truncated,
            matches.content.is_some(),
            well_grouped(&matches.files),
        ),
        SearchResultView::Paths(paths) => (
            paths.paths.len(),
            paths.total,
            paths.truncated,
            paths.content.is_some(),
            true,
        ),
    };
    let honest =
        usize::try_from(total).is_ok_and(|total| total >= shown && truncated == (total > shown));
    (honest && grouped && !has_content).then_some(view)
}

/// Whether grep's files are grouped as the projection groups them.
fn well_grouped(files: &[SearchFileMatches]) -> bool {
    let mut seen = BTreeSet::new();
    files.iter().all(|file| {
        seen.insert(file.path.as_str())
            && !file.matches.is_empty()
            && file.matches.iter().all(|line| line.line_number >= 1)
    })
}
