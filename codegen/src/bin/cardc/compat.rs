//! `cardc compat`: whom the changes between two versions of a schema, or of a project, break.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cardc_codegen::compat::{self, Change, Location, Party, report};
use cardc_codegen::diagnostics::{Source, escaped};
use cardc_codegen::git::Revision;
use cardc_codegen::ir::Schema;
use cardc_codegen::project::config::{self, Config};
use cardc_codegen::project::{self, Disk, Files, Loaded};
use cardc_codegen::published::{self, Published};
use cardc_codegen::{ReadError, document_ref, read_published_set, source_name};

use crate::IO_FAILURE;

/// `cardc compat`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// OLD, the version consumers have now (such as a pinned copy), then NEW, the version
    /// they would move to; with --baseline, NEW alone, or nothing for the project. Schema
    /// files (each read with the files it imports), project files (`cardc.toml`, each read
    /// with its schema files), or both JSON Schemas cardc published (`.json`), read back from
    /// the files alone.
    #[arg(num_args = 0..=2, value_name = "OLD NEW")]
    schemas: Vec<PathBuf>,
    /// Read OLD from git: NEW as it is in this revision (`origin/main`, a tag), the files it
    /// imports too; without NEW, the project file's project (cardc.toml, found from the
    /// working directory up, or --project) as it is there and as it is now.
    #[arg(long, value_name = "GIT-REF")]
    baseline: Option<String>,
    /// The project file --baseline compares, when it is not the cardc.toml found from the
    /// working directory up.
    #[arg(
        long,
        value_name = "FILE",
        requires = "baseline",
        conflicts_with = "schemas"
    )]
    project: Option<PathBuf>,
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
    let Some([old, new]) = versions(args) else {
        return ExitCode::from(IO_FAILURE);
    };
    compare(&old, &new, args.format, &args.deny)
}

/// Where one version is: a file on disk, or as committed in a git revision.
struct At<'a> {
    path: &'a Path,
    revision: Option<&'a str>,
}

impl At<'_> {
    /// The files this version is read from.
    fn files(&self) -> Box<dyn Files> {
        match self.revision {
            Some(revision) => Box::new(Revision {
                revision: revision.to_string(),
            }),
            None => Box::new(Disk),
        }
    }

    /// Reads this version: a project file, a published JSON Schema, or a schema file and the
    /// files it imports; `None` (its problems printed) when it cannot be read or is invalid.
    fn read(&self) -> Option<Side> {
        let files = self.files();
        let name = files.name(self.path);
        let extension = self.path.extension().and_then(|ext| ext.to_str());
        if extension == Some("toml") {
            return read_project(self.path, &*files);
        }
        if extension == Some("json") {
            return read_json(self.path, &*files);
        }
        let loaded = project::load(&[self.path.to_path_buf()], &*files, &source_name);
        checked(name, loaded, false)
    }
}

/// OLD and NEW as the arguments give them.
fn versions(args: &Args) -> Option<[Side; 2]> {
    let disk = |path| At {
        path,
        revision: None,
    };
    match (args.schemas.as_slice(), args.baseline.as_deref()) {
        ([old, new], None) => Some([disk(old).read()?, disk(new).read()?]),
        ([new], Some(revision)) => {
            let old = At {
                path: new,
                revision: Some(revision),
            };
            Some([old.read()?, disk(new).read()?])
        }
        ([], Some(revision)) => {
            let Some(path) = crate::generate::project_file(args.project.as_deref()) else {
                eprintln!(
                    "error: no schema file given, and no {} here or in a directory above; \
                     name NEW, or OLD and NEW",
                    config::FILE_NAME
                );
                return None;
            };
            let old = At {
                path: &path,
                revision: Some(revision),
            };
            Some([old.read()?, disk(&path).read()?])
        }
        (_, None) => {
            eprintln!(
                "error: compat takes OLD and NEW, or NEW (or nothing, for the project) with --baseline"
            );
            None
        }
        (_, Some(_)) => {
            eprintln!("error: with --baseline, compat takes NEW alone, or nothing for the project");
            None
        }
    }
}

