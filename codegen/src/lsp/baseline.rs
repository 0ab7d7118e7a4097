//! Breaking changes as you type: `cardc compat` between a baseline (a git revision or a file,
//! from the client's settings) and the document, each change a diagnostic at its place in the
//! document, saying whom it breaks and the version bump it needs.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::SystemTime;

use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, Location as LspLocation, NumberOrString, Uri,
};

use super::analysis::compile;
use super::index::{Index, Symbol};
use super::settings::Baseline;
use super::text::{Encoding, Text};
use super::workspace::{path_of, uri_of};
use crate::compat::report::versioning as versioning_line;
use crate::compat::version::{bump, versioning};
use crate::compat::{self, Change, Location, Party};
use crate::diagnostics::escaped;
use crate::ir::Schema;

/// The source the diagnostics of breaking changes give.
pub(super) const SOURCE: &str = "cardc compat";

/// A baseline read and checked.
#[derive(Debug)]
pub(super) struct Old {
    /// Its name in messages: `revision:file` or the file's path.
    name: String,
    /// Its text, for the locations of what it had.
    text: Text,
    /// Its address, when it is a file an editor can open.
    uri: Option<Uri>,
    /// The schema.
    schema: Schema,
}

/// The baselines read so far: a git baseline is read once until the settings change or a
/// document is saved (a commit may have moved the revision); a file baseline again whenever
/// the file changes.
#[derive(Debug, Default)]
pub(super) struct Baselines {
    read: HashMap<(Baseline, PathBuf), Read>,
}

/// A baseline as read: the file's modification time then (none for git), and the schema or
/// why there is none.
type Read = (Option<SystemTime>, Rc<Result<Old, String>>);

impl Baselines {
    /// Forgets every baseline read.
    pub(super) fn clear(&mut self) {
        self.read.clear();
    }

    /// The baseline of the document at `document` (a git baseline is its own file's committed
    /// version; a file baseline is relative to the first workspace folder): the schema, or why
    /// there is none.
    pub(super) fn of(
        &mut self,
        baseline: &Baseline,
        document: &Path,
        roots: &[PathBuf],
    ) -> Rc<Result<Old, String>> {
        let key = (baseline.clone(), document.to_path_buf());
        let modified = match baseline {
            Baseline::Git(_) => None,
            Baseline::File(path) => std::fs::metadata(file_path(path, roots))
                .and_then(|metadata| metadata.modified())
                .ok(),
        };
        match self.read.get(&key) {
            Some((when, old)) if *when == modified => old.clone(),
            _ => {
                let old = Rc::new(read(baseline, document, roots));
                self.read.insert(key, (modified, old.clone()));
                old
            }
        }
    }
}

/// A file baseline's path: relative to the first workspace folder.
fn file_path(path: &Path, roots: &[PathBuf]) -> PathBuf {
    match (path.is_relative(), roots.first()) {
        (true, Some(root)) => root.join(path),
        _ => path.to_path_buf(),
    }
}

fn read(baseline: &Baseline, document: &Path, roots: &[PathBuf]) -> Result<Old, String> {
    let (name, text, uri) = match baseline {
        Baseline::Git(revision) => {
            let file = document
                .file_name()
                .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
            let name = format!("{revision}:{file}");
            let text = crate::git::committed(revision, document)
                .map_err(|reason| format!("the baseline {name} cannot be read: {reason}"))?;
            (name, text, None)
        }
        Baseline::File(path) => {
            let path = file_path(path, roots);
            let name = path.to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path)
                .map_err(|error| format!("the baseline {name} cannot be read: {error}"))?;
            (name, text, uri_of(&path))
        }
    };
    let schema = compile(&name, &text).map_err(|errors| {
        format!(
            "the baseline {name} does not check ({} problem(s), the first: {})",
            errors.len(),
            errors.first().map_or("", |error| error.message.as_str())
        )
    })?;
    Ok(Old {
        name,
        text: Text::new(text),
        uri,
        schema,
    })
}

/// A document's address as the path a baseline is found by.
pub(super) fn document_path(uri: &Uri) -> Option<PathBuf> {
    path_of(uri)
}

