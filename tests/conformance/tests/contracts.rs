//! The public contracts under `tests/contracts/` (see `cardc_conformance::contracts`): every
//! cardc reader agrees with the transcription's labels on the whole corpus, and the protocol's
//! own reference agrees with them too, except where a class of `gaps.json` says why not. The
//! agreement table of each contract is in the book's `docs/src/evidence/public-contracts.md`
//! between `<!-- contract:<name> -->` and `<!-- /contract:<name> -->`; refresh it with
//! `CARDC_BLESS=1 cargo test -p cardc-conformance --test contracts`.
//!
//! A contract split by its families into schema files that import one another is the golden
//! project of its name (`tests/projects/mcp/`): it must state the one-file transcription's
//! contract type by type, label every case of its corpus the same, and be read so by every
//! reader of its outputs, so that its agreement with the reference is the one-file's.

use std::collections::BTreeSet;

use cardc_conformance::contracts::{
    self, Agreement, Entry, Reference, contracts, load_examples, load_gaps,
};
use cardc_conformance::{Case, Subject, contract, label_problems, repo_root, write_corpus};

/// A contract's corpus is at least this large (the issue asks for 2,000 payloads).
const MIN_CASES: usize = 2_000;

/// Shows at most this many unexplained disagreements of a contract in full.
const SHOWN: usize = 25;

/// One contract, loaded: the transcription, its reference and its corpus.
struct Loaded {
    subject: Subject,
    reference: Reference,
    corpus: Vec<Entry>,
    cases: Vec<Case>,
    path: std::path::PathBuf,
}

/// Loads the contract `name`, checking that its examples and its reference fit the
/// transcription: every example's type is a type of the `.cards` that the reference reads, and
/// every type the reference reads is one of the `.cards`.
fn load(name: &str) -> Loaded {
    let subject = Subject::contract(name);
    let reference = Reference::load(name);
    let examples = load_examples(name);
    let mut problems = Vec::new();
    for type_name in &reference.types {
        if !subject.ir.types.contains_key(type_name) {
            problems.push(format!(
                "the reference reads {type_name}, which the .cards lacks"
            ));
        }
    }
    for example in &examples {
        if !reference.types.contains(&example.case.type_name) {
            problems.push(format!(
                "example {}: the reference has no validator for {}",
                example.case.name, example.case.type_name
            ));
        }
    }
    let cases: Vec<Case> = examples
        .iter()
        .map(|example| example.case.clone())
        .collect();
    problems.extend(label_problems(&cases));
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
    let types: BTreeSet<String> = reference.types.clone();
    let corpus = contracts::corpus(&subject, &examples, &types);
    assert!(
        corpus.len() >= MIN_CASES,
        "{name}: {} cases, fewer than {MIN_CASES}: add examples",
        corpus.len()
    );
    let cases: Vec<Case> = corpus.iter().map(|entry| entry.case.clone()).collect();
    let path = write_corpus(&format!("contract-{name}.jsonl"), &cases);
    Loaded {
        subject,
        reference,
        corpus,
        cases,
        path,
    }
}

/// The directory scan finds both public contracts: a scan that found none would let the other
/// tests pass over nothing.
#[test]
fn both_public_contracts_are_found() {
    let names = contracts();
    assert!(
        names.len() >= 2,
        "expected the ai_ui_stream and mcp contracts under tests/contracts, found {names:?}"
    );
}

