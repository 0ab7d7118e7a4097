//! `cardc generate` and `cardc check`: a schema's outputs written into a directory, or compared
//! with what is there.

use std::path::PathBuf;
use std::process::ExitCode;

use cardc_codegen::emit;
use cardc_codegen::out::{self, Problem, WriteStatus, display_path};
use cardc_codegen::target::Options;
use cardc_codegen::{header_name, source_name};

use crate::shell::{invocation, shell_word};
use crate::{IO_FAILURE, compiled, read};

/// `cardc generate`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    paths: Paths,
    /// Also delete orphaned outputs: files in --out whose header says this schema
    /// generated them, but which it no longer produces.
    #[arg(long)]
    prune: bool,
}

/// The schema, where its outputs go and how they are written: what `generate` and `check`
/// share.
#[derive(clap::Args)]
pub(crate) struct Paths {
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

/// `cardc generate`: writes the outputs that changed, then reports (or with `--prune` deletes)
/// the orphans.
pub(crate) fn generate(args: &Args) -> ExitCode {
    Run::compile(&args.paths).map_or_else(|status| status, |run| run.generate(args.prune))
}

/// `cardc check`: writes nothing, and fails when an output is stale, missing or orphaned.
pub(crate) fn check(paths: &Paths) -> ExitCode {
    Run::compile(paths).map_or_else(|status| status, |run| run.check())
}

/// One compiled schema and where its outputs go.
struct Run<'a> {
    paths: &'a Paths,
    /// The schema's name in messages (as the user's working directory sees it).
    name: String,
    /// The schema's name in the outputs' headers.
    header: String,
    outputs: Vec<emit::Output>,
}

impl<'a> Run<'a> {
    /// Reads and compiles the schema and emits its outputs; the exit status when it cannot.
    fn compile(paths: &'a Paths) -> Result<Self, ExitCode> {
        let name = source_name(&paths.schema);
        let Some(text) = read(&paths.schema, &name) else {
            eprintln!("error: cannot read schema {name}; nothing was written");
            return Err(ExitCode::from(IO_FAILURE));
        };
        let header = header_name(&paths.schema, &paths.out);
        let Some(schema) = compiled(&header, &name, &text) else {
            return Err(ExitCode::FAILURE);
        };
        let mut options = if paths.self_contained {
            Options::default()
        } else {
            Options::runtimes_beside(emit::TARGETS)
        };
        options.python_distribution = paths.python_distribution.clone();
        let outputs = emit::outputs(&schema, &options);
        Ok(Run {
            paths,
            name,
            header,
            outputs,
        })
    }

    fn generate(&self, prune: bool) -> ExitCode {
        let statuses = match out::write(&self.paths.out, &self.outputs) {
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
        let orphans = match out::orphans(&self.paths.out, &self.header, &self.outputs) {
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
                    problem.report(&self.name)
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
        let problems = match out::check(&self.paths.out, &self.header, &self.outputs) {
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
            eprintln!("{}", problem.report(&self.name));
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
