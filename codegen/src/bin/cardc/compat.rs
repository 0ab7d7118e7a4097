//! `cardc compat`: whom the changes between two versions of a schema break.

use std::path::PathBuf;
use std::process::ExitCode;

use cardc_codegen::compat::{self, Change, Location, Party, report};
use cardc_codegen::diagnostics::{Source, escaped};
use cardc_codegen::ir::Schema;
use cardc_codegen::published::Published;
use cardc_codegen::{compile, read_published, source_name};

use crate::{IO_FAILURE, committed, read};

/// `cardc compat`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// OLD, the version consumers have now (such as a pinned copy), then NEW, the version
    /// they would move to; with --baseline, NEW alone. Schema files, or both JSON Schemas
    /// cardc published (`.json`), read back from the files alone.
    #[arg(required = true, num_args = 1..=2, value_name = "OLD NEW")]
    schemas: Vec<PathBuf>,
    /// Read OLD from git: NEW's file as it is in this revision (`origin/main`, a tag).
    #[arg(long, value_name = "GIT-REF")]
    baseline: Option<String>,
    /// `human` groups the changes by party; `json` prints `{"changes": [...]}`.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// The parties no change may break, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "readers,writers", value_parser = party)]
    deny: Vec<Party>,
}

/// How `compat` prints its report.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    /// Grouped by party, with locations and reasons.
    Human,
    /// One JSON object listing every change.
    Json,
}

/// A `--deny` party by name.
fn party(name: &str) -> Result<Party, String> {
    Party::ALL
        .into_iter()
        .find(|party| party.name() == name)
        .ok_or_else(|| format!("`{name}` is no party: readers, writers or bridges"))
}

/// Reads both versions and compares them.
pub(crate) fn run(args: &Args) -> ExitCode {
    let Some(versions) = versions(&args.schemas, args.baseline.as_deref()) else {
        return ExitCode::from(IO_FAILURE);
    };
    compare(&versions, args.format, &args.deny)
}
/// The names and texts of OLD and NEW: two files, or NEW's file and its text in `baseline`.
fn versions(schemas: &[PathBuf], baseline: Option<&str>) -> Option<[(String, String); 2]> {
    let file = |path: &PathBuf| {
        let name = source_name(path);
        let text = read(path, &name);
        if text.is_none() {
            eprintln!("error: cannot read schema {name}");
        }
        text.map(|text| (name, text))
    };
    match (schemas, baseline) {
        ([old, new], None) => Some([file(old)?, file(new)?]),
        ([new], Some(revision)) => {
            let new = file(new)?;
            let old = committed(revision, &schemas[0], &new.0)?;
            Some([old, new])
        }
        (_, None) => {
            eprintln!("error: compat takes OLD and NEW, or NEW with --baseline");
            None
        }
        (_, Some(_)) => {
            eprintln!("error: with --baseline, compat takes NEW alone");
            None
        }
    }
}

/// One version as `compat` reads it: a schema file compiled, or a published JSON Schema read
/// back (whose locations are JSON pointers).
enum Side {
    Cards(Schema),
    Published(Published),
}

impl Side {
    /// Compiles a schema file, or reads back a `.json` file as a published JSON Schema; `None`
    /// (the problems printed) when it is invalid.
    fn read(name: &str, text: &str) -> Option<Side> {
        if name.ends_with(".json") {
            return match read_published(name, text) {
                Ok(published) => Some(Side::Published(published)),
                Err(problems) => {
                    for problem in &problems {
                        eprintln!(
                            "error: {}#{}: {}",
                            escaped(name),
                            escaped(&problem.pointer),
                            escaped(&problem.message)
                        );
                    }
                    eprintln!(
                        "error: {} problem(s) in {}, which is no JSON Schema cardc published; \
                         nothing was compared",
                        problems.len(),
                        escaped(name)
                    );
                    None
                }
            };
        }
        match compile(name, text) {
            Ok(schema) => Some(Side::Cards(schema)),
            Err(diagnostics) => {
                let source = Source { name, text };
                eprint!("{}", source.render(&diagnostics));
                eprintln!(
                    "error: {} problem(s) in {}; nothing was compared",
                    diagnostics.len(),
                    escaped(name)
                );
                None
            }
        }
    }

    fn schema(&self) -> &Schema {
        match self {
            Side::Cards(schema) => schema,
            Side::Published(published) => &published.schema,
        }
    }

    /// A location in this version as the report gives it: a published schema's as its pointer.
    fn locate(&self, location: Option<Location>) -> Option<Location> {
        match (self, location) {
            (Side::Published(published), Some(Location::Schema(span))) => published
                .pointer(&span)
                .map(|pointer| Location::Pointer(pointer.to_string())),
            (_, location) => location,
        }
    }
}

/// `cardc compat`: both versions read as `generate` compiles a schema (or, both `.json`, read
/// back as published JSON Schemas), then compared.
fn compare(versions: &[(String, String); 2], format: Format, deny: &[Party]) -> ExitCode {
    let [(old_name, old_text), (new_name, new_text)] = versions;
    let (Some(old), Some(new)) = (
        Side::read(old_name, old_text),
        Side::read(new_name, new_text),
    ) else {
        return ExitCode::from(IO_FAILURE);
    };
    if matches!(old, Side::Published(_)) != matches!(new, Side::Published(_)) {
        // A published schema holds no names in code, so against a schema file every rename
        // would show.
        eprintln!(
            "error: compare a published JSON Schema with another published JSON Schema, and a \
             schema file with a schema file"
        );
        return ExitCode::from(IO_FAILURE);
    }
    let (old_schema, new_schema) = (old.schema(), new.schema());
    let changes: Vec<Change> = compat::compare(old_schema, new_schema)
        .into_iter()
        .map(|change| Change {
            old_location: old.locate(change.old_location),
            new_location: new.locate(change.new_location),
            ..change
        })
        .collect();
    let versioning = compat::version::versioning(old_schema, new_schema, &changes);
    let sources = report::Versions {
        old: Source {
            name: old_name,
            text: old_text,
        },
        new: Source {
            name: new_name,
            text: new_text,
        },
        versioning: versioning.as_ref(),
    };
    print!(
        "{}",
        match format {
            Format::Human => report::human(&changes, &sources),
            Format::Json => report::json(&changes, &sources),
        }
    );
    let denied: Vec<&str> = deny
        .iter()
        .filter(|party| {
            changes
                .iter()
                .any(|change| party.breaks(change.verdict().breaks))
        })
        .map(|party| party.name())
        .collect();
    let mut status = ExitCode::SUCCESS;
    if !denied.is_empty() {
        eprintln!(
            "error: the changes break {}, which --deny refuses",
            denied.join(" and ")
        );
        status = ExitCode::FAILURE;
    }
    if let Some(versioning) = versioning
        .as_ref()
        .filter(|versioning| !versioning.enough())
    {
        eprintln!("error: {}", report::versioning(versioning));
        status = ExitCode::FAILURE;
    }
    status
}
