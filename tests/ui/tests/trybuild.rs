//! Compile-fail and compile-pass cases for `#[derive(cardc::Schema)]`, one small file per
//! condition under `fail/` (each with the `.stderr` it must produce) and `pass/`.
//!
//! Schema paths in the cases are relative to trybuild's scratch crate under
//! `target/tests/trybuild/`, hence the `../../../../tests/ui/schemas/` prefix. Refresh the
//! `.stderr` files with `TRYBUILD=overwrite cargo test -p cardc-ui-tests`.

#[test]
fn derive_cases() {
    let cases = trybuild::TestCases::new();
    cases.pass("pass/*.rs");
    cases.compile_fail("fail/*.rs");
}
