//! The derive and the CLI compile every golden schema to the same outputs: the derive's `RUST`
//! constant, what `cardc generate` writes (naming `cardc_runtime`), equals the committed CLI
//! output byte for byte, as does its constant for every other registered target. The items the
//! derive expands to are the same items naming the runtime through `cardc` (the Rust emitter's
//! `the_derive_names_the_runtime_through_the_facade` compares them token for token), and this
//! crate compiles both.

use std::path::Path;

#[test]
fn the_derive_expands_to_what_the_cli_writes_for_every_golden() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    assert!(
        cardc_golden::DERIVED.len() >= 10,
        "the golden cases are missing"
    );
    for (case, outputs) in cardc_golden::DERIVED {
        // A golden case lives under `tests/schemas`, a public contract under `tests/contracts`.
        let dir = ["schemas", "contracts"]
            .iter()
            .map(|root| tests.join(root).join(case))
            .find(|dir| dir.is_dir())
            .expect("the case's directory");
        for (file_name, derived) in *outputs {
            let path = dir.join(file_name);
            let written = std::fs::read_to_string(&path).expect("the committed golden output");
            assert!(
                written == **derived,
                "{}: the derive's output differs from the CLI's committed output",
                path.display()
            );
        }
    }
}
