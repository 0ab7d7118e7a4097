//! `cardc doc`: a reference of the contract for people, as one HTML page and one Markdown page.

use std::path::PathBuf;
use std::process::ExitCode;

use cardc_codegen::diagnostics::{Source, escaped};
use cardc_codegen::doc::{self, Baseline};
use cardc_codegen::emit;
use cardc_codegen::out::{self, WriteStatus, display_path};
use cardc_codegen::{header_name, source_name};

use crate::shell::{invocation, shell_word};
use crate::{IO_FAILURE, committed, compiled, read};

/// `cardc doc`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The schema file.
    schema: PathBuf,
    /// The directory the pages go in.
    #[arg(long)]
    out: PathBuf,
    /// An earlier version to compare with: the schema file as committed in this git revision
    /// (`origin/main`, a tag), as `cardc compat --baseline` reads it. The pages show the
    /// versions and the `cardc compat` report from it.
    #[arg(long, value_name = "GIT-REF", conflicts_with = "baseline_file")]
    baseline: Option<String>,
    /// An earlier version of the schema file to compare with, as a file instead of a git
    /// revision.
    #[arg(long, value_name = "OLD")]
    baseline_file: Option<PathBuf>,
    /// Write nothing; fail if a page is stale or missing.
    #[arg(long)]
    check: bool,
}

/// The schema's pages written into `--out` (or, with `--check`, compared with what is there),
/// with the changes from `--baseline` (a git revision) or `--baseline-file` when one is given.
pub(crate) fn run(args: &Args) -> ExitCode {
    let Args {
        schema,
        out,
        baseline: revision,
        baseline_file,
        check,
    } = args;
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
    // The baseline's name, text and name in the pages: named as the pages' header names the
    // schema, the same from every working directory (`v1.0.0:../schema/app.cards` from git).
    let old = match (revision, baseline_file) {
        (Some(revision), _) => {
            let old_header = format!("{revision}:{header}");
            match committed(revision, schema, &name) {
                Some((old_name, old_text)) => Some((old_name, old_text, old_header)),
                None => {
                    eprintln!("error: nothing was written");
                    return ExitCode::from(IO_FAILURE);
                }
            }
        }
        (None, Some(path)) => {
            let old_name = source_name(path);
            let Some(old_text) = read(path, &old_name) else {
                eprintln!(
                    "error: cannot read schema {}; nothing was written",
                    escaped(&old_name)
                );
                return ExitCode::from(IO_FAILURE);
            };
            Some((old_name, old_text, header_name(path, out)))
        }
        (None, None) => None,
    };
    let baseline = match &old {
        None => None,
        Some((old_name, old_text, old_header)) => {
            let Some(old) = compiled(old_header, old_name, old_text) else {
                return ExitCode::FAILURE;
            };
            let source = |name, text| Source { name, text };
            Some(Baseline::new(
                &old,
                &new,
                source(old_header, old_text),
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
    let baseline = match (revision, baseline_file) {
        (Some(revision), _) => format!(" --baseline {}", shell_word(revision.as_ref())),
        (None, Some(path)) => format!(" --baseline-file {}", shell_word(path.as_os_str())),
        (None, None) => String::new(),
    };
    eprintln!(
        "error: {} page(s) out of date; to refresh them run:\n    {} doc {} --out {}{baseline}",
        problems.len(),
        invocation(),
        shell_word(schema.as_os_str()),
        shell_word(out.as_os_str()),
    );
    ExitCode::FAILURE
}
