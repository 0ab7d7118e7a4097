//! The `cardc` command line: `generate` writes a schema's outputs, `check` verifies them,
//! `compat` says whom the changes between two versions of a schema break, `doc` writes a
//! reference of the contract for people, `fmt` lays schema files out in the one canonical style,
//! `import` writes the schema file that carries a JSON Schema's contract, `lsp` serves an editor.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::ExitCode;

use cardc_codegen::compat::{self, Change, Location, Party, report};
use cardc_codegen::diagnostics::{Source, escaped};
use cardc_codegen::doc::{self, Baseline};
use cardc_codegen::ir::Schema;
use cardc_codegen::out::{self, Problem, WriteStatus, display_path};
use cardc_codegen::published::Published;
use cardc_codegen::target::Options;
use cardc_codegen::{
    ReadError, compile, emit, header_name, read_published, read_schema, source_name,
};
use clap::{Parser, Subcommand};

#[path = "cardc/import.rs"]
mod import;
#[path = "cardc/lsp.rs"]
mod lsp;

/// The emitters build and drop millions of small token trees; under glibc's allocator half of
/// a large schema's time went to `malloc` and `free`, and more with every schema compiled in
/// one process. mimalloc about halves the Rust emitter's time (`benches/generator.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Compiles a cardc schema into Rust, JSON Schema, TypeScript and Python that accept the same JSON.
#[derive(Parser)]
#[command(name = "cardc", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the outputs (only those whose contents changed), all or none of them.
    Generate {
        #[command(flatten)]
        paths: Paths,
        /// Also delete orphaned outputs: files in --out whose header says this schema
        /// generated them, but which it no longer produces.
        #[arg(long)]
        prune: bool,
    },
    /// Write nothing; fail if any output is stale, missing or orphaned.
    Check(Paths),
    /// Compare two versions of a schema and say whom each change breaks: readers (code
    /// generated from OLD reading NEW's payloads), writers (OLD's code writing payloads NEW
    /// reads) and bridges (exhaustive consumers recompiled against NEW). Exits 0 when no
    /// change breaks a denied party, 1 when one does, 2 when either schema is unreadable or
    /// invalid.
    Compat {
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
    },
    /// Write a reference of the contract: one static HTML page (`<stem>.html`, which opens
    /// from a file and fetches nothing) and the same in Markdown (`<stem>.md`), only where
    /// their contents changed.
    Doc {
        /// The schema file.
        schema: PathBuf,
        /// The directory the pages go in.
        #[arg(long)]
        out: PathBuf,
        /// An earlier version of the schema file: the pages show the versions and the `cardc
        /// compat` report from it.
        #[arg(long, value_name = "OLD")]
        baseline: Option<PathBuf>,
        /// Write nothing; fail if a page is stale or missing.
        #[arg(long)]
        check: bool,
    },
    /// Lay schema files out in the canonical style (comments kept, the contract unchanged),
    /// rewriting those that change. Exits 0 when done, 1 when --check finds a file to change,
    /// 2 when a file is unreadable, does not parse or cannot be written (it is left as it was).
    Fmt {
        /// Write nothing; print how each file would change, and fail if any would.
        #[arg(long)]
        check: bool,
        /// The schema files.
        #[arg(required = true, value_name = "FILES")]
        files: Vec<PathBuf>,
    },
    /// Write the schema file that carries a JSON Schema's contract (draft 2020-12 or
    /// draft-07); what the schema language cannot carry is a note in the file and a warning.
    Import {
        /// The JSON Schema file.
        schema: PathBuf,
        /// A JSON pointer to the schema to import instead of the document's root
        /// (`/$defs/Config`): it is the entry, with the types it reaches.
        #[arg(long, value_name = "POINTER")]
        root: Option<String>,
        /// The schema file to write, such as schema/imported.cards.
        #[arg(short, long)]
        out: PathBuf,
    },
    /// Run the language server over stdin and stdout, for an editor: diagnostics as you type,
    /// hover, navigation, completion, rename, formatting, quick fixes and breaking changes
    /// against a baseline (see the book's Editors chapter).
    Lsp {
        /// Accepted and ignored: stdio is the one transport, and some clients say so.
        #[arg(long, hide = true)]
        stdio: bool,
    },
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

