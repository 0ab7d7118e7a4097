//! The differential run of every reader: schemas drawn over every construct of the language
//! (`cardc_schema_gen::contract_schema`), compiled to all four outputs, and payloads of every
//! type of each drawn from its IR, mutated one way at a time and written with every lexical edge
//! case (`crate::lexical`: repeated keys, integers spelt `7.0`, `7e0` or `-0`, lone surrogates,
//! `1e400`, integers past 2^53, escapes, nesting at and past the limit). Every reader reads
//! them: the Rust types (built into a runner crate, one per batch of schemas), the JSON Schema
//! (the `jsonschema` crate and ajv), the TypeScript guards and tolerant parse, and the Python
//! package; each must agree with the contract checker's label, the first errors of a one-fault
//! case must be at one place, the write-backs must be the contract's, and the tolerant reads
//! the contract's. A generator of schemas rather than a coverage-guided target: each input
//! costs a tsc, pydantic and rustc build, so inputs are batched. Its seeds are committed under
//! `fuzz/corpus/differential/` (each file the bytes that choose one schema).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use cardc_codegen::ir::Schema;
use cardc_schema_gen::Unstructured;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{Value, json};

use crate::lexical::{self, Class};
use crate::readers::{Answer, Request, TolerantResult, same_json};
use crate::{
    Case, Compiled, GuardsReader, PythonReader, Reader, Subject, Verdict, arbitrary, contract,
    mutate, outputs, python_tolerant_reads, repo_root, typescript_tolerant_reads, with_write_backs,
    write_corpus,
};

/// One drawn schema that checks: its module name (its file stem) and IR.
pub struct Drawn {
    /// The module name and file stem: `d<seed index>`.
    pub module: String,
    /// The checked IR.
    pub ir: Schema,
}

/// The committed seeds: the files of `fuzz/corpus/differential/`, in name order.
pub fn corpus_seeds() -> Vec<Vec<u8>> {
    let dir = repo_root().join("fuzz/corpus/differential");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| std::fs::read(path).unwrap_or_else(|error| panic!("{path:?}: {error}")))
        .collect()
}

/// `count` fresh seeds of 256 bytes from SplitMix64 started at `start`.
pub fn fresh_seeds(start: u64, count: usize) -> Vec<Vec<u8>> {
    let mut state = start;
    (0..count)
        .map(|_| {
            (0..32)
                .flat_map(|_| {
                    state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                    let mut z = state;
                    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                    (z ^ (z >> 31)).to_le_bytes()
                })
                .collect()
        })
        .collect()
}

/// The schemas the seeds choose that check, named after their seed's index from `first`.
pub fn schemas(seeds: &[Vec<u8>], first: usize) -> Vec<Drawn> {
    seeds
        .iter()
        .enumerate()
        .filter_map(|(index, seed)| {
            let text = cardc_schema_gen::contract_schema(&mut Unstructured::new(seed)).ok()?;
            let module = format!("d{}", first + index);
            let ir = cardc_codegen::compile(&format!("{module}.cards"), &text).ok()?;
            Some(Drawn { module, ir })
        })
        .collect()
}

/// What one batch found.
#[derive(Debug, Default)]
pub struct Report {
    /// The schemas read.
    pub schemas: usize,
    /// The payloads every reader read.
    pub payloads: usize,
    /// Of them, the lexical ones (JSON text with an edge case).
    pub lexical: usize,
    /// Every disagreement, described.
    pub disagreements: Vec<String>,
}

/// Reads `draws` payloads of every type of each schema, their mutations and their lexical
/// cases with every reader, the outputs and the Rust runner under `dir`.
pub fn run(drawn: &[Drawn], draws: usize, dir: &Path) -> Report {
    let mut report = Report {
        schemas: drawn.len(),
        ..Report::default()
    };
    if drawn.is_empty() {
        return report;
    }
    for schema in drawn {
        for output in cardc_codegen::emit::all(&schema.ir) {
            let path = dir.join(&output.path);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("an output dir");
            outputs::write(&path, &output.contents);
        }
    }
    let runner = build_runner(drawn, dir);
    let mut rng = TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    for schema in drawn {
        let (cases, texts) = payloads(&schema.ir, draws, &mut rng);
        report.payloads += cases.len() + texts.len();
        report.lexical += texts.len();
        let answers = ask_runner(&runner, &schema.module, &cases, &texts);
        let subject = Subject::written(schema.ir.clone(), dir, compiled(&answers, &cases));
        let path = write_corpus(&format!("differential-{}.jsonl", schema.module), &cases);
        report.disagreements.extend(
            subject
                .disagreements(&cases, &path)
                .into_iter()
                .map(|problem| format!("{}: {problem}", schema.module)),
        );
        report.disagreements.extend(
            lexical_disagreements(&subject, &texts, &answers)
                .into_iter()
                .map(|problem| format!("{}: {problem}", schema.module)),
        );
    }
    report
}

