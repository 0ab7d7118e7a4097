//! The two renderings of a comparison: for people, grouped by the party each change breaks,
//! and as JSON, one object per change.

use super::{Change, Location, Party};
use crate::diagnostics::{Source, escaped};

/// The two versions compared, for rendering locations.
#[derive(Debug, Clone, Copy)]
pub struct Versions<'a> {
    /// OLD's name and text.
    pub old: Source<'a>,
    /// NEW's name and text.
    pub new: Source<'a>,
}

/// A location as text: `file:line:col` for a schema file.
fn locate(location: Option<&Location>, source: &Source) -> Option<String> {
    location.map(|location| match location {
        Location::Schema(span) => {
            let (line, column) = source.line_col(span.start);
            format!("{}:{line}:{column}", source.name)
        }
    })
}

/// The report for people: the changes that break each party, then those that break nobody,
/// each with its class, path, both descriptions, both locations and the reason; then a
/// summary line saying which parties break.
pub fn human(changes: &[Change], versions: &Versions) -> String {
    let mut out = format!(
        "{} change(s) from {} to {}\n",
        changes.len(),
        escaped(versions.old.name),
        escaped(versions.new.name)
    );
    let groups = Party::ALL.iter().map(|party| {
        let members: Vec<&Change> = changes
            .iter()
            .filter(|change| party.breaks(change.verdict().breaks))
            .collect();
        (format!("{} break", party.name()), members)
    });
    let harmless: Vec<&Change> = changes
        .iter()
        .filter(|change| {
            let breaks = change.verdict().breaks;
            !Party::ALL.iter().any(|party| party.breaks(breaks))
        })
        .collect();
    for (title, members) in groups.chain([("nobody breaks".to_string(), harmless)]) {
        if members.is_empty() {
            continue;
        }
        out.push_str(&format!("\n{title} ({}):\n", members.len()));
        for change in members {
            let described = |text: &Option<String>| {
                text.as_deref()
                    .map_or_else(|| "absent".to_string(), |text| escaped(text).into_owned())
            };
            let located = |location: Option<&Location>, source: &Source| {
                locate(location, source)
                    .map_or_else(|| "absent".to_string(), |at| escaped(&at).into_owned())
            };
            out.push_str(&format!(
                "  {}: {}: {} -> {}\n    old: {}, new: {}\n    {}\n",
                escaped(&change.path),
                change.class.name(),
                described(&change.old),
                described(&change.new),
                located(change.old_location.as_ref(), &versions.old),
                located(change.new_location.as_ref(), &versions.new),
                change.verdict().reason
            ));
        }
    }
    let summary: Vec<String> = Party::ALL
        .iter()
        .map(|party| {
            let broken = changes
                .iter()
                .any(|change| party.breaks(change.verdict().breaks));
            format!(
                "{} {}",
                party.name(),
                if broken { "break" } else { "do not break" }
            )
        })
        .collect();
    out.push_str(&format!("\n{}\n", summary.join(", ")));
    out
}

/// The report as JSON: `{"changes": [{"class", "path", "old", "new", "old_location",
/// "new_location", "breaks": {"readers", "writers", "bridges"}, "reason"}]}`, keys in that
/// order, one change per line; `old`, `new` and the locations are `null` where absent.
pub fn json(changes: &[Change], versions: &Versions) -> String {
    let string = |text: Option<&str>| {
        text.map_or_else(
            || "null".to_string(),
            |text| serde_json::Value::String(text.to_string()).to_string(),
        )
    };
    let items: Vec<String> = changes
        .iter()
        .map(|change| {
            let breaks = change.verdict().breaks;
            format!(
                "{{\"class\": {}, \"path\": {}, \"old\": {}, \"new\": {}, \"old_location\": {}, \
                 \"new_location\": {}, \"breaks\": {{\"readers\": {}, \"writers\": {}, \
                 \"bridges\": {}}}, \"reason\": {}}}",
                string(Some(change.class.name())),
                string(Some(&change.path)),
                string(change.old.as_deref()),
                string(change.new.as_deref()),
                string(locate(change.old_location.as_ref(), &versions.old).as_deref()),
                string(locate(change.new_location.as_ref(), &versions.new).as_deref()),
                breaks.readers,
                breaks.writers,
                breaks.bridges,
                string(Some(change.verdict().reason)),
            )
        })
        .collect();
    if items.is_empty() {
        return "{\"changes\": []}\n".to_string();
    }
    format!("{{\"changes\": [\n  {}\n]}}\n", items.join(",\n  "))
}