#[derive(clap::Args)]
struct Paths {
    /// The schema file, such as schema/render_intent.cards.
    schema: PathBuf,
    /// The directory the outputs live in; nothing is written outside it.
    #[arg(long)]
    out: PathBuf,
    /// Write each output self-contained, its helpers copied in, instead of importing them from
    /// the target's shared runtime, written once into --out (TypeScript's `cardc_runtime.ts`,
    /// with each output's checks in `<stem>.guards.ts` beside it).
    #[arg(long)]
    self_contained: bool,
    /// The name the Python package is distributed as, its pyproject.toml's `[project] name`
    /// (such as acme-render-intent); by default its import name, the schema's file stem.
    #[arg(long, value_name = "NAME", value_parser = python_distribution)]
    python_distribution: Option<String>,
}

/// A `--python-distribution` value, if it is a distribution name.
fn python_distribution(name: &str) -> Result<String, String> {
    match cardc_codegen::naming::python::distribution_problem(name) {
        Some(problem) => Err(problem),
        None => Ok(name.to_string()),
    }
}

/// Exit status for unreadable input and unwritable output.
const IO_FAILURE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (paths, prune) = match &cli.command {
        Command::Generate { paths, prune } => (paths, Some(*prune)),
        Command::Check(paths) => (paths, None),
        Command::Compat {
            schemas,
            baseline,
            format,
            deny,
        } => {
            let Some(versions) = versions(schemas, baseline.as_deref()) else {
                return ExitCode::from(IO_FAILURE);
            };
            return compare(&versions, *format, deny);
        }
        Command::Doc {
            schema,
            out,
            baseline,
            check,
        } => return document(schema, out, baseline.as_deref(), *check),
        Command::Fmt { check, files } => return format_files(files, *check),
        Command::Import { schema, root, out } => {
            return import::run(schema, root.as_deref(), out);
        }
        Command::Lsp { .. } => return lsp::run(),
    };
    let name = source_name(&paths.schema);
    let Some(text) = read(&paths.schema, &name) else {
        eprintln!("error: cannot read schema {name}; nothing was written");
        return ExitCode::from(IO_FAILURE);
    };
    let header = header_name(&paths.schema, &paths.out);
    let schema = match compile(&header, &text) {
        Ok(schema) => schema,
        Err(diagnostics) => {
            let source = Source {
                name: &name,
                text: &text,
            };
            eprint!("{}", source.render(&diagnostics));
            eprintln!(
                "error: {} problem(s) in {name}; nothing was written",
                diagnostics.len()
            );
            return ExitCode::FAILURE;
        }
    };
    let mut options = if paths.self_contained {
        Options::default()
    } else {
        Options::runtimes_beside(emit::TARGETS)
    };
    options.python_distribution = paths.python_distribution.clone();
    let outputs = emit::outputs(&schema, &options);
    let run = Run {
        paths,
        name: &name,
        header: &header,
        outputs: &outputs,
    };
    match prune {
        Some(prune) => run.generate(prune),
        None => run.check(),
    }
}

