//! The readers of the contract, registered by target: each target of `cardc_codegen::emit::TARGETS`
//! has one entry in [`REGISTRY`] that says how the suite reads that target's output of a
//! [`Subject`](crate::Subject): its strict readers (the generated Rust types; the published JSON
//! Schema read by the `jsonschema` crate and by ajv; the TypeScript guards; the Python package),
//! and its tolerant reader where it has one. Adding a target is its module, one registry line
//! here, its goldens and its readers: every test that reads a subject iterates the registry.

mod json_schema;
mod python;
mod rust;
mod typescript;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, PoisonError};

use serde_json::Value;

use crate::{Case, Subject, Verdict, repo_root};

pub use json_schema::{AjvReader, JsonSchemaReader};
pub use python::{PythonReader, python_tolerant_reads};
pub use rust::{Answer, Compiled, Request, RustReader, rust_tolerant_read};
pub use typescript::{GuardsReader, compile_modules, typescript_tolerant_reads};

/// One reader of the contract: what it accepts of a labelled case.
pub trait Reader {
    /// The reader's name in a disagreement.
    fn name(&self) -> &'static str;
    /// What the reader made of the case.
    fn read(&self, case: &Case) -> Verdict;
}

/// What a tolerant reader reads a payload as: the value as it writes it back and the pointers
/// of its warnings, in order; or its error.
pub type TolerantResult = Result<(Value, Vec<String>), String>;

/// The conformance readers of one target's output.
pub trait TargetReaders: Sync {
    /// The key of the target whose output these read (`Target::key`).
    fn key(&self) -> &'static str;

    /// The strict readers of the subject's output of this target, run over the corpus file at
    /// `corpus` (the cases' JSON lines).
    fn strict(&self, subject: &Subject, corpus: &Path) -> Vec<Box<dyn Reader>>;

    /// What the target's tolerant reader reads each of `cases` (the lines of the corpus file at
    /// `corpus`) as, by case name, with the reader's name; `None` for a target whose output has
    /// no tolerant reader.
    fn tolerant(
        &self,
        subject: &Subject,
        cases: &[Case],
        corpus: &Path,
    ) -> Option<(&'static str, BTreeMap<String, TolerantResult>)> {
        let _ = (subject, cases, corpus);
        None
    }
}

/// Every target's conformance readers, one line per target of `cardc_codegen::emit::TARGETS`.
pub static REGISTRY: &[&dyn TargetReaders] = &[
    &rust::Readers,
    &json_schema::Readers,
    &typescript::Readers,
    &python::Readers,
];

/// The conformance readers of every registered target, in `TARGETS` order; a target without
/// an entry in [`REGISTRY`] fails the suite.
pub fn registered() -> Vec<&'static dyn TargetReaders> {
    cardc_codegen::emit::TARGETS
        .iter()
        .map(|target| {
            REGISTRY
                .iter()
                .copied()
                .find(|readers| readers.key() == target.key())
                .unwrap_or_else(|| {
                    panic!(
                        "the {} target has no conformance readers: add its entry to `REGISTRY` in \
                         tests/conformance/src/readers/mod.rs",
                        target.key()
                    )
                })
        })
        .collect()
}

/// Whether two JSON values are the same, numbers compared by their exact value: the contract
/// reads an integer written `7.0`, `7e0` or `-0` as the integer it equals and writes it back
/// plain (serde_json's `==` tells `0` from `-0.0`), and `2^53 + 1` is not `2^53` (every reader
/// holds a number as the double nearest it, which [`crate::contract::written`] says). A double
/// past 2^53 may also be written as JavaScript writes it, its shortest digits padded with
/// zeros (`-276559734514322600` for the double `-276559734514322592`).
pub fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(a), Value::Number(b)) => match (integral(a), integral(b)) {
            (Some(x), Some(y)) if x == y => true,
            _ => a.as_f64() == b.as_f64() && spells_a_double(a) && spells_a_double(b),
        },
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same_json(a, b))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(key, a)| b.get(key).is_some_and(|b| same_json(a, b)))
        }
        (a, b) => a == b,
    }
}

/// Whether a number is a double as some writer writes it: any number read as one, or an
/// integer that is a double exactly or that double's shortest digits (Rust's `Display` of an
/// `f64` writes them as JavaScript does). `9007199254740993` is neither: it is no double.
fn spells_a_double(number: &serde_json::Number) -> bool {
    let exact = number
        .as_i64()
        .map(i128::from)
        .or_else(|| number.as_u64().map(i128::from));
    match (exact, number.as_f64()) {
        // Integral and within i128 (past it, no integer is exact), so `as` is exact.
        (Some(exact), Some(double)) => {
            double as i128 == exact || double.to_string() == exact.to_string()
        }
        _ => true,
    }
}

