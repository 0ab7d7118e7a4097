//! The published schema's root: the declared entry types (`#![entry]`), `ToolCallView` or
//! `ToolResultView`, so the file alone refuses what is neither (`42`) and accepts a payload
//! that either view accepts, such as a generic card, which is both.

use cardc_conformance::{
    AjvReader, Case, ENTRY_UNIONS, Reader, contract, every_case, render_intent_ir,
    render_intent_schema_path, write_corpus,
};
use serde_json::{Value, json};

/// The published document as the `jsonschema` crate reads it, root and all.
fn root_validator() -> jsonschema::Validator {
    let text =
        std::fs::read_to_string(render_intent_schema_path()).expect("the schema is readable");
    let document: Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::options()
        .offline()
        .build(&document)
        .expect("the schema compiles")
}

/// Every case of an entry union, read as the root: valid when any entry type's contract
/// accepts it.
fn root_cases() -> Vec<Case> {
    let schema = render_intent_ir();
    assert_eq!(
        schema.entries, ENTRY_UNIONS,
        "the schema declares both views"
    );
    let mut cases: Vec<Case> = every_case(&schema)
        .into_iter()
        .map(|(_, case)| case)
        .filter(|case| ENTRY_UNIONS.contains(&case.type_name.as_str()))
        .map(|case| {
            let valid = schema
                .entries
                .iter()
                .any(|entry| contract::check(&schema, entry, &case.payload).is_ok());
            Case {
                name: format!("root:{}", case.name),
                type_name: String::new(),
                valid,
                fault: (!valid).then(|| "no entry type accepts it".to_owned()),
                payload: case.payload,
                written: None,
                pointer: None,
                several_faults: false,
            }
        })
        .collect();
    for (name, payload) in [
        ("root:number", json!(42)),
        ("root:null", Value::Null),
        ("root:string", json!("generic")),
        ("root:empty-object", json!({})),
    ] {
        cases.push(Case {
            name: name.to_owned(),
            type_name: String::new(),
            valid: false,
            fault: Some("neither view".to_owned()),
            payload,
            written: None,
            pointer: None,
            several_faults: false,
        });
    }
    cases
}

#[test]
fn the_root_refuses_what_no_entry_accepts() {
    assert!(!root_validator().is_valid(&json!(42)));
}

#[test]
fn the_root_accepts_a_payload_that_both_entries_accept() {
    let schema = render_intent_ir();
    let generic = json!({"card": "generic", "title": "t"});
    for entry in ENTRY_UNIONS {
        assert_eq!(contract::check(&schema, entry, &generic), Ok(()), "{entry}");
    }
    assert!(root_validator().is_valid(&generic));
}

#[test]
fn the_jsonschema_crate_and_ajv_read_the_root_as_any_entry() {
    let cases = root_cases();
    let both = cases
        .iter()
        .filter(|case| {
            let schema = render_intent_ir();
            ENTRY_UNIONS
                .iter()
                .all(|entry| contract::check(&schema, entry, &case.payload).is_ok())
        })
        .count();
    assert!(both > 0, "some payloads are valid as either view");
    let validator = root_validator();
    let path = write_corpus("entry_root.jsonl", &cases);
    let ajv = AjvReader::run(&render_intent_schema_path(), &path);
    let mut disagreements = Vec::new();
    for case in &cases {
        if validator.is_valid(&case.payload) != case.valid {
            disagreements.push(format!("jsonschema: {} {}", case.name, case.payload));
        }
        if ajv.read(case).accepted != case.valid {
            disagreements.push(format!("ajv: {} {}", case.name, case.payload));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} root cases disagree:\n{}",
        disagreements.len(),
        cases.len(),
        disagreements.join("\n")
    );
}