/// Reads a schema file, reporting why it cannot be read.
fn read(path: &std::path::Path, name: &str) -> Option<String> {
    match read_schema(path) {
        Ok(text) => Some(text),
        Err(ReadError::Io(error)) => {
            eprintln!("error: cannot read schema {name}: {error}");
            None
        }
        Err(ReadError::NotUtf8 { text, diagnostic }) => {
            let source = Source { name, text: &text };
            eprint!("{}", source.render(&[*diagnostic]));
            None
        }
    }
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

/// The schema at `path` as committed in git `revision`, named `revision:name`.
fn committed(revision: &str, path: &std::path::Path, name: &str) -> Option<(String, String)> {
    let label = format!("{revision}:{name}");
    match cardc_codegen::git::committed(revision, path) {
        Ok(text) => Some((label, text)),
        Err(reason) => {
            eprintln!("error: cannot read schema {label}: {reason}");
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

/// Compiles a schema as `generate` does, printing its problems; `None` when it is invalid.
/// `header` is its name in the outputs, `name` in messages.
fn compiled(header: &str, name: &str, text: &str) -> Option<Schema> {
    match compile(header, text) {
        Ok(schema) => Some(schema),
        Err(diagnostics) => {
            let source = Source { name, text };
            eprint!("{}", source.render(&diagnostics));
            eprintln!(
                "error: {} problem(s) in {}; nothing was written",
                diagnostics.len(),
                escaped(name)
            );
            None
        }
    }
}

/// `cardc doc`: the schema's pages written into `out` (or, with `check`, compared with what
/// is there), with the changes from `baseline` when one is given.
fn document(
    schema: &std::path::Path,
    out: &std::path::Path,
    baseline: Option<&std::path::Path>,
    check: bool,
) -> ExitCode {
    let name = source_name(schema);
    let Some(text) = read(schema, &name) else {
        eprintln!(
            "error: cannot read schema {}; nothing was written",
            escaped(&name)
        );
        return ExitCode::from(IO_FAILURE);
    };
    let header = header_name(schema, out);
    let Some(new) = compiled(&header, &name, &text) else {
        return ExitCode::FAILURE;
    };
    let baseline_path = baseline;
    let baseline = match baseline {
        None => None,
        Some(path) => {
            let old_name = source_name(path);
            let Some(old_text) = read(path, &old_name) else {
                eprintln!(
                    "error: cannot read schema {}; nothing was written",
                    escaped(&old_name)
                );
                return ExitCode::from(IO_FAILURE);
            };
            // Named as the pages' header names the schema: the same from every working directory.
            let old_header = header_name(path, out);
            let Some(old) = compiled(&old_header, &old_name, &old_text) else {
                return ExitCode::FAILURE;
            };
            let source = |name, text| Source { name, text };
            Some(Baseline::new(
                &old,
                &new,
                source(&old_header, &old_text),
                source(&header, &text),
            ))
        }
    };
    let outputs: Vec<emit::Output> = doc::pages(&new, baseline.as_ref())
        .into_iter()
        .map(|page| emit::Output {
            path: page.path,
            contents: page.contents,
        })
        .collect();
    // The pages alone: a directory that also holds the schema's generated code is no orphan
    // of theirs, so neither mode looks for orphans.
    if !check {
        return match out::write(out, &outputs) {
            Ok(statuses) => {
                for (path, status) in statuses {
                    let verb = match status {
                        WriteStatus::Written => "wrote",
                        WriteStatus::Unchanged => "unchanged",
                    };
                    println!("{verb} {}", display_path(&path));
                }
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::from(IO_FAILURE)
            }
        };
    }
    let mut problems = Vec::new();
    for output in &outputs {
        match out::compare_file(&out.join(&output.path), &output.contents) {
            Ok(problem) => problems.extend(problem),
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(IO_FAILURE);
            }
        }
    }
    if problems.is_empty() {
        println!("{} page(s) of {name} are up to date", outputs.len());
        return ExitCode::SUCCESS;
    }
    for problem in &problems {
        eprintln!("{}", problem.report(&name));
    }
    let baseline = baseline_path
        .map(|path| format!(" --baseline {}", shell_word(path.as_os_str())))
        .unwrap_or_default();
    eprintln!(
        "error: {} page(s) out of date; to refresh them run:\n    {} doc {} --out {}{baseline}",
        problems.len(),
        invocation(),
        shell_word(schema.as_os_str()),
        shell_word(out.as_os_str()),
    );
    ExitCode::FAILURE
}

/// `cardc fmt`: lays out every file, going on past one that fails; with `check`, writes
/// nothing and prints a unified diff for each file that would change.
fn format_files(files: &[PathBuf], check: bool) -> ExitCode {
    let mut unformatted = Vec::new();
    let mut failed = 0;
    for path in files {
        let name = source_name(path);
        let Some(text) = read(path, &name) else {
            failed += 1;
            continue;
        };
        let formatted = match cardc_codegen::fmt::format(&text) {
            Ok(formatted) => formatted,
            Err(diagnostics) => {
                let source = Source {
                    name: &name,
                    text: &text,
                };
                eprint!("{}", source.render(&diagnostics));
                eprintln!(
                    "error: {} problem(s) in {}; it was not formatted",
                    diagnostics.len(),
                    escaped(&name)
                );
                failed += 1;
                continue;
            }
        };
        if formatted == text {
            continue;
        }
        if check {
            print!(
                "{}",
                similar::TextDiff::from_lines(&text, &formatted)
                    .unified_diff()
                    .header(&escaped(&name), &format!("{} (formatted)", escaped(&name)))
            );
            unformatted.push(shell_word(path.as_os_str()));
            continue;
        }
        match out::replace(path, &formatted) {
            Ok(_) => println!("formatted {}", escaped(&name)),
            Err(error) => {
                eprintln!("error: {error}; it was left as it was");
                failed += 1;
            }
        }
    }
    if failed > 0 {
        return ExitCode::from(IO_FAILURE);
    }
    if !unformatted.is_empty() {
        eprintln!(
            "error: {} file(s) not in cardc's layout; to format them run:\n    {} fmt {}",
            unformatted.len(),
            invocation(),
            unformatted.join(" ")
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// One compiled schema and where its outputs go.
struct Run<'a> {
    paths: &'a Paths,
    /// The schema's name in messages (as the user's working directory sees it).
    name: &'a str,
    /// The schema's name in the outputs' headers.
    header: &'a str,
    outputs: &'a [emit::Output],
}

impl Run<'_> {
    fn generate(&self, prune: bool) -> ExitCode {
        let statuses = match out::write(&self.paths.out, self.outputs) {
            Ok(statuses) => statuses,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(IO_FAILURE);
            }
        };
        for (path, status) in statuses {
            let verb = match status {
                WriteStatus::Written => "wrote",
                WriteStatus::Unchanged => "unchanged",
            };
            println!("{verb} {}", display_path(&path));
        }
        let orphans = match out::orphans(&self.paths.out, self.header, self.outputs) {
            Ok(orphans) => orphans,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(IO_FAILURE);
            }
        };
        if !prune {
            for orphan in &orphans {
                let problem = Problem::Orphaned(orphan.clone());
                eprintln!(
                    "warning: {}; rerun with --prune to delete it",
                    problem.report(self.name)
                );
            }
            return ExitCode::SUCCESS;
        }
        if let Err(error) = out::remove(&orphans) {
            eprintln!("error: {error}");
            return ExitCode::from(IO_FAILURE);
        }
        for orphan in &orphans {
            println!("deleted {}", display_path(orphan));
        }
        ExitCode::SUCCESS
    }

    fn check(&self) -> ExitCode {
        let problems = match out::check(&self.paths.out, self.header, self.outputs) {
            Ok(problems) => problems,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(IO_FAILURE);
            }
        };
        if problems.is_empty() {
            println!(
                "{} output(s) of {} are up to date",
                self.outputs.len(),
                self.name
            );
            return ExitCode::SUCCESS;
        }
        for problem in &problems {
            eprintln!("{}", problem.report(self.name));
        }
        let orphaned = problems
            .iter()
            .any(|problem| matches!(problem, Problem::Orphaned(_)));
        eprintln!(
            "error: {} output(s) out of date; to refresh them run:\n    {} generate {} --out {}{}{}",
            problems.len(),
            invocation(),
            shell_word(self.paths.schema.as_os_str()),
            shell_word(self.paths.out.as_os_str()),
            if self.paths.self_contained {
                " --self-contained"
            } else {
                ""
            },
            if orphaned { " --prune" } else { "" }
        );
        ExitCode::FAILURE
    }
}

/// How the user ran cardc, so that a printed command can be pasted back: `cargo run --bin
/// cardc --` when cargo ran this very package's binary (cargo sets these two variables for the
/// program it runs), else the program name exactly as invoked (`cardc` from `PATH`, or a path).
fn invocation() -> String {
    let set_to =
        |variable: &str, value: &str| std::env::var_os(variable).is_some_and(|v| v == value);
    if set_to("CARGO_PKG_NAME", env!("CARGO_PKG_NAME"))
        && set_to("CARGO_MANIFEST_DIR", env!("CARGO_MANIFEST_DIR"))
    {
        return "cargo run --bin cardc --".to_string();
    }
    std::env::args_os()
        .next()
        .map_or_else(|| "cardc".to_string(), |program| shell_word(&program))
}

/// An argument as a POSIX shell reads it back: as it is when it has nothing special, else in
/// single quotes.
fn shell_word(word: &OsStr) -> String {
    let word = word.to_string_lossy();
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c));
    if plain {
        word.into_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}
