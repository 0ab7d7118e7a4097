//! The `build.rs` API: compiles a schema through the same core as the CLI and writes the outputs
//! the caller asks for, only where their contents changed.
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), cardc_codegen::build::Error> {
//!     let out_dir = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
//!     cardc_codegen::build::Build::new("schema/render_intent.cards")
//!         .output("rust", out_dir.join("render_intent.rs"))
//!         .run()
//! }
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use crate::out::{self, Problem};
use crate::project::{self, Disk, Text};
use crate::target::{Options, Target};
use crate::{emit, header_name};

/// The environment variable that turns on check mode without changing `build.rs`.
pub const CHECK_ENV: &str = "CARDC_CHECK";

/// A schema to compile and the paths to write its outputs to.
#[derive(Debug, Clone)]
#[must_use = "a Build does nothing until `run` is called"]
pub struct Build {
    schema: PathBuf,
    /// The requested outputs: a target's key and the path to write its output to.
    outputs: Vec<(String, PathBuf)>,
    /// The requested shared runtimes: a target's key and the path of its module.
    shared_runtimes: Vec<(String, PathBuf)>,
    /// The name the Python package is distributed as, when not its import name.
    python_distribution: Option<String>,
    /// The keys of the targets whose outputs are written self-contained.
    self_contained: Vec<String>,
    /// Where a target's output finds the outputs of an imported schema file: target key,
    /// the file's stem, and the location.
    imports: Vec<(String, String, String)>,
    check: bool,
}

impl Build {
    /// Starts a build of the schema at `schema` (relative paths are relative to the build
    /// script's working directory, the crate's manifest directory). Diagnostics name it as
    /// [`crate::source_name`] spells it; each output's header as [`crate::header_name`] does,
    /// relative to the directory the CLI's `--out` would be for that output's path.
    pub fn new(schema: impl Into<PathBuf>) -> Self {
        Build {
            schema: schema.into(),
            outputs: Vec::new(),
            shared_runtimes: Vec::new(),
            python_distribution: None,
            self_contained: Vec::new(),
            imports: Vec::new(),
            check: std::env::var_os(CHECK_ENV)
                .is_some_and(|value| !value.is_empty() && value != "0"),
        }
    }

    /// Writes the output of the target with this key to `path`: `rust` (the items, for
    /// `include!`), `json-schema`, `typescript` or `python` (every key of [`emit::TARGETS`]),
    /// with the target's companion files where the CLI puts them beside it (for `python`, whose
    /// output is a package's `__init__.py`, its `py.typed` beside it and its
    /// `pyproject.toml` one directory up). A key that names no target fails the run, listing
    /// the keys.
    pub fn output(mut self, target: &str, path: impl Into<PathBuf>) -> Self {
        self.outputs.push((target.to_string(), path.into()));
        self
    }

    /// Writes the shared runtime of the target with this key once, as the module at `path`
    /// (such as `web/src/shared/cardc_runtime.ts` for `typescript`), which that target's outputs
    /// import instead of carrying their own copy of its helpers; several schemas may share one.
    /// Without it the runtime is written beside each output, as the CLI writes it.
    pub fn shared_runtime(mut self, target: &str, path: impl Into<PathBuf>) -> Self {
        self.shared_runtimes.push((target.to_string(), path.into()));
        self
    }

    /// The name the Python package is distributed as, its `pyproject.toml`'s `[project] name`
    /// (`acme-render-intent`), instead of its import name; the import name stays the schema's
    /// stem. A name that is not a distribution name fails the run.
    pub fn python_distribution(mut self, name: impl Into<String>) -> Self {
        self.python_distribution = Some(name.into());
        self
    }

    /// Writes the outputs of the target with this key self-contained, each with its own copy of
    /// the helpers it uses and no module beside it, as `cardc generate --self-contained` does.
    pub fn self_contained(mut self, target: &str) -> Self {
        self.self_contained.push(target.to_string());
        self
    }

    /// Where the output of the target with this key finds the outputs of the schema file of
    /// stem `stem` that the schema imports types from, when not where it looks by default: for
    /// `rust` the module path of its items (`crate::contracts::common`; `super::common` by
    /// default, a sibling module), for `typescript` the module specifier without its extension
    /// (`../common/common`; `./common`), for `python` the package (`acme_common`; `common`).
    pub fn import(mut self, target: &str, stem: &str, location: impl Into<String>) -> Self {
        self.imports
            .push((target.to_string(), stem.to_string(), location.into()));
        self
    }

    /// Check mode: compare the outputs with the files and fail on any difference, writing
    /// nothing. Also on when `CARDC_CHECK` is set to anything but `0`, so CI can run
    /// `CARDC_CHECK=1 cargo build` over committed outputs.
    pub fn check(mut self, check: bool) -> Self {
        self.check = check;
        self
    }

    /// Compiles the schema and the schema files it imports, then writes (or, in check mode,
    /// compares) every requested output of the schema: all of them or, on an error, none (see
    /// [`out::write_files`]); missing parent directories are created. Inside a build script it
    /// also tells cargo to rerun when the schema, a file it imports or any output changes, so
    /// check mode notices an output edited or deleted by hand.
    pub fn run(self) -> Result<(), Error> {
        let in_build_script = std::env::var_os("OUT_DIR").is_some();
        if in_build_script {
            println!("cargo:rerun-if-env-changed={CHECK_ENV}");
        }
        if let Some(problem) = self
            .python_distribution
            .as_deref()
            .and_then(crate::naming::python::distribution_problem)
        {
            return Err(Error::new(format!("{problem}; nothing was written")));
        }
        let outputs = resolve(&self.outputs)?;
        let runtimes = resolve(&self.shared_runtimes)?;
        let imports: std::collections::BTreeMap<(&str, String), String> = self
            .imports
            .iter()
            .map(|(key, stem, location)| {
                let target = resolve(&[(key.clone(), PathBuf::new())])?[0].0;
                Ok(((target.key(), stem.clone()), location.clone()))
            })
            .collect::<Result<_, Error>>()?;
        let mut runtime_files = Vec::new();
        for (target, path) in &runtimes {
            let Some(runtime) = target.shared_runtime() else {
                return Err(Error::new(format!(
                    "the {} target has no shared runtime; nothing was written",
                    target.language()
                )));
            };
            runtime_files.push((path.clone(), runtime.contents));
        }
        let name = crate::source_name(&self.schema);
        let loaded = project::load(
            std::slice::from_ref(&self.schema),
            &Disk,
            &crate::source_name,
        );
        // Every file read, so that cargo reruns on a change of any (even of one that was not
        // there: it may be created).
        if in_build_script {
            for file in &loaded.files {
                println!("cargo:rerun-if-changed={}", file.path.display());
            }
        }
        if let Some(file) = loaded.file(&self.schema)
            && let Text::Unreadable(why) = &file.text
        {
            return Err(Error::new(format!(
                "cannot read schema {name}: {why}; nothing was written"
            )));
        }
        let problems = loaded.problem_count();
        let mut schema = match loaded.file(&self.schema).map(|file| &file.checked) {
            Some(Ok(schema)) if problems == 0 => schema.clone(),
            _ => {
                return Err(Error::new(format!(
                    "{}{problems} problem(s) in {name}{}; nothing was written",
                    loaded.report(),
                    if loaded.files.len() > 1 {
                        " and the files it imports"
                    } else {
                        ""
                    }
                )));
            }
        };
        // Each output's header names the schema relative to the directory that the CLI's
        // `--out` would be to write the output at this path (the output's own directory, for a
        // target that writes one file there), so an output is the same bytes whichever front
        // end wrote it; its import of a shared runtime is relative to its own directory.
        let mut files: Vec<(PathBuf, String)> = Vec::new();
        for (target, path) in outputs {
            let dir = path.parent().unwrap_or(Path::new(""));
            let file_name = target.file_name(&schema.stem);
            schema.source_name = header_name(&self.schema, &out_root(&path, &file_name));
            let mut options = Options {
                python_distribution: self.python_distribution.clone(),
                imports: imports.clone(),
                ..Options::default()
            };
            let shared = runtimes
                .iter()
                .find(|(runtime, _)| runtime.key() == target.key());
            let self_contained = self.self_contained.iter().any(|key| key == target.key());
            if let (Some(runtime), false) = (target.shared_runtime(), self_contained) {
                // Beside the output unless asked for elsewhere.
                let module = match shared {
                    Some((_, module)) => module.clone(),
                    None => {
                        let beside = dir.join(runtime.file_name);
                        if !runtime_files.iter().any(|(path, _)| *path == beside) {
                            runtime_files.push((beside.clone(), runtime.contents.clone()));
                        }
                        beside
                    }
                };
                let specifier = (runtime.import_from)(&header_name(&module, dir));
                options.shared_runtimes.insert(target.key(), specifier);
            }
            files.push((path.clone(), target.emit(&schema, &options)));
            // The modules it imports from beside it, such as TypeScript's guards module.
            for (module, contents) in target.modules(&schema, &options) {
                files.push((dir.join(module), contents));
            }
            // The companions go where the CLI puts them relative to this output, so a Python
            // package gets its runtime module and typing marker beside its `__init__.py`.
            let own_dir = Path::new(&file_name).parent().unwrap_or(Path::new(""));
            for (companion, contents) in target.companions(&schema, &options) {
                // Without `dir/..` (`py/pkg/../pyproject.toml` is `py/pyproject.toml`), so
                // reports and cargo's rerun paths name the file as a user would.
                files.push((
                    crate::normalize(&dir.join(relative_to(own_dir, Path::new(&companion)))),
                    contents,
                ));
            }
        }
        files.extend(runtime_files);
        // Every file written or checked, companions included, not only the requested paths:
        // otherwise cargo would not rerun check mode over a hand edit of a companion. (A failed
        // run needs none of these: cargo reruns a build script that failed.)
        if in_build_script {
            for (path, _) in &files {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
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
        Err(Error::new(stale_report(&problems, &name)))
    }
}

/// A build of a whole project: every schema of a project file (`cardc.toml`, see
/// [`crate::project::config`]) and every file they import, each target's outputs where the file
/// says, as `cardc generate` writes them with no schema argument.
///
/// ```no_run
/// // build.rs: the Rust outputs of the project, checked in CI with CARDC_CHECK=1.
/// fn main() -> Result<(), cardc_codegen::build::Error> {
///     cardc_codegen::build::Build::project("cardc.toml").only("rust").run()
/// }
/// ```
#[derive(Debug, Clone)]
#[must_use = "a ProjectBuild does nothing until `run` is called"]
pub struct ProjectBuild {
    file: PathBuf,
    only: Vec<String>,
    check: bool,
}

impl Build {
    /// Starts a build of the project whose file is at `file` (relative to the build script's
    /// working directory, the crate's manifest directory).
    pub fn project(file: impl Into<PathBuf>) -> ProjectBuild {
        ProjectBuild {
            file: file.into(),
            only: Vec::new(),
            check: std::env::var_os(CHECK_ENV)
                .is_some_and(|value| !value.is_empty() && value != "0"),
        }
    }
}

impl ProjectBuild {
    /// Writes only the outputs of the target with this key (called again, of these targets),
    /// as `cardc generate --target` does: a build script wants the Rust outputs, and leaves
    /// the others to the CLI.
    pub fn only(mut self, target: &str) -> Self {
        self.only.push(target.to_string());
        self
    }

    /// Check mode, as [`Build::check`].
    pub fn check(mut self, check: bool) -> Self {
        self.check = check;
        self
    }

    /// Loads the project, then writes (or, in check mode, compares) every output it places:
    /// all or none. Inside a build script it tells cargo to rerun when the project file, a
    /// schema file read or an output changes.
    pub fn run(self) -> Result<(), Error> {
        use crate::project::config;
        let in_build_script = std::env::var_os("OUT_DIR").is_some();
        if in_build_script {
            println!("cargo:rerun-if-env-changed={CHECK_ENV}");
            println!("cargo:rerun-if-changed={}", self.file.display());
        }
        let name = crate::source_name(&self.file);
        let text = std::fs::read_to_string(&self.file)
            .map_err(|error| Error::new(format!("cannot read {name}: {error}")))?;
        let dir = self.file.parent().unwrap_or(Path::new(""));
        let render = |problems: &[crate::diagnostics::Diagnostic]| {
            let source = crate::diagnostics::Source {
                name: &name,
                text: &text,
            };
            Error::new(format!(
                "{}{} problem(s) in {name}; nothing was written",
                source.render(problems),
                problems.len()
            ))
        };
        let config = config::read(dir, &text).map_err(|problems| render(&problems))?;
        let only: Vec<&str> = self.only.iter().map(String::as_str).collect();
        let config = config
            .only(&only)
            .map_err(|problem| Error::new(format!("{problem}; nothing was written")))?;
        let loaded = config.load(&Disk);
        if in_build_script {
            for file in &loaded.files {
                println!("cargo:rerun-if-changed={}", file.path.display());
            }
        }
        if loaded.problem_count() > 0 {
            return Err(Error::new(format!(
                "{}{} problem(s) in the schemas of {name}; nothing was written",
                loaded.report(),
                loaded.problem_count()
            )));
        }
        let batches = project::plan(&loaded, &config.layout)
            .map_err(|problem| Error::new(format!("{problem}; nothing was written")))?;
        let files: Vec<(PathBuf, &str)> = batches.iter().flat_map(project::Batch::files).collect();
        if in_build_script {
            for (path, _) in &files {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
        let io_error = |error: out::Error| Error::new(error.to_string());
        if !self.check {
            return out::write_files(&files).map(drop).map_err(io_error);
        }
        let mut problems = Vec::new();
        for batch in &batches {
            problems.extend(batch.check().map_err(io_error)?);
        }
        if problems.is_empty() {
            return Ok(());
        }
        Err(Error::new(stale_report(&problems, &name)))
    }
}

/// The directory that a target's output at `path` sits in as `file_name` (its path relative to
/// the CLI's `--out`) does: `path`'s parent for a one-component name, further up for a nested one.
fn out_root(path: &Path, file_name: &str) -> PathBuf {
    let depth = Path::new(file_name).components().count();
    path.ancestors()
        .nth(depth)
        .map_or_else(PathBuf::new, Path::to_path_buf)
}

/// `to` (relative to the same directory as `from`) relative to `from`, both plain relative
/// paths of normal components as target file names are.
fn relative_to(from: &Path, to: &Path) -> PathBuf {
    let shared = from
        .components()
        .zip(to.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut relative = PathBuf::new();
    for _ in from.components().skip(shared) {
        relative.push("..");
    }
    relative.extend(to.components().skip(shared));
    relative
}

/// The target of each requested key, or an error naming the first unknown key.
fn resolve(requested: &[(String, PathBuf)]) -> Result<Vec<(&'static dyn Target, PathBuf)>, Error> {
    requested
        .iter()
        .map(|(key, path)| match emit::target(key) {
            Some(target) => Ok((target, path.clone())),
            None => {
                let keys: Vec<String> = emit::TARGETS
                    .iter()
                    .map(|target| format!("`{}`", target.key()))
                    .collect();
                Err(Error::new(format!(
                    "unknown target `{key}`: the targets are {}; nothing was written",
                    keys.join(", ")
                )))
            }
        })
        .collect()
}

fn stale_report(problems: &[Problem], schema: &str) -> String {
    let mut report = String::new();
    for problem in problems {
        report.push_str(&problem.report(schema));
        report.push('\n');
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
