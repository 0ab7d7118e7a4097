//! The mutation corpus (every valid hand-written payload, and every valid standalone payload
//! taken from them, changed one way at a time, labelled from the contract by `contract::check`
//! over the IR) against the four readers.

use std::collections::BTreeMap;

use cardc_conformance::mutate::Mutation;
use cardc_conformance::{
    Case, ENTRY_UNIONS, NAMED_TYPES, mutation_corpus, reader_disagreements, render_intent_ir,
    write_corpus,
};

fn corpus() -> Vec<Mutation> {
    mutation_corpus(&render_intent_ir())
}

#[test]
fn mutation_corpus_is_large_and_covers_every_class() {
    let corpus = corpus();
    assert!(corpus.len() >= 1000, "only {} mutations", corpus.len());
    let mut classes: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for mutation in &corpus {
        let (valid, invalid) = classes.entry(mutation.class).or_default();
        if mutation.case.valid {
            *valid += 1;
        } else {
            *invalid += 1;
        }
    }
    let expected = [
        "any-type/json",
        "drop/optional",
        "drop/required",
        "drop/tag",
        "enum/other",
        "enum/unknown",
        "int/above",
        "int/below",
        "null/json",
        "null/nullable",
        "null/optional",
        "null/required",
        "null/tag",
        "tag/other",
        "tag/unknown",
        "unknown-field",
        "wrong-type/field",
        "wrong-type/tag",
    ];
    assert_eq!(
        classes.keys().copied().collect::<Vec<_>>(),
        expected,
        "{classes:?}"
    );
    // A changed tag is labelled by a full check, so both outcomes must occur.
    assert!(
        classes["tag/other"].0 > 0 && classes["tag/other"].1 > 0,
        "{classes:?}"
    );
    // Every named type is mutated on its own, not only inside the entry unions.
    for type_name in NAMED_TYPES {
        let count = corpus
            .iter()
            .filter(|m| m.case.type_name == *type_name)
            .count();
        assert!(count > 0, "{type_name}: no mutation read as it");
    }
    let standalone = corpus
        .iter()
        .filter(|m| !ENTRY_UNIONS.contains(&m.case.type_name.as_str()))
        .count();
    assert!(standalone >= 1000, "only {standalone} standalone mutations");
    let mut names: Vec<&str> = corpus.iter().map(|m| m.case.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), corpus.len(), "mutation names must be unique");
}

#[test]
fn mutation_corpus_is_deterministic() {
    let names = |corpus: Vec<Mutation>| -> Vec<String> {
        corpus
            .into_iter()
            .map(|m| format!("{} {}", m.case.name, m.case.payload))
            .collect()
    };
    assert_eq!(names(corpus()), names(corpus()));
}

#[test]
fn every_reader_agrees_with_the_mutation_labels() {
    let cases: Vec<Case> = corpus().into_iter().map(|m| m.case).collect();
    let path = write_corpus("mutations.jsonl", &cases);
    let disagreements = reader_disagreements(&cases, &path);
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s) over {} mutations:\n{}",
        disagreements.len(),
        cases.len(),
        disagreements.join("\n")
    );
}
