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
use std::path::PathBuf;

use crate::diagnostics::Source;
use crate::out::{self, Problem};
use crate::{compile, emit};

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
    check: bool,
}

impl Build {
    /// Starts a build of the schema at `schema` (relative paths are relative to the build
    /// script's working directory, the crate's manifest directory). The path names the schema
    /// in diagnostics and in the outputs' headers, as [`crate::source_name`] spells it.
    pub fn new(schema: impl Into<PathBuf>) -> Self {
        Build {
            schema: schema.into(),
            rust: None,
            json_schema: None,
            typescript: None,
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

    /// Check mode: compare the outputs with the files and fail on any difference, writing
    /// nothing. Also on when `CARDC_CHECK` is set to anything but `0`, so CI can run
    /// `CARDC_CHECK=1 cargo build` over committed outputs.
    pub fn check(mut self, check: bool) -> Self {
        self.check = check;
        self
    }

    /// Compiles the schema, then writes (or, in check mode, compares) every requested output.
    /// Inside a build script it also tells cargo to rerun when the schema changes.
    pub fn run(self) -> Result<(), Error> {
        if std::env::var_os("OUT_DIR").is_some() {
            println!("cargo:rerun-if-changed={}", self.schema.display());
            println!("cargo:rerun-if-env-changed={CHECK_ENV}");
        }
        let source_name = crate::source_name(&self.schema);
        let text = std::fs::read_to_string(&self.schema)
            .map_err(|error| Error::new(format!("cannot read schema {source_name}: {error}")))?;
        let schema = compile(&source_name, &text).map_err(|diagnostics| {
            let source = Source {
                name: &source_name,
                text: &text,
            };
            Error::new(format!(
                "{}{} problem(s) in {source_name}; nothing was written",
                source.render(&diagnostics),
                diagnostics.len()
            ))
        })?;
        let outputs = [
            (self.rust, emit::rust::emit(&schema)),
            (self.json_schema, emit::json_schema::emit(&schema)),
            (self.typescript, emit::typescript::emit(&schema)),
        ];
        let mut problems = Vec::new();
        for (path, contents) in outputs {
            let Some(path) = path else { continue };
            let io_error = |error| Error::new(format!("cannot access {}: {error}", path.display()));
            if self.check {
                problems.extend(out::compare_file(&path, &contents).map_err(io_error)?);
            } else {
                out::write_file(&path, &contents).map_err(io_error)?;
            }
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
            Problem::Missing(path) => report.push_str(&format!("missing: {}\n", path.display())),
            Problem::Stale(path, diff) => {
                report.push_str(&format!("stale: {}\n{diff}\n", path.display()))
            }
            Problem::Orphaned(path) => report.push_str(&format!("orphaned: {}\n", path.display())),
        }
    }
    report.push_str(&format!(
        "{} output(s) out of date (check mode, {CHECK_ENV} or Build::check): build without check \
         mode to refresh them",
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
