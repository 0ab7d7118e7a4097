//! `cardc doc`: a reference of the contract for people, as one HTML page and one Markdown page.

use std::path::PathBuf;
use std::process::ExitCode;

use cardc_codegen::diagnostics::Source;
use cardc_codegen::doc::{self, Baseline};
use cardc_codegen::emit;
use cardc_codegen::ir::Schema;
use cardc_codegen::out::{self, WriteStatus, display_path};
use cardc_codegen::project::{self, Disk, Text};
use cardc_codegen::{header_name, source_name};

use crate::IO_FAILURE;
use crate::shell::{invocation, shell_word};

/// `cardc doc`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
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
}

/// The schema's pages written into `--out` (or, with `--check`, compared with what is there),
/// with the changes from `--baseline` when one is given.
pub(crate) fn run(args: &Args) -> ExitCode {
    let Args {
        schema,
        out,
        baseline,
        check,
    } = args;
    let name = source_name(schema);
    let (new, text) = match loaded(schema, out) {
        Ok(loaded) => loaded,
        Err(status) => return status,
    };
    let header = header_name(schema, out);
    let baseline_path = baseline;
    let baseline = match baseline {
        None => None,
        Some(path) => {
            let (old, old_text) = match loaded(path, out) {
                Ok(loaded) => loaded,
                Err(status) => return status,
            };
            // Named as the pages' header names the schema: the same from every working directory.
            let old_header = header_name(path, out);
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
        .as_ref()
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

/// The schema at `path`, read with the files it imports (its pages show their types too, each
/// with the file it is from), named in its pages as written into `out`; and its text. The exit
/// status when it cannot be read or a file does not check, every problem printed.
fn loaded(path: &std::path::Path, out: &std::path::Path) -> Result<(Schema, String), ExitCode> {
    let mut loaded = project::load(&[path.to_path_buf()], &Disk, &|schema| {
        header_name(schema, out)
    });
    if let Some((report, status)) = crate::generate::problems_report(&loaded) {
        eprint!("{report}");
        return Err(status);
    }
    let root = loaded.files.iter().position(|file| file.root);
    match root.map(|root| loaded.files.swap_remove(root)) {
        Some(project::File {
            checked: Ok(schema),
            text: Text::Read(text) | Text::NotUtf8(text),
            ..
        }) => Ok((schema, text)),
        _ => Err(ExitCode::from(IO_FAILURE)),
    }
}
