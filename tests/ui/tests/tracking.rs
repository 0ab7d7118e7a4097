//! The derive tracks every schema file it reads, the files its schema imports and the files
//! those import, so that cargo rebuilds a crate when any of them changes. Shown on a scratch
//! workspace of two crates: `shared` derives the imported files from copies of its own, and
//! `app` derives one schema that imports `blocks.cards` (which imports `ids.cards`), placing
//! the imported items in `shared` with `#[imports(...)]`. So only `app`'s derive reads `app`'s
//! copies of the imported files: a change to one of them is seen only if that derive tracked it.
//!
//! The crates are built in trybuild's target directory, so they share compiled dependencies.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const IDS: &str = "//! Ids.\n\n/// A session's id.\nstruct SessionId(String);\n";

const BLOCKS: &str = "//! Blocks.\n#![rename_variants = \"snake_case\"]\n\nuse ids::SessionId;\n\n\
                      /// A block.\n#[union(tag = \"type\")]\nenum Block {\n    Text(TextBlock),\n}\n\n\
                      /// Text.\nstruct TextBlock {\n    text: String,\n    session: SessionId,\n}\n";

/// Imports `blocks.cards` only: `ids.cards` is read because `blocks.cards` imports it.
const NOTES: &str = "//! Notes.\n#![rename_variants = \"snake_case\"]\n\nuse blocks::Block;\n\n\
                     /// A note.\n#[union(tag = \"kind\")]\nenum Note {\n    Content(Block),\n}\n";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("create directory");
    std::fs::write(path, text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
}

/// The scratch workspace under `dir`: `shared` and `app`, each with its copies of the schemas.
fn workspace(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    let cardc = root().join("cardc");
    write(
        &dir.join("Cargo.toml"),
        "[workspace]\nresolver = \"3\"\nmembers = [\"shared\", \"app\"]\n",
    );
    for (name, dependencies) in [
        ("shared", format!("cardc = {{ path = {cardc:?} }}\n")),
        (
            "app",
            format!("cardc = {{ path = {cardc:?} }}\nshared = {{ path = \"../shared\" }}\n"),
        ),
    ] {
        write(
            &dir.join(name).join("Cargo.toml"),
            &format!(
                "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\
                 publish = false\n\n[dependencies]\n{dependencies}"
            ),
        );
        write(&dir.join(name).join("schema/ids.cards"), IDS);
        write(&dir.join(name).join("schema/blocks.cards"), BLOCKS);
    }
    write(
        &dir.join("shared/src/lib.rs"),
        "//! The imported files' items.\n\n#[derive(cardc::Schema)]\n\
         #[schema = \"schema/ids.cards\"]\n#[outputs()]\npub struct Ids;\n\n\
         #[derive(cardc::Schema)]\n#[schema = \"schema/blocks.cards\"]\n\
         #[imports(ids = \"self\")]\n#[outputs()]\npub struct Blocks;\n",
    );
    write(&dir.join("app/schema/notes.cards"), NOTES);
    write(
        &dir.join("app/src/main.rs"),
        "#[derive(cardc::Schema)]\n#[schema = \"schema/notes.cards\"]\n\
         #[imports(blocks = \"shared\", ids = \"shared\")]\n#[outputs(JSON_SCHEMA)]\n\
         pub struct Notes;\n\nfn main() {\n    print!(\"{}\", Notes::JSON_SCHEMA);\n}\n",
    );
    std::fs::copy(root().join("Cargo.lock"), dir.join("Cargo.lock")).expect("Cargo.lock");
}

/// `cargo run -p app` in the scratch workspace.
fn run(dir: &Path) -> Output {
    Command::new(env!("CARGO"))
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", root().join("target/tests/trybuild"))
        .env_remove("RUSTFLAGS")
        .args(["run", "--quiet", "--offline", "-p", "app"])
        .output()
        .expect("run cargo run")
}

#[test]
fn a_change_to_any_file_the_derive_read_rebuilds_the_crate() {
    let dir = std::env::temp_dir().join(format!("cardc-tracking-{}", std::process::id()));
    workspace(&dir);
    let built = run(&dir);
    let stdout = String::from_utf8_lossy(&built.stdout);
    assert!(
        built.status.success() && stdout.contains("\"$ref\": \"urn:cardc:ids#/$defs/SessionId\""),
        "the scratch crate does not build, or refers elsewhere:\n{}\n{stdout}",
        String::from_utf8_lossy(&built.stderr)
    );

    // A file only an imported file imports: its `$id` is in the `$ref`s of the variant's
    // payload, which the importing schema's document holds.
    write(
        &dir.join("app/schema/ids.cards"),
        &IDS.replace(
            "//! Ids.\n",
            "//! Ids.\n#![id = \"https://example.com/ids.json\"]\n",
        ),
    );
    let rebuilt = run(&dir);
    let stdout = String::from_utf8_lossy(&rebuilt.stdout);
    assert!(
        stdout.contains("\"$ref\": \"https://example.com/ids.json#/$defs/SessionId\""),
        "a change to ids.cards, which blocks.cards imports, did not rebuild the crate:\n{}\n{stdout}",
        String::from_utf8_lossy(&rebuilt.stderr)
    );

    // A file the schema imports: the wire keys of the variant's payload are in the document
    // (a new key, which the payload's Rust struct, compiled in `shared`, does not see).
    write(
        &dir.join("app/schema/blocks.cards"),
        &BLOCKS.replace(
            "    text: String,",
            "    #[rename = \"body\"]\n    text: String,",
        ),
    );
    let rebuilt = run(&dir);
    let stdout = String::from_utf8_lossy(&rebuilt.stdout);
    assert!(
        stdout.contains("\"body\""),
        "a change to blocks.cards, which notes.cards imports, did not rebuild the crate:\n{}\n{stdout}",
        String::from_utf8_lossy(&rebuilt.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
