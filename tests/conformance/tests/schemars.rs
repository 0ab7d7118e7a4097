//! The schema schemars derives from the generated Rust types (the `schemars` feature), against the
//! labels: which cases it judges differently from the contract, by class. The book ("What schemars'
//! schema gets wrong", `docs/src/evidence/conformance.md`) lists the same classes and counts.

use std::collections::BTreeMap;

use cardc_conformance::gaps::{Gap, gaps};
use cardc_conformance::schemars_reader::SchemarsReader;
use cardc_conformance::{every_case, render_intent_ir};

/// Each class schemars' schema accepts although the contract refuses it, with its count over
/// the corpus and its mutations. Keep in step with the book.
const EXPECTED: [(Gap, usize); 4] = [
    (Gap::OptionalNull, 315),
    (Gap::NullableMissing, 101),
    (Gap::IntOutOfRange, 291),
    (Gap::UnknownFieldInNestedVariant, 29),
];

#[test]
fn schemars_schema_differs_from_the_contract_only_in_the_listed_classes() {
    let schema = render_intent_ir();
    let reader = SchemarsReader::new();
    let known = EXPECTED.map(|(gap, _)| gap);
    let mut counts: BTreeMap<Gap, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for (class, case) in &every_case(&schema) {
        let verdict = reader.read(case);
        if verdict.accepted == case.valid {
            continue;
        }
        let gap = gaps(&schema, &case.type_name, &case.payload)
            .into_iter()
            .find(|gap| known.contains(gap));
        match gap {
            Some(gap) if !case.valid => *counts.entry(gap).or_default() += 1,
            _ => failures.push(format!(
                "  {} ({class}, valid={}): schemars accepted={} ({}): {}",
                case.name, case.valid, verdict.accepted, verdict.detail, case.payload
            )),
        }
    }
    assert!(failures.is_empty(), "unexplained:\n{}", failures.join("\n"));
    assert_eq!(
        counts,
        BTreeMap::from(EXPECTED),
        "the classes schemars' schema gets wrong changed: update EXPECTED and docs/src/evidence/conformance.md"
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
