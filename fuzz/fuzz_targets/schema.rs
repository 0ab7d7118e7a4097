//! The schema front end on arbitrary text: parsing, checking and emitting every output must
//! never panic or hang, a schema that compiles must emit the same bytes twice, and its JSON
//! Schema output must be JSON. Whether outputs build is checked outside the loop, on a sample
//! of this target's corpus (`fuzz/README.md`), because rustc and tsc take seconds per input.
//!
//! `cardc fmt` is not checked here: it reads comments back by the tokens' byte offsets, which
//! proc-macro2 does not keep when built with `cfg(fuzzing)` (every span is `0..0`), as cargo
//! fuzz builds it. `codegen/tests/fmt.rs` holds that formatting is idempotent and keeps the
//! contract, over schemas drawn from `tests/schema_gen` and over this target's corpus.

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
