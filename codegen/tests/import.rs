//! `cardc import` over every JSON Schema cardc committed (the golden cases', `generated/`'s and
//! the public contracts'): each import checks clean, the JSON Schema its `.cards` compiles to
//! is the one imported, key for key, the IR equals the one the original schema file compiles
//! to (spans aside), and the two JSON Schemas accept and refuse alike every payload of the
//! case's corpus. The table it prints is `docs/src/guide/import.md`'s.

use std::path::{Path, PathBuf};

use cardc_codegen::emit::json_schema;
use cardc_codegen::ir::Schema;
use cardc_codegen::{compile, import_json_schema};
use serde_json::Value;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Each committed JSON Schema with the schema file it was generated from and its corpus.
fn cases() -> Vec<(String, PathBuf, PathBuf, PathBuf)> {
    let root = repo_root();
    let mut cases = vec![(
        "render_intent".to_string(),
        root.join("generated/render_intent.schema.json"),
        root.join("schema/render_intent.cards"),
        root.join("tests/conformance/corpus/render_intent.jsonl"),
    )];
    for dir in ["tests/schemas", "tests/contracts"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("a golden root") {
            let path = entry.expect("an entry").path();
            let name = path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            let file = path.join(format!("{name}.schema.json"));
            if file.is_file() {
                let cards = path.join(format!("{name}.cards"));
                let corpus = path.join(format!("{name}.jsonl"));
                cases.push((name, file, cards, corpus));
            }
        }
    }
    cases.sort();
    cases
}

/// The document without its `$comment`, cardc's header, which names the file it came from.
fn without_header(mut document: Value) -> Value {
    if let Some(object) = document.as_object_mut() {
        object.remove("$comment");
    }
    document
}

/// The IR's types as text with every span left out, to compare two compiles of two files.
fn types_without_spans(schema: &Schema) -> String {
    let text = format!("{:#?}", schema.types);
    let spans = regex::Regex::new(r"(?m)^(\s*\w*span): \d+\.\.\d+,$").expect("a pattern");
    spans.replace_all(&text, "$1: _,").into_owned()
}

/// Whether `document` accepts `payload` as its `$defs` entry `ty`; `None` without the entry.
fn accepts(document: &Value, ty: &str, payload: &Value) -> Option<bool> {
    document.get("$defs")?.get(ty)?;
    let mut rooted = document.clone();
    let object = rooted.as_object_mut()?;
    object.remove("anyOf");
    object.insert("$ref".into(), Value::from(format!("#/$defs/{ty}")));
    let validator = jsonschema::validator_for(&rooted).expect("a JSON Schema compiles");
    Some(validator.is_valid(payload))
}

/// One row of the table: the case and what its import kept.
struct Row {
    name: String,
    notes: usize,
    json_equal: bool,
    ir_equal: bool,
    agree: usize,
    cases: usize,
}

