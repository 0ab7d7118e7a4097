//! The VS Code extension under `editors/vscode`: its TextMate grammar passes the assertions of
//! `tests/grammar.cards` and scopes every golden schema as its snapshot says (both with
//! vscode-tmgrammar-test, from the workspace's `npm ci`), and the extension packages to a
//! `.vsix` with @vscode/vsce, its language client inside (from `npm ci` in `editors/vscode`).
//!
//! After an intended change to the grammar, refresh the snapshots with
//! `INSTA_UPDATE=always cargo test -p cardc-codegen --test editors`, and review their diff.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the repository")
}

fn extension() -> PathBuf {
    repository().join("editors/vscode")
}

/// A tool from the workspace's `npm ci`, which must be there: the test command installs it.
fn tool(name: &str) -> PathBuf {
    let path = repository().join("node_modules/.bin").join(name);
    assert!(
        path.exists(),
        "{name} is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    path
}

fn run(command: &mut Command) -> Output {
    let output = command.output().expect("the tool runs");
    assert!(
        output.status.success(),
        "{command:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn grammar() -> PathBuf {
    extension().join("syntaxes/cards.tmLanguage.json")
}

#[test]
fn the_grammar_passes_its_assertions() {
    let output = run(Command::new(tool("vscode-tmgrammar-test"))
        .arg("--grammar")
        .arg(grammar())
        .arg(extension().join("tests/grammar.cards")));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("run successfuly"), "{stdout}");
}

/// The golden schemas: `tests/schemas/<name>/<name>.cards`.
fn golden_schemas() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(repository().join("tests/schemas")).expect("tests/schemas") {
        let dir = entry.expect("entry").path();
        let name = dir
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let schema = dir.join(format!("{name}.cards"));
        if schema.exists() {
            found.push(schema);
        }
    }
    found.sort();
    found
}

#[test]
fn the_grammar_scopes_every_golden_schema_as_its_snapshot_says() {
    let schemas = golden_schemas();
    assert!(schemas.len() >= 25, "{} golden schemas", schemas.len());
    let snapshots = extension().join("tests/golden");
    let scratch = tempfile::tempdir().expect("scratch");
    let update = std::env::var("INSTA_UPDATE").is_ok_and(|value| value == "always");
    // The tool keeps each snapshot beside its schema: both go into a scratch folder. It writes
    // a missing snapshot and passes, so a missing one fails here unless updating.
    let mut missing = Vec::new();
    for schema in &schemas {
        let file = schema.file_name().expect("a name");
        std::fs::copy(schema, scratch.path().join(file)).expect("copy");
        let snapshot = snapshots.join(format!("{}.snap", file.to_string_lossy()));
        if snapshot.exists() {
            std::fs::copy(
                &snapshot,
                scratch.path().join(snapshot.file_name().expect("a name")),
            )
            .expect("copy");
        } else {
            missing.push(snapshot.display().to_string());
        }
    }
    assert!(
        update || missing.is_empty(),
        "golden schemas without a grammar snapshot (write them with INSTA_UPDATE=always cargo \
         test -p cardc-codegen --test editors): {missing:?}"
    );
    let mut snap = Command::new(tool("vscode-tmgrammar-snap"));
    snap.arg("--grammar")
        .arg(grammar())
        .args(["--scope", "source.cards"])
        .arg(format!("{}/*.cards", scratch.path().display()));
    if update {
        snap.arg("--updateSnapshot");
    }
    let output = snap.output().expect("vscode-tmgrammar-snap runs");
    if update {
        std::fs::create_dir_all(&snapshots).expect("mkdir");
        for schema in &schemas {
            let name = format!(
                "{}.snap",
                schema.file_name().expect("a name").to_string_lossy()
            );
            std::fs::copy(scratch.path().join(&name), snapshots.join(&name)).expect("copy back");
        }
    }
    assert!(
        output.status.success(),
        "the grammar scopes a golden schema otherwise than its snapshot in editors/vscode/tests/golden \
         (after an intended change: INSTA_UPDATE=always cargo test -p cardc-codegen --test editors):\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    // Each snapshot belongs to a golden schema, and none finds the schema language invalid.
    for entry in std::fs::read_dir(&snapshots).expect("the snapshots") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let schema = name.strip_suffix(".snap").unwrap_or(&name);
        assert!(
            schemas.iter().any(|golden| golden.ends_with(schema)),
            "{name} belongs to no golden schema: delete it"
        );
        let text = std::fs::read_to_string(&path).expect("a snapshot");
        assert!(
            !text.contains("invalid.illegal"),
            "{name} scopes a golden schema as invalid"
        );
    }
}

#[test]
fn the_extension_packages_to_a_vsix_with_its_language_client() {
    let client = extension().join("node_modules/vscode-languageclient/package.json");
    assert!(
        client.exists(),
        "the extension's dependencies are not installed: run `npm ci` in editors/vscode (scripts/test does)"
    );
    run(Command::new("node")
        .arg("--check")
        .arg(extension().join("extension.js")));
    let scratch = tempfile::tempdir().expect("scratch");
    let vsix = scratch.path().join("cardc.vsix");
    run(Command::new(tool("vsce"))
        .args(["package", "--skip-license", "--out"])
        .arg(&vsix)
        .current_dir(extension()));
    let bytes = std::fs::read(&vsix).expect("the .vsix");
    assert!(bytes.starts_with(b"PK"), "a .vsix is a zip archive");
    let listed = run(Command::new(tool("vsce"))
        .arg("ls")
        .current_dir(extension()));
    let listed = String::from_utf8_lossy(&listed.stdout);
    for expected in [
        "package.json",
        "extension.js",
        "language-configuration.json",
        "syntaxes/cards.tmLanguage.json",
        "node_modules/vscode-languageclient/package.json",
    ] {
        assert!(
            listed.lines().any(|line| line == expected),
            "{expected} is not packaged:\n{listed}"
        );
    }
    assert!(
        !listed.contains("tests/"),
        "the tests are packaged:\n{listed}"
    );
}
