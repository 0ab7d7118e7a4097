//! The derive and the CLI compile every golden schema to the same outputs: the derive's `RUST`
//! constant, what `cardc generate` writes (naming `cardc_runtime`), equals the committed CLI
//! output byte for byte, as does its constant for every other registered target. The derive's
//! TypeScript is self-contained, as the CLI writes it with `--self-contained`: it equals the
//! committed output of the case written so, and for the cases written to import the shared
//! runtime it equals the CLI's self-contained form of the schema. The items the derive expands
//! to are the same items naming the runtime through `cardc` (the Rust emitter's
//! `the_derive_names_the_runtime_through_the_facade` compares them token for token), and this
//! crate compiles both.

use std::path::Path;

use cardc_codegen::target::Options;
use cardc_codegen::{compile, emit, header_name};

/// The CLI's output `file_name` of the case in `dir` written with `--self-contained`.
fn self_contained(dir: &Path, case: &str, file_name: &str) -> String {
    let cards = dir.join(format!("{case}.cards"));
    let text = std::fs::read_to_string(&cards).expect("the case's schema");
    let schema = compile(&header_name(&cards, dir), &text)
        .unwrap_or_else(|errors| panic!("{}: {errors:?}", cards.display()));
    emit::outputs(&schema, &Options::default())
        .into_iter()
        .find(|output| output.path == file_name)
        .map(|output| output.contents)
        .unwrap_or_else(|| panic!("{case}: no output {file_name}"))
}

#[test]
fn the_derive_expands_to_what_the_cli_writes_for_every_golden() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    assert!(
        cardc_golden::DERIVED.len() >= 10,
        "the golden cases are missing"
    );
    let mut imported = 0;
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
            // A committed output that imports a shared runtime is written as the CLI writes by
            // default; the derive's is the self-contained form.
            let expected = if written.contains("/cardc_runtime.js'") {
                imported += 1;
                self_contained(&dir, case, file_name)
            } else {
                written
            };
            assert!(
                expected == **derived,
                "{}: the derive's output differs from the CLI's",
                path.display()
            );
        }
    }
    assert!(
        imported < cardc_golden::DERIVED.len(),
        "no golden case is written self-contained, so none holds the derive's TypeScript to a \
         committed file"
    );
}