/// A lexical case as the readers of text take it: the edge case, its label, and the text.
pub struct TextCase {
    /// The case's name.
    pub name: String,
    /// The type it is read as.
    pub type_name: String,
    /// The edge case in it.
    pub class: Class,
    /// The JSON text.
    pub text: String,
    /// Whether the contract accepts it: the class's label, and for a valid class the value
    /// it reads as (an integer written `-0` is 0, which a range may refuse).
    pub valid: bool,
    /// What a conforming writer writes back, for a valid case.
    pub written: Option<Value>,
}

/// The payloads of one schema: `draws` valid draws of each type, their mutations (labelled,
/// with their write-backs), and their lexical cases.
fn payloads(schema: &Schema, draws: usize, rng: &mut TestRunner) -> (Vec<Case>, Vec<TextCase>) {
    let mut valid = Vec::new();
    for type_name in schema.types.keys() {
        for (index, payload) in arbitrary::draws(schema, type_name, draws, rng)
            .into_iter()
            .enumerate()
        {
            valid.push(Case {
                name: format!("drawn-{type_name}-{index}"),
                type_name: type_name.clone(),
                valid: true,
                fault: None,
                payload,
                written: None,
                pointer: None,
                several_faults: false,
            });
        }
    }
    let texts = lexical::cases(schema, &valid)
        .into_iter()
        .map(|case| {
            let parsed = case.parsed().ok().filter(|_| case.class.valid());
            let valid = parsed.as_ref().is_some_and(|parsed| {
                contract::check(schema, &case.type_name, &parsed.payload).is_ok()
            });
            let written = parsed
                .filter(|_| valid)
                .map(|parsed| contract::written(schema, &case.type_name, &parsed.payload));
            TextCase {
                name: case.name,
                type_name: case.type_name,
                class: case.class,
                text: case.text,
                valid,
                written,
            }
        })
        .collect();
    let mut cases: Vec<Case> = mutate::mutations(schema, &valid)
        .into_iter()
        .map(|mutation| mutation.case)
        .collect();
    cases.extend(valid);
    with_write_backs(schema, &mut cases);
    (cases, texts)
}

/// What the Rust runner said of each case, by case name.
type Answers = BTreeMap<String, Value>;

/// Builds the runner crate: each schema's Rust output as a module, and a binary that reads
/// cases (`{"name", "module", "type", "text"}` lines) and prints what `cardc::decode_str` and
/// `cardc::decode_str_tolerant` make of each. Returns the path of a copy of the binary under
/// `dir`.
fn build_runner(drawn: &[Drawn], dir: &Path) -> PathBuf {
    let modules: Vec<(String, String)> = drawn
        .iter()
        .map(|schema| {
            (
                schema.module.clone(),
                cardc_codegen::emit::rust::emit(&schema.ir),
            )
        })
        .collect();
    let mut arms = String::new();
    for schema in drawn {
        for name in schema.ir.types.keys() {
            arms.push_str(&format!(
                "        ({:?}, {name:?}) => answer::<cardc_differential::{}::{name}>(text),\n",
                schema.module, schema.module
            ));
        }
    }
    let main = RUNNER.replace("        // ARMS\n", &arms);
    let crate_dir = dir.join("runner");
    outputs::RustCrate {
        name: "cardc-differential",
        doc: "The Rust outputs of the differential run's schemas.",
        modules: &modules,
        extra_items: "",
        files: &[("src/main.rs", main)],
    }
    .build(&crate_dir, &[&[]]);
    // A copy beside the batch's outputs: a run side by side rebuilds the shared one.
    let runner = crate_dir.join("cardc-differential");
    std::fs::copy(
        repo_root().join("target/tests/trybuild/debug/cardc-differential"),
        &runner,
    )
    .expect("a copy of the runner");
    runner
}