/// What is compared with the baseline.
pub(super) struct New<'a> {
    /// The document's checked schema.
    pub schema: &'a Schema,
    /// Its text.
    pub text: &'a Text,
    /// Its names' places, for a change that has no place in it (a removal: at its type).
    pub index: &'a Index,
}

/// The diagnostics of the changes from `old` to `new`: one per change, a warning when it breaks
/// a party in `deny`, information when it breaks only others, a hint when it breaks nobody; and
/// a warning at the version when both declare one and it is not bumped enough.
pub(super) fn diagnostics(
    old: &Old,
    new: &New,
    deny: &[Party],
    encoding: Encoding,
) -> Vec<lsp_types::Diagnostic> {
    let changes = compat::compare(&old.schema, new.schema);
    let mut out: Vec<lsp_types::Diagnostic> = changes
        .iter()
        .map(|change| change_diagnostic(change, old, new, deny, encoding))
        .collect();
    if let Some(versioning) = versioning(&old.schema, new.schema, &changes)
        && !versioning.enough()
    {
        out.push(lsp_types::Diagnostic {
            range: new.text.range(&versioning.new.span, encoding),
            severity: Some(DiagnosticSeverity::WARNING),
            source: Some(SOURCE.to_string()),
            message: format!(
                "{} since {}",
                versioning_line(&versioning),
                escaped(&old.name)
            ),
            ..lsp_types::Diagnostic::default()
        });
    }
    out
}

fn change_diagnostic(
    change: &Change,
    old: &Old,
    new: &New,
    deny: &[Party],
    encoding: Encoding,
) -> lsp_types::Diagnostic {
    let verdict = change.verdict();
    let broken: Vec<Party> = Party::ALL
        .into_iter()
        .filter(|party| party.breaks(verdict.breaks))
        .collect();
    let severity = if broken.iter().any(|party| deny.contains(party)) {
        DiagnosticSeverity::WARNING
    } else if broken.is_empty() {
        DiagnosticSeverity::HINT
    } else {
        DiagnosticSeverity::INFORMATION
    };
    let breaks = match broken.is_empty() {
        true => "breaks nobody".to_string(),
        false => {
            let names: Vec<&str> = broken.iter().map(|party| party.name()).collect();
            format!("breaks {}", names.join(" and "))
        }
    };
    let side = |text: &Option<String>| {
        text.as_deref()
            .map_or_else(|| "absent".to_string(), |text| escaped(text).into_owned())
    };
    let message = format!(
        "{}: {}: {} -> {}: {breaks}; needs a {} version bump since {}\n{}",
        escaped(&change.path),
        change.class.name(),
        side(&change.old),
        side(&change.new),
        bump(change).name(),
        escaped(&old.name),
        verdict.reason
    );
    let span = match &change.new_location {
        Some(Location::Schema(span)) => span.clone(),
        // Removed: at the type that had it, when there still is one; else the file's start.
        _ => {
            let owner = change.path.split('/').next().unwrap_or_default();
            new.index
                .declaration(&Symbol::Type(owner.to_string()))
                .map_or(0..0, |declared| declared.span.clone())
        }
    };
    let related = match (&old.uri, &change.old_location) {
        (Some(uri), Some(Location::Schema(span))) => Some(vec![DiagnosticRelatedInformation {
            location: LspLocation::new(uri.clone(), old.text.range(span, encoding)),
            message: format!("in {}", escaped(&old.name)),
        }]),
        _ => None,
    };
    lsp_types::Diagnostic {
        range: new.text.range(&span, encoding),
        severity: Some(severity),
        code: Some(NumberOrString::String(change.class.name().to_string())),
        source: Some(SOURCE.to_string()),
        message,
        related_information: related,
        ..lsp_types::Diagnostic::default()
    }
}

/// The diagnostic that says why there are no breaking changes to show: the baseline cannot be
/// read or does not check (a file new since the revision, say).
pub(super) fn unavailable(reason: &str) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        range: lsp_types::Range::default(),
        severity: Some(DiagnosticSeverity::INFORMATION),
        source: Some(SOURCE.to_string()),
        message: format!("no breaking changes shown: {}", escaped(reason)),
        ..lsp_types::Diagnostic::default()
    }
}
