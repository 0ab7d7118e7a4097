//! Property tests: random payloads drawn from the IR, decoded and written by the generated Rust
//! types, are read back unchanged and accepted by every reader (the contract checker, the
//! `jsonschema` crate, typify's types, ajv and the TypeScript guards).

use std::sync::LazyLock;

use cardc_codegen::ir::Schema;
use cardc_conformance::{
    AjvReader, Case, GuardsReader, JsonSchemaReader, RustReader, arbitrary, contract, disagreement,
    render_intent_ir, render_intent_schema_path, typify_reader, write_corpus,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use render_intent::{ToolCallView, ToolResultView};
use serde_json::Value;

const UNIONS: [&str; 2] = ["ToolCallView", "ToolResultView"];

// Built once, not once per draw: compiling the IR and the validators dominates a draw's cost.
static SCHEMA: LazyLock<Schema> = LazyLock::new(render_intent_ir);
static JSON_SCHEMA: LazyLock<JsonSchemaReader> =
    LazyLock::new(|| JsonSchemaReader::new(&render_intent_schema_path(), &UNIONS));

/// Cases per union in the batch run through node; each node reader runs once over them all.
const NODE_CASES: usize = 200;

/// Decodes a drawn payload with the generated Rust types and writes it back: the JSON every
/// reader then judges, which must equal the draw.
fn written_by_rust(type_name: &str, payload: &Value) -> Result<Value, String> {
    fn through<T: serde::de::DeserializeOwned + serde::Serialize>(
        payload: &Value,
    ) -> Result<Value, String> {
        let value: T = serde_json::from_value(payload.clone()).map_err(|e| e.to_string())?;
        serde_json::to_value(&value).map_err(|e| e.to_string())
    }
    match type_name {
        "ToolCallView" => through::<ToolCallView>(payload),
        _ => through::<ToolResultView>(payload),
    }
}

fn case(type_name: &str, index: usize, payload: Value) -> Case {
    Case {
        name: format!("drawn-{type_name}-{index}"),
        type_name: type_name.to_string(),
        valid: true,
        fault: None,
        payload,
    }
}

proptest! {
    #![proptest_config(Config { cases: 256, ..Config::default() })]

    /// In-process readers, with shrinking: a failure is reported as the smallest payload.
    #[test]
    fn drawn_payloads_round_trip_and_pass_the_in_process_readers(
        (type_name, payload) in prop::sample::select(UNIONS.to_vec())
            .prop_flat_map(|name| (Just(name), arbitrary::payload(&SCHEMA, name)))
    ) {
        prop_assert_eq!(contract::check(&SCHEMA, type_name, &payload), Ok(()));
        let written = written_by_rust(type_name, &payload);
        prop_assert_eq!(written.as_ref(), Ok(&payload), "the Rust round trip changed the JSON");
        let drawn = case(type_name, 0, payload);
        prop_assert!(RustReader::read(&drawn).detail.is_empty());
        let verdict = JSON_SCHEMA.read(&drawn);
        prop_assert!(verdict.accepted, "jsonschema: {}", verdict.detail);
        let typify = typify_reader::read(&SCHEMA, &drawn);
        prop_assert!(typify.verdict.accepted, "typify: {}", typify.verdict.detail);
        prop_assert_eq!(typify.wrong_variant, None);
    }
}

/// The node readers, over a deterministic batch of draws (node starts once per reader, not once
/// per draw, so there is no shrinking: a failure prints the whole payload).
#[test]
fn drawn_payloads_pass_ajv_and_the_typescript_guards() {
    let schema = render_intent_ir();
    let mut runner = TestRunner::deterministic();
    let mut cases = Vec::new();
    for type_name in UNIONS {
        let strategy = arbitrary::payload(&schema, type_name);
        for index in 0..NODE_CASES {
            let draw = strategy
                .new_tree(&mut runner)
                .unwrap_or_else(|error| panic!("cannot draw a {type_name}: {error}"))
                .current();
            let written = written_by_rust(type_name, &draw).unwrap_or_else(|error| {
                panic!("Rust refused a drawn {type_name}: {error}\n{draw}")
            });
            assert_eq!(written, draw, "the Rust round trip changed the JSON");
            cases.push(case(type_name, index, written));
        }
    }
    let path = write_corpus("drawn.jsonl", &cases);
    let ajv = AjvReader::run(&render_intent_schema_path(), &path);
    let guards = GuardsReader::run(&path);
    let disagreements: Vec<String> = cases
        .iter()
        .flat_map(|case| {
            let ajv = disagreement(case, "ajv", &ajv.read(case));
            let guards = disagreement(case, "typescript guards", &guards.read(case));
            ajv.into_iter().chain(guards)
        })
        .collect();
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s):\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}
