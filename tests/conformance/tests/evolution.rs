//! The evolution corpus: what the next version of a contract writes, read by the code generated
//! from the version before.
//!
//! `tests/schemas/evolution_v2` is the next version of `tests/schemas/evolution_v1`: a new card,
//! a new value in two open enums, a new optional field on an open object. Its valid payloads (its
//! golden corpus, and draws of every type from its IR) are read by every reader of version 1
//! (the Rust types with their round trip, the published JSON Schema under two validators, the
//! TypeScript guards, the Python package): each must accept every one, as version 1's contract
//! does, and write it back unchanged. Rendering them through version 1's bridges is proved in
//! Rust (`tests/golden/tests/evolution.rs`) and below for the TypeScript and Python bridges
//! (`tests/ts/evolution/render.ts`, `tests/python/render_evolution.py`): all three render the
//! lines committed in `tests/schemas/evolution_v2/rendered_by_v1.txt`.

use std::process::Command;

use cardc_codegen::{compat, compile};
use cardc_conformance::{
    Case, Subject, arbitrary, contract, golden_corpus_path, golden_dir, load_golden_corpus, node,
    python_interpreter, repo_root, write_corpus,
};
use proptest::test_runner::TestRunner;

/// Draws of each type from version 2's IR, beside its hand-written corpus.
const DRAWS: usize = 64;

fn schema(case: &str) -> cardc_codegen::ir::Schema {
    let path = golden_dir(case).join(format!("{case}.cards"));
    let text = std::fs::read_to_string(&path).expect("the schema");
    compile(&format!("tests/schemas/{case}/{case}.cards"), &text)
        .unwrap_or_else(|errors| panic!("{case}: {errors:?}"))
}

/// What version 2 writes: its corpus's valid payloads and draws of every type version 1 knows.
fn written_by_v2() -> Vec<Case> {
    let (old, new) = (schema("evolution_v1"), schema("evolution_v2"));
    let mut cases: Vec<Case> = load_golden_corpus("evolution_v2")
        .into_iter()
        .filter(|case| case.valid && old.types.contains_key(&case.type_name))
        .collect();
    let mut runner = TestRunner::deterministic();
    for type_name in old.types.keys() {
        for (index, payload) in arbitrary::draws(&new, type_name, DRAWS, &mut runner)
            .into_iter()
            .enumerate()
        {
            cases.push(Case {
                name: format!("drawn-{type_name}-{index}"),
                type_name: type_name.clone(),
                valid: true,
                fault: None,
                payload,
                written: None,
            });
        }
    }
    cases
}

#[test]
fn version_1_reads_everything_version_2_writes_in_every_reader() {
    let old = schema("evolution_v1");
    let cases = written_by_v2();
    assert!(
        cases.iter().any(|case| case.payload["type"] == "plan"),
        "the corpus lacks the new card"
    );
    // The contract of version 1 accepts every payload: this pair evolves only in ways v1's
    // policies tolerate.
    let refused: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let verdict = contract::check(&old, &case.type_name, &case.payload);
            verdict
                .err()
                .map(|error| format!("{}: {error}\n  {}", case.name, case.payload))
        })
        .collect();
    assert!(
        refused.is_empty(),
        "version 1's contract refuses what version 2 writes:\n{}",
        refused.join("\n")
    );
    let path = write_corpus("evolution-v2-read-by-v1.jsonl", &cases);
    let disagreements = Subject::golden("evolution_v1").disagreements(&cases, &path);
    assert!(
        disagreements.is_empty(),
        "version 1's readers refuse or change what version 2 writes:\n{}",
        disagreements.join("\n")
    );
}

/// compat agrees: from version 1 to version 2 no reader or writer breaks, only bridges (the
/// new card and enum values), and the declared minor bump is enough.
#[test]
fn compat_says_only_bridges_break_from_version_1_to_version_2() {
    let (old, new) = (schema("evolution_v1"), schema("evolution_v2"));
    let changes = compat::compare(&old, &new);
    let breaking: Vec<&str> = changes
        .iter()
        .filter(|change| {
            let breaks = change.verdict().breaks;
            breaks.readers || breaks.writers
        })
        .map(|change| change.path.as_str())
        .collect();
    assert!(
        breaking.is_empty(),
        "readers or writers break at {breaking:?}"
    );
    assert!(
        changes.iter().any(|change| change.verdict().breaks.bridges),
        "the new card breaks no bridge: {changes:?}"
    );
    let versioning = compat::version::versioning(&old, &new, &changes).expect("both declare one");
    assert!(versioning.enough(), "{versioning:?}");
}

/// What every bridge of version 1 renders of version 2's corpus, committed beside it; the Rust
/// bridge (`tests/golden/tests/evolution.rs`) is held to it too.
fn rendered_by_v1() -> String {
    std::fs::read_to_string(golden_dir("evolution_v2").join("rendered_by_v1.txt"))
        .expect("the rendered lines")
}

/// Runs a command, failing with what it printed unless it succeeds; gives its stdout.
fn succeeds(command: &mut Command) -> String {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{command:?} failed:\n{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// `tests/ts/evolution/render.ts`, a bridge of version 1 with a handler per card and one for
/// the catch-all (`run.cjs` prints what it renders), compiles beside version 1's TypeScript under the strict flags and renders
/// every update of version 2 as the other bridges do.
#[test]
fn the_typescript_bridge_of_version_1_renders_what_version_2_writes() {
    let root = repo_root();
    let dir = root.join("target/cardc-conformance/evolution-ts");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch directory");
    for (from, to) in [
        (
            golden_dir("evolution_v1").join("evolution_v1.ts"),
            "evolution_v1.ts",
        ),
        (root.join("tests/ts/evolution/render.ts"), "render.ts"),
        (root.join("tests/ts/evolution/run.cjs"), "run.cjs"),
    ] {
        std::fs::copy(&from, dir.join(to))
            .unwrap_or_else(|error| panic!("copy {}: {error}", from.display()));
    }
    node(&[
        root.join("node_modules/typescript/bin/tsc").as_os_str(),
        "--strict".as_ref(),
        "--exactOptionalPropertyTypes".as_ref(),
        "--noUncheckedIndexedAccess".as_ref(),
        "--module".as_ref(),
        "commonjs".as_ref(),
        "--target".as_ref(),
        "es2020".as_ref(),
        dir.join("render.ts").as_os_str(),
    ]);
    let printed = node(&[
        dir.join("run.cjs").as_os_str(),
        golden_corpus_path("evolution_v2").as_os_str(),
    ]);
    assert_eq!(printed, rendered_by_v1());
}

/// `tests/python/render_evolution.py`, a bridge of version 1 whose matches end in
/// `assert_never`, passes `mypy --strict` against version 1's package and renders every update
/// of version 2 as the other bridges do.
#[test]
fn the_python_bridge_of_version_1_renders_what_version_2_writes() {
    let root = repo_root();
    let package = golden_dir("evolution_v1").join("python");
    let bridge = root.join("tests/python/render_evolution.py");
    succeeds(
        Command::new(python_interpreter().with_file_name("mypy"))
            .current_dir(&root)
            .env("MYPYPATH", &package)
            .args(["--strict", "--no-error-summary", "--cache-dir"])
            .arg(root.join("target/python-mypy-cache"))
            .arg(&bridge),
    );
    let printed = succeeds(
        Command::new(python_interpreter())
            .current_dir(&root)
            .env("PYTHONPATH", &package)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .arg(&bridge)
            .arg(golden_corpus_path("evolution_v2")),
    );
    assert_eq!(printed, rendered_by_v1());
}
