//! What schemars makes of the generated Rust types: the JSON Schema its derive writes for each
//! union (with `render-intent`'s `schemars` feature), validated by the `jsonschema` crate. It is
//! compared with the labels to show what a Rust user who derives a schema from the types gets;
//! the README lists where it differs from the contract.

use jsonschema::Validator;
use render_intent::{ToolCallView, ToolResultView};
use serde_json::Value;

use crate::{Case, Verdict};

/// A validator for each union's schemars schema.
pub struct SchemarsReader {
    call: Validator,
    result: Validator,
}

impl SchemarsReader {
    /// Derives both unions' schemas and compiles them.
    pub fn new() -> Self {
        SchemarsReader {
            call: compile(&schema_of::<ToolCallView>()),
            result: compile(&schema_of::<ToolResultView>()),
        }
    }

    /// Validates the case against its union's schemars schema.
    pub fn read(&self, case: &Case) -> Verdict {
        let validator = match case.type_name.as_str() {
            "ToolCallView" => &self.call,
            "ToolResultView" => &self.result,
            other => panic!("{}: unknown corpus type {other}", case.name),
        };
        crate::validator_verdict(validator, &case.payload)
    }
}

impl Default for SchemarsReader {
    fn default() -> Self {
        Self::new()
    }
}

/// The schema schemars derives for `T`, as JSON.
pub fn schema_of<T: schemars::JsonSchema>() -> Value {
    schemars::schema_for!(T).to_value()
}

fn compile(schema: &Value) -> Validator {
    if let Err(error) = jsonschema::meta::validate(schema) {
        panic!("schemars wrote an invalid schema: {error}\n{schema:#}");
    }
    jsonschema::options()
        .offline()
        .build(schema)
        .unwrap_or_else(|error| panic!("schemars' schema does not compile: {error}\n{schema:#}"))
}
