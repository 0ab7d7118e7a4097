//! Writes a published JSON Schema as typify 0.8 can read it (its `if`s rewritten, as the
//! conformance suite gives typify the schema): `typify-ready IN.schema.json OUT.json`, for the
//! generator benchmark.

#[path = "../../../tests/conformance/typify_ready.rs"]
mod typify_ready;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: typify-ready IN.schema.json OUT.json");
        return ExitCode::from(2);
    };
    let document: serde_json::Value = match std::fs::read_to_string(input)
        .map_err(|error| error.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|error| error.to_string()))
    {
        Ok(document) => document,
        Err(error) => {
            eprintln!("error: cannot read {input}: {error}");
            return ExitCode::from(2);
        }
    };
    let text =
        serde_json::to_string_pretty(&typify_ready::for_typify(document)).unwrap_or_default();
    if let Err(error) = std::fs::write(output, text) {
        eprintln!("error: cannot write {output}: {error}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
