//! `cardc generate` and `cardc check`: the outputs of schema files, and of the files they
//! import, written into a directory, or compared with what is there.

use std::path::PathBuf;
use std::process::ExitCode;

use cardc_codegen::diagnostics::{Source, escaped};
use cardc_codegen::emit;
use cardc_codegen::out::{self, Problem, WriteStatus, display_path};
use cardc_codegen::project::config::{self, Config};
use cardc_codegen::project::{self, Batch, Disk, Layout, Loaded, Placement, Runtime};
use cardc_codegen::target::Target;

use crate::IO_FAILURE;
use crate::shell::{invocation, shell_word};

/// `cardc generate`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    paths: Paths,
    /// Also delete orphaned outputs: files in --out whose header says one of these schemas
    /// generated them, but which it no longer produces.
    #[arg(long)]
    prune: bool,
    /// Keep going: generate again on every change of a schema file read or of the project
    /// file (debounced), reporting problems and waiting for a fix, until interrupted.
    #[arg(long, conflicts_with = "prune")]
    watch: bool,
}

/// The schemas, where their outputs go and how they are written: what `generate` and `check`
/// share.
#[derive(clap::Args)]
pub(crate) struct Paths {
    /// The schema files, such as schema/render_intent.cards; the files they import are read
    /// and written too. With none, the project file's (cardc.toml, found from the working
    /// directory up, or --project), and the outputs go where it says.
    #[arg(value_name = "SCHEMAS", requires = "out")]
    schemas: Vec<PathBuf>,
    /// The directory the outputs live in; nothing is written outside it.
    #[arg(long, requires = "schemas")]
    out: Option<PathBuf>,
    /// The project file, when it is not the cardc.toml found from the working directory up.
    #[arg(long, value_name = "FILE", conflicts_with = "schemas")]
    project: Option<PathBuf>,
    /// Write each output self-contained, its helpers copied in, instead of importing them from
    /// the target's shared runtime, written once into --out (TypeScript's `cardc_runtime.ts`,
    /// with each output's checks in `<stem>.guards.ts` beside it).
    #[arg(long, requires = "schemas")]
    self_contained: bool,
    /// The name the Python package is distributed as, its pyproject.toml's `[project] name`
    /// (such as acme-render-intent); by default its import name, the schema's file stem. Only
    /// for one schema file that imports none.
    #[arg(long, value_name = "NAME", value_parser = python_distribution, requires = "schemas")]
    python_distribution: Option<String>,
    /// Only the outputs of these targets: `rust`, `json-schema`, `typescript`, `python`
    /// (repeated, or separated by commas); every target's by default.
    #[arg(long = "target", value_name = "KEY", value_delimiter = ',', value_parser = target)]
    targets: Vec<&'static dyn Target>,
}

/// A `--python-distribution` value, if it is a distribution name.
fn python_distribution(name: &str) -> Result<String, String> {
    match cardc_codegen::naming::python::distribution_problem(name) {
        Some(problem) => Err(problem),
        None => Ok(name.to_string()),
    }
}

/// A `--target` value, if it is a target's key.
pub(crate) fn target(key: &str) -> Result<&'static dyn Target, String> {
    emit::target(key).ok_or_else(|| {
        let keys: Vec<&str> = emit::TARGETS.iter().map(|target| target.key()).collect();
        format!("`{key}` is no target: {}", keys.join(", "))
    })
}

/// `cardc generate`: writes the outputs that changed, then reports (or with `--prune` deletes)
/// the orphans.
pub(crate) fn generate(args: &Args) -> ExitCode {
    if args.watch {
        return crate::watch::run(&args.paths);
    }
    Run::compile(&args.paths).map_or_else(|status| status, |run| run.generate(args.prune))
}

/// `cardc check`: writes nothing, and fails when an output is stale, missing or orphaned.
pub(crate) fn check(paths: &Paths) -> ExitCode {
    Run::compile(paths).map_or_else(|status| status, |run| run.check())
}

/// The compiled schemas and their outputs, placed.
struct Run<'a> {
    paths: &'a Paths,
    loaded: Loaded,
    batches: Vec<Batch>,
}

impl<'a> Run<'a> {
    /// Loads and checks the schemas and places their outputs; the exit status when it cannot,
    /// its problems printed.
    fn compile(paths: &'a Paths) -> Result<Self, ExitCode> {
        match prepare(paths) {
            Ok((loaded, batches)) => Ok(Run {
                paths,
                loaded,
                batches,
            }),
            Err(failure) => {
                eprint!("{}", failure.report);
                Err(failure.status)
            }
        }
    }

    /// The name of the schema of a batch, in messages.
    fn name(&self, batch: &Batch) -> &str {
        batch
            .schema
            .map_or("cardc", |index| &self.loaded.files[index].name)
    }

