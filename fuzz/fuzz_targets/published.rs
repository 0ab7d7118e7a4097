//! Reading back a published JSON Schema on arbitrary text: the reader and its check that the
//! document is what cardc writes never panic or hang; a document they accept is written out by
//! the emitter as one that reads back to the same bytes, and `cardc compat` finds no change
//! between it and itself.

#![no_main]

use cardc_codegen::emit::json_schema;
use cardc_codegen::{compat, read_published};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(read) = read_published("fuzz.schema.json", text) else {
        return;
    };
    assert!(compat::compare(&read.schema, &read.schema).is_empty(), "a change from itself");
    let written = json_schema::emit(&read.schema);
    let again = match read_published("fuzz.schema.json", &written) {
        Ok(again) => again,
        Err(problems) => panic!("the emitted document does not read back: {problems:?}"),
    };
    assert_eq!(json_schema::emit(&again.schema), written, "not a fixpoint");
});
