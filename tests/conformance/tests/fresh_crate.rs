//! A crate outside the workspace, whose Cargo.toml has only the lines the README gives (and
//! `cardc` patched to this checkout: the path form, until it is published), compiles
//! `schema/render_intent.cards` through the derive, and its types accept and reject the wire
//! corpus exactly as the `render-intent` crate in `generated/` does.
//!
//! It builds with cargo in trybuild's target directory (`target/tests/trybuild`), so the two
//! share one set of compiled dependencies.

use std::process::Command;

use cardc_conformance::{Reader, RustReader, corpus_path, load_corpus, repo_root};

/// The first `[dependencies]` block of a document, the derive user's.
fn dependency_block(path: &str) -> String {
    let text = std::fs::read_to_string(repo_root().join(path)).expect(path);
    let start = text
        .find("```toml\n[dependencies]\n")
        .unwrap_or_else(|| panic!("{path} gives no [dependencies] lines"));
    let block = &text[start + "```toml\n".len()..];
    block[..block.find("```").expect("a closed code block")].to_string()
}

/// The `[dependencies]` lines the README's "Use it from Rust" section gives (the same as the
/// book's "Use it from Rust"), whose published version line is patched to this checkout, the
/// path form the README gives for today.
fn readme_dependency_lines() -> String {
    let block = dependency_block("README.md");
    assert_eq!(
        dependency_block("docs/src/guide/rust.md"),
        block,
        "docs/src/guide/rust.md gives other [dependencies] lines than the README"
    );
    let root = repo_root().canonicalize().expect("repository root");
    format!(
        "{block}\n[patch.crates-io]\ncardc = {{ path = {:?} }}\n",
        root.join("cardc")
    )
}

const MAIN: &str = r#"
#[derive(cardc::Schema)]
#[schema = "schema/render_intent.cards"]
pub struct RenderIntent;

fn main() {
    let corpus = std::fs::read_to_string(std::env::args().nth(1).expect("corpus path")).expect("corpus");
    for line in corpus.lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("a case");
        let payload = case["payload"].clone();
        let accepted = match case["type"].as_str() {
            Some("ToolCallView") => serde_json::from_value::<ToolCallView>(payload).is_ok(),
            Some("ToolResultView") => serde_json::from_value::<ToolResultView>(payload).is_ok(),
            other => panic!("unknown type {other:?}"),
        };
        println!("{}\t{accepted}", case["name"].as_str().expect("a name"));
    }
}
"#;

#[test]
fn a_fresh_crate_with_the_readme_lines_reads_the_corpus_like_render_intent() {
    let dir = std::env::temp_dir().join(format!("cardc-fresh-crate-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src")).expect("scratch crate");
    std::fs::create_dir_all(dir.join("schema")).expect("scratch crate");
    let manifest = format!(
        "[package]\nname = \"fresh-cardc-user\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n{}",
        readme_dependency_lines()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("Cargo.toml");
    std::fs::write(dir.join("src/main.rs"), MAIN).expect("main.rs");
    std::fs::copy(
        repo_root().join("schema/render_intent.cards"),
        dir.join("schema/render_intent.cards"),
    )
    .expect("schema");
    // The workspace's lockfile pins the same dependency versions (cargo drops what is unused).
    std::fs::copy(repo_root().join("Cargo.lock"), dir.join("Cargo.lock")).expect("Cargo.lock");
    let output = Command::new(env!("CARGO"))
        .current_dir(&dir)
        .env(
            "CARGO_TARGET_DIR",
            repo_root().join("target/tests/trybuild"),
        )
        .args(["run", "--quiet", "--"])
        .arg(corpus_path())
        .output()
        .expect("run cargo");
    assert!(
        output.status.success(),
        "the fresh crate failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let verdicts = String::from_utf8(output.stdout).expect("UTF-8");
    let corpus = load_corpus();
    assert_eq!(verdicts.lines().count(), corpus.len());
    for (line, case) in verdicts.lines().zip(&corpus) {
        let expected = format!(
            "{}\t{}",
            case.name,
            RustReader::render_intent().read(case).accepted
        );
        assert_eq!(
            line, expected,
            "the fresh crate disagrees with render-intent"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
