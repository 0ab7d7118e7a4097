//! `cardc init`: a starter project, a project file and a schema, in an empty or existing
//! repository, never overwriting a file; then the next commands for each language asked for.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cardc_codegen::out;
use cardc_codegen::project::config::FILE_NAME;

use crate::IO_FAILURE;
use crate::shell::{invocation, shell_word};

/// `cardc init`'s arguments.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The Rust outputs, in src/contracts (the crate's `contracts` module).
    #[arg(long)]
    rust: bool,
    /// The TypeScript outputs, in this directory (such as web/src/contracts).
    #[arg(long, value_name = "DIR")]
    typescript: Option<PathBuf>,
    /// The Python packages, under this directory (such as worker).
    #[arg(long, value_name = "DIR")]
    python: Option<PathBuf>,
    /// The published JSON Schema documents, in this directory (such as schemas).
    #[arg(long = "json-schema", value_name = "DIR")]
    json_schema: Option<PathBuf>,
    /// The starter schema file; kept as it is when it exists.
    #[arg(long, default_value = "schema/contract.cards")]
    schema: PathBuf,
    /// The directory the project is in.
    #[arg(long, default_value = ".")]
    dir: PathBuf,
}

/// The starter schema: a closed union of two cards, which every bridge must render.
const STARTER: &str = "\
//! The contract between the services of this repository.
#![rename_fields = \"camelCase\"]
#![rename_variants = \"snake_case\"]
#![entry = \"Message\"]

/// One message, told apart by its `kind`.
#[union(tag = \"kind\")]
enum Message {
    Say(Say),
    Ping,
}

/// Something a participant says.
struct Say {
    text: String,
    /// May be absent, never `null`.
    reply_to: Option<String>,
}
";

/// `cardc init`: writes what is missing, all or nothing, and prints what to run next.
pub(crate) fn run(args: &Args) -> ExitCode {
    let none = !args.rust
        && args.typescript.is_none()
        && args.python.is_none()
        && args.json_schema.is_none();
    let rust = args.rust || none;
    let typescript = args
        .typescript
        .clone()
        .or_else(|| none.then(|| PathBuf::from("web/src/contracts")));
    let python = args
        .python
        .clone()
        .or_else(|| none.then(|| PathBuf::from("worker")));
    let json_schema = args
        .json_schema
        .clone()
        .or_else(|| none.then(|| PathBuf::from("schemas")));
    // Paths under `.` are printed without `./`.
    let base = if args.dir == Path::new(".") {
        PathBuf::new()
    } else {
        args.dir.clone()
    };
    let project = base.join(FILE_NAME);
    if project.exists() {
        eprintln!(
            "error: {} exists already; nothing was written (`{} generate` acts on it)",
            out::display_path(&project),
            invocation()
        );
        return ExitCode::from(IO_FAILURE);
    }
    let quoted = |path: &Path| toml_string(&path.to_string_lossy().replace('\\', "/"));
    let mut text = format!(
        "# The cardc project: its schema files (the files they import are read too), and where\n\
         # each language's outputs go. `cardc generate` writes them, `cardc check` checks them.\n\
         schemas = [{}]\n",
        quoted(&args.schema)
    );
    if rust {
        text.push_str(
            "\n[rust]\nout = \"src/contracts\"\n# The module the schemas' modules are in: \
             src/contracts/mod.rs declares each.\nmodule = \"crate::contracts\"\n",
        );
    }
    if let Some(dir) = &json_schema {
        text.push_str(&format!("\n[json-schema]\nout = {}\n", quoted(dir)));
    }
    if let Some(dir) = &typescript {
        text.push_str(&format!("\n[typescript]\nout = {}\n", quoted(dir)));
    }
    if let Some(dir) = &python {
        text.push_str(&format!("\n[python]\nout = {}\n", quoted(dir)));
    }
    let schema = base.join(&args.schema);
    let mut files: Vec<(PathBuf, &str)> = vec![(project.clone(), text.as_str())];
    let kept = schema.exists();
    if !kept {
        files.push((schema.clone(), STARTER));
    }
    // Neither file is there (checked above): written together, or neither.
    if let Err(error) = out::write_files(&files) {
        eprintln!("error: {error}; nothing was written");
        return ExitCode::from(IO_FAILURE);
    }
    for (path, _) in &files {
        println!("wrote {}", out::display_path(path));
    }
    if kept {
        println!("kept {}, which exists", out::display_path(&schema));
    }
    let cardc = invocation();
    let dir = shell_word(args.dir.as_os_str());
    println!("\nNext:");
    if dir != "." {
        println!("    cd {dir}");
    }
    println!("    {cardc} generate            # writes every output the project places");
    println!("    {cardc} check               # in CI: fails when an output is stale");
    if rust {
        println!(
            "\nRust: `cargo add cardc-runtime`, and declare the module in src/lib.rs (or main.rs) \
             with `pub mod contracts;`\nand src/contracts/mod.rs with `pub mod {};` (one line per \
             schema file).",
            stem(&args.schema)
        );
    }
    if let Some(dir) = &typescript {
        println!(
            "\nTypeScript: import from {}/{}.js (`parseMessage`, `matchMessage`); the runtime \
             module is written beside it.",
            dir.display(),
            stem(&args.schema)
        );
    }
    if let Some(dir) = &python {
        println!(
            "\nPython: pip install cardc-runtime ./{}/python (a schema file more, and each \
             package is a distribution of its own: ./{0}/python/<stem>), then `from {} import \
             parse_message`.",
            dir.display(),
            stem(&args.schema)
        );
    }
    ExitCode::SUCCESS
}

/// A schema path's file stem.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Text as a TOML basic string.
fn toml_string(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            c if c.is_control() => quoted.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}
