//! The two renderings of a comparison: for people, grouped by the party each change breaks,
//! and as JSON, one object per change.

use super::version::Versioning;
use super::{Change, Location, Party};
use crate::diagnostics::{Source, escaped};

/// The two versions compared, for rendering locations, and their declared versions' check.
#[derive(Debug, Clone, Copy)]
pub struct Versions<'a> {
    /// OLD's name and text.
    pub old: Source<'a>,
    /// NEW's name and text.
    pub new: Source<'a>,
    /// The bump the changes need against the one declared, when both declare a version: the
    /// schema's (without a file name), or in a project, each file's that does (by its name).
    pub versioning: &'a [(Option<&'a str>, &'a Versioning)],
}

/// One line on the declared versions: the bump declared, the bump needed, whether it is
/// enough.
pub fn versioning(versioning: &Versioning) -> String {
    let declared = versioning
        .declared
        .map_or("a lower version", |declared| declared.name());
    format!(
        "version {} -> {}: declares {declared}, the changes need {}{}",
        versioning.old,
        versioning.new,
        versioning.needed.name(),
        if versioning.enough() {
            ""
        } else {
            ": not bumped enough"
        }
    )
}

/// A location as text: `file:line:col` for a schema file, `file#pointer` for a published
/// JSON Schema, as rendered for a location in another file of a project.
fn locate(location: Option<&Location>, source: &Source) -> Option<String> {
    location.map(|location| match location {
        Location::Schema(span) => {
            let (line, column) = source.line_col(span.start);
            format!("{}:{line}:{column}", source.name)
        }
        Location::Pointer(pointer) => format!("{}#{pointer}", source.name),
        Location::Rendered(at) => at.clone(),
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
    for (file, declared) in versions.versioning {
        match file {
            Some(file) => out.push_str(&format!("{}: {}\n", escaped(file), versioning(declared))),
            None => out.push_str(&format!("{}\n", versioning(declared))),
        }
    }
    out
}

/// The report as JSON: `{"changes": [{"class", "path", "old", "new", "old_location",
/// "new_location", "breaks": {"readers", "writers", "bridges"}, "reason"}]}`, keys in that
/// order, one change per line; `old`, `new` and the locations are `null` where absent. When both
/// versions declare one, a `"version"` key follows: `{"old", "new", "needed", "declared",
/// "enough"}` (`declared` is `null` when NEW's version is lower); in a project, a `"versions"`
/// key, the same object for each file that declares one, with its `"file"` first.
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
                string(Some(&change.verdict().reason)),
            )
        })
        .collect();
    let changes = if items.is_empty() {
        "[]".to_string()
    } else {
        format!("[\n  {}\n]", items.join(",\n  "))
    };
    let object = |versioning: &Versioning| {
        format!(
            "\"old\": {}, \"new\": {}, \"needed\": {}, \"declared\": {}, \"enough\": {}",
            string(Some(&versioning.old.to_string())),
            string(Some(&versioning.new.to_string())),
            string(Some(versioning.needed.name())),
            string(versioning.declared.map(|declared| declared.name())),
            versioning.enough()
        )
    };
    let version = match versions.versioning {
        [] => String::new(),
        [(None, versioning)] => format!(",\n\"version\": {{{}}}", object(versioning)),
        files => {
            let items: Vec<String> = files
                .iter()
                .map(|(file, versioning)| {
                    format!(
                        "{{\"file\": {}, {}}}",
                        string(Some(file.unwrap_or_default())),
                        object(versioning)
                    )
                })
                .collect();
            format!(",\n\"versions\": [\n  {}\n]", items.join(",\n  "))
        }
    };
    format!("{{\"changes\": {changes}{version}}}\n")
}
