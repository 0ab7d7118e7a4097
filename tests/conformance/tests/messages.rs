//! The words of a failed constraint are one table, defined once per place they ship: the
//! compiler's (`cardc_codegen::emit::messages`, substituted into every TypeScript runtime it
//! writes), the Rust runtime's and the Python runtime's. Here the three are held equal, and
//! numbers in them are written alike (as JavaScript's `String(number)` writes them) by the Rust
//! runtime, node and the Python runtime.

use cardc_codegen::emit::messages::{CONSTRAINT_MESSAGES, typescript_object};
use cardc_conformance::{node, python};
use serde_json::Value;

/// The table as a JSON object.
fn object(table: &[(&str, &str)]) -> Value {
    table
        .iter()
        .map(|(key, words)| ((*key).to_owned(), Value::from(*words)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

#[test]
fn the_rust_runtime_spells_the_compilers_table() {
    assert_eq!(
        object(cardc::__private::CONSTRAINT_MESSAGES),
        object(CONSTRAINT_MESSAGES)
    );
}

#[test]
fn the_python_runtime_spells_the_compilers_table() {
    let printed = python(&[
        "-c".as_ref(),
        "import json, cardc_runtime; print(json.dumps(cardc_runtime.MESSAGES))".as_ref(),
    ]);
    let said: Value = serde_json::from_str(printed.trim()).expect("JSON");
    assert_eq!(said, object(CONSTRAINT_MESSAGES));
}

#[test]
fn every_typescript_runtime_gets_the_compilers_table() {
    let ts = cardc_codegen::emit::target("typescript").expect("the TypeScript target");
    let shared = ts.shared_runtime().expect("a shared runtime").contents;
    assert!(
        shared.contains(&typescript_object("")),
        "the shared runtime lacks the table"
    );
}

#[test]
fn numbers_in_messages_are_written_alike_in_every_runtime() {
    let values = [
        1.0,
        1.5,
        -273.15,
        5e-324,
        1e21,
        1e20,
        1e-6,
        1e-7,
        0.1,
        100.0,
        2.5e-5,
        1.7976931348623157e308,
        -0.0,
        12345.678,
        123456789012345680000.0,
    ];
    let list = serde_json::to_string(&values.to_vec()).expect("JSON");
    let rust: Vec<String> = values
        .iter()
        .map(|v| cardc::__private::number(*v))
        .collect();
    let js = node(&[
        "-e".as_ref(),
        format!("console.log(JSON.stringify({list}.map(String)))").as_ref(),
    ]);
    let py = python(&[
        "-c".as_ref(),
        format!("import json, cardc_runtime as r; print(json.dumps([r._number_text(v) for v in {list}]))")
            .as_ref(),
    ]);
    let js: Vec<String> = serde_json::from_str(js.trim()).expect("JSON");
    let py: Vec<String> = serde_json::from_str(py.trim()).expect("JSON");
    assert_eq!(rust, js, "Rust and node");
    assert_eq!(py, js, "Python and node");
}
