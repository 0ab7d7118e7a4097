//! `cardc fmt`: schema files laid out in the one canonical style.

use std::path::PathBuf;
use std::process::ExitCode;

use cardc_codegen::diagnostics::{Source, escaped};
use cardc_codegen::out;
use cardc_codegen::source_name;

use crate::shell::{invocation, shell_word};
use crate::{IO_FAILURE, read};

/// `cardc fmt`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Write nothing; print how each file would change, and fail if any would.
    #[arg(long)]
    check: bool,
    /// The schema files; with none, every schema file of the project (cardc.toml, found from
    /// the working directory up) and every file they import, all formatted or, when one does
    /// not parse, none.
    #[arg(value_name = "FILES")]
    files: Vec<PathBuf>,
}

/// Lays out every file, going on past one that fails; with `--check`, writes nothing and
/// prints a unified diff for each file that would change.
pub(crate) fn run(args: &Args) -> ExitCode {
    let project = args.files.is_empty();
    let files: Vec<PathBuf> = if project {
        match crate::generate::project_config(None) {
            Ok(config) => config
                .load(&cardc_codegen::project::Disk)
                .files
                .iter()
                .map(|file| PathBuf::from(&file.name))
                .collect(),
            Err(failure) => {
                eprint!("{}", failure.report);
                return failure.status;
            }
        }
    } else {
        args.files.clone()
    };
    let mut unformatted = Vec::new();
    let mut failed = 0;
    // A project is formatted whole or not at all: every file is laid out before any is written.
    let mut pending: Vec<(PathBuf, String, String)> = Vec::new();
    for path in &files {
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
        if args.check {
            print!(
                "{}",
                similar::TextDiff::from_lines(&text, &formatted)
                    .unified_diff()
                    .header(&escaped(&name), &format!("{} (formatted)", escaped(&name)))
            );
            unformatted.push(shell_word(path.as_os_str()));
            continue;
        }
        if project {
            pending.push((path.clone(), name, formatted));
            continue;
        }
        write(path, &name, &formatted, &mut failed);
    }
    if project && failed > 0 {
        eprintln!("error: the project was not formatted: no file was written");
    } else {
        for (path, name, formatted) in &pending {
            write(path, name, formatted, &mut failed);
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
            if project {
                String::new()
            } else {
                unformatted.join(" ")
            }
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// Replaces a schema file with its laid-out text, counting a failure.
fn write(path: &std::path::Path, name: &str, formatted: &str, failed: &mut usize) {
    match out::replace(path, formatted) {
        Ok(_) => println!("formatted {}", escaped(name)),
        Err(error) => {
            eprintln!("error: {error}; it was left as it was");
            *failed += 1;
        }
    }
}
