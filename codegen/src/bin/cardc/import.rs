//! `cardc import`: a JSON Schema in, the `.cards` file that carries its contract out, checked
//! by the compiler before it is written.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cardc_codegen::diagnostics::Source;
use cardc_codegen::{compile, import_json_schema, source_name};

use crate::IO_FAILURE;

/// `cardc import`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The JSON Schema file.
    schema: PathBuf,
    /// A JSON pointer to the schema to import instead of the document's root
    /// (`/$defs/Config`): it is the entry, with the types it reaches.
    #[arg(long, value_name = "POINTER")]
    root: Option<String>,
    /// The schema file to write, such as schema/imported.cards.
    #[arg(short, long)]
    out: PathBuf,
}

/// Imports the JSON Schema (at `--root`, a JSON pointer, when given) into `--out`: 0 when
/// written (or already so), 1 when the document cannot be imported, 2 when a file cannot be read or
/// written.
pub(crate) fn run(args: &Args) -> ExitCode {
    let (schema, root, out) = (&args.schema, args.root.as_deref(), &args.out);
    let name = source_name(schema);
    let text = match std::fs::read_to_string(schema) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read {name}: {error}");
            return ExitCode::from(IO_FAILURE);
        }
    };
    let stem = out
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| "imported".to_string());
    let imported = match import_json_schema(&text, root, &stem) {
        Ok(imported) => imported,
        Err(problems) => {
            for problem in &problems {
                let at = if problem.pointer.is_empty() {
                    "the document"
                } else {
                    &problem.pointer
                };
                eprintln!("error: {name}: at {at}: {}", problem.message);
            }
            eprintln!(
                "error: {} problem(s) in {name}; nothing was written",
                problems.len()
            );
            return ExitCode::FAILURE;
        }
    };
    for note in &imported.notes {
        eprintln!("warning: {name}: at {note}");
    }
    let out_name = source_name(out);
    // What the compiler refuses is not written: an import the checker refuses is a bug of
    // the importer, reported with the checker's own words against the text.
    if let Err(diagnostics) = compile(&out_name, &imported.cards) {
        let source = Source {
            name: &out_name,
            text: &imported.cards,
        };
        eprint!("{}", source.render(&diagnostics));
        eprintln!("error: the import of {name} does not check; nothing was written");
        return ExitCode::FAILURE;
    }
    if std::fs::read_to_string(out).is_ok_and(|existing| existing == imported.cards) {
        return ExitCode::SUCCESS;
    }
    match write_atomically(out, &imported.cards) {
        Ok(()) => {
            eprintln!("wrote {out_name} ({} note(s))", imported.notes.len());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: cannot write {out_name}: {error}");
            ExitCode::from(IO_FAILURE)
        }
    }
}

/// Writes `text` to a temporary file beside `path`, then renames it into place, so that
/// `path` is wholly old or wholly new.
fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut file = tempfile::Builder::new()
        .prefix(".cardc-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    file.write_all(text.as_bytes())?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|error| error.error)?;
    Ok(())
}
