//! The evolution corpus: what the next version of a contract writes, read by the code generated
//! from the version before.
//!
//! `tests/schemas/evolution_v2` is the next version of `tests/schemas/evolution_v1`: a new card,
//! a new value in two open enums, a new optional field on an open object, a new field with a
//! default; and two changes version 1 reads only through its reader policies (a new value of a
//! closed enum that an `#[on_invalid = "default"]` field holds, larger integers in the items of
//! a `#[skip_invalid]` array). Its valid payloads (its golden corpus, `tolerated_by_v1.jsonl`,
//! and draws of every type from its IR) are read by version 1. Those its contract accepts, every
//! reader of version 1 accepts (the Rust types with their round trip, the published JSON Schema
//! under two validators, the TypeScript guards, the Python package) and writes back as the
//! contract says. The others its tolerant readers read, never failing: the Rust tolerant decode,
//! the TypeScript tolerant parse and the Python tolerant decode read what the contract checker's
//! tolerant read does, value and warnings. Rendering the golden corpus through version 1's bridges is proved in
//! Rust (`tests/golden/tests/evolution.rs`) and below for the TypeScript and Python bridges
//! (`tests/ts/evolution/render.ts`, `tests/python/render_evolution.py`): all three render the
//! lines committed in `tests/schemas/evolution_v2/rendered_by_v1.txt`.

use std::process::Command;

use std::collections::BTreeSet;

