//! The golden projects (`tests/projects/<case>/`): contracts that span schema files, each
//! file's committed outputs importing the others'. Every file's hand-written corpus
//! (`<stem>.jsonl` beside it, when it has one), the mutations of its valid cases labelled by
//! the contract checker, and the examples its schema gives are read by every reader: the Rust
//! types compiled beside the modules they import, the published document with its siblings
//! registered (the `jsonschema` crate and ajv), the TypeScript guards compiled with the
//! modules they import, and the Python package with the packages it imports on the path.

use cardc_conformance::{
    Case, Subject, contract, example_cases, label_problems, load_cases, mutate, repo_root,
    with_write_backs, write_corpus,
};

/// The golden project every test here reads.
const CASE: &str = "chat";

/// The corpus of the schema of stem `stem` of the golden project, if it has one.
fn corpus(stem: &str) -> Option<Vec<Case>> {
    let path = repo_root()
        .join("tests/projects")
        .join(CASE)
        .join(format!("{stem}.jsonl"));
    path.is_file().then(|| load_cases(&path))
}

/// The project spans files: the file with a corpus imports types from others, which its
/// outputs import rather than declare.
#[test]
fn the_golden_project_imports_across_files() {
    let subjects = Subject::project(CASE);
    let stems: Vec<&str> = subjects.iter().map(|s| s.ir.stem.as_str()).collect();
    assert_eq!(stems, ["ids", "common", "chat"]);
    let chat = &subjects[2];
    assert!(chat.ir.foreign.contains_key("ContentBlock"));
    assert_eq!(chat.siblings.len(), 2, "{:?}", chat.siblings);
    assert!(corpus("chat").is_some());
}

/// The contract checker agrees with every hand-written label, and with each `written`.
#[test]
fn the_contract_checker_agrees_with_every_label() {
    let mut wrong = Vec::new();
    for subject in Subject::project(CASE) {
        let Some(cases) = corpus(&subject.ir.stem) else {
            continue;
        };
        wrong.extend(label_problems(&cases));
        for case in cases {
            let verdict = contract::check(&subject.ir, &case.type_name, &case.payload);
            if verdict.is_ok() != case.valid {
                wrong.push(format!("{}: {verdict:?}", case.name));
            }
            let written = contract::written(&subject.ir, &case.type_name, &case.payload);
            if case.valid && &written != case.write_back() {
                wrong.push(format!("{}: writes back {written}", case.name));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_reader_agrees_across_files() {
    let mut report = Vec::new();
    for subject in Subject::project(CASE) {
        let Some(corpus) = corpus(&subject.ir.stem) else {
            continue;
        };
        let mut cases: Vec<Case> = mutate::mutations(&subject.ir, &corpus)
            .into_iter()
            .map(|mutation| mutation.case)
            .filter(|case| subject.ir.is_own(&case.type_name))
            .collect();
        assert!(cases.len() > 50, "only {} mutations", cases.len());
        cases.extend(corpus);
        cases.extend(
            example_cases(&subject.ir)
                .into_iter()
                .filter(|case| subject.ir.is_own(&case.type_name)),
        );
        with_write_backs(&subject.ir, &mut cases);
        let path = write_corpus(&format!("project-{CASE}-{}.jsonl", subject.ir.stem), &cases);
        let disagreements = subject.disagreements(&cases, &path);
        if !disagreements.is_empty() {
            report.push(format!(
                "{}: {} disagreement(s) over {} cases:\n{}",
                subject.ir.stem,
                disagreements.len(),
                cases.len(),
                disagreements.join("\n")
            ));
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}
