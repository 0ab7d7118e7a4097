//! The derive and the CLI compile every golden schema to the same outputs: the derive's `RUST`
//! constant is the very text its items were parsed from, and it equals the committed CLI output
//! byte for byte, as do its JSON Schema and TypeScript constants.

use std::path::Path;

#[test]
fn the_derive_expands_to_what_the_cli_writes_for_every_golden() {
    let schemas = Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas");
    assert!(
        cardc_golden::DERIVED.len() >= 10,
        "the golden cases are missing"
    );
    for (case, rust, json_schema, typescript) in cardc_golden::DERIVED {
        for (suffix, derived) in [
            (".rs", rust),
            (".schema.json", json_schema),
            (".ts", typescript),
        ] {
            let path = schemas.join(case).join(format!("{case}{suffix}"));
            let written = std::fs::read_to_string(&path).expect("the committed golden output");
            assert!(
                written == **derived,
                "{}: the derive's output differs from the CLI's committed output",
                path.display()
            );
        }
    }
}
