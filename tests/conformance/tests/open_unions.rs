//! The closed-union proof for an open union, in TypeScript, and an older build reading a newer
//! peer. `tests/ts/open/` holds a bridge (`render.ts`) written for the cards of
//! `tests/ui/schemas/open_cards.cards`; each check copies it beside the TypeScript that cardc
//! generates from that schema, or from `open_cards_with_chart.cards` (one more card and one more
//! role), as `cards.ts`, and runs tsc under the strict flags. The bridge compiles against its
//! own schema and runs on the newer payloads (the catch-all renders them); against the newer
//! schema it must not compile, for the missing `chart` handler alone.

use std::path::{Path, PathBuf};
use std::process::Command;

use cardc_codegen::{compile, emit};
use cardc_conformance::{node, repo_root};

const FLAGS: [&str; 4] = [
    "--strict",
    "--exactOptionalPropertyTypes",
    "--noUncheckedIndexedAccess",
    "--noUnusedLocals",
];

/// A scratch directory holding `files` of `tests/ts/open/` and, as `cards.ts`, the TypeScript
/// of the schema `schema` (a file of `tests/ui/schemas/`).
fn scratch(name: &str, schema: &str, files: &[&str]) -> PathBuf {
    let root = repo_root();
    let dir = root.join("target/cardc-ts-open").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    let path = root.join("tests/ui/schemas").join(schema);
    let text = std::fs::read_to_string(&path).expect("the schema");
    let ir = compile(schema, &text).unwrap_or_else(|_| panic!("{schema} does not compile"));
    std::fs::write(dir.join("cards.ts"), emit::typescript::emit(&ir)).expect("write cards.ts");
    for file in files {
        std::fs::copy(root.join("tests/ts/open").join(file), dir.join(file))
            .unwrap_or_else(|error| panic!("copy {file}: {error}"));
    }
    dir
}

/// Runs tsc on `file` in `dir`, emitting CommonJS beside it; says whether it compiled and what
/// it printed.
fn tsc(dir: &Path, file: &str) -> (bool, String) {
    let root = repo_root();
    assert!(
        root.join("node_modules/typescript").is_dir(),
        "TypeScript is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    let output = Command::new("node")
        .current_dir(dir)
        .arg(root.join("node_modules/typescript/bin/tsc"))
        .args(FLAGS)
        .args(["--module", "commonjs", "--target", "es2020", file])
        .output()
        .expect("run node (install Node.js; scripts/test does)");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn an_older_build_renders_a_newer_card_through_its_catch_all() {
    let dir = scratch(
        "older",
        "open_cards.cards",
        &["render.ts", "reads_newer.ts"],
    );
    let (compiled, printed) = tsc(&dir, "reads_newer.ts");
    assert!(compiled, "{printed}");
    node(&[dir.join("reads_newer.js").as_os_str()]);
}

#[test]
fn a_new_card_in_an_open_union_breaks_the_unchanged_bridge() {
    let dir = scratch("newer", "open_cards_with_chart.cards", &["render.ts"]);
    let (compiled, printed) = tsc(&dir, "render.ts");
    assert!(
        !compiled,
        "the bridge compiled against a schema with a `chart` card it does not render"
    );
    let errors: Vec<&str> = printed
        .lines()
        .filter(|line| line.contains("error TS"))
        .collect();
    assert_eq!(errors.len(), 1, "one error, at the dispatch:\n{printed}");
    assert!(
        printed.contains("Property 'chart' is missing") && errors[0].starts_with("render.ts(9,"),
        "the error names the missing `chart` handler at `matchCard`:\n{printed}"
    );
}

#[test]
fn the_catch_all_handler_is_required() {
    let dir = scratch("missing", "open_cards.cards", &["missing_catch_all.ts"]);
    let (compiled, printed) = tsc(&dir, "missing_catch_all.ts");
    assert!(
        !compiled,
        "a match without the catch-all's handler compiled"
    );
    assert!(
        printed.contains("Property 'unknown' is missing"),
        "expected the missing `unknown` handler in:\n{printed}"
    );
}

#[test]
fn no_code_writes_a_catch_all_by_hand() {
    let dir = scratch("by-hand", "open_cards.cards", &["built_by_hand.ts"]);
    let (compiled, printed) = tsc(&dir, "built_by_hand.ts");
    assert!(!compiled, "a catch-all written by hand compiled");
    let errors: Vec<&str> = printed
        .lines()
        .filter(|line| line.contains("error TS"))
        .collect();
    // The known card compiles; the unknown card and the unknown role do not.
    assert_eq!(errors.len(), 2, "{printed}");
    assert!(errors[0].starts_with("built_by_hand.ts(6,"), "{printed}");
    assert!(errors[1].starts_with("built_by_hand.ts(7,"), "{printed}");
}
