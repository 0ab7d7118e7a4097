//! Compiles the render-intent schema into OUT_DIR with cardc's build API.

use std::path::PathBuf;

fn main() -> Result<(), cardc::build::Error> {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    cardc::build::Build::new("../../schema/render_intent.cards")
        .output("rust", out_dir.join("render_intent.rs"))
        .output("json-schema", out_dir.join("render_intent.schema.json"))
        .output("typescript", out_dir.join("render_intent.ts"))
        .run()
}
