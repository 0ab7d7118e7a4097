//! The render-intent types, written into OUT_DIR by this crate's build script.

include!(concat!(env!("OUT_DIR"), "/render_intent.rs"));

/// The JSON Schema the build script wrote beside the Rust types.
pub const JSON_SCHEMA: &str = include_str!(concat!(env!("OUT_DIR"), "/render_intent.schema.json"));
