//! The schema front end on arbitrary text: parsing, checking and emitting every output must
//! never panic or hang, a schema that compiles must emit the same bytes twice, and its JSON
//! Schema output must be JSON; a schema `cardc fmt` formats must format to itself again and
//! compile (or fail) as before. Whether outputs build is checked outside the loop, on a sample
//! of this target's corpus (`fuzz/README.md`), because rustc and tsc take seconds per input.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let compiled = cardc_codegen::compile("fuzz.cards", text);
    if let Ok(formatted) = cardc_codegen::fmt::format(text) {
        assert_eq!(
            cardc_codegen::fmt::format(&formatted).as_ref(),
            Ok(&formatted),
            "fmt is not idempotent"
        );
        assert_eq!(
            cardc_codegen::compile("fuzz.cards", &formatted).is_ok(),
            compiled.is_ok(),
            "fmt changed whether the schema compiles"
        );
    }
    let Ok(schema) = compiled else {
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
