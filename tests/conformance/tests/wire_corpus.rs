//! The hand-written wire corpus against the four readers cardc makes and publishes: the
//! generated Rust types, ajv, the `jsonschema` crate and the generated TypeScript guards must
//! each accept exactly the cases the contract labels valid.

use cardc_conformance::{
    contract, corpus_path, four_reader_disagreements, load_corpus, render_intent_ir,
};

#[test]
fn corpus_is_large_labelled_and_uniquely_named() {
    let corpus = load_corpus();
    assert!(corpus.len() >= 100, "only {} cases", corpus.len());
    let mut names: Vec<&str> = corpus.iter().map(|case| case.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), corpus.len(), "case names must be unique");
    for case in &corpus {
        assert_eq!(
            case.valid,
            case.fault.is_none(),
            "{}: an invalid case names its fault, a valid one has none",
            case.name
        );
    }
    for type_name in ["ToolCallView", "ToolResultView"] {
        for valid in [true, false] {
            let count = corpus
                .iter()
                .filter(|case| case.type_name == type_name && case.valid == valid)
                .count();
            assert!(
                count >= 20,
                "{type_name}: only {count} cases with valid={valid}"
            );
        }
    }
}

/// The contract checker that labels the mutation corpus agrees with every hand-written label,
/// which were set independently from the written contract.
#[test]
fn contract_checker_agrees_with_the_hand_written_labels() {
    let schema = render_intent_ir();
    let wrong: Vec<String> = load_corpus()
        .iter()
        .filter_map(|case| {
            let verdict = contract::check(&schema, &case.type_name, &case.payload);
            (verdict.is_ok() != case.valid).then(|| format!("  {}: {verdict:?}", case.name))
        })
        .collect();
    assert!(wrong.is_empty(), "checker disagrees:\n{}", wrong.join("\n"));
}

#[test]
fn every_reader_agrees_with_the_labels() {
    let corpus = load_corpus();
    let disagreements = four_reader_disagreements(&corpus, &corpus_path());
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s):\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}
