//! `cardc import` of what schemars derives from the generated Rust types: each named type's
//! schemars schema (draft 2020-12, its `$defs`, `oneOf`s of `const` tags, `type` lists with
//! `null`, integer formats) imports into a schema file that checks, and the JSON Schema that
//! file compiles to judges every case of the corpus and its mutations as schemars' schema does,
//! but for the classes listed here, each where the import keeps what schemars meant and the
//! `jsonschema` crate does not enforce. `docs/src/guide/import.md` shows the same numbers.

use std::collections::BTreeMap;

use cardc_codegen::emit::json_schema;
use cardc_conformance::schemars_reader::{SchemarsReader, schema_of};
use cardc_conformance::{every_case, render_intent_ir};
use serde_json::Value;

macro_rules! schemars_schemas {
    ($($name:ident),*) => {
        /// Every named type's schemars schema, by type name.
        fn schemars_schemas() -> Vec<(&'static str, Value)> {
            vec![$((stringify!($name), schema_of::<render_intent::$name>()),)*]
        }
    };
}
cardc_conformance::for_each_named_type!(schemars_schemas);

/// Why an imported schema may judge a case otherwise than schemars' schema, as validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Difference {
    /// schemars writes `"format": "uint32"` (an annotation in 2020-12, so any integer passes);
    /// the import reads it as the type's bounds, which the contract has too.
    FormatBounds,
}

/// Each class with its count over the corpus and its mutations.
const EXPECTED: [(Difference, usize); 1] = [(Difference::FormatBounds, 291)];

#[test]
fn schemars_schemas_import_and_judge_the_corpus_alike() {
    let schema = render_intent_ir();
    let reader = SchemarsReader::new();
    let mut imported = BTreeMap::new();
    let mut notes = 0;
    let mut failures = Vec::new();
    for (name, document) in schemars_schemas() {
        let text = document.to_string();
        let result = match cardc_codegen::import_json_schema(&text, None, "schemars") {
            Ok(result) => result,
            Err(problems) => {
                failures.push(format!("{name}: {problems:#?}"));
                continue;
            }
        };
        notes += result.notes.len();
        for note in &result.notes {
            println!("{name}: note {note}");
        }
        let ir = match cardc_codegen::compile("schemars.cards", &result.cards) {
            Ok(ir) => ir,
            Err(errors) => {
                failures.push(format!(
                    "{name}: the import does not check: {errors:#?}\n{}\nfrom {document:#}",
                    result.cards
                ));
                continue;
            }
        };
        let Some(entry) = ir.entries.first().cloned() else {
            failures.push(format!(
                "{name}: no entry in\n{}\nfrom {document:#}",
                result.cards
            ));
            continue;
        };
        let mut written = json_schema::document(&ir);
        if let Some(object) = written.as_object_mut() {
            object.remove("anyOf");
            object.insert("$ref".into(), Value::from(format!("#/$defs/{entry}")));
        }
        let validator = jsonschema::validator_for(&written).expect("the import's JSON Schema");
        imported.insert(name, validator);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let (mut agree, mut total) = (0, 0);
    // How often each judges as the contract's labels say, for the record.
    let (mut schemars_right, mut import_right) = (0, 0);
    let mut counts: BTreeMap<Difference, usize> = BTreeMap::new();
    let mut unexplained = Vec::new();
    for (class, case) in &every_case(&schema) {
        total += 1;
        let original = reader.read(case).accepted;
        let after = imported[case.type_name.as_str()].is_valid(&case.payload);
        schemars_right += usize::from(original == case.valid);
        import_right += usize::from(after == case.valid);
        if original == after {
            agree += 1;
            continue;
        }
        let out_of_range = !case.valid && original && !after;
        if out_of_range
            && cardc_conformance::gaps::gaps(&schema, &case.type_name, &case.payload)
                .contains(&cardc_conformance::gaps::Gap::IntOutOfRange)
        {
            *counts.entry(Difference::FormatBounds).or_default() += 1;
        } else {
            unexplained.push(format!(
                "  {} ({class}, valid={}): schemars {original}, import {after}: {}",
                case.name, case.valid, case.payload
            ));
        }
    }
    println!(
        "schemars: {} types, {notes} notes, {agree} of {total} cases judged alike",
        imported.len()
    );
    println!("{counts:?}");
    println!("as the labels say: schemars {schemars_right}, the import {import_right}, of {total}");
    assert!(
        unexplained.is_empty(),
        "unexplained:\n{}",
        unexplained.join("\n")
    );
    assert_eq!(counts, BTreeMap::from(EXPECTED));
}
