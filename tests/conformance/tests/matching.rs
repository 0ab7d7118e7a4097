//! The generated TypeScript `match<Union>` helpers: an exhaustive handlers object compiles and
//! dispatches by tag (nested unions by their own tag); a missing or extra handler, at any level,
//! is a type error under the strict flags.

use std::process::Command;

use cardc_conformance::{node, repo_root};

const FLAGS: [&str; 4] = [
    "--strict",
    "--exactOptionalPropertyTypes",
    "--noUncheckedIndexedAccess",
    "--noUnusedLocals",
];

/// Runs tsc on one file, returning whether it compiled and what it printed.
fn tsc(file: &str, extra: &[&str]) -> (bool, String) {
    let root = repo_root();
    assert!(
        root.join("node_modules/typescript").is_dir(),
        "TypeScript is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    let output = Command::new("node")
        .current_dir(&root)
        .arg("node_modules/typescript/bin/tsc")
        .args(FLAGS)
        .args(extra)
        .arg(format!("tests/ts/matching/{file}"))
        .output()
        .expect("run node (install Node.js; scripts/test does)");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn an_exhaustive_handlers_object_compiles_and_dispatches_by_tag() {
    let out = repo_root().join("target/cardc-ts-matching");
    let out_dir = out.to_string_lossy().into_owned();
    let (compiled, printed) = tsc(
        "exhaustive.ts",
        &[
            "--outDir",
            &out_dir,
            "--module",
            "commonjs",
            "--rootDir",
            ".",
        ],
    );
    assert!(compiled, "{printed}");
    node(&[out.join("tests/ts/matching/exhaustive.js").as_os_str()]);
}

#[test]
fn unit_variants_match_and_guard_as_their_tags_alone() {
    let out = repo_root().join("target/cardc-ts-matching");
    let out_dir = out.to_string_lossy().into_owned();
    let (compiled, printed) = tsc(
        "unit_variants.ts",
        &[
            "--outDir",
            &out_dir,
            "--module",
            "commonjs",
            "--rootDir",
            ".",
        ],
    );
    assert!(compiled, "{printed}");
    node(&[out.join("tests/ts/matching/unit_variants.js").as_os_str()]);
}

#[test]
fn open_unit_variants_match_with_their_kept_keys_and_parse_without_their_dropped_ones() {
    let out = repo_root().join("target/cardc-ts-matching");
    let out_dir = out.to_string_lossy().into_owned();
    let (compiled, printed) = tsc(
        "open_unit_variants.ts",
        &[
            "--outDir",
            &out_dir,
            "--module",
            "commonjs",
            "--rootDir",
            ".",
        ],
    );
    assert!(compiled, "{printed}");
    node(&[out
        .join("tests/ts/matching/open_unit_variants.js")
        .as_os_str()]);
}

#[test]
fn a_missing_or_extra_handler_is_a_type_error() {
    for (file, expected) in [
        ("missing_handler.ts", "Property 'diff' is missing"),
        (
            "extra_handler.ts",
            "'table' does not exist in type 'ToolCallViewHandlers<string>'",
        ),
        ("missing_nested_handler.ts", "Property 'paths' is missing"),
        (
            "unit_variant_with_payload.ts",
            "'text' does not exist in type '{ type: \"ping\"; }'",
        ),
    ] {
        let (compiled, printed) = tsc(file, &["--noEmit"]);
        assert!(!compiled, "{file} compiled, but it must not");
        assert!(
            printed.contains(expected),
            "{file}: expected {expected:?} in\n{printed}"
        );
    }
}
