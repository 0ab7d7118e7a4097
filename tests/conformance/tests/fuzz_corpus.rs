//! The decoder fuzz target's corpus (`fuzz/corpus/decode`: the inputs libFuzzer kept for the
//! code they reach) read by every reader. Each input's first byte picks a named type, as it does
//! in the target, and the rest is JSON text; the contract checker labels what serde_json can
//! parse, and the Rust types, the `jsonschema` crate, ajv and the TypeScript guards must all
//! agree with the label. Text serde_json cannot parse at all is the lexical corpus's concern.

use std::collections::BTreeSet;

use cardc_conformance::{
    Case, NAMED_TYPES, contract, reader_disagreements, render_intent_ir, repo_root, write_corpus,
};
use serde_json::Value;

/// The corpus as cases, one per distinct (type, payload), in file-name order.
fn corpus() -> Vec<Case> {
    let dir = repo_root().join("fuzz/corpus/decode");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.expect("a corpus entry").path())
        .collect();
    paths.sort();
    let schema = render_intent_ir();
    let mut seen = BTreeSet::new();
    let mut cases = Vec::new();
    for path in paths {
        let bytes = std::fs::read(&path).expect("a corpus file");
        let Some((&selector, text)) = bytes.split_first() else {
            continue;
        };
        let Ok(payload) = serde_json::from_slice::<Value>(text) else {
            continue;
        };
        let type_name = NAMED_TYPES[usize::from(selector) % NAMED_TYPES.len()];
        if !seen.insert((type_name, payload.to_string())) {
            continue;
        }
        let label = contract::check(&schema, type_name, &payload);
        let several_faults = contract::faults(&schema, type_name, &payload).len() > 1;
        let name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        cases.push(Case {
            name: format!("fuzz-{name}"),
            type_name: type_name.to_string(),
            valid: label.is_ok(),
            fault: label.err(),
            payload,
            written: None,
            pointer: None,
            several_faults,
        });
    }
    cases
}

#[test]
fn every_reader_agrees_with_the_contract_on_the_decoder_fuzz_corpus() {
    let cases = corpus();
    let valid = cases.iter().filter(|case| case.valid).count();
    // The seeds alone are the wire corpus: the fuzzer's finds must come on top, of both labels.
    assert!(
        cases.len() > 400 && valid > 200,
        "{} cases ({valid} valid): has fuzz/corpus/decode been emptied?",
        cases.len()
    );
    let types: BTreeSet<&str> = cases.iter().map(|case| case.type_name.as_str()).collect();
    assert_eq!(types.len(), NAMED_TYPES.len(), "a named type has no input");
    let path = write_corpus("fuzz_decode.jsonl", &cases);
    let disagreements = reader_disagreements(&cases, &path);
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s) over {} fuzz inputs:\n{}",
        disagreements.len(),
        cases.len(),
        disagreements.join("\n")
    );
}
