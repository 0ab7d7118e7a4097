//! The hand-written corpora (the wire corpus of the entry unions, and the standalone corpus of
//! every other named type) against the four readers cardc makes and publishes: the generated
//! Rust types, ajv, the `jsonschema` crate and the generated TypeScript guards must each accept
//! exactly the cases the contract labels valid.

use cardc_conformance::{
    Case, ENTRY_UNIONS, NAMED_TYPES, contract, corpus_path, hand_written, label_problems,
    load_corpus, load_standalone_corpus, reader_disagreements, render_intent_ir,
    standalone_corpus_path,
};

/// The type names of the schema are the ones the readers dispatch on.
#[test]
fn the_readers_know_every_named_type() {
    let schema = render_intent_ir();
    let names: Vec<&str> = schema.types.keys().map(String::as_str).collect();
    assert_eq!(NAMED_TYPES, names.as_slice());
}

#[test]
fn corpus_is_large_labelled_and_uniquely_named() {
    let corpus = load_corpus();
    assert!(corpus.len() >= 100, "only {} cases", corpus.len());
    assert!(
        corpus
            .iter()
            .all(|case| ENTRY_UNIONS.contains(&case.type_name.as_str())),
        "the wire corpus holds the entry unions; other types go in the standalone corpus"
    );
    let problems = label_problems(&hand_written());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for type_name in ENTRY_UNIONS {
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

/// Every other named type has standalone cases of its own, valid and invalid.
#[test]
fn standalone_corpus_covers_every_other_named_type() {
    let corpus = load_standalone_corpus();
    let mut sorted: Vec<(&str, &str)> = corpus
        .iter()
        .map(|case| (case.type_name.as_str(), case.name.as_str()))
        .collect();
    sorted.sort_unstable();
    let order: Vec<(&str, &str)> = corpus
        .iter()
        .map(|case| (case.type_name.as_str(), case.name.as_str()))
        .collect();
    assert_eq!(
        order, sorted,
        "the standalone corpus is sorted by type, then name"
    );
    for type_name in NAMED_TYPES
        .iter()
        .filter(|name| !ENTRY_UNIONS.contains(name))
    {
        for valid in [true, false] {
            let count = corpus
                .iter()
                .filter(|case| case.type_name == *type_name && case.valid == valid)
                .count();
            assert!(count >= 1, "{type_name}: no case with valid={valid}");
        }
    }
}

/// The contract checker that labels the mutation corpus agrees with every hand-written label,
/// which were set independently from the written contract.
#[test]
fn contract_checker_agrees_with_the_hand_written_labels() {
    let schema = render_intent_ir();
    let wrong: Vec<String> = hand_written()
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
    let disagreements = reader_disagreements(&corpus, &corpus_path());
    assert_agree(&corpus, &disagreements);
}

#[test]
fn every_reader_agrees_with_the_standalone_labels() {
    let corpus = load_standalone_corpus();
    let disagreements = reader_disagreements(&corpus, &standalone_corpus_path());
    assert_agree(&corpus, &disagreements);
}

fn assert_agree(corpus: &[Case], disagreements: &[String]) {
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s) over {} cases:\n{}",
        disagreements.len(),
        corpus.len(),
        disagreements.join("\n")
    );
}
