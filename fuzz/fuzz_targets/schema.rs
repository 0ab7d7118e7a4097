//! The schema front end on arbitrary text: parsing, checking and emitting every output must
//! never panic or hang, a schema that compiles must emit the same bytes twice, and its JSON
//! Schema output must be JSON. Whether outputs build is checked outside the loop, on a sample
//! of this target's corpus (`fuzz/README.md`), because rustc and tsc take seconds per input.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(schema) = cardc_codegen::compile("fuzz.cards", text) else {
        return;
    };
    let outputs = cardc_codegen::emit::all(&schema);
    assert_eq!(
        outputs,
        cardc_codegen::emit::all(&schema),
        "emit is not deterministic"
    );
    for output in &outputs {
        if output.path.ends_with(".json") {
            let parsed: Result<serde_json::Value, _> = serde_json::from_str(&output.contents);
            assert!(parsed.is_ok(), "{} is not JSON", output.path);
        }
    }
});
