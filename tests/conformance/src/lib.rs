//! The conformance harness: the render-intent wire corpus, and each reader of the contract run
//! over it. A reader only reports what it accepts; the corpus labels, written from the contract,
//! are the judge.

mod readers;

pub use readers::{AjvReader, JsonSchemaReader, RustReader, node};

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

/// One labelled payload of the corpus.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// A unique kebab-case name.
    pub name: String,
    /// The union the payload is read as: `ToolCallView` or `ToolResultView`.
    #[serde(rename = "type")]
    pub type_name: String,
    /// Whether the contract accepts the payload.
    pub valid: bool,
    /// For an invalid case, the one fault it has.
    pub fault: Option<String>,
    /// The JSON payload.
    pub payload: Value,
}

/// What one reader made of one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the reader accepted the payload.
    pub accepted: bool,
    /// The reader's reason when it rejected the payload, or a round-trip failure.
    pub detail: String,
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The published JSON Schema of the render-intent union.
pub fn render_intent_schema_path() -> PathBuf {
    repo_root().join("generated/render_intent.schema.json")
}

/// The hand-written wire corpus.
pub fn corpus_path() -> PathBuf {
    repo_root().join("tests/conformance/corpus/render_intent.jsonl")
}

/// Loads the hand-written corpus, failing loudly on a malformed line.
pub fn load_corpus() -> Vec<Case> {
    let path = corpus_path();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            serde_json::from_str(line).unwrap_or_else(|error| {
                panic!(
                    "{}:{}: not a corpus case: {error}",
                    path.display(),
                    index + 1
                )
            })
        })
        .collect()
}
