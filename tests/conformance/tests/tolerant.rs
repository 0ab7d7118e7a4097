//! Tolerant reads: for every golden corpus and its mutations, the Rust tolerant decode
//! (`cardc::decode_str_tolerant`) and, for every schema that declares a reader policy, the
//! TypeScript tolerant parse (`parse<Type>Tolerant`) read exactly what the independent contract checker
//! (`cardc_conformance::tolerant`) computes from the IR, value and warnings alike; and the
//! checker's tolerant read is strict exactly where the published contract is: it has no
//! warning exactly when the strict checker accepts the payload. That strict readers (the Rust
//! `decode_str`, the JSON Schema, ajv, the TypeScript guards, Python) agree with the strict
//! checker on the same cases is `golden_corpora`'s to show.

use cardc_codegen::ir::TypeDef;
use cardc_conformance::{
    Case, Subject, contract, golden_corpora, load_golden_corpus, mutate, rust_tolerant_read,
    same_json, tolerant, typescript_tolerant_reads, write_corpus,
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
fn the_rust_tolerant_read_equals_the_contract_checkers_on_every_golden_case() {
    let mut wrong = Vec::new();
    let mut dropping = 0;
    for case in golden_corpora() {
        let subject = Subject::golden(&case);
        for c in cases(&case, &subject) {
            let expected = tolerant::read(&subject.ir, &c.type_name, &c.payload);
            let actual = rust_tolerant_read(&case, &c.type_name, &c.payload)
                .unwrap_or_else(|| panic!("{case}: unknown type {}", c.type_name));
            let agree = tolerant::agrees(&subject.ir, &c.type_name, &expected, &actual);
            if !agree {
                wrong.push(format!(
                    "  {case}: {}: {}\n    checker {expected:?}\n    rust    {actual:?}",
                    c.name, c.payload
                ));
            }
            if expected.is_ok_and(|read| !read.warnings.is_empty()) {
                dropping += 1;
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "tolerant reads differ:\n{}",
        wrong.join("\n")
    );
    // The tolerant corpus and its mutations must exercise the policies, or this proves little.
    assert!(dropping >= 20, "only {dropping} cases drop anything");
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

/// Whether a schema declares a reader policy anywhere: only then does its TypeScript output have
/// tolerant guards to run (every other schema's tolerant read is its strict one, which
/// `golden_corpora` covers).
fn declares_a_policy(subject: &Subject) -> bool {
    subject.ir.types.values().any(|def| match def {
        TypeDef::Struct(def) => def.fields.iter().any(|f| f.tolerance.is_declared()),
        _ => false,
    })
}

#[test]
fn the_typescript_tolerant_read_equals_the_contract_checkers() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for case in golden_corpora() {
        let subject = Subject::golden(&case);
        if !declares_a_policy(&subject) {
            continue;
        }
        let cases = cases(&case, &subject);
        let path = write_corpus(&format!("tolerant-{case}.jsonl"), &cases);
        let reads = typescript_tolerant_reads(&subject.typescript, &path);
        for c in &cases {
            let expected = tolerant::read(&subject.ir, &c.type_name, &c.payload);
            let actual = reads
                .get(&c.name)
                .unwrap_or_else(|| panic!("{case}: no TypeScript read of {}", c.name));
            let agree = tolerant::agrees(&subject.ir, &c.type_name, &expected, actual);
            if !agree {
                wrong.push(format!(
                    "  {case}: {}: {}\n    checker    {expected:?}\n    typescript {actual:?}",
                    c.name, c.payload
                ));
            }
            checked += 1;
        }
    }
    assert!(checked > 0, "no golden case declares a reader policy");
    assert!(
        wrong.is_empty(),
        "tolerant reads differ:\n{}",
        wrong.join("\n")
    );
}