#[test]
fn every_committed_json_schema_imports_checks_and_round_trips() {
    let mut rows = Vec::new();
    for (name, file, cards, corpus) in cases() {
        let text = std::fs::read_to_string(&file).expect("the JSON Schema");
        let imported = import_json_schema(&text, None, &name)
            .unwrap_or_else(|problems| panic!("{name}: {problems:#?}"));
        assert_eq!(
            cardc_codegen::fmt::format(&imported.cards).as_deref(),
            Ok(imported.cards.as_str()),
            "{name}: the import is not in cardc fmt's layout"
        );
        let source = format!("{name}.cards");
        let schema = compile(&source, &imported.cards).unwrap_or_else(|errors| {
            panic!(
                "{name}: the import does not check: {errors:#?}\n{}",
                imported.cards
            )
        });
        let original: Value = serde_json::from_str(&text).expect("JSON");
        let written = json_schema::document(&schema);
        let json_equal = without_header(written.clone()) == without_header(original.clone());
        let original_cards = std::fs::read_to_string(&cards).expect("the schema file");
        let original_ir = compile(&source, &original_cards).expect("the golden checks");
        let ir_equal = types_without_spans(&original_ir) == types_without_spans(&schema);
        let (mut agree, mut total) = (0, 0);
        for line in std::fs::read_to_string(&corpus).unwrap_or_default().lines() {
            let Ok(case) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            let (Some(ty), Some(payload)) = (case["type"].as_str(), case.get("payload")) else {
                continue;
            };
            total += 1;
            let before = accepts(&original, ty, payload);
            let after = accepts(&written, ty, payload);
            if before.is_some() && before == after {
                agree += 1;
            } else {
                eprintln!(
                    "{name}: {} disagrees: {before:?} then {after:?}",
                    case["name"]
                );
            }
        }
        rows.push(Row {
            name,
            notes: imported.notes.len(),
            json_equal,
            ir_equal,
            agree,
            cases: total,
        });
    }
    println!("| schema | notes | JSON Schema equal | IR equal | corpus cases agreeing |");
    println!("| --- | --- | --- | --- | --- |");
    for row in &rows {
        let yes = |flag: bool| if flag { "yes" } else { "no" };
        println!(
            "| {} | {} | {} | {} | {} / {} |",
            row.name,
            row.notes,
            yes(row.json_equal),
            yes(row.ir_equal),
            row.agree,
            row.cases
        );
    }
    let names = |keep: fn(&Row) -> bool| -> Vec<&str> {
        rows.iter()
            .filter(|row| keep(row))
            .map(|row| row.name.as_str())
            .collect()
    };
    assert!(
        names(|row| row.agree != row.cases).is_empty(),
        "corpus verdicts differ"
    );
    assert!(
        names(|row| row.notes > 0).is_empty(),
        "cardc's own shapes noted"
    );
    assert!(
        names(|row| !row.json_equal).is_empty(),
        "another JSON Schema"
    );
    // The others differ in what no JSON Schema states (docs/src/guide/import.md says what, for each).
    assert_eq!(
        names(|row| row.ir_equal),
        IR_EQUAL,
        "update docs/src/guide/import.md"
    );
}

/// The cases whose import compiles to the IR of the original schema file, spans aside.
const IR_EQUAL: &[&str] = &[
    "collections",
    "examples",
    "nested_unions",
    "newtypes",
    "open_objects",
    "presence",
    "primitives",
    "recursion",
    "shared_payloads",
    "unions",
    "wide_integers",
];

/// Runs `cardc import` in `dir` with `args`.
fn cardc_import(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_cardc"))
        .arg("import")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("cardc runs")
}

#[test]
fn the_command_writes_the_file_and_warns_of_each_note() {
    let dir = tempfile::tempdir().expect("scratch");
    let schema = r#"{"$defs": {"Foo": {"type": "object", "properties": {"a": {"type": "string"}},
        "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}}}"#;
    std::fs::write(dir.path().join("in.json"), schema).expect("input");
    let run = cardc_import(dir.path(), &["in.json", "-o", "out.cards"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning: in.json: at /$defs/Foo/patternProperties: "),
        "{stderr}"
    );
    let written = std::fs::read_to_string(dir.path().join("out.cards")).expect("written");
    assert!(written.contains("struct Foo {"), "{written}");
    assert!(
        written.contains("// note: /$defs/Foo/patternProperties: "),
        "{written}"
    );
    compile("out.cards", &written).expect("the written file checks");
    // A second run finds the file right and leaves it as it is.
    let modified = |path: &Path| {
        std::fs::metadata(path)
            .and_then(|m| m.modified())
            .expect("mtime")
    };
    let before = modified(&dir.path().join("out.cards"));
    std::thread::sleep(std::time::Duration::from_millis(20));
    let again = cardc_import(dir.path(), &["in.json", "-o", "out.cards"]);
    assert!(again.status.success());
    assert_eq!(modified(&dir.path().join("out.cards")), before);
    assert!(!String::from_utf8_lossy(&again.stderr).contains("wrote"));
}

#[test]
fn the_command_writes_nothing_for_a_document_it_cannot_read() {
    let dir = tempfile::tempdir().expect("scratch");
    std::fs::write(dir.path().join("in.json"), r#"{"$defs": {}}"#).expect("input");
    let run = cardc_import(
        dir.path(),
        &["in.json", "--root", "/$defs/Missing", "-o", "out.cards"],
    );
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("/$defs/Missing"), "{stderr}");
    assert!(!dir.path().join("out.cards").exists());
    std::fs::write(dir.path().join("bad.json"), "{").expect("input");
    let run = cardc_import(dir.path(), &["bad.json", "-o", "out.cards"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("not JSON"));
    let run = cardc_import(dir.path(), &["missing.json", "-o", "out.cards"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(!dir.path().join("out.cards").exists());
}
