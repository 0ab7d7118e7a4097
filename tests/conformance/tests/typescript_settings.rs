//! The generated TypeScript compiles under every compiler setting its users have, each held by
//! a test of its own: plain `tsc` (no `strict`, tsc's default target and module), `--strict`,
//! `--exactOptionalPropertyTypes`, `--noUncheckedIndexedAccess`, and everything at once with the
//! unused-code and module-syntax checks a strict project adds. The sources are every golden
//! case's and public contract's output (each with the guards module and the shared runtime it
//! imports, but the one written self-contained) and `generated/render_intent.ts`, checked by
//! one tsc run per setting.

use std::path::PathBuf;
use std::process::Command;

use cardc_conformance::repo_root;

/// The committed TypeScript outputs: `<case>/<case>.ts` under each golden root, and the
/// render-intent output (tsc follows its imports).
fn sources() -> Vec<PathBuf> {
    let root = repo_root();
    let mut sources = vec![root.join("generated/render_intent.ts")];
    for dir in ["tests/schemas", "tests/contracts"] {
        let entries = std::fs::read_dir(root.join(dir)).expect("the golden cases");
        for entry in entries.filter_map(Result::ok) {
            let case = entry.file_name().to_string_lossy().into_owned();
            let source = entry.path().join(format!("{case}.ts"));
            if source.is_file() {
                sources.push(source);
            }
        }
    }
    sources.sort();
    assert!(
        sources.len() > 20,
        "expected the golden cases, found {sources:?}"
    );
    sources
}

/// Type-checks every source with tsc under `flags`, failing with tsc's diagnostics.
fn compiles_with(flags: &[&str]) {
    let root = repo_root();
    let tsc = root.join("node_modules/typescript/bin/tsc");
    assert!(
        tsc.is_file(),
        "TypeScript is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    let output = Command::new("node")
        .current_dir(&root)
        .arg(&tsc)
        .args(["--noEmit", "--pretty", "false"])
        .args(flags)
        .args(sources())
        .output()
        .expect("run node (install Node.js; scripts/test does)");
    assert!(
        output.status.success(),
        "tsc {flags:?} refused the generated TypeScript:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn plain_tsc_without_strict() {
    compiles_with(&[]);
}

#[test]
fn strict() {
    compiles_with(&["--strict"]);
}

#[test]
fn exact_optional_property_types() {
    // tsc takes it only with null checks on.
    compiles_with(&["--strictNullChecks", "--exactOptionalPropertyTypes"]);
}

#[test]
fn no_unchecked_indexed_access() {
    compiles_with(&["--noUncheckedIndexedAccess"]);
}

#[test]
fn everything_a_strict_project_turns_on() {
    compiles_with(&[
        "--strict",
        "--exactOptionalPropertyTypes",
        "--noUncheckedIndexedAccess",
        "--noUnusedLocals",
        "--noUnusedParameters",
        "--noImplicitReturns",
        "--noImplicitOverride",
        "--noFallthroughCasesInSwitch",
        "--noPropertyAccessFromIndexSignature",
        "--verbatimModuleSyntax",
        "--isolatedModules",
        "--target",
        "es2022",
        "--module",
        "es2022",
    ]);
}
