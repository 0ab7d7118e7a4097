//! The `build.rs` API: compiles a schema through the same core as the CLI and writes the outputs
//! the caller asks for, only where their contents changed.
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), cardc_codegen::build::Error> {
//!     let out_dir = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
//!     cardc_codegen::build::Build::new("schema/render_intent.cards")
//!         .rust(out_dir.join("render_intent.rs"))
//!         .run()
//! }
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use crate::diagnostics::Source;
use crate::out::{self, Problem, display_path};
use crate::{ReadError, compile, emit, header_name, ir, read_schema};

/// One output's emitter.
type Emitter = Box<dyn Fn(&ir::Schema) -> String>;

/// The environment variable that turns on check mode without changing `build.rs`.
pub const CHECK_ENV: &str = "CARDC_CHECK";

/// A schema to compile and the paths to write its outputs to.
#[derive(Debug, Clone)]
#[must_use = "a Build does nothing until `run` is called"]
pub struct Build {
    schema: PathBuf,
    rust: Option<PathBuf>,
    json_schema: Option<PathBuf>,
    typescript: Option<PathBuf>,
    typescript_runtime: Option<PathBuf>,
    check: bool,
}

impl Build {
    /// Starts a build of the schema at `schema` (relative paths are relative to the build
    /// script's working directory, the crate's manifest directory). Diagnostics name it as
    /// [`crate::source_name`] spells it; each output's header as [`crate::header_name`] does,
    /// relative to that output's directory.
    pub fn new(schema: impl Into<PathBuf>) -> Self {
        Build {
            schema: schema.into(),
            rust: None,
            json_schema: None,
            typescript: None,
            typescript_runtime: None,
            check: std::env::var_os(CHECK_ENV)
                .is_some_and(|value| !value.is_empty() && value != "0"),
        }
    }

    /// Writes the Rust items to `path` (for `include!`).
    pub fn rust(mut self, path: impl Into<PathBuf>) -> Self {
        self.rust = Some(path.into());
        self
    }

    /// Writes the JSON Schema to `path`.
    pub fn json_schema(mut self, path: impl Into<PathBuf>) -> Self {
        self.json_schema = Some(path.into());
        self
    }

    /// Writes the TypeScript to `path`.
    pub fn typescript(mut self, path: impl Into<PathBuf>) -> Self {
        self.typescript = Some(path.into());
        self
    }

    /// Writes the guards' helpers and `assertNever` once, as the module at `path` (such as
    /// `web/src/cardc_runtime.ts`), which the TypeScript output imports instead of carrying its
    /// own copy; several schemas may share one. Without it the TypeScript is self-contained.
    pub fn typescript_runtime(mut self, path: impl Into<PathBuf>) -> Self {
        self.typescript_runtime = Some(path.into());
        self
    }

    /// Check mode: compare the outputs with the files and fail on any difference, writing
    /// nothing. Also on when `CARDC_CHECK` is set to anything but `0`, so CI can run
    /// `CARDC_CHECK=1 cargo build` over committed outputs.
    pub fn check(mut self, check: bool) -> Self {
        self.check = check;
        self
    }

    /// Compiles the schema, then writes (or, in check mode, compares) every requested output:
    /// all of them or, on an error, none (see [`out::write_files`]); missing parent
    /// directories are created. Inside a build script it also tells cargo to rerun when the
    /// schema or any output changes, so check mode notices an output edited or deleted by hand.
    pub fn run(self) -> Result<(), Error> {
        let typescript_runtime = match (&self.typescript, &self.typescript_runtime) {
            (Some(typescript), Some(runtime)) => {
                let dir = typescript.parent().unwrap_or(Path::new(""));
                emit::typescript::Runtime::Shared(import_specifier(runtime, dir))
            }
            _ => emit::typescript::Runtime::Inline,
        };
        let typescript: Emitter =
            Box::new(move |schema| emit::typescript::emit_with(schema, &typescript_runtime));
        let requested: Vec<(PathBuf, Emitter)> = [
            (self.rust, Box::new(emit::rust::emit) as Emitter),
            (self.json_schema, Box::new(emit::json_schema::emit)),
            (self.typescript, typescript),
            (
                self.typescript_runtime,
                Box::new(|_: &ir::Schema| emit::typescript::shared_runtime()),
            ),
        ]
        .into_iter()
        .filter_map(|(path, emit)| path.map(|path| (path, emit)))
        .collect();
        if std::env::var_os("OUT_DIR").is_some() {
            println!("cargo:rerun-if-changed={}", self.schema.display());
            for (path, _) in &requested {
                println!("cargo:rerun-if-changed={}", path.display());
            }
            println!("cargo:rerun-if-env-changed={CHECK_ENV}");
        }
        let name = crate::source_name(&self.schema);
        let text = read_schema(&self.schema).map_err(|error| match error {
            ReadError::Io(error) => Error::new(format!("cannot read schema {name}: {error}")),
            ReadError::NotUtf8 { text, diagnostic } => {
                let source = Source {
                    name: &name,
                    text: &text,
                };
                Error::new(format!(
                    "{}cannot read schema {name}; nothing was written",
                    source.render(&[*diagnostic])
                ))
            }
        })?;
        let mut schema = compile(&name, &text).map_err(|diagnostics| {
            let source = Source {
                name: &name,
                text: &text,
            };
            Error::new(format!(
                "{}{} problem(s) in {name}; nothing was written",
                source.render(&diagnostics),
                diagnostics.len()
            ))
        })?;
        // Each output's header names the schema relative to that output's own directory, as
        // the CLI's do, so an output is the same bytes whichever front end wrote it there.
        let files: Vec<(PathBuf, String)> = requested
            .into_iter()
            .map(|(path, emit)| {
                let dir = path.parent().unwrap_or(Path::new(""));
                schema.source_name = header_name(&self.schema, dir);
                let contents = emit(&schema);
                (path, contents)
            })
            .collect();
        let io_error = |error: out::Error| Error::new(error.to_string());
        if !self.check {
            let files: Vec<(PathBuf, &str)> = files
                .iter()
                .map(|(path, contents)| (path.clone(), contents.as_str()))
                .collect();
            return out::write_files(&files).map(drop).map_err(io_error);
        }
        let mut problems = Vec::new();
        for (path, contents) in &files {
            problems.extend(out::compare_file(path, contents).map_err(io_error)?);
        }
        if problems.is_empty() {
            return Ok(());
        }
        Err(Error::new(stale_report(&problems)))
    }
}

fn stale_report(problems: &[Problem]) -> String {
    let mut report = String::new();
    for problem in problems {
        match problem {
            Problem::Missing(path) => {
                report.push_str(&format!("missing: {}\n", display_path(path)));
            }
            Problem::Stale(path, diff) => {
                report.push_str(&format!("stale: {}\n{diff}\n", display_path(path)));
            }
            Problem::Orphaned(path) => {
                report.push_str(&format!("orphaned: {}\n", display_path(path)));
            }
        }
    }
    report.push_str(&format!(
        "{} output(s) out of date; this build is in check mode ({CHECK_ENV} set, or \
         Build::check(true)): to refresh them, run the same `cargo build` without {CHECK_ENV}",
        problems.len()
    ));
    report
}

/// Why a build failed: the rendered report, the same text the CLI prints.
///
/// `Debug` prints the report too, so that `fn main() -> Result<(), Error>` in a build script
/// shows it as it is rather than as an escaped string.
pub struct Error {
    report: String,
}

impl Error {
    fn new(report: String) -> Self {
        Error { report }
    }

    /// The rendered report.
    pub fn report(&self) -> &str {
        &self.report
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.report)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", self.report)
    }
}

impl std::error::Error for Error {}

/// How a TypeScript output in `dir` imports the module at `module`: its path relative to `dir`
/// (`./cardc_runtime.js`, `../shared/cardc_runtime.js`), with the extension an ES module import
/// names (TypeScript maps `.js` back to the `.ts` file).
fn import_specifier(module: &Path, dir: &Path) -> String {
    let relative = header_name(module, dir);
    let relative = [(".mts", ".mjs"), (".cts", ".cjs"), (".ts", ".js")]
        .into_iter()
        .find_map(|(from, to)| {
            relative
                .strip_suffix(from)
                .map(|stem| format!("{stem}{to}"))
        })
        .unwrap_or(relative);
    if relative.starts_with("../") || relative.starts_with('/') {
        relative
    } else {
        format!("./{relative}")
    }
}
