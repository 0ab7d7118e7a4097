//! The golden corpora: a golden case with a corpus (`tests/schemas/<case>/<case>.jsonl`, the
//! line format of `tests/conformance/corpus/README.md`) has its labelled payloads, and the
//! mutations of its valid ones labelled by the contract checker, read by every reader of the
//! case's committed outputs. This is how a construct of the schema language joins the
//! conformance suite: its golden case gets a corpus. Every example the case's schema gives of a
//! named type is read too, as a valid case. A reader that writes back must write what the
//! contract checker says a conforming writer writes (`contract::written`).

use cardc_conformance::{
    Case, Subject, contract, example_cases, golden_corpora, label_problems, load_golden_corpus,
    mutate, with_write_backs, write_corpus,
};

#[test]
fn every_golden_corpus_is_labelled_and_covers_its_types() {
    let corpora = golden_corpora();
    assert!(!corpora.is_empty(), "no golden case has a corpus");
    let mut problems = Vec::new();
    for case in &corpora {
        let corpus = load_golden_corpus(case);
        problems.extend(
            label_problems(&corpus)
                .into_iter()
                .map(|problem| format!("{case}: {problem}")),
        );
        let subject = Subject::golden(case);
        for type_name in subject.named_types() {
            for valid in [true, false] {
                if !corpus
                    .iter()
                    .any(|c| c.type_name == type_name && c.valid == valid)
                {
                    problems.push(format!("{case}: no {type_name} case with valid={valid}"));
                }
            }
        }
        for c in &corpus {
            if !subject.ir.types.contains_key(&c.type_name) {
                problems.push(format!("{case}: {}: unknown type {}", c.name, c.type_name));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The contract checker that labels the mutations agrees with every hand-written label, and
/// its write-back with every hand-written `written` (a valid case without one writes back as
/// its payload).
#[test]
fn contract_checker_agrees_with_every_golden_label() {
    let mut wrong = Vec::new();
    for case in golden_corpora() {
        let subject = Subject::golden(&case);
        for c in load_golden_corpus(&case) {
            let verdict = contract::check(&subject.ir, &c.type_name, &c.payload);
            if verdict.is_ok() != c.valid {
                wrong.push(format!("  {case}: {}: {verdict:?}", c.name));
            }
            let written = contract::written(&subject.ir, &c.type_name, &c.payload);
            if c.valid && &written != c.write_back() {
                wrong.push(format!("  {case}: {}: writes back {written}", c.name));
            }
        }
    }
    assert!(wrong.is_empty(), "checker disagrees:\n{}", wrong.join("\n"));
}

#[test]
fn every_reader_agrees_on_every_golden_corpus() {
    let mut report = Vec::new();
    for case in golden_corpora() {
        let subject = Subject::golden(&case);
        let corpus = load_golden_corpus(&case);
        let mut cases: Vec<Case> = mutate::mutations(&subject.ir, &corpus)
            .into_iter()
            .map(|mutation| mutation.case)
            .collect();
        cases.extend(corpus);
        cases.extend(example_cases(&subject.ir));
        with_write_backs(&subject.ir, &mut cases);
        let path = write_corpus(&format!("golden-{case}.jsonl"), &cases);
        let disagreements = subject.disagreements(&cases, &path);
        if !disagreements.is_empty() {
            report.push(format!(
                "{case}: {} disagreement(s) over {} cases:\n{}",
                disagreements.len(),
                cases.len(),
                disagreements.join("\n")
            ));
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}
