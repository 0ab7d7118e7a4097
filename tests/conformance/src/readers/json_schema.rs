//! The published JSON Schema as a reader: the `jsonschema` crate in process, and ajv under node.

use std::collections::BTreeMap;
use std::path::Path;

use jsonschema::{Registry, Validator};
use serde_json::{Value, json};

use super::{Reader, TargetReaders, node, verdict_for, verdict_lines};
use crate::{Case, Subject, Verdict};

/// The JSON Schema target's entry in the registry.
pub(super) struct Readers;

impl TargetReaders for Readers {
    fn key(&self) -> &'static str {
        "json-schema"
    }

    fn strict(&self, subject: &Subject, corpus: &Path) -> Vec<Box<dyn Reader>> {
        let path = subject.output(self.key());
        vec![
            Box::new(JsonSchemaReader::new(&path, &subject.named_types())),
            Box::new(AjvReader::run(&path, corpus)),
        ]
    }
}

/// The `jsonschema` crate, reading the published schema offline.
pub struct JsonSchemaReader {
    validators: BTreeMap<String, Validator>,
}

impl JsonSchemaReader {
    /// Compiles a validator for each of `defs` in the schema document at `path`.
    pub fn new(path: &Path, defs: &[&str]) -> Self {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
        let document: Value = serde_json::from_str(&text).expect("the schema is JSON");
        jsonschema::meta::validate(&document)
            .unwrap_or_else(|error| panic!("not a valid 2020-12 schema: {error}"));
        let id = document["$id"]
            .as_str()
            .expect("the schema has an $id")
            .to_string();
        let registry = Registry::new()
            .add(&id, document)
            .expect("the $id is a URI")
            .prepare()
            .expect("the schema is a valid resource");
        let validators = defs
            .iter()
            .map(|def| {
                let root = json!({ "$ref": format!("{id}#/$defs/{def}") });
                let validator = jsonschema::options()
                    .offline()
                    .with_registry(&registry)
                    .build(&root)
                    .unwrap_or_else(|error| panic!("$defs/{def} does not compile: {error}"));
                (def.to_string(), validator)
            })
            .collect();
        JsonSchemaReader { validators }
    }
}

impl Reader for JsonSchemaReader {
    fn name(&self) -> &'static str {
        "jsonschema"
    }

    /// Validates the case against its type's definition.
    fn read(&self, case: &Case) -> Verdict {
        let validator = &self.validators[&case.type_name];
        crate::validator_verdict(validator, &case.payload)
    }
}

/// ajv in strict draft 2020-12 mode, run once under node over the whole corpus.
pub struct AjvReader {
    verdicts: BTreeMap<String, Verdict>,
}

impl AjvReader {
    /// Runs `tests/js/ajv_check.mjs corpus` and collects its verdicts by case name.
    pub fn run(schema: &Path, corpus: &Path) -> Self {
        let output = node(&[
            "tests/js/ajv_check.mjs".as_ref(),
            "corpus".as_ref(),
            schema.as_os_str(),
            corpus.as_os_str(),
        ]);
        AjvReader {
            verdicts: verdict_lines("ajv", &output),
        }
    }
}

impl Reader for AjvReader {
    fn name(&self) -> &'static str {
        "ajv"
    }

    fn read(&self, case: &Case) -> Verdict {
        verdict_for("ajv", &self.verdicts, case)
    }
}