/// The project of the project file at `path`, read from `files`, and its schema files.
fn read_project(path: &Path, files: &dyn Files) -> Option<Side> {
    let name = files.name(path);
    let text = text_of(files, path, &name)?;
    let dir = Path::new(&source_name(path))
        .parent()
        .unwrap_or(Path::new(""))
        .to_path_buf();
    let config: Config = match config::read(&dir, &text) {
        Ok(config) => config,
        Err(problems) => {
            let source = Source {
                name: &name,
                text: &text,
            };
            eprint!("{}", source.render(&problems));
            eprintln!(
                "error: {} problem(s) in {}; nothing was compared",
                problems.len(),
                escaped(&name)
            );
            return None;
        }
    };
    checked(name, config.load(files), true)
}

/// The text of the file at `path` from `files`, or `None` with why not printed.
fn text_of(files: &dyn Files, path: &Path, name: &str) -> Option<String> {
    match files.read(path) {
        Ok(text) => Some(text),
        Err(ReadError::Io(error)) => {
            eprintln!("error: cannot read {}: {error}", escaped(name));
            None
        }
        Err(ReadError::NotUtf8 { text, diagnostic }) => {
            eprint!("{}", Source { name, text: &text }.render(&[*diagnostic]));
            None
        }
    }
}

/// A loaded version, if every file checks; else `None`, its problems printed.
fn checked(name: String, loaded: Loaded, project: bool) -> Option<Side> {
    match crate::generate::problems_report(&loaded) {
        None => Some(Side::Cards {
            name,
            loaded,
            project,
        }),
        Some((report, _)) => {
            eprint!(
                "{}",
                report.replace("; nothing was written\n", "; nothing was compared\n")
            );
            None
        }
    }
}

/// A published JSON Schema read back, with the documents beside it whose types it names (each
/// found in its directory by the name [`document_ref::file_name`] gives its `$id`, and read
/// with the files the version is read from); `None` (the problems printed) when one is not a
/// document cardc published.
fn read_json(path: &Path, files: &dyn Files) -> Option<Side> {
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut documents: Vec<(String, String)> = Vec::new();
    let mut queue = vec![path.to_path_buf()];
    let mut seen = std::collections::BTreeSet::new();
    while let Some(at) = queue.pop() {
        if !seen.insert(at.clone()) {
            continue;
        }
        let name = files.name(&at);
        let Some(text) = text_of(files, &at, &name) else {
            // The first document must be there; a missing sibling is reported by the read.
            if documents.is_empty() {
                return None;
            }
            continue;
        };
        let referenced: Vec<String> = published::parse(&text)
            .and_then(|value| published::read_document(&name, &value))
            .map(|read| read.referenced().into_iter().map(str::to_string).collect())
            .unwrap_or_default();
        queue.extend(
            referenced
                .iter()
                .map(|id| dir.join(document_ref::file_name(id))),
        );
        documents.push((name, text));
    }
    match read_published_set(&documents) {
        Ok(read) => Some(Side::Published {
            documents: documents
                .into_iter()
                .zip(read)
                .map(|((name, text), published)| (name, text, published))
                .collect(),
        }),
        Err(problems) => {
            for (at, problem) in &problems {
                eprintln!(
                    "error: {}#{}: {}",
                    escaped(&documents[*at].0),
                    escaped(&problem.pointer),
                    escaped(&problem.message)
                );
            }
            let name = &documents[0].0;
            eprintln!(
                "error: {} problem(s) in {}{}, which is no JSON Schema cardc published; \
                 nothing was compared",
                problems.len(),
                escaped(name),
                match documents.len() {
                    1 => String::new(),
                    read => format!(" and the {} document(s) beside it", read - 1),
                }
            );
            None
        }
    }
}

/// One version as `compat` reads it: schema files checked (one and those it imports, or a
/// project's), or a published JSON Schema read back (whose locations are JSON pointers).
enum Side {
    Cards {
        name: String,
        loaded: Loaded,
        /// Whether it is a project's, rather than one schema file's and its imports'.
        project: bool,
    },
    /// The documents read, the one given first, then those whose types it names.
    Published {
        documents: Vec<(String, String, Published)>,
    },
}

impl Side {
    /// The version's name in the report's first line.
    fn name(&self) -> &str {
        match self {
            Side::Cards { name, .. } => name,
            Side::Published { documents } => &documents[0].0,
        }
    }