    fn generate(&self, prune: bool) -> ExitCode {
        let files: Vec<(PathBuf, &str)> = self.batches.iter().flat_map(Batch::files).collect();
        let statuses = match out::write_files(&files) {
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
        let mut orphans = Vec::new();
        for batch in self.batches.iter().filter(|batch| batch.schema.is_some()) {
            match out::orphans(&batch.dir, &batch.header, &batch.outputs) {
                Ok(found) => orphans.extend(found.into_iter().map(|path| (batch, path))),
                Err(error) => {
                    eprintln!("error: {error}");
                    return ExitCode::from(IO_FAILURE);
                }
            }
        }
        if !prune {
            for (batch, orphan) in &orphans {
                let problem = Problem::Orphaned(orphan.clone());
                eprintln!(
                    "warning: {}; rerun with --prune to delete it",
                    problem.report(self.name(batch))
                );
            }
            return ExitCode::SUCCESS;
        }
        let paths: Vec<PathBuf> = orphans.iter().map(|(_, path)| path.clone()).collect();
        if let Err(error) = out::remove(&paths) {
            eprintln!("error: {error}");
            return ExitCode::from(IO_FAILURE);
        }
        for orphan in &paths {
            println!("deleted {}", display_path(orphan));
        }
        ExitCode::SUCCESS
    }

    fn check(&self) -> ExitCode {
        let mut problems = Vec::new();
        let mut count = 0;
        for batch in &self.batches {
            count += batch.outputs.len();
            match batch.check() {
                Ok(found) => problems.extend(found.into_iter().map(|problem| (batch, problem))),
                Err(error) => {
                    eprintln!("error: {error}");
                    return ExitCode::from(IO_FAILURE);
                }
            }
        }
        let names: Vec<&str> = self
            .loaded
            .files
            .iter()
            .map(|file| file.name.as_str())
            .collect();
        if problems.is_empty() {
            // A large project is counted rather than listed.
            let of = match names.len() {
                0..=3 => names.join(", "),
                files => format!("{files} schema files"),
            };
            println!("{count} output(s) of {of} are up to date");
            return ExitCode::SUCCESS;
        }
        for (batch, problem) in &problems {
            eprintln!("{}", problem.report(self.name(batch)));
        }
        let orphaned = problems
            .iter()
            .any(|(_, problem)| matches!(problem, Problem::Orphaned(_)));
        eprintln!(
            "error: {} output(s) out of date; to refresh them run:\n    {} generate{}{}",
            problems.len(),
            invocation(),
            self.paths.arguments(),
            if orphaned { " --prune" } else { "" }
        );
        ExitCode::FAILURE
    }
}

/// Why the outputs cannot be placed: the report to print, the exit status, and the files read
/// on the way (which `--watch` watches for a fix).
pub(crate) struct Failure {
    pub(crate) report: String,
    pub(crate) status: ExitCode,
    pub(crate) inputs: Vec<PathBuf>,
}

/// Reads the project file (with no schema argument) and the schemas, checks them and places
/// their outputs: the loaded schemas and the batches, or why not.
pub(crate) fn prepare(paths: &Paths) -> Result<(Loaded, Vec<Batch>), Failure> {
    let (loaded, layout) = match &paths.out {
        Some(out) => {
            let loaded = project::load(&paths.schemas, &Disk, &cardc_codegen::source_name);
            let layout = command_line_layout(paths, out, &loaded);
            (loaded, layout)
        }
        None => {
            let config = project_config(paths.project.as_deref())?;
            let keys: Vec<&str> = paths.targets.iter().map(|target| target.key()).collect();
            let config = config.only(&keys).map_err(|problem| Failure {
                report: format!("error: {problem}; nothing was written\n"),
                status: ExitCode::from(IO_FAILURE),
                inputs: Vec::new(),
            })?;
            (config.load(&Disk), config.layout)
        }
    };
    let inputs = || loaded.files.iter().map(|file| file.path.clone()).collect();
    if let Some((report, status)) = problems_report(&loaded) {
        return Err(Failure {
            report,
            status,
            inputs: inputs(),
        });
    }
    if paths.python_distribution.is_some() && loaded.files.len() > 1 {
        return Err(Failure {
            report: format!(
                "error: --python-distribution names the package of one schema file, and these \
                 are {}: name each one's in a project file (cardc.toml); nothing was written\n",
                loaded.files.len()
            ),
            status: ExitCode::from(IO_FAILURE),
            inputs: inputs(),
        });
    }
    match project::plan(&loaded, &layout) {
        Ok(batches) => Ok((loaded, batches)),
        Err(problem) => Err(Failure {
            report: format!("error: {problem}; nothing was written\n"),
            status: ExitCode::FAILURE,
            inputs: inputs(),
        }),
    }
}

impl Paths {
    /// The project file the paths act on: none when they name schema files.
    pub(crate) fn project_file(&self) -> Option<PathBuf> {
        match self.out {
            Some(_) => None,
            None => project_file(self.project.as_deref()),
        }
    }

