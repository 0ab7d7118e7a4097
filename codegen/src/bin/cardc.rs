//! The `cardc` command line: `generate` writes a schema's outputs, `check` verifies them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cardc_codegen::diagnostics::Source;
use cardc_codegen::out::{self, Problem, WriteStatus};
use cardc_codegen::{compile, emit, source_name};
use clap::{Parser, Subcommand};

/// Compiles a cardc schema into Rust, JSON Schema and TypeScript that accept the same JSON.
#[derive(Parser)]
#[command(name = "cardc", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the outputs (only those whose contents changed).
    Generate(Paths),
    /// Write nothing; fail if any output is stale, missing or orphaned.
    Check(Paths),
}

#[derive(clap::Args)]
struct Paths {
    /// The schema file, such as schema/render_intent.cards.
    schema: PathBuf,
    /// The directory the outputs live in; nothing is written outside it.
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (paths, checking) = match &cli.command {
        Command::Generate(paths) => (paths, false),
        Command::Check(paths) => (paths, true),
    };
    let source_name = source_name(&paths.schema);
    let text = match std::fs::read_to_string(&paths.schema) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read schema {source_name}: {error}");
            return ExitCode::from(2);
        }
    };
    let schema = match compile(&source_name, &text) {
        Ok(schema) => schema,
        Err(diagnostics) => {
            let source = Source {
                name: &source_name,
                text: &text,
            };
            eprint!("{}", source.render(&diagnostics));
            eprintln!(
                "error: {} problem(s) in {source_name}; nothing was written",
                diagnostics.len()
            );
            return ExitCode::FAILURE;
        }
    };
    let outputs = emit::all(&schema);
    if checking {
        check(paths, &source_name, &outputs)
    } else {
        generate(&paths.out, &outputs)
    }
}

fn generate(out_dir: &Path, outputs: &[emit::Output]) -> ExitCode {
    match out::write(out_dir, outputs) {
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
            eprintln!("error: cannot write to {}: {error}", display_path(out_dir));
            ExitCode::from(2)
        }
    }
}

fn check(paths: &Paths, source_name: &str, outputs: &[emit::Output]) -> ExitCode {
    let problems = match out::check(&paths.out, source_name, outputs) {
        Ok(problems) => problems,
        Err(error) => {
            eprintln!("error: cannot read {}: {error}", display_path(&paths.out));
            return ExitCode::from(2);
        }
    };
    if problems.is_empty() {
        println!(
            "{} output(s) of {source_name} are up to date",
            outputs.len()
        );
        return ExitCode::SUCCESS;
    }
    for problem in &problems {
        match problem {
            Problem::Missing(path) => eprintln!("missing: {}", display_path(path)),
            Problem::Stale(path, diff) => eprintln!("stale: {}\n{diff}", display_path(path)),
            Problem::Orphaned(path) => eprintln!(
                "orphaned: {} (generated from {source_name}, which no longer produces it: delete it)",
                display_path(path)
            ),
        }
    }
    eprintln!(
        "error: {} output(s) out of date; to refresh them run:\n    cargo run --bin cardc -- generate {} --out {}",
        problems.len(),
        source_name,
        display_path(&paths.out)
    );
    ExitCode::FAILURE
}

/// A path as text with `/` separators, so headers and messages read the same on every OS.
fn display_path(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}
