//! Runs typify on the published JSON Schema, as a team holding only the schema would (after the
//! rewrite `docs/src/guide/json-schema.md` gives for typify, which cannot read `if`), and writes
//! the Rust it makes to `$OUT_DIR/typify_render_intent.rs` for the fifth reader.

use std::path::Path;

use serde_json::Value;

#[path = "typify_ready.rs"]
mod typify_ready;
use typify_ready::for_typify;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let schema_path = Path::new(&manifest).join("../../generated/render_intent.schema.json");
    println!("cargo:rerun-if-changed={}", schema_path.display());
    println!("cargo:rerun-if-changed=typify_ready.rs");
    let text = std::fs::read_to_string(&schema_path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", schema_path.display()));
    let document: Value = serde_json::from_str(&text)
        .unwrap_or_else(|error| panic!("the schema is not JSON: {error}"));
    let schema: schemars08::schema::RootSchema = serde_json::from_value(for_typify(document))
        .unwrap_or_else(|error| panic!("typify cannot read the schema: {error}"));
    let mut settings = typify::TypeSpaceSettings::default();
    // Builders are typify's convenience for constructing values; the reader only decodes.
    settings.with_struct_builder(false);
    let mut space = typify::TypeSpace::new(&settings);
    space
        .add_root_schema(schema)
        .unwrap_or_else(|error| panic!("typify cannot convert the schema: {error}"));
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("typify_render_intent.rs");
    std::fs::write(&out, space.to_stream().to_string())
        .unwrap_or_else(|error| panic!("cannot write {}: {error}", out.display()));
}
