//! The hand-written wire corpus against every reader: the generated Rust types, ajv and the
//! `jsonschema` crate must each accept exactly the cases the contract labels valid.

use cardc_conformance::{
    AjvReader, Case, JsonSchemaReader, RustReader, corpus_path, load_corpus,
    render_intent_schema_path,
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

#[test]
fn every_reader_agrees_with_the_labels() {
    let corpus = load_corpus();
    let schema = render_intent_schema_path();
    let json_schema = JsonSchemaReader::new(&schema, &["ToolCallView", "ToolResultView"]);
    let ajv = AjvReader::run(&schema, &corpus_path());
    let mut disagreements = Vec::new();
    for case in &corpus {
        let readers = [
            ("rust", RustReader::read(case)),
            ("jsonschema", json_schema.read(case)),
            ("ajv", ajv.read(case)),
        ];
        for (reader, verdict) in readers {
            if verdict.accepted != case.valid {
                disagreements.push(describe(case, reader, &verdict.detail));
            } else if reader == "rust" && case.valid && !verdict.detail.is_empty() {
                disagreements.push(describe(case, "rust round trip", &verdict.detail));
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s):\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

fn describe(case: &Case, reader: &str, detail: &str) -> String {
    let label = if case.valid {
        "valid".to_string()
    } else {
        format!("invalid ({})", case.fault.as_deref().unwrap_or(""))
    };
    format!(
        "  {} [{}]: {reader} disagrees with the label {label}: {detail}",
        case.name, case.type_name
    )
}
