//! The words of a failed constraint, defined once for the runtimes cardc writes: the
//! TypeScript runtime gets this table substituted into it when a file is generated. The Rust
//! runtime (`cardc_runtime::messages`) and the Python runtime (`cardc_runtime.MESSAGES`) are
//! published apart from the compiler and spell the same table; `tests/conformance/tests/
//! messages.rs` holds the three equal, and the conformance suite compares what each reader says.
//!
//! `{name}` stands for a value; numbers are written as JavaScript's `String(number)` writes
//! them (`1`, `1.5`, `1e+21`), in every runtime.

/// Each message's key and its words.
pub const CONSTRAINT_MESSAGES: &[(&str, &str)] = &[
    // A length or item count: `word` is `at least` or `at most`, `noun` `characters` or `items`.
    ("count", "expected {word} {bound} {noun}, found {count}"),
    (
        "unique",
        "expected unique items, found item {index} repeating item {first}",
    ),
    // `kind` is `an integer` or `a number`, `word` `at least`, `above`, `at most` or `below`.
    ("range", "expected {kind} {word} {bound}, found {value}"),
    // `what` is `a string matching <pattern>` or `a string of format <name>`.
    ("pattern", "expected {what}"),
];

/// The table as a TypeScript object literal, one key a line at `indent`.
pub fn typescript_object(indent: &str) -> String {
    let mut text = String::from("{\n");
    for (key, words) in CONSTRAINT_MESSAGES {
        let words = serde_json::Value::from(*words).to_string();
        text.push_str(&format!("{indent}  {key}: {words},\n"));
    }
    text.push_str(indent);
    text.push('}');
    text
}