use cardc_codegen::{compat, compile};
use cardc_conformance::{
    Case, Subject, arbitrary, contract, golden_corpus_path, golden_dir, load_cases,
    load_golden_corpus, node, python_interpreter, registered, repo_root, tolerant,
    with_write_backs, write_corpus,
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

/// What version 2 writes, as version 1 reads it: the payloads version 1's contract accepts,
/// and those it reads only tolerantly.
struct WrittenByV2 {
    strict: Vec<Case>,
    tolerated: Vec<Case>,
}

/// The types whose own form version 2 changed in a way version 1's readers refuse (compat's
/// verdict): version 1 tolerates the change only where it reads such a type under a policy, so
/// these are drawn inside the types that hold them, never alone.
fn changed_for_readers() -> BTreeSet<String> {
    let (old, new) = (schema("evolution_v1"), schema("evolution_v2"));
    compat::compare(&old, &new)
        .iter()
        .filter(|change| change.verdict().breaks.readers)
        .map(|change| {
            change
                .path
                .split('/')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

/// What version 2 writes: its corpus's valid payloads, the payloads of `tolerated_by_v1.jsonl`,
/// and draws of every type version 1 knows, but the standalone values of
/// [`changed_for_readers`], each sorted by whether version 1's contract accepts it. A strict
/// case carries the write-back version 1's writers give it.
fn written_by_v2() -> WrittenByV2 {
    let (old, new) = (schema("evolution_v1"), schema("evolution_v2"));
    let changed = changed_for_readers();
    let mut cases: Vec<Case> = load_golden_corpus("evolution_v2")
        .into_iter()
        .chain(load_cases(
            &golden_dir("evolution_v2").join("tolerated_by_v1.jsonl"),
        ))
        .filter(|case| {
            case.valid
                && old.types.contains_key(&case.type_name)
                && !changed.contains(&case.type_name)
        })
        .collect();
    let mut runner = TestRunner::deterministic();
    for type_name in old.types.keys().filter(|name| !changed.contains(*name)) {
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
                pointer: None,
                several_faults: false,
            });
        }
    }
    let (mut strict, tolerated): (Vec<Case>, Vec<Case>) = cases
        .into_iter()
        .partition(|case| contract::check(&old, &case.type_name, &case.payload).is_ok());
    with_write_backs(&old, &mut strict);
    WrittenByV2 { strict, tolerated }
}

#[test]
fn version_1_reads_everything_version_2_writes_in_every_reader() {
    let WrittenByV2 { strict, tolerated } = written_by_v2();
    assert!(
        strict.iter().any(|case| case.payload["type"] == "plan"),
        "the corpus lacks the new card"
    );
    // The golden corpus is what every bridge renders, strictly; what needs tolerance is in
    // `tolerated_by_v1.jsonl`.
    let corpus: BTreeSet<String> = load_golden_corpus("evolution_v2")
        .into_iter()
        .map(|case| case.name)
        .collect();
    let misplaced: Vec<&str> = tolerated
        .iter()
        .filter(|case| corpus.contains(&case.name))
        .map(|case| case.name.as_str())
        .collect();
    assert!(
        misplaced.is_empty(),
        "version 1's contract refuses golden cases of version 2 (move them to \
         tolerated_by_v1.jsonl, or fix the schemas): {misplaced:?}"
    );
    let path = write_corpus("evolution-v2-read-by-v1.jsonl", &strict);
    let disagreements = Subject::golden("evolution_v1").disagreements(&strict, &path);
    assert!(
        disagreements.is_empty(),
        "version 1's readers refuse or change what version 2 writes:\n{}",
        disagreements.join("\n")
    );
}

/// Where version 1's contract refuses what version 2 writes, its policies tolerate it: the
/// checker's tolerant read never fails there and always warns, and every registered tolerant
/// reader of version 1 (the Rust decode, the TypeScript parse, the Python decode) reads exactly
/// what it reads.
#[test]
fn version_1_reads_tolerantly_what_only_its_policies_accept() {
    let old = schema("evolution_v1");
    let WrittenByV2 { tolerated, .. } = written_by_v2();
    let hand_written = load_cases(&golden_dir("evolution_v2").join("tolerated_by_v1.jsonl"));
    for case in &hand_written {
        assert!(
            tolerated
                .iter()
                .any(|tolerated| tolerated.name == case.name),
            "{} reads strictly in version 1: it belongs in the golden corpus",
            case.name
        );
    }
    assert!(
        tolerated.iter().any(|case| case.name.starts_with("drawn-")),
        "no draw needs tolerance: the draws do not reach the tolerated changes"
    );
    let subject = Subject::golden("evolution_v1");
    let path = write_corpus("evolution-v2-tolerated-by-v1.jsonl", &tolerated);
    let mut wrong = Vec::new();
    for case in &tolerated {
        let expected = tolerant::read(&old, &case.type_name, &case.payload);
        if !expected
            .as_ref()
            .is_ok_and(|read| !read.warnings.is_empty())
        {
            wrong.push(format!(
                "  {}: version 1 does not tolerate it: {expected:?}\n    {}",
                case.name, case.payload
            ));
        }
    }
    let mut readers = 0;
    for target in registered() {
        if let Some((reader, reads)) = target.tolerant(&subject, &tolerated, &path) {
            readers += 1;
            wrong.extend(tolerant::disagreements(&old, &tolerated, reader, &reads));
        }
    }
    assert!(readers >= 3, "only {readers} tolerant readers");
    assert!(
        wrong.is_empty(),
        "version 1's tolerant reads of what version 2 writes:\n{}",
        wrong.join("\n")
    );
}

/// compat agrees: from version 1 to version 2 readers break exactly at the two changes version
/// 1's policies tolerate (compat judges the contract, not the policies that read past it), no
/// writer breaks, bridges do (the new card and enum values), and the declared major bump is
/// enough.
#[test]
fn compat_says_readers_break_only_where_version_1_tolerates_it() {
    let (old, new) = (schema("evolution_v1"), schema("evolution_v2"));
    let changes = compat::compare(&old, &new);
    let breaking = |party: fn(&compat::Breaks) -> bool| -> BTreeSet<&str> {
        changes
            .iter()
            .filter(|change| party(&change.verdict().breaks))
            .map(|change| change.path.as_str())
            .collect()
    };
    assert_eq!(
        breaking(|breaks| breaks.readers),
        BTreeSet::from(["Attachment/size", "TextFormat/html"]),
        "{changes:?}"
    );
    assert!(breaking(|breaks| breaks.writers).is_empty(), "{changes:?}");
    assert!(
        !breaking(|breaks| breaks.bridges).is_empty(),
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
/// the catch-all (`run.cjs` prints what it renders), compiles against version 1's golden
/// TypeScript (which imports its guards module and the shared runtime) under the strict flags
/// and renders every update of version 2 as the other bridges do.
#[test]
fn the_typescript_bridge_of_version_1_renders_what_version_2_writes() {
    let root = repo_root();
    let out = root.join("target/cardc-conformance/evolution-ts");
    let _ = std::fs::remove_dir_all(&out);
    node(&[
        root.join("node_modules/typescript/bin/tsc").as_os_str(),
        "--strict".as_ref(),
        "--exactOptionalPropertyTypes".as_ref(),
        "--noUncheckedIndexedAccess".as_ref(),
        "--module".as_ref(),
        "commonjs".as_ref(),
        "--target".as_ref(),
        "es2020".as_ref(),
        "--rootDir".as_ref(),
        root.as_os_str(),
        "--outDir".as_ref(),
        out.as_os_str(),
        root.join("tests/ts/evolution/render.ts").as_os_str(),
    ]);
    // `run.cjs` loads the bridge from beside it.
    let bridge = out.join("tests/ts/evolution");
    std::fs::copy(
        root.join("tests/ts/evolution/run.cjs"),
        bridge.join("run.cjs"),
    )
    .expect("copy run.cjs beside the compiled bridge");
    let printed = node(&[
        bridge.join("run.cjs").as_os_str(),
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
