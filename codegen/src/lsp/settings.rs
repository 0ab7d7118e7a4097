//! The client's settings for the server, from `initializationOptions` and
//! `workspace/didChangeConfiguration`, under a `cardc` key or bare:
//!
//! ```json
//! { "cardc": {
//!     "baseline": { "git": "origin/main" },
//!     "deny": ["readers", "writers"],
//!     "diagnosticsDelayMs": 30
//! } }
//! ```
//!
//! `baseline` is a git revision (each document compared with its own file as committed there)
//! or a file (`{ "file": "schema/v1.cards" }`, relative to the workspace folder, every document
//! compared with it). Without one, no breaking change is shown.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use crate::compat::Party;

/// What a document's breaking changes are measured against.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Baseline {
    /// The document's file as committed in this git revision.
    Git(String),
    /// One schema file for every document.
    File(PathBuf),
}

/// The settings in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Settings {
    /// The baseline for breaking changes, if any.
    pub baseline: Option<Baseline>,
    /// The parties a change must not break: its diagnostic is a warning, where a change that
    /// breaks only other parties is information, and one that breaks nobody a hint.
    pub deny: Vec<Party>,
    /// How long the document must rest after a change before it is compiled again.
    pub delay: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            baseline: None,
            deny: vec![Party::Readers, Party::Writers],
            delay: DEFAULT_DELAY,
        }
    }
}

/// The default debounce: long enough to take a burst of changes (a paste, an editor's several
/// edits for one command, fast typing) as one, short enough not to be seen.
pub(super) const DEFAULT_DELAY: Duration = Duration::from_millis(30);

impl Settings {
    /// Reads settings; each problem is a sentence for the client's log, and the setting it is
    /// about keeps its default.
    pub(super) fn read(value: &Value) -> (Settings, Vec<String>) {
        let mut settings = Settings::default();
        let mut problems = Vec::new();
        let value = value.get("cardc").unwrap_or(value);
        let Some(object) = value.as_object() else {
            return (settings, problems);
        };
        match object.get("baseline") {
            None | Some(Value::Null) => {}
            Some(baseline) => {
                let git = baseline.get("git").and_then(Value::as_str);
                let file = baseline.get("file").and_then(Value::as_str);
                match (git, file) {
                    (Some(revision), None) if !revision.is_empty() => {
                        settings.baseline = Some(Baseline::Git(revision.to_string()));
                    }
                    (None, Some(path)) if !path.is_empty() => {
                        settings.baseline = Some(Baseline::File(PathBuf::from(path)));
                    }
                    _ => problems.push(format!(
                        "cardc: the `baseline` setting is {baseline}: write {{\"git\": \"<revision>\"}} or {{\"file\": \"<path>\"}}"
                    )),
                }
            }
        }
        if let Some(deny) = object.get("deny") {
            let names: Option<Vec<&str>> = deny
                .as_array()
                .map(|names| names.iter().filter_map(Value::as_str).collect());
            let parties: Option<Vec<Party>> = names.and_then(|names| {
                names
                    .iter()
                    .map(|name| Party::ALL.into_iter().find(|party| party.name() == *name))
                    .collect()
            });
            match parties {
                Some(parties) => settings.deny = parties,
                None => problems.push(format!(
                    "cardc: the `deny` setting is {deny}: write a list of \"readers\", \"writers\" and \"bridges\""
                )),
            }
        }
        if let Some(delay) = object.get("diagnosticsDelayMs") {
            match delay.as_u64().filter(|ms| *ms <= 10_000) {
                Some(ms) => settings.delay = Duration::from_millis(ms),
                None => problems.push(format!(
                    "cardc: the `diagnosticsDelayMs` setting is {delay}: write a number of milliseconds up to 10000"
                )),
            }
        }
        (settings, problems)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn settings_are_read_under_cardc_or_bare() {
        let (settings, problems) = Settings::read(&json!({"cardc": {
            "baseline": {"git": "main"}, "deny": ["bridges"], "diagnosticsDelayMs": 5
        }}));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(settings.baseline, Some(Baseline::Git("main".to_string())));
        assert_eq!(settings.deny, [Party::Bridges]);
        assert_eq!(settings.delay, Duration::from_millis(5));
        let (bare, _) = Settings::read(&json!({"baseline": {"file": "v1.cards"}}));
        assert_eq!(
            bare.baseline,
            Some(Baseline::File(PathBuf::from("v1.cards")))
        );
        assert_eq!(Settings::read(&Value::Null).0, Settings::default());
    }

    #[test]
    fn a_bad_setting_is_reported_and_keeps_its_default() {
        let (settings, problems) = Settings::read(&json!({
            "baseline": {"git": "a", "file": "b"}, "deny": ["everyone"], "diagnosticsDelayMs": -1
        }));
        assert_eq!(settings, Settings::default());
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[1].contains("\"everyone\""), "{problems:?}");
    }
}