/// The runner's `main.rs`, its dispatch arms put in place of `// ARMS`.
const RUNNER: &str = r#"//! Reads differential cases from stdin and prints what the Rust readers make of each.
use std::io::BufRead;

use cardc::__private::serde::Serialize;
use cardc::__private::serde::de::DeserializeOwned;
use cardc::__private::serde_json::{self, Value, json};

fn answer<T: DeserializeOwned + Serialize>(text: &str) -> Value {
    let strict = match cardc::decode_str::<T>(text) {
        // Values as JSON text: one 127 levels deep would pass the reader's limit inside this line.
        Ok(value) => json!({"accepted": true, "written": serde_json::to_string(&value).ok()}),
        Err(error) => json!({"accepted": false, "pointer": error.pointer(), "error": error.to_string()}),
    };
    let tolerant = match cardc::decode_str_tolerant::<T>(text) {
        Ok(decoded) => json!({
            "ok": true,
            "value": serde_json::to_string(&decoded.value).ok(),
            "warnings": decoded.warnings.iter().map(|w| w.pointer().to_owned()).collect::<Vec<_>>(),
        }),
        Err(error) => json!({"ok": false, "errors": error.to_string()}),
    };
    json!({"strict": strict, "tolerant": tolerant})
}

fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("a line");
        let case: Value = serde_json::from_str(&line).expect("a case");
        let text = case["text"].as_str().expect("text");
        let found = match (case["module"].as_str().unwrap_or_default(), case["type"].as_str().unwrap_or_default()) {
        // ARMS
            _ => panic!("no type {line}"),
        };
        println!("{}", json!({"name": case["name"], "answer": found}));
    }
}
"#;

/// Runs the runner over the cases of `module`, by name.
fn ask_runner(runner: &Path, module: &str, cases: &[Case], texts: &[TextCase]) -> Answers {
    let mut input = String::new();
    for case in cases {
        let line = json!({"name": case.name, "module": module, "type": case.type_name,
            "text": case.payload.to_string()});
        input.push_str(&format!("{line}\n"));
    }
    for case in texts {
        let line = json!({"name": case.name, "module": module, "type": case.type_name,
            "text": case.text});
        input.push_str(&format!("{line}\n"));
    }
    let path = repo_root().join(format!("target/cardc-conformance/runner-{module}.jsonl"));
    outputs::write(&path, &input);
    let file = std::fs::File::open(&path).expect("the runner's input");
    let (stdout, _) = outputs::run(Command::new(runner).stdin(file));
    stdout
        .lines()
        .map(|line| {
            let report: Value = serde_json::from_str(line).expect("the runner prints JSON");
            let name = report["name"].as_str().unwrap_or_default().to_owned();
            (name, report["answer"].clone())
        })
        .collect()
}

/// The runner's answers to `cases` as a subject's compiled types: a request is looked up by
/// its type and payload text.
fn compiled(answers: &Answers, cases: &[Case]) -> Compiled {
    let by_payload: BTreeMap<(String, String), Value> = cases
        .iter()
        .map(|case| {
            let key = (case.type_name.clone(), case.payload.to_string());
            (key, answers[&case.name].clone())
        })
        .collect();
    Compiled::new(move |type_name, request| {
        let answer = |payload: &Value| by_payload.get(&(type_name.to_owned(), payload.to_string()));
        match request {
            Request::RoundTrip { payload, expected } => {
                Some(Answer::Verdict(verdict(answer(payload)?, Some(expected))))
            }
            Request::Tolerant { payload } => {
                Some(Answer::Tolerant(tolerant_read(answer(payload)?)))
            }
        }
    })
}

