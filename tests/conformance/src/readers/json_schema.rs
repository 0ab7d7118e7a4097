//! The published JSON Schema as a reader: the `jsonschema` crate in process, and ajv under node.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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
        // The documents of the files it imports from, which its `$ref`s reach.
        let siblings = subject.imported(self.key());
        vec![
            Box::new(JsonSchemaReader::with_siblings(
                &path,
                &subject.named_types(),
                &siblings,
            )),
            Box::new(AjvReader::with_siblings(&path, corpus, &siblings)),
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
        Self::with_siblings(path, defs, &[])
    }

    /// Compiles a validator for each of `defs` in the schema document at `path`, with the
    /// documents at `siblings` registered beside it, which its `$ref`s reach.
    pub fn with_siblings(path: &Path, defs: &[&str], siblings: &[PathBuf]) -> Self {
        let read = |path: &Path| -> Value {
            let text = std::fs::read_to_string(path)
                .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
            let document: Value = serde_json::from_str(&text).expect("the schema is JSON");
            jsonschema::meta::validate(&document)
                .unwrap_or_else(|error| panic!("not a valid 2020-12 schema: {error}"));
            document
        };
        let document = read(path);
        let id = document["$id"]
            .as_str()
            .expect("the schema has an $id")
            .to_string();
        let mut registry = Registry::new()
            .add(&id, document)
            .expect("the $id is a URI");
        for sibling in siblings {
            let document = read(sibling);
            let sibling_id = document["$id"]
                .as_str()
                .expect("the sibling has an $id")
                .to_string();
            registry = registry
                .add(&sibling_id, document)
                .expect("the sibling's $id is a URI");
        }
        let registry = registry.prepare().expect("the schema is a valid resource");
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
        Self::with_siblings(schema, corpus, &[])
    }

    /// [`AjvReader::run`], with the documents at `siblings` added to ajv beside the schema.
    pub fn with_siblings(schema: &Path, corpus: &Path, siblings: &[PathBuf]) -> Self {
        let mut args: Vec<&std::ffi::OsStr> = vec![
            "tests/js/ajv_check.mjs".as_ref(),
            "corpus".as_ref(),
            schema.as_os_str(),
            corpus.as_os_str(),
        ];
        args.extend(siblings.iter().map(|sibling| sibling.as_os_str()));
        let output = node(&args);
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
