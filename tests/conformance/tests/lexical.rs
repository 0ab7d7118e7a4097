//! The lexical corpus (every valid payload written as JSON text with one lexical edge case)
//! against the four readers. The Rust types and the TypeScript guards, which cardc makes, hold
//! to the contract's label on every case but one class the guards cannot see (a key given
//! twice, which `JSON.parse` drops); the JSON Schema validators' counts are the book's table.

use std::collections::BTreeMap;
use std::path::PathBuf;

use cardc_conformance::lexical::{self, Class, LexicalCase};
use cardc_conformance::{
    AjvReader, Case, GuardsReader, JsonSchemaReader, Reader, Verdict, contract, load_corpus,
    render_intent_ir, render_intent_schema_path, render_intent_typescript_path, repo_root,
};
use render_intent::{ToolCallView, ToolResultView};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Per class: the cases, then how many of them the Rust types, the `jsonschema` crate, ajv and
/// the TypeScript guards accept. The book's "Where the outputs cannot agree exactly" shows
/// this table.
const EXPECTED: [(Class, [usize; 5]); 10] = [
    (Class::DuplicateKey, [863, 0, 863, 863, 863]),
    (Class::IntegerFraction, [86, 86, 86, 86, 86]),
    (Class::IntegerExponent, [86, 86, 86, 86, 86]),
    (Class::NegativeZero, [86, 86, 86, 86, 86]),
    (Class::LoneSurrogate, [426, 0, 0, 406, 0]),
    (Class::HugeNumberInJson, [25, 0, 0, 25, 0]),
    (Class::DeepestNesting, [25, 25, 25, 25, 25]),
    (Class::TooDeep, [25, 0, 0, 25, 0]),
    (Class::BigInteger, [25, 25, 25, 25, 25]),
    (Class::Escaped, [426, 426, 426, 426, 426]),
];

/// The generated Rust types reading the text with serde_json: accepted means decoded, and
/// written back as the same value (numbers compared as numbers: `7.0` comes back `7`).
fn rust(case: &LexicalCase) -> Verdict {
    match case.type_name.as_str() {
        "ToolCallView" => round_trip::<ToolCallView>(&case.text),
        "ToolResultView" => round_trip::<ToolResultView>(&case.text),
        other => panic!("{}: unknown corpus type {other}", case.name),
    }
}

fn round_trip<T: DeserializeOwned + Serialize>(text: &str) -> Verdict {
    let decoded = match serde_json::from_str::<T>(text) {
        Ok(decoded) => decoded,
        Err(error) => {
            return Verdict {
                accepted: false,
                detail: error.to_string(),
                pointer: None,
            };
        }
    };
    let written = serde_json::to_value(&decoded).expect("the types write");
    let read: Value = serde_json::from_str(text).expect("text the types read is JSON");
    Verdict {
        accepted: true,
        detail: if same_value(&written, &read) {
            String::new()
        } else {
            format!("round trip changed the value: {written}")
        },
        pointer: None,
    }
}

/// Whether two values are the same JSON value, numbers compared by value.
fn same_value(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Number(left), Value::Number(right)) => left.as_f64() == right.as_f64(),
        (Value::Array(left), Value::Array(right)) => {
            left.len() == right.len() && left.iter().zip(right).all(|(l, r)| same_value(l, r))
        }
        (Value::Object(left), Value::Object(right)) => {
            left.len() == right.len()
                && left
                    .iter()
                    .all(|(key, l)| right.get(key).is_some_and(|r| same_value(l, r)))
        }
        _ => left == right,
    }
}

/// Writes the cases as JSON lines for the readers under node, returning the file's path.
fn write_cases(cases: &[LexicalCase]) -> PathBuf {
    let dir = repo_root().join("target/cardc-conformance");
    std::fs::create_dir_all(&dir).expect("create the corpus directory");
    let text: String = cases
        .iter()
        .map(|case| serde_json::to_string(case).expect("a case writes") + "\n")
        .collect();
    let path = dir.join("lexical.jsonl");
    std::fs::write(&path, text).expect("write the lexical corpus");
    path
}

/// The name a reader of parsed cases looks its verdict up by.
fn by_name(case: &LexicalCase) -> Case {
    Case {
        name: case.name.clone(),
        type_name: case.type_name.clone(),
        valid: case.class.valid(),
        fault: None,
        payload: Value::Null,
        written: None,
        pointer: None,
        several_faults: false,
    }
}

#[test]
fn every_reader_over_the_lexical_corpus() {
    let schema = render_intent_ir();
    let cases = lexical::cases(&schema, &load_corpus());
    let mut names: Vec<&str> = cases.iter().map(|case| case.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), cases.len(), "case names must be unique");

    let path = write_cases(&cases);
    let schema_path = render_intent_schema_path();
    let json_schema = JsonSchemaReader::new(&schema_path, &["ToolCallView", "ToolResultView"]);
    let ajv = AjvReader::run(&schema_path, &path);
    let guards = GuardsReader::run(&render_intent_typescript_path(), &path);

    let mut counts: BTreeMap<Class, [usize; 5]> = BTreeMap::new();
    let mut disagreements = Vec::new();
    for case in &cases {
        let parsed = case.parsed();
        // Where serde_json can parse the text and the class's label is about the value (not
        // the text), the IR's contract checker must give the same label.
        if let Ok(parsed) = &parsed
            && case.class != Class::DuplicateKey
        {
            let checked = contract::check(&schema, &case.type_name, &parsed.payload);
            assert_eq!(
                checked.is_ok(),
                case.class.valid(),
                "{}: the contract checker says {checked:?}",
                case.name
            );
        }
        let verdicts = [
            rust(case),
            match &parsed {
                Ok(parsed) => json_schema.read(parsed),
                Err(error) => Verdict {
                    accepted: false,
                    detail: format!("serde_json cannot parse it for the validator: {error}"),
                    pointer: None,
                },
            },
            ajv.read(&by_name(case)),
            guards.read(&by_name(case)),
        ];
        let row = counts.entry(case.class).or_default();
        row[0] += 1;
        for (count, verdict) in row[1..].iter_mut().zip(&verdicts) {
            *count += usize::from(verdict.accepted);
        }
        let guards_can_tell = case.class != Class::DuplicateKey;
        for (reader, verdict, holds) in [
            ("rust", &verdicts[0], true),
            ("typescript guards", &verdicts[3], guards_can_tell),
        ] {
            let agrees = verdict.accepted == case.class.valid()
                && (!verdict.accepted || verdict.detail.is_empty());
            if holds && !agrees {
                disagreements.push(format!(
                    "  {} [{}]: {reader}: accepted {} ({}):\n    {}",
                    case.name, case.type_name, verdict.accepted, verdict.detail, case.text
                ));
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s) with the contract:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    let table: Vec<String> = counts
        .iter()
        .map(|(class, row)| format!("{}: {row:?}", class.name()))
        .collect();
    assert_eq!(
        counts.into_iter().collect::<Vec<_>>(),
        EXPECTED.to_vec(),
        "cases, then accepted by rust, jsonschema, ajv, guards:\n{}",
        table.join("\n")
    );
}
