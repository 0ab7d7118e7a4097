//! The schema front end on schemas drawn from the schema language's grammar
//! (`cardc-schema-gen`): parsing, checking and emitting never panic or hang, and the JSON
//! Schema output is JSON.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = cardc_schema_gen::Unstructured::new(data);
    let Ok(text) = cardc_schema_gen::schema(&mut u) else {
        return;
    };
    let Ok(schema) = cardc_codegen::compile("fuzz.cards", &text) else {
        return;
    };
    for output in cardc_codegen::emit::all(&schema) {
        if output.path.ends_with(".json") {
            let parsed: Result<serde_json::Value, _> = serde_json::from_str(&output.contents);
            assert!(parsed.is_ok(), "{} is not JSON", output.path);
        }
    }
});