    /// The arguments as given, for a command to paste back: ` a.cards --out out --target rust`.
    fn arguments(&self) -> String {
        let mut words: Vec<String> = self
            .schemas
            .iter()
            .map(|schema| shell_word(schema.as_os_str()))
            .collect();
        if let Some(out) = &self.out {
            words.push(format!("--out {}", shell_word(out.as_os_str())));
        }
        if let Some(project) = &self.project {
            words.push(format!("--project {}", shell_word(project.as_os_str())));
        }
        if self.self_contained {
            words.push("--self-contained".to_string());
        }
        if let Some(name) = &self.python_distribution {
            words.push(format!(
                "--python-distribution {}",
                shell_word(name.as_ref())
            ));
        }
        words.extend(
            self.targets
                .iter()
                .map(|target| format!("--target {}", target.key())),
        );
        words.iter().map(|word| format!(" {word}")).collect()
    }
}

/// Where the command line puts every target's outputs: all in `--out`, each target's shared
/// runtime beside them unless `--self-contained`.
fn command_line_layout(paths: &Paths, out: &std::path::Path, loaded: &Loaded) -> Layout {
    let targets: &[&'static dyn Target] = if paths.targets.is_empty() {
        emit::TARGETS
    } else {
        &paths.targets
    };
    let runtime = if paths.self_contained {
        Runtime::SelfContained
    } else {
        Runtime::Beside
    };
    Layout {
        placements: emit::TARGETS
            .iter()
            .filter(|target| targets.iter().any(|kept| kept.key() == target.key()))
            .map(|&target| Placement {
                target,
                dir: out.to_path_buf(),
                runtime: runtime.clone(),
            })
            .collect(),
        python_distributions: paths
            .python_distribution
            .iter()
            .zip(loaded.schemas().unwrap_or_default())
            .map(|(name, schema)| (schema.stem.clone(), name.clone()))
            .collect(),
        ..Layout::default()
    }
}

/// Where the project file is: at `path`, or the one found from the working directory up.
pub(crate) fn project_file(path: Option<&std::path::Path>) -> Option<PathBuf> {
    match path {
        Some(path) => Some(path.to_path_buf()),
        None => config::find(&std::env::current_dir().unwrap_or_default()),
    }
}

/// The project file at `path`, or the one found from the working directory up, read; or why
/// there is none, or its problems.
pub(crate) fn project_config(path: Option<&std::path::Path>) -> Result<Config, Failure> {
    let Some(path) = project_file(path) else {
        return Err(Failure {
            report: format!(
                "error: no schema file given, and no {} here or in a directory above; name the \
                 schema files and --out, or run `{} init` to start a project\n",
                config::FILE_NAME,
                invocation()
            ),
            status: ExitCode::from(IO_FAILURE),
            inputs: Vec::new(),
        });
    };
    let name = cardc_codegen::source_name(&path);
    let failure = |report: String, status: ExitCode| Failure {
        report,
        status,
        inputs: vec![project::absolute(&path)],
    };
    let text = std::fs::read_to_string(&path).map_err(|error| {
        failure(
            format!("error: cannot read {}: {error}\n", escaped(&name)),
            ExitCode::from(IO_FAILURE),
        )
    })?;
    let dir = std::path::Path::new(&name)
        .parent()
        .unwrap_or(std::path::Path::new(""));
    config::read(dir, &text).map_err(|problems| {
        let source = Source {
            name: &name,
            text: &text,
        };
        failure(
            format!(
                "{}error: {} problem(s) in {}; nothing was written\n",
                source.render(&problems),
                problems.len(),
                escaped(&name)
            ),
            ExitCode::FAILURE,
        )
    })
}

/// Every problem of the loaded schemas, with a last line that counts them, and the exit status
/// (an I/O failure when a schema asked for cannot be read); `None` when there are none.
pub(crate) fn problems_report(loaded: &Loaded) -> Option<(String, ExitCode)> {
    let count = loaded.problem_count();
    if count == 0 {
        return None;
    }
    let mut report = loaded.report();
    let failing: Vec<&project::File> = loaded
        .files
        .iter()
        .filter(|file| file.checked.is_err())
        .collect();
    let unreadable = failing.iter().any(|file| file.unreadable());
    report.push_str(&match failing.as_slice() {
        [file] if unreadable => format!(
            "error: cannot read schema {}; nothing was written\n",
            escaped(&file.name)
        ),
        [file] => format!(
            "error: {count} problem(s) in {}; nothing was written\n",
            escaped(&file.name)
        ),
        files => format!(
            "error: {count} problem(s) in {} schema files; nothing was written\n",
            files.len()
        ),
    });
    let status = if unreadable {
        ExitCode::from(IO_FAILURE)
    } else {
        ExitCode::FAILURE
    };
    Some((report, status))
}
