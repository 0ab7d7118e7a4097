//! What schemars makes of the generated Rust types: the JSON Schema its derive writes for each
//! named type (with `render-intent`'s `schemars` feature), validated by the `jsonschema` crate. It
//! is compared with the labels to show what a Rust user who derives a schema from the types gets;
//! `docs/src/evidence/conformance.md` lists where it differs from the contract.

use std::collections::BTreeMap;

use jsonschema::Validator;
use serde_json::Value;

use crate::{Case, Verdict};

/// A validator for each named type's schemars schema.
pub struct SchemarsReader {
    validators: BTreeMap<&'static str, Validator>,
}

macro_rules! schemars_validators {
    ($($name:ident),*) => {
        /// Every named type's schemars schema, compiled, by type name.
        fn validators() -> BTreeMap<&'static str, Validator> {
            BTreeMap::from([
                $((stringify!($name), compile(&schema_of::<render_intent::$name>())),)*
            ])
        }
    };
}
crate::for_each_named_type!(schemars_validators);

impl SchemarsReader {
    /// Derives every named type's schema and compiles it.
    pub fn new() -> Self {
        SchemarsReader {
            validators: validators(),
        }
    }

    /// Validates the case against its named type's schemars schema.
    pub fn read(&self, case: &Case) -> Verdict {
        let validator = self
            .validators
            .get(case.type_name.as_str())
            .unwrap_or_else(|| panic!("{}: unknown corpus type {}", case.name, case.type_name));
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
