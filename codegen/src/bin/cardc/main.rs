//! The `cardc` command line: `generate` writes a schema's outputs, `check` verifies them,
//! `compat` says whom the changes between two versions of a schema break, `doc` writes a
//! reference of the contract for people, `fmt` lays schema files out in the one canonical style,
//! `import` writes the schema file that carries a JSON Schema's contract, `lsp` serves an editor.
//! Each subcommand is a module of its own, with its arguments; this file dispatches and holds
//! what they share.

use std::path::Path;
use std::process::ExitCode;

use cardc_codegen::diagnostics::{Source, escaped};
use cardc_codegen::ir::Schema;
use cardc_codegen::{ReadError, compile, read_schema};
use clap::{Parser, Subcommand};

mod compat;
mod doc;
mod fmt;
mod generate;
mod import;
mod init;
mod lsp;
mod shell;
mod watch;

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
    Generate(generate::Args),
    /// Write nothing; fail if any output is stale, missing or orphaned.
    Check(generate::Paths),
    /// Compare two versions of a schema and say whom each change breaks: readers (code
    /// generated from OLD reading NEW's payloads), writers (OLD's code writing payloads NEW
    /// reads) and bridges (exhaustive consumers recompiled against NEW). Exits 0 when no
    /// change breaks a denied party, 1 when one does, 2 when either schema is unreadable or
    /// invalid.
    Compat(compat::Args),
    /// Write a reference of the contract: one static HTML page (`<stem>.html`, which opens
    /// from a file and fetches nothing) and the same in Markdown (`<stem>.md`), only where
    /// their contents changed.
    Doc(doc::Args),
    /// Lay schema files out in the canonical style (comments kept, the contract unchanged),
    /// rewriting those that change. Exits 0 when done, 1 when --check finds a file to change,
    /// 2 when a file is unreadable, does not parse or cannot be written (it is left as it was).
    Fmt(fmt::Args),
    /// Write the schema file that carries a JSON Schema's contract (draft 2020-12 or
    /// draft-07); what the schema language cannot carry is a note in the file and a warning.
    Import(import::Args),
    /// Start a project: write a project file (cardc.toml) and a starter schema, never
    /// overwriting a file, and print the next commands for each language asked for (every
    /// language when none is).
    Init(init::Args),
    /// Run the language server over stdin and stdout, for an editor: diagnostics as you type,
    /// hover, navigation, completion, rename, formatting, quick fixes and breaking changes
    /// against a baseline (see the book's Editors chapter).
    Lsp(lsp::Args),
}

/// Exit status for unreadable input and unwritable output.
const IO_FAILURE: u8 = 2;

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Generate(args) => generate::generate(&args),
        Command::Check(paths) => generate::check(&paths),
        Command::Compat(args) => compat::run(&args),
        Command::Doc(args) => doc::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Import(args) => import::run(&args),
        Command::Init(args) => init::run(&args),
        Command::Lsp(_) => lsp::run(),
    }
}

/// Reads a schema file, reporting why it cannot be read.
fn read(path: &Path, name: &str) -> Option<String> {
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

/// The schema at `path` as committed in git `revision` (what `--baseline` names), named
/// `revision:name` in messages; `None` when git cannot read it, the reason printed.
fn committed(revision: &str, path: &Path, name: &str) -> Option<(String, String)> {
    let label = format!("{revision}:{name}");
    match cardc_codegen::git::committed(revision, path) {
        Ok(text) => Some((label, text)),
        Err(reason) => {
            eprintln!(
                "error: cannot read schema {}: {}",
                escaped(&label),
                escaped(&reason)
            );
            None
        }
    }
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
