//! One fault, one error: over every mutation of the conformance corpus, ajv (draft 2020-12,
//! strict, `allErrors`) reports at most 3 errors, the first naming the JSON pointer of the
//! fault, and python-jsonschema's `best_match` names it too; python-jsonschema also accepts
//! exactly the valid ones. Prints the figures the README reports.
//!
//! A changed tag (`tag/other`) that makes the payload invalid is left out of the target: the
//! object then reads as the other variant with that variant's fields wrong, and which of them
//! "the" fault is has no answer (the README gives its figures apart).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use cardc_conformance::{
    mutation_corpus, node, render_intent_ir, render_intent_schema_path, repo_root,
};
use serde_json::{Value, json};

/// The most errors ajv may report for one fault.
const MAX_AJV_ERRORS: u64 = 3;

/// The class whose single change is no single fault.
const AMBIGUOUS: &str = "tag/other";

/// The interpreter of the environment `scripts/python-env` builds (the test command runs it).
fn python() -> PathBuf {
    let python = repo_root().join("target/python-env/bin/python");
    assert!(
        python.is_file(),
        "python-jsonschema is not installed: run scripts/python-env (scripts/test does)"
    );
    python
}

/// One JSON line per case from a reader's output, by case name.
fn lines(reader: &str, output: &str) -> BTreeMap<String, Value> {
    output
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("{reader} printed {line:?}: {error}"));
            (value["name"].as_str().expect("a name").to_owned(), value)
        })
        .collect()
}

#[test]
fn a_single_fault_is_one_error_at_its_pointer() {
    let schema = render_intent_ir();
    let mutations = mutation_corpus(&schema);
    let dir = repo_root().join("target/cardc-conformance");
    std::fs::create_dir_all(&dir).expect("create target/cardc-conformance");
    let path = dir.join("precise_errors.jsonl");
    let text: String = mutations
        .iter()
        .map(|m| {
            let case =
                json!({"name": m.case.name, "type": m.case.type_name, "payload": m.case.payload});
            format!("{case}\n")
        })
        .collect();
    std::fs::write(&path, text).expect("write the cases");
    let schema_path = render_intent_schema_path();
    let ajv = lines(
        "ajv",
        &node(&[
            "tests/js/ajv_errors.mjs".as_ref(),
            schema_path.as_os_str(),
            path.as_os_str(),
        ]),
    );
    let output = Command::new(python())
        .current_dir(repo_root())
        .arg("tests/python/best_match.py")
        .arg(&schema_path)
        .arg(&path)
        .output()
        .expect("run python");
    assert!(
        output.status.success(),
        "best_match.py failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let python = lines(
        "python-jsonschema",
        &String::from_utf8_lossy(&output.stdout),
    );

    let mut failures = Vec::new();
    // Per class: faults, within the error limit, ajv's first error at the fault, best_match at
    // the fault, the most errors ajv gave.
    let mut figures: BTreeMap<&str, [u64; 5]> = BTreeMap::new();
    let mut total = 0;
    for mutation in &mutations {
        let name = &mutation.case.name;
        let (Some(ajv), Some(python)) = (ajv.get(name), python.get(name)) else {
            panic!("{name}: a reader gave no verdict");
        };
        let python_count = python["count"].as_u64().expect("a count");
        if (python_count == 0) != mutation.case.valid {
            failures.push(format!(
                "{name}: python-jsonschema disagrees with the label"
            ));
        }
        if mutation.case.valid {
            continue;
        }
        let count = ajv["count"].as_u64().expect("a count");
        let first = ajv["first"].as_str() == Some(&mutation.pointer);
        let best = python["best"].as_str() == Some(&mutation.pointer);
        let row = figures.entry(mutation.class).or_default();
        row[0] += 1;
        row[1] += u64::from(count <= MAX_AJV_ERRORS);
        row[2] += u64::from(first);
        row[3] += u64::from(best);
        row[4] = row[4].max(count);
        total += count;
        if mutation.class != AMBIGUOUS && (count > MAX_AJV_ERRORS || !first || !best) {
            failures.push(format!(
                "{name}: fault at {}, ajv {count} errors first at {}, best_match at {}",
                mutation.pointer, ajv["first"], python["best"]
            ));
        }
    }
    let faults: u64 = figures.values().map(|row| row[0]).sum();
    println!(
        "class | faults | ajv <= {MAX_AJV_ERRORS} errors | ajv's first at the fault | best_match at the fault | most ajv errors"
    );
    for (class, row) in &figures {
        println!(
            "{class} | {} | {} | {} | {} | {}",
            row[0], row[1], row[2], row[3], row[4]
        );
    }
    println!(
        "{faults} faults, {:.2} ajv errors each on average",
        total as f64 / faults as f64
    );
    assert!(faults > 10_000, "only {faults} faults");
    assert!(
        failures.is_empty(),
        "{} of {faults} faults are not reported precisely:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
