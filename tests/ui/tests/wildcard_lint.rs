//! A bridge that matches a union with a wildcard arm would silently drop a new card. Every
//! bridge crate denies `clippy::wildcard_enum_match_arm` and, for a wildcard that stands for a
//! single variant (which the first lets through), `clippy::match_wildcard_for_single_variants`.
//! This test shows the two catch such a bridge: clippy fails on a small crate whose wildcard arm
//! stands for two cards, and on one whose wildcard stands for one, and passes on the same crate
//! with every card named.
//!
//! The crate is built in trybuild's target directory, so it shares compiled dependencies.

use std::path::{Path, PathBuf};
use std::process::Command;

const MAIN_WITH_WILDCARD: &str = r##"
#![deny(clippy::wildcard_enum_match_arm, clippy::match_wildcard_for_single_variants)]
use render_intent::ToolCallView;

fn title(view: &ToolCallView) -> &str {
    match view {
        ToolCallView::Generic(generic) => &generic.title,
        _ => "some other card",
    }
}

fn main() {
    let view = ToolCallView::from_json_str(r#"{"card": "terminal", "title": "ls"}"#);
    println!("{}", view.as_ref().map_or("?", title));
}
"##;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

/// Runs clippy with warnings denied on a scratch crate whose `main.rs` is `main`.
fn clippy(name: &str, main: &str) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("cardc-wildcard-{name}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src")).expect("scratch crate");
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n[dependencies]\n\
         render-intent = {{ path = {:?} }}\n",
        root().join("generated")
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("Cargo.toml");
    std::fs::write(dir.join("src/main.rs"), main).expect("main.rs");
    std::fs::copy(root().join("Cargo.lock"), dir.join("Cargo.lock")).expect("Cargo.lock");
    let output = Command::new(env!("CARGO"))
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", root().join("target/tests/trybuild"))
        .args(["clippy", "--quiet", "--", "-D", "warnings"])
        .output()
        .expect("run cargo clippy");
    let _ = std::fs::remove_dir_all(&dir);
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_wildcard_arm_in_a_bridge_is_caught_by_the_lint() {
    let (passed, stderr) = clippy("wildcard-bridge", MAIN_WITH_WILDCARD);
    assert!(!passed, "clippy accepted a wildcard arm:\n{stderr}");
    assert!(
        stderr.contains("wildcard_enum_match_arm")
            && stderr.contains("wildcard match will also match any future added variants"),
        "{stderr}"
    );

    let single = MAIN_WITH_WILDCARD.replace(
        "_ => \"some other card\",",
        "ToolCallView::Terminal(terminal) => &terminal.title,\n        _ => \"some other card\",",
    );
    let (passed, stderr) = clippy("single-wildcard-bridge", &single);
    assert!(
        !passed,
        "clippy accepted a wildcard arm standing for one card:\n{stderr}"
    );
    assert!(
        stderr.contains("match_wildcard_for_single_variants"),
        "{stderr}"
    );

    let named = MAIN_WITH_WILDCARD.replace(
        "_ => \"some other card\",",
        "ToolCallView::Terminal(terminal) => &terminal.title,\n        ToolCallView::Diff(diff) => &diff.title,",
    );
    let (passed, stderr) = clippy("named-bridge", &named);
    assert!(
        passed,
        "clippy refused a bridge that names every card:\n{stderr}"
    );
}
