//! The schema schemars derives from the generated Rust types (the `schemars` feature), against the
//! labels: it may judge a case differently from the contract only in the classes listed here.
//! How many cases fall in each is schemars' behaviour, not cardc's, so it is reported, not
//! asserted: the test prints the figures the book gives ("What schemars' schema gets wrong",
//! `docs/src/evidence/conformance.md`; `cargo test -p cardc-conformance --test schemars --
//! --nocapture`).

use std::collections::BTreeMap;

use cardc_conformance::gaps::{Gap, gaps};
use cardc_conformance::schemars_reader::SchemarsReader;
use cardc_conformance::{every_case, render_intent_ir};

/// The classes schemars' schema may accept although the contract refuses them.
const KNOWN: [Gap; 4] = [
    Gap::OptionalNull,
    Gap::NullableMissing,
    Gap::IntOutOfRange,
    Gap::UnknownFieldInNestedVariant,
];

#[test]
fn schemars_schema_differs_from_the_contract_only_in_the_listed_classes() {
    let schema = render_intent_ir();
    let reader = SchemarsReader::new();
    let mut counts: BTreeMap<Gap, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let cases = every_case(&schema);
    for (class, case) in &cases {
        let verdict = reader.read(case);
        if verdict.accepted == case.valid {
            continue;
        }
        let gap = gaps(&schema, &case.type_name, &case.payload)
            .into_iter()
            .find(|gap| KNOWN.contains(gap));
        match gap {
            Some(gap) if !case.valid => *counts.entry(gap).or_default() += 1,
            _ => failures.push(format!(
                "  {} ({class}, valid={}): schemars accepted={} ({}): {}",
                case.name, case.valid, verdict.accepted, verdict.detail, case.payload
            )),
        }
    }
    assert!(failures.is_empty(), "unexplained:\n{}", failures.join("\n"));
    println!(
        "schemars' schema over {} cases: {counts:?} accepted against the contract, by class",
        cases.len()
    );
}

/// A flattened field's keys are the object's in schemars' schema too, as the generated types
/// read them: the Rust field carries `#[schemars(flatten)]`, and the union's spread is such a
/// field.
#[test]
fn schemars_reads_flattened_fields_as_the_objects_keys() {
    use cardc_golden::flatten::{Chunk, Request};
    let flat = serde_json::json!({"id": "m1", "sessionId": "s1", "text": "hi"});
    let nested = serde_json::json!({"envelope": {"id": "m1", "sessionId": "s1"}, "text": "hi"});
    let chunk =
        jsonschema::validator_for(&cardc_conformance::schemars_reader::schema_of::<Chunk>())
            .expect("schemars' Chunk schema compiles");
    assert!(chunk.is_valid(&flat), "schemars refuses a flat Chunk");
    assert!(
        !chunk.is_valid(&nested),
        "schemars accepts a nested envelope"
    );
    let request =
        jsonschema::validator_for(&cardc_conformance::schemars_reader::schema_of::<Request>())
            .expect("schemars' Request schema compiles");
    let ping = serde_json::json!({"method": "ping", "requestId": 1});
    assert!(request.is_valid(&ping), "schemars refuses a flat ping");
    let nested_id = serde_json::json!({"method": "ping", "requestId": {"requestId": 1}});
    assert!(
        !request.is_valid(&nested_id),
        "schemars accepts a nested request id"
    );
}
