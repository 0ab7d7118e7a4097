//! Outputs that build, for schemas the fuzz grammar draws (`cardc-schema-gen`, the generator of
//! the `schema_grammar` fuzz target): the fuzzer asserts only that the front end never panics,
//! because rustc and tsc take seconds an input. Here a fixed sample of its schemas (every
//! kind of keyword as a name, hostile strings in every string) that compile is built as users
//! build it: the Rust in an edition-2024 crate under `#![deny(warnings)]`, the TypeScript under
//! the strict tsconfig and imported by node, which must print nothing, and every JSON Schema
//! checked against the 2020-12 meta-schema.

use cardc_codegen::{compile, emit};
use cardc_conformance::outputs;
use cardc_schema_gen::Unstructured;

/// How many compiling schemas the sample holds.
const SAMPLES: usize = 40;

/// The sample: the first `SAMPLES` schemas drawn from a fixed seed that compile, as
/// (module name, schema) pairs.
fn sample() -> Vec<(String, cardc_codegen::ir::Schema)> {
    let mut state: u64 = 7;
    let mut sample = Vec::new();
    let mut drawn = 0;
    while sample.len() < SAMPLES {
        drawn += 1;
        assert!(drawn < 100 * SAMPLES, "too few drawn schemas compile");
        let bytes: Vec<u8> = (0..64).flat_map(|_| splitmix64(&mut state)).collect();
        let Ok(text) = cardc_schema_gen::schema(&mut Unstructured::new(&bytes)) else {
            continue;
        };
        let module = format!("sample_{drawn}");
        if let Ok(schema) = compile(&format!("{module}.cards"), &text) {
            sample.push((module, schema));
        }
    }
    sample
}

#[test]
fn sampled_rust_outputs_build_with_warnings_denied() {
    let modules: Vec<(String, String)> = sample()
        .iter()
        .map(|(module, schema)| (module.clone(), emit::rust::emit(schema)))
        .collect();
    outputs::RustCrate {
        name: "cardc-fuzz-samples",
        doc: "The Rust outputs of schemas the fuzz grammar drew.",
        modules: &modules,
        extra_items: "",
        files: &[],
    }
    .build(&outputs::scratch("cardc-fuzz-samples", "rust"), &[&[]]);
}

#[test]
fn sampled_typescript_outputs_compile_and_run_nothing() {
    let modules: Vec<(String, String)> = sample()
        .iter()
        .map(|(module, schema)| (module.clone(), emit::typescript::emit(schema)))
        .collect();
    let dir = outputs::scratch("cardc-fuzz-samples", "ts");
    let (stdout, stderr) = outputs::typescript_compile_and_import(&dir, &modules);
    assert_eq!((stdout.as_str(), stderr.as_str()), ("", ""));
}

#[test]
fn sampled_json_schemas_are_2020_12_documents() {
    for (module, schema) in sample() {
        let text = emit::json_schema::emit(&schema);
        let document: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        if let Err(error) = jsonschema::meta::validate(&document) {
            panic!("{module}: not a 2020-12 schema: {error}\n{text}");
        }
    }
}

/// The next eight bytes of SplitMix64 (Steele, Lea and Flood): any fixed byte stream would do,
/// and this one needs no dependency.
fn splitmix64(state: &mut u64) -> [u8; 8] {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)).to_le_bytes()
}