#[test]
fn every_reader_agrees_on_every_contract_corpus() {
    let mut report = Vec::new();
    for name in contracts() {
        let loaded = load(&name);
        let disagreements = loaded.subject.disagreements(&loaded.cases, &loaded.path);
        if !disagreements.is_empty() {
            report.push(format!(
                "{name}: {} disagreement(s) over {} cases:\n{}",
                disagreements.len(),
                loaded.cases.len(),
                disagreements.join("\n")
            ));
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn every_contract_agrees_with_its_reference_or_names_the_gap() {
    let bless = std::env::var_os("CARDC_BLESS").is_some_and(|value| value == "1");
    let readme_path = repo_root().join("docs/src/evidence/public-contracts.md");
    let original =
        std::fs::read_to_string(&readme_path).expect("read docs/src/evidence/public-contracts.md");
    let mut readme = original.clone();
    let mut problems = Vec::new();
    for name in contracts() {
        let loaded = load(&name);
        let verdicts = loaded.reference.read(&loaded.path);
        let disagreements = contracts::disagreements(&loaded.corpus, &verdicts);
        let gaps = load_gaps(&name);
        let agreement = Agreement::tally(&loaded.corpus, &verdicts, &disagreements, &gaps);
        if !agreement.unexplained.is_empty() {
            let shown: Vec<String> = agreement
                .unexplained
                .iter()
                .take(SHOWN)
                .map(|d| {
                    format!(
                        "  {} [{}] {} {} at {:?}: {}\n    payload: {}",
                        d.name,
                        d.type_name,
                        d.class,
                        d.side.name(),
                        d.pointer,
                        d.detail,
                        loaded
                            .cases
                            .iter()
                            .find(|case| case.name == d.name)
                            .map_or(String::new(), |case| case.payload.to_string())
                    )
                })
                .collect();
            problems.push(format!(
                "{name}: {} disagreement(s) with {} that no class of gaps.json covers \
                 (the first {}):\n{}",
                agreement.unexplained.len(),
                loaded.reference.name,
                shown.len(),
                shown.join("\n")
            ));
        }
        for (gap, count) in gaps.iter().zip(&agreement.covered) {
            if *count == 0 {
                problems.push(format!(
                    "{name}: the gap {} covers no disagreement: remove it",
                    gap.class
                ));
            }
        }
        let table = agreement.markdown(&loaded.reference.name, loaded.corpus.len(), &gaps);
        let (open, close) = (
            format!("<!-- contract:{name} -->\n"),
            format!("<!-- /contract:{name} -->"),
        );
        let (Some(start), Some(end)) = (readme.find(&open), readme.find(&close)) else {
            problems.push(format!(
                "{name}: docs/src/evidence/public-contracts.md has no `{}` ... `{close}` block for the table",
                open.trim_end()
            ));
            continue;
        };
        let start = start + open.len();
        if readme[start..end] != table {
            if bless {
                readme.replace_range(start..end, &table);
            } else {
                problems.push(format!(
                    "{name}: the agreement table in docs/src/evidence/public-contracts.md is stale; refresh it with:\n    \
                     CARDC_BLESS=1 cargo test -p cardc-conformance --test contracts\n\
                     it is now:\n{table}"
                ));
            }
        }
    }
    if bless && readme != original {
        std::fs::write(&readme_path, &readme).expect("write docs/src/evidence/public-contracts.md");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// Each contract split into a project (`tests/projects/<name>/`): the same types as the one
/// file, wherever each is declared; each case of the one file's corpus labelled the same by
/// the file that declares its type; and every reader of that file's outputs, importing the
/// others', agreeing with every label.
#[test]
fn every_split_contract_states_the_one_file_contract_and_every_reader_agrees() {
    let mut report = Vec::new();
    let mut split = 0;
    for name in contracts() {
        if !repo_root()
            .join("tests/projects")
            .join(&name)
            .join("cardc.toml")
            .is_file()
        {
            continue;
        }
        split += 1;
        let loaded = load(&name);
        let subjects = Subject::project(&name);
        let files: Vec<&cardc_codegen::ir::Schema> =
            subjects.iter().map(|subject| &subject.ir).collect();
        let compared = cardc_codegen::compat::project::compare(&[&loaded.subject.ir], &files, None);
        for change in &compared.changes {
            if !change.path.starts_with("(schema)") {
                report.push(format!(
                    "{name}: the split differs from the one file: {} {}",
                    change.path,
                    change.class.name()
                ));
            }
        }
        let mut read = 0;
        for subject in &subjects {
            let cases: Vec<Case> = loaded
                .cases
                .iter()
                .filter(|case| {
                    subject.ir.types.contains_key(&case.type_name)
                        && subject.ir.is_own(&case.type_name)
                })
                .cloned()
                .collect();
            read += cases.len();
            if cases.is_empty() {
                continue;
            }
            for case in &cases {
                let verdict = contract::check(&subject.ir, &case.type_name, &case.payload);
                if verdict.is_ok() != case.valid {
                    report.push(format!(
                        "{name}: {} labelled otherwise: {verdict:?}",
                        case.name
                    ));
                }
                let written = contract::written(&subject.ir, &case.type_name, &case.payload);
                if case.valid && &written != case.write_back() {
                    report.push(format!("{name}: {} writes back {written}", case.name));
                }
            }
            let path = write_corpus(
                &format!("contract-{name}-split-{}.jsonl", subject.ir.stem),
                &cases,
            );
            let disagreements = subject.disagreements(&cases, &path);
            if !disagreements.is_empty() {
                report.push(format!(
                    "{name}: {}: {} disagreement(s) over {} cases:\n{}",
                    subject.ir.stem,
                    disagreements.len(),
                    cases.len(),
                    disagreements.join("\n")
                ));
            }
        }
        assert_eq!(
            read,
            loaded.cases.len(),
            "{name}: every case is read by the file that declares its type"
        );
    }
    assert!(
        split >= 1,
        "no contract is split into a project under tests/projects"
    );
    assert!(report.is_empty(), "{}", report.join("\n"));
}