/// The integer a number equals exactly, if it is integral and within `i128`.
fn integral(number: &serde_json::Number) -> Option<i128> {
    if let Some(value) = number.as_i64() {
        return Some(i128::from(value));
    }
    if let Some(value) = number.as_u64() {
        return Some(i128::from(value));
    }
    let value = number.as_f64()?;
    // Integral and within i128, so `as` is exact.
    (value.fract() == 0.0 && value.abs() < 1e38).then_some(value as i128)
}

/// Parses the `{"name", "accepted", "errors", "pointer"}` lines a reader run under node or
/// Python prints, with the `"round_trip"` failure of an accepted case.
fn verdict_lines(reader: &str, output: &str) -> BTreeMap<String, Verdict> {
    output
        .lines()
        .map(|line| {
            let report: Value = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("{reader} printed {line:?}: {error}"));
            let name = report["name"].as_str();
            let accepted = report["accepted"].as_bool();
            let (Some(name), Some(accepted)) = (name, accepted) else {
                panic!("{reader} printed {line:?}: no name or accepted")
            };
            let detail = match report["round_trip"].as_str() {
                Some(change) => change.to_string(),
                None if accepted => String::new(),
                None => report["errors"].to_string(),
            };
            let pointer = report["pointer"].as_str().map(str::to_owned);
            (
                name.to_string(),
                Verdict {
                    accepted,
                    detail,
                    pointer,
                },
            )
        })
        .collect()
}

fn verdict_for(reader: &str, verdicts: &BTreeMap<String, Verdict>, case: &Case) -> Verdict {
    verdicts
        .get(&case.name)
        .cloned()
        .unwrap_or_else(|| panic!("{reader} gave no verdict for {}", case.name))
}

/// Parses the `{"name", "ok", "value", "warnings"}` (the value as JSON text) or `{"name", "ok": false, "errors"}` lines a
/// tolerant reader run under node or Python prints, by case name.
fn tolerant_lines(reader: &str, output: &str) -> BTreeMap<String, TolerantResult> {
    output
        .lines()
        .map(|line| {
            let report: Value = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("{reader} printed {line:?}: {error}"));
            let name = report["name"].as_str().unwrap_or_default().to_owned();
            let read = if report["ok"] == Value::Bool(true) {
                let warnings = report["warnings"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|pointer| pointer.as_str().unwrap_or_default().to_owned())
                    .collect();
                // The value comes as JSON text (see tolerant_check.mjs).
                let value = report["value"]
                    .as_str()
                    .and_then(|text| serde_json::from_str(text).ok())
                    .unwrap_or(Value::Null);
                Ok((value, warnings))
            } else {
                Err(report["errors"].to_string())
            };
            (name, read)
        })
        .collect()
}

/// The interpreter of the test command's Python environment, built once per process by
/// `scripts/python-env` from the hashed lock.
pub fn python_interpreter() -> PathBuf {
    static INTERPRETER: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut interpreter = INTERPRETER.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(path) = interpreter.as_ref() {
        return path.clone();
    }
    let output = Command::new("scripts/python-env")
        .current_dir(repo_root())
        .output()
        .unwrap_or_else(|error| panic!("cannot run scripts/python-env: {error}"));
    assert!(
        output.status.success(),
        "scripts/python-env failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let path = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    *interpreter = Some(path.clone());
    path
}

/// Runs the environment's Python from the repository root, returning its stdout. It writes no
/// bytecode beside the packages it imports, which are in the tree.
pub fn python(args: &[&std::ffi::OsStr]) -> String {
    python_with_path(args, &[])
}

/// [`python`], with the directories at `path` on Python's import path.
pub fn python_with_path(args: &[&std::ffi::OsStr], path: &[PathBuf]) -> String {
    let mut command = Command::new(python_interpreter());
    if !path.is_empty() {
        command.env(
            "PYTHONPATH",
            std::env::join_paths(path).expect("paths without separators"),
        );
    }
    let output = command
        .current_dir(repo_root())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .args(args)
        .output()
        .unwrap_or_else(|error| panic!("cannot run python: {error}"));
    assert!(
        output.status.success(),
        "python {args:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("python prints UTF-8")
}

/// Runs node from the repository root with the pinned npm tools, returning its stdout.
pub fn node(args: &[&std::ffi::OsStr]) -> String {
    let root = repo_root();
    assert!(
        root.join("node_modules/ajv").is_dir() && root.join("node_modules/typescript").is_dir(),
        "the pinned npm tools are not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    let output = Command::new("node")
        .current_dir(&root)
        .args(args)
        .output()
        .unwrap_or_else(|error| {
            panic!("cannot run node ({error}): install Node.js (scripts/test does)")
        });
    assert!(
        output.status.success(),
        "node {args:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("node prints UTF-8")
}
