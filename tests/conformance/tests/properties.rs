//! Property tests: random payloads of every named type, drawn from the IR in its standalone
//! form, decoded and written by the generated Rust types, are read back unchanged and accepted
//! by every reader (the contract checker, the `jsonschema` crate, typify's types, ajv, the
//! TypeScript guards and the Python package, which must also write each back unchanged).

use std::sync::LazyLock;

use cardc_codegen::ir::Schema;
use cardc_conformance::{
    Case, JsonSchemaReader, NAMED_TYPES, Reader, RustReader, Subject, arbitrary, contract,
    render_intent_ir, render_intent_schema_path, typify_reader, write_corpus,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;

// Built once, not once per draw: compiling the IR and the validators dominates a draw's cost.
static SCHEMA: LazyLock<Schema> = LazyLock::new(render_intent_ir);
static JSON_SCHEMA: LazyLock<JsonSchemaReader> =
    LazyLock::new(|| JsonSchemaReader::new(&render_intent_schema_path(), NAMED_TYPES));

/// Cases per named type in the batch run through node and Python; each of those readers runs
/// once over them all.
const NODE_CASES: usize = 40;

fn case(type_name: &str, index: usize, payload: Value) -> Case {
    Case {
        name: format!("drawn-{type_name}-{index}"),
        type_name: type_name.to_string(),
        valid: true,
        fault: None,
        payload,
        written: None,
        pointer: None,
        several_faults: false,
    }
}

proptest! {
    #![proptest_config(Config { cases: 256, ..Config::default() })]

    /// In-process readers, with shrinking: a failure is reported as the smallest payload. The
    /// Rust reader's round trip must give back the draw exactly.
    #[test]
    fn drawn_payloads_round_trip_and_pass_the_in_process_readers(
        (type_name, payload) in prop::sample::select(NAMED_TYPES.to_vec())
            .prop_flat_map(|name| (Just(name), arbitrary::payload(&SCHEMA, name)))
    ) {
        prop_assert_eq!(contract::check(&SCHEMA, type_name, &payload), Ok(()));
        let drawn = case(type_name, 0, payload);
        let verdict = RustReader::render_intent().read(&drawn);
        prop_assert!(verdict.accepted && verdict.detail.is_empty(), "rust: {}", verdict.detail);
        let verdict = JSON_SCHEMA.read(&drawn);
        prop_assert!(verdict.accepted, "jsonschema: {}", verdict.detail);
        let typify = typify_reader::read(&SCHEMA, &drawn);
        prop_assert!(typify.verdict.accepted, "typify: {}", typify.verdict.detail);
        prop_assert_eq!(typify.wrong_variant, None);
    }
}

/// Every registered reader of the render-intent outputs (node's and Python's among them), over
/// a deterministic batch of draws (each starts once, not once
/// per draw, so there is no shrinking: a failure prints the whole payload).
#[test]
fn drawn_payloads_pass_every_registered_reader() {
    let schema = render_intent_ir();
    let mut runner = TestRunner::deterministic();
    let mut cases = Vec::new();
    for type_name in NAMED_TYPES {
        let draws = arbitrary::draws(&schema, type_name, NODE_CASES, &mut runner);
        for (index, draw) in draws.into_iter().enumerate() {
            let drawn = case(type_name, index, draw);
            let verdict = RustReader::render_intent().read(&drawn);
            assert!(
                verdict.accepted && verdict.detail.is_empty(),
                "Rust refused or changed a drawn {type_name}: {}\n{}",
                verdict.detail,
                drawn.payload
            );
            cases.push(drawn);
        }
    }
    let path = write_corpus("drawn.jsonl", &cases);
    // Every registered reader: verdicts, write-backs and tolerant reads.
    let disagreements = Subject::render_intent().disagreements(&cases, &path);
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s):\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

/// Draws of every type of the open-unions golden case, catch-alls included (objects of tags no
/// variant has, strings no enum value is), through every reader of its committed outputs: each
/// accepts them, and the Rust types write each back unchanged.
#[test]
fn drawn_open_union_payloads_pass_every_reader() {
    let subject = Subject::golden("open_unions");
    let mut runner = TestRunner::deterministic();
    let mut cases = Vec::new();
    for type_name in subject.named_types() {
        let draws = arbitrary::draws(&subject.ir, type_name, NODE_CASES, &mut runner);
        for (index, draw) in draws.into_iter().enumerate() {
            cases.push(case(type_name, index, draw));
        }
    }
    let path = write_corpus("drawn-open-unions.jsonl", &cases);
    let disagreements = subject.disagreements(&cases, &path);
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s):\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}
