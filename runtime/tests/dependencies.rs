//! A crate that holds generated code builds nothing of the compiler: `cargo tree` of the
//! generated `render-intent` crate, as a user's build resolves it, names no parser, no proc
//! macro toolkit, no CLI or diagnostics crate and no serde derive, and its serde_json keeps
//! serde_json's own key order (no `preserve_order`, which the compiler once turned on for
//! every crate built beside it).

use std::path::Path;
use std::process::Command;

/// Crates of the compiler, or of deriving serde, that generated code must not pull in.
const COMPILER_CRATES: &[&str] = &[
    "syn",
    "quote",
    "proc-macro2",
    "prettyplease",
    "clap",
    "codespan-reporting",
    "similar",
    "serde_derive",
    "cardc-codegen",
    "cardc-macros",
];

/// `cargo tree` of a package of this workspace, offline and locked, one `name version
/// features` line per package.
fn tree(package: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = Command::new(env!("CARGO"))
        .current_dir(&root)
        .args(["tree", "--offline", "--locked", "--edges", "normal,build"])
        .args(["--prefix", "none", "--format", "{p} {f}", "-p", package])
        .output()
        .expect("run cargo tree");
    assert!(
        output.status.success(),
        "cargo tree -p {package} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("cargo tree prints UTF-8")
}

/// The package names in a tree.
fn names(tree: &str) -> Vec<&str> {
    tree.lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect()
}

#[test]
fn the_generated_crate_builds_nothing_of_the_compiler() {
    for package in ["render-intent", "cardc-runtime"] {
        let tree = tree(package);
        let names = names(&tree);
        assert!(names.contains(&"serde_json"), "{tree}");
        let found: Vec<&&str> = COMPILER_CRATES
            .iter()
            .filter(|name| names.contains(name))
            .collect();
        assert!(
            found.is_empty(),
            "cargo tree -p {package} has {found:?}:\n{tree}"
        );
    }
}

#[test]
fn the_generated_crate_keeps_serde_jsons_own_key_order() {
    let tree = tree("render-intent");
    let serde_json = tree
        .lines()
        .find(|line| line.starts_with("serde_json "))
        .unwrap_or_else(|| panic!("no serde_json in:\n{tree}"));
    assert!(serde_json.contains("float_roundtrip"), "{serde_json}");
    assert!(!serde_json.contains("preserve_order"), "{serde_json}");
}

/// Everything the runtime may build, each crate chosen: serde and serde_json (with
/// serde_path_to_error for the pointers of decode errors), the no-op `JsonSchema` derive, and
/// the `regex` crate for field patterns, with `std` only (the pattern dialect needs neither
/// Unicode tables nor literal optimisations, so neither aho-corasick nor the tables come in).
const RUNTIME_CLOSURE: &[&str] = &[
    "cardc-runtime",
    "cardc-runtime-macros",
    "itoa",
    "memchr",
    "regex",
    "regex-automata",
    "regex-syntax",
    "serde",
    "serde_core",
    "serde_json",
    "serde_path_to_error",
    "zmij",
];

#[test]
fn the_runtime_builds_only_the_crates_it_chose() {
    let tree = tree("cardc-runtime");
    let mut names = names(&tree);
    names.sort_unstable();
    names.dedup();
    assert_eq!(names, RUNTIME_CLOSURE, "{tree}");
    let regex = tree
        .lines()
        .find(|line| line.starts_with("regex "))
        .unwrap_or_else(|| panic!("no regex in:\n{tree}"));
    assert!(
        regex.ends_with(" std"),
        "regex with more than `std`: {regex}"
    );
}