/// A strict verdict from a runner's answer, its write-back held to `expected`.
fn verdict(answer: &Value, expected: Option<&Value>) -> Verdict {
    let strict = &answer["strict"];
    if strict["accepted"] != Value::Bool(true) {
        return Verdict {
            accepted: false,
            detail: strict["error"].as_str().unwrap_or_default().to_owned(),
            pointer: strict["pointer"].as_str().map(str::to_owned),
        };
    }
    let written = text_value(&strict["written"]);
    match expected {
        Some(expected) if !same_json(&written, expected) => Verdict {
            accepted: true,
            detail: format!("round trip changed the JSON: {written}"),
            pointer: None,
        },
        _ => Verdict::accepted(),
    }
}

/// The value a runner wrote as JSON text, or `null` if it could not write one.
fn text_value(text: &Value) -> Value {
    text.as_str()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or(Value::Null)
}

/// A tolerant read from a runner's answer.
fn tolerant_read(answer: &Value) -> TolerantResult {
    let tolerant = &answer["tolerant"];
    if tolerant["ok"] == Value::Bool(true) {
        let warnings = tolerant["warnings"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|pointer| pointer.as_str().unwrap_or_default().to_owned())
            .collect();
        Ok((text_value(&tolerant["value"]), warnings))
    } else {
        Err(tolerant["errors"].to_string())
    }
}

/// How the readers of text disagree on the lexical cases: each must give the class's label
/// (but the TypeScript guards, which read what `JSON.parse` leaves, on a repeated key), the
/// refusals' first errors must be at one place, the write-backs the contract's, and the Rust,
/// TypeScript and Python tolerant reads the same.
fn lexical_disagreements(subject: &Subject, texts: &[TextCase], answers: &Answers) -> Vec<String> {
    if texts.is_empty() {
        return Vec::new();
    }
    let lines: String = texts
        .iter()
        .map(|case| {
            let mut line = json!({"name": case.name, "type": case.type_name, "text": case.text});
            if let Some(written) = &case.written {
                line["written"] = written.clone();
            }
            format!("{line}\n")
        })
        .collect();
    let path = repo_root().join(format!(
        "target/cardc-conformance/differential-{}-text.jsonl",
        subject.ir.stem
    ));
    outputs::write(&path, &lines);
    let guards = GuardsReader::run(&subject.output("typescript"), &path);
    let init = subject.output("python");
    let python = PythonReader::run(init.parent().expect("a package"), &path);
    let typescript_tolerant = typescript_tolerant_reads(&subject.output("typescript"), &path);
    let python_tolerant = python_tolerant_reads(init.parent().expect("a package"), &path, &[]);
    let mut problems = Vec::new();
    for case in texts {
        let by_name = Case {
            name: case.name.clone(),
            type_name: case.type_name.clone(),
            valid: case.valid,
            fault: None,
            payload: Value::Null,
            written: None,
            pointer: None,
            several_faults: false,
        };
        let answer = &answers[&case.name];
        let sees = case.class != Class::DuplicateKey;
        let mut verdicts = vec![("rust", verdict(answer, case.written.as_ref()))];
        verdicts.push(("python", python.read(&by_name)));
        if sees {
            verdicts.push(("typescript guards", guards.read(&by_name)));
        }
        for (reader, verdict) in &verdicts {
            if verdict.accepted != case.valid || (verdict.accepted && !verdict.detail.is_empty()) {
                problems.push(format!(
                    "  {} [{}]: {reader} disagrees with the {} label: {}\n    {}",
                    case.name,
                    case.type_name,
                    case.class.name(),
                    verdict.detail,
                    case.text
                ));
            }
        }
        problems.extend(crate::pointer_disagreement(&by_name, &verdicts));
        let rust = tolerant_read(answer);
        // The guards read what `JSON.parse` leaves of a repeated key; Python reads the text.
        let others = [
            sees.then(|| ("typescript", &typescript_tolerant[&case.name])),
            Some(("python", &python_tolerant[&case.name])),
        ];
        for (reader, read) in others.into_iter().flatten() {
            let agree = match (&rust, read) {
                (Ok((a, aw)), Ok((b, bw))) => same_json(a, b) && aw == bw,
                (Err(_), Err(_)) => true,
                _ => false,
            };
            if !agree {
                problems.push(format!(
                    "  {} [{}]: the tolerant reads differ: rust {rust:?}, {reader} {read:?}\n    {}",
                    case.name, case.type_name, case.text
                ));
            }
        }
    }
    problems
}