    /// The text a location without a file is rendered against.
    fn source(&self) -> Source<'_> {
        match self {
            Side::Cards { name, loaded, .. } => Source {
                name,
                text: match loaded.files.as_slice() {
                    [file] => file.text.as_str().unwrap_or_default(),
                    _ => "",
                },
            },
            Side::Published { documents } => Source {
                name: &documents[0].0,
                text: &documents[0].1,
            },
        }
    }

    /// The index of the schema file this version was given as, among [`Side::schemas`]: the
    /// file compared with the other version's whatever its name.
    fn given(&self) -> Option<usize> {
        match self {
            Side::Cards { project: true, .. } => None,
            Side::Cards { loaded, .. } => loaded.files.iter().position(|file| file.root),
            Side::Published { .. } => Some(0),
        }
    }

    /// Every schema of the version, each after those it imports.
    fn schemas(&self) -> Vec<&Schema> {
        match self {
            Side::Cards { loaded, .. } => loaded.schemas().unwrap_or_default(),
            Side::Published { documents } => documents
                .iter()
                .map(|(_, _, published)| &published.schema)
                .collect(),
        }
    }

    /// A location in this version as the report gives it: in the file `file` of the version's
    /// schemas; a published schema's as its pointer.
    fn locate(&self, location: Option<Location>, file: Option<usize>) -> Option<Location> {
        match (self, location, file) {
            (Side::Published { documents }, Some(Location::Schema(span)), Some(file)) => {
                let (name, _, published) = &documents[file];
                published
                    .pointer(&span)
                    .map(|pointer| Location::Rendered(format!("{name}#{pointer}")))
            }
            (Side::Cards { loaded, .. }, Some(Location::Schema(span)), Some(file)) => {
                let source = loaded.files[file].source();
                let (line, column) = source.line_col(span.start);
                Some(Location::Rendered(format!(
                    "{}:{line}:{column}",
                    source.name
                )))
            }
            (_, location, _) => location,
        }
    }
}

/// `cardc compat`: both versions read as `generate` reads them (or, both `.json`, read back as
/// published JSON Schemas), then compared, type by type wherever each is declared.
fn compare(old: &Side, new: &Side, format: Format, deny: &[Party]) -> ExitCode {
    if matches!(old, Side::Published { .. }) != matches!(new, Side::Published { .. }) {
        // A published schema holds no names in code, so against a schema file every rename
        // would show.
        eprintln!(
            "error: compare a published JSON Schema with another published JSON Schema, and a \
             schema file with a schema file"
        );
        return ExitCode::from(IO_FAILURE);
    }
    let (old_schemas, new_schemas) = (old.schemas(), new.schemas());
    let given = old.given().zip(new.given());
    let compared = compat::project::compare(&old_schemas, &new_schemas, given);
    let changes: Vec<Change> = compared
        .changes
        .into_iter()
        .zip(&compared.files)
        .map(|(change, &(old_file, new_file))| Change {
            old_location: old.locate(change.old_location, old_file),
            new_location: new.locate(change.new_location, new_file),
            ..change
        })
        .collect();
    // A file's version is named in a project, where each file declares its own.
    let project = new_schemas.len() > 1 || old_schemas.len() > 1;
    let names: Vec<(Option<String>, &compat::version::Versioning)> = compared
        .versioning
        .iter()
        .map(|(file, versioning)| {
            let name = match new {
                Side::Cards { loaded, .. } if project => Some(loaded.files[*file].name.clone()),
                _ => None,
            };
            (name, versioning)
        })
        .collect();
    let versioning: Vec<(Option<&str>, &compat::version::Versioning)> = names
        .iter()
        .map(|(name, versioning)| (name.as_deref(), *versioning))
        .collect();
    let sources = report::Versions {
        old: Source {
            name: old.name(),
            ..old.source()
        },
        new: Source {
            name: new.name(),
            ..new.source()
        },
        versioning: &versioning,
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
    for (file, versioning) in versioning.iter().filter(|(_, check)| !check.enough()) {
        match file {
            Some(file) => eprintln!(
                "error: {}: {}",
                escaped(file),
                report::versioning(versioning)
            ),
            None => eprintln!("error: {}", report::versioning(versioning)),
        }
        status = ExitCode::FAILURE;
    }
    status
}
