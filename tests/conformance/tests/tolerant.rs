//! Tolerant reads: for every golden corpus and its mutations, every registered tolerant reader
//! (the Rust tolerant decode, `cardc::decode_str_tolerant`; the TypeScript tolerant parse,
//! `parse<Type>Tolerant`, or `parse<Type>` where no policy lies beneath the type; and the Python
//! package's `parse_<type>.tolerant_json`) reads exactly
//! what the independent contract checker (`cardc_conformance::tolerant`) computes from the IR,
//! value and warnings alike; and the
//! checker's tolerant read is strict exactly where the published contract is: it has no
//! warning exactly when the strict checker accepts the payload. That strict readers (the Rust
//! `decode_str`, the JSON Schema, ajv, the TypeScript guards, Python) agree with the strict
//! checker on the same cases is `golden_corpora`'s to show.

use cardc_conformance::{
    Case, Subject, contract, golden_corpora, load_golden_corpus, mutate, registered, same_json,
    tolerant, write_corpus,
};

/// Every case of a golden corpus: its hand-written ones and the mutations of its valid ones.
fn cases(case: &str, subject: &Subject) -> Vec<Case> {
    let corpus = load_golden_corpus(case);
    let mut cases: Vec<Case> = mutate::mutations(&subject.ir, &corpus)
        .into_iter()
        .map(|mutation| mutation.case)
        .collect();
    cases.extend(corpus);
    cases
}

#[test]
fn a_tolerant_read_warns_exactly_where_the_strict_contract_refuses() {
    let mut wrong = Vec::new();
    for case in golden_corpora() {
        let subject = Subject::golden(&case);
        for c in cases(&case, &subject) {
            let strict = contract::check(&subject.ir, &c.type_name, &c.payload);
            let tolerant = tolerant::read(&subject.ir, &c.type_name, &c.payload);
            let clean = tolerant.as_ref().is_ok_and(|read| read.warnings.is_empty());
            if strict.is_ok() != clean {
                wrong.push(format!("  {case}: {}: {strict:?} {tolerant:?}", c.name));
            }
            // A clean tolerant read is the payload itself.
            if let Ok(read) = &tolerant
                && read.warnings.is_empty()
                && !same_json(&read.value, &c.payload)
            {
                wrong.push(format!("  {case}: {}: changed with no warning", c.name));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_tolerant_reader_equals_the_contract_checkers_read_on_every_golden_case() {
    let mut wrong = Vec::new();
    let mut dropping = 0;
    let mut readers = std::collections::BTreeSet::new();
    for case in golden_corpora() {
        let subject = Subject::golden(&case);
        let cases = cases(&case, &subject);
        let path = write_corpus(&format!("tolerant-{case}.jsonl"), &cases);
        for target in registered() {
            if let Some((reader, reads)) = target.tolerant(&subject, &cases, &path) {
                readers.insert(reader);
                wrong.extend(
                    tolerant::disagreements(&subject.ir, &cases, reader, &reads)
                        .into_iter()
                        .map(|problem| format!("{case}: {problem}")),
                );
            }
        }
        dropping += cases
            .iter()
            .filter(|c| {
                tolerant::read(&subject.ir, &c.type_name, &c.payload)
                    .is_ok_and(|read| !read.warnings.is_empty())
            })
            .count();
    }
    assert_eq!(
        readers.into_iter().collect::<Vec<_>>(),
        ["python", "rust", "typescript"],
        "the targets with a tolerant reader"
    );
    assert!(
        wrong.is_empty(),
        "tolerant reads differ:\n{}",
        wrong.join("\n")
    );
    // The tolerant corpus and its mutations must exercise the policies, or this proves little.
    assert!(dropping >= 20, "only {dropping} cases drop anything");
}
