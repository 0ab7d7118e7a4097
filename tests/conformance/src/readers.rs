//! The readers of the contract: the generated Rust types, the `jsonschema` crate, ajv, the
//! generated TypeScript guards and the generated Python package.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, PoisonError};

use jsonschema::{Registry, Validator};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::{Case, Verdict, repo_root};

/// One reader of the contract: what it accepts of a labelled case.
pub trait Reader {
    /// The reader's name in a disagreement.
    fn name(&self) -> &'static str;
    /// What the reader made of the case.
    fn read(&self, case: &Case) -> Verdict;
}

/// The generated Rust types: accept means `cardc::decode_str::<T>` decodes the payload's text
/// as its named type `T`, and a decoded payload must write back as the case's write-back (the
/// same JSON, but for what the contract says a reader forgets).
pub struct RustReader {
    round_trip: RoundTripByName,
}

/// Decodes a payload as the type of the given name and compares what it writes back with the
/// JSON it must write, or gives `None` for a name the schema does not declare.
type RoundTripByName = Box<dyn Fn(&str, &Value, &Value) -> Option<Verdict> + Send + Sync>;

macro_rules! rust_round_trip {
    ($($name:ident),*) => {
        /// Decodes and writes back the payload as the render-intent type named `type_name`.
        fn round_trip_render_intent(
            type_name: &str,
            payload: &Value,
            expected: &Value,
        ) -> Option<Verdict> {
            match type_name {
                $(stringify!($name) => {
                    Some(round_trip::<render_intent::$name>(payload, expected))
                })*
                _ => None,
            }
        }
    };
}
crate::for_each_named_type!(rust_round_trip);

/// A golden type's round trip, chosen by name through `cardc_golden::with_named_type`.
struct GoldenRoundTrip<'a>(&'a Value, &'a Value);

impl cardc_golden::TypeAction for GoldenRoundTrip<'_> {
    type Output = Verdict;

    fn act<T: DeserializeOwned + Serialize>(self) -> Verdict {
        round_trip::<T>(self.0, self.1)
    }
}

impl RustReader {
    /// The render-intent crate's types.
    pub fn render_intent() -> Self {
        RustReader {
            round_trip: Box::new(round_trip_render_intent),
        }
    }

    /// The committed Rust output of the golden case `case`, compiled by `cardc-golden`.
    pub fn golden(case: &str) -> Self {
        let case = case.to_string();
        RustReader {
            round_trip: Box::new(move |type_name, payload, expected| {
                cardc_golden::with_named_type(&case, type_name, GoldenRoundTrip(payload, expected))
            }),
        }
    }
}

impl RustReader {
    /// One version of the compat golden pair `pair` (`tests/schemas/compat/<pair>`), its Rust
    /// compiled by `cardc-golden`'s build script: the new version's types, or the old's.
    pub fn compat(pair: &str, new: bool) -> Self {
        let pair = pair.to_string();
        RustReader {
            round_trip: Box::new(move |type_name, payload, expected| {
                cardc_golden::with_compat_type(
                    &pair,
                    new,
                    type_name,
                    GoldenRoundTrip(payload, expected),
                )
            }),
        }
    }
}

impl RustReader {
    /// The committed Rust output of the schema of stem `stem` of the golden project `case`,
    /// compiled by `cardc-golden` beside the outputs of the files it imports.
    pub fn project(case: &str, stem: &str) -> Self {
        let (case, stem) = (case.to_string(), stem.to_string());
        RustReader {
            round_trip: Box::new(move |type_name, payload, expected| {
                cardc_golden::with_project_type(
                    &case,
                    &stem,
                    type_name,
                    GoldenRoundTrip(payload, expected),
                )
            }),
        }
    }
}

impl Reader for RustReader {
    fn name(&self) -> &'static str {
        "rust"
    }

    /// Decodes the case as its named type.
    fn read(&self, case: &Case) -> Verdict {
        (self.round_trip)(&case.type_name, &case.payload, case.write_back())
            .unwrap_or_else(|| panic!("{}: unknown corpus type {}", case.name, case.type_name))
    }
}

/// Reads a payload as a `T` and writes it back, as [`precise_round_trip`] says, and checks
/// that neither the order of its keys nor the way it is read changes the verdict. The payload
/// is read twice, as given and with every object's keys in reverse order (which moves a tag
/// from first to last, or the other way), and each text is read by `serde_json::from_str`
/// alone and by `cardc::decode_str_tolerant`: a union reads the keys before its tag into their
/// types under `serde_json` alone, and buffers them where a `cardc` decode traces its reading
/// (a tolerant one always; `decode_str` when the input fails, to build its error). Both must
/// accept the same payloads and read the same values; the tolerant reading may also accept
/// one by dropping what a policy lets it drop, and then says so.
fn round_trip<T: DeserializeOwned + Serialize>(payload: &Value, expected: &Value) -> Verdict {
    let given = payload.to_string();
    let verdict = precise_round_trip::<T>(&given, expected);
    let reversed = reversed(payload).to_string();
    let reversed_verdict = precise_round_trip::<T>(&reversed, expected);
    // Two refusals may word their reasons differently: the first problem read comes first.
    let same = reversed_verdict.accepted == verdict.accepted
        && (!verdict.accepted || reversed_verdict.detail == verdict.detail);
    if !same {
        return Verdict {
            accepted: !verdict.accepted || reversed_verdict.accepted,
            detail: format!(
                "its keys in reverse order read otherwise: {} against {}",
                describe(&reversed_verdict),
                describe(&verdict)
            ),
        };
    }
    for text in [&given, &reversed] {
        let traced = cardc::decode_str_tolerant::<T>(text);
        let plain = serde_json::from_str::<T>(text);
        let agree = match (&traced, &plain) {
            (Ok(traced), Ok(plain)) => {
                traced.warnings.is_empty()
                    && serde_json::to_value(&traced.value).ok() == serde_json::to_value(plain).ok()
            }
            (Ok(traced), Err(_)) => !traced.warnings.is_empty(),
            (Err(_), Err(_)) => true,
            (Err(_), Ok(_)) => false,
        };
        if !agree {
            let traced = traced.map(|decoded| serde_json::to_value(&decoded.value).ok());
            let plain = plain.map(|value| serde_json::to_value(&value).ok());
            return Verdict {
                accepted: true,
                detail: format!(
                    "serde_json alone reads {text} otherwise than a traced cardc decode: \
                     {plain:?} against {traced:?}"
                ),
            };
        }
    }
    verdict
}

/// A verdict in words, for a disagreement.
fn describe(verdict: &Verdict) -> String {
    match (verdict.accepted, verdict.detail.as_str()) {
        (true, "") => "accepted".to_owned(),
        (true, detail) => format!("accepted, but {detail}"),
        (false, detail) => format!("refused ({detail})"),
    }
}

/// The same JSON with every object's keys in reverse order (serde_json keeps the order of an
/// object's keys in this crate, by its `preserve_order` feature).
fn reversed(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(reversed).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .rev()
                .map(|(key, value)| (key.clone(), reversed(value)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Decodes `text` with `cardc::decode_str` and compares what the value writes back with the
/// JSON it must write.
fn precise_round_trip<T: DeserializeOwned + Serialize>(text: &str, expected: &Value) -> Verdict {
    match cardc::decode_str::<T>(text) {
        Err(error) => Verdict {
            accepted: false,
            detail: error.to_string(),
        },
        Ok(value) => match serde_json::to_value(&value) {
            Ok(written) if same_json(&written, expected) => Verdict {
                accepted: true,
                detail: String::new(),
            },
            Ok(written) => Verdict {
                accepted: true,
                detail: format!("round trip changed the JSON: {written}"),
            },
            Err(error) => Verdict {
                accepted: true,
                detail: format!("cannot write back: {error}"),
            },
        },
    }
}

/// A golden type's tolerant read, chosen by name through `cardc_golden::with_named_type`.
struct GoldenTolerantRead<'a>(&'a Value);

impl cardc_golden::TypeAction for GoldenTolerantRead<'_> {
    type Output = Result<(Value, Vec<String>), String>;

    fn act<T: DeserializeOwned + Serialize>(self) -> Self::Output {
        let decoded = cardc::decode_str_tolerant::<T>(&self.0.to_string())
            .map_err(|error| error.to_string())?;
        let written = serde_json::to_value(&decoded.value).map_err(|error| error.to_string())?;
        let pointers = decoded
            .warnings
            .iter()
            .map(|warning| warning.pointer().to_owned())
            .collect();
        Ok((written, pointers))
    }
}

/// What `cardc::decode_str_tolerant` reads `payload` as, as the type `type_name` of the golden
/// case `case`: the value written back and the pointers of its warnings, in order, or the
/// error. `None` for a name the case does not declare.
pub fn rust_tolerant_read(
    case: &str,
    type_name: &str,
    payload: &Value,
) -> Option<Result<(Value, Vec<String>), String>> {
    cardc_golden::with_named_type(case, type_name, GoldenTolerantRead(payload))
}

/// Whether two JSON values are the same, numbers compared by value: the contract reads an
/// integer written `7.0`, `7e0` or `-0` as the integer it equals and writes it back plain, so a
/// round trip is exact in value (serde_json's `==` tells `0` from `-0.0`).
pub fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(a), Value::Number(b)) => match (a.as_i64(), b.as_i64()) {
            (Some(a), Some(b)) => a == b,
            _ => match (a.as_u64(), b.as_u64()) {
                (Some(a), Some(b)) => a == b,
                _ => a.as_f64() == b.as_f64(),
            },
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

/// The generated TypeScript guards (`is<Union>` and `parse<Union>`, compiled by tsc, run under
/// node): accept means both accept; the script fails outright if they contradict each other.
/// An accepted value writes back as `write<Type>` gives it, for a type with a field with a
/// default, or else as `parse<Type>` gives it.
pub struct GuardsReader {
    verdicts: BTreeMap<String, Verdict>,
}

impl GuardsReader {
    /// Compiles the TypeScript module at `source` once per test process and runs
    /// `tests/js/guards_check.mjs` over the corpus.
    pub fn run(source: &Path, corpus: &Path) -> Self {
        Self::run_compiled(&compiled_guards(source), corpus)
    }

    /// Runs `tests/js/guards_check.mjs` over the corpus with the compiled ES module at
    /// `module` (see [`compile_modules`]).
    pub fn run_compiled(module: &Path, corpus: &Path) -> Self {
        let output = node(&[
            "tests/js/guards_check.mjs".as_ref(),
            module.as_os_str(),
            corpus.as_os_str(),
        ]);
        GuardsReader {
            verdicts: verdict_lines("guards", &output),
        }
    }
}

/// Compiles TypeScript modules to ES modules in `dir` with one run of tsc (a run costs more
/// than the modules), giving each source's compiled path; their file stems must differ.
pub fn compile_modules(sources: &[PathBuf], dir: &Path) -> Vec<PathBuf> {
    std::fs::create_dir_all(dir)
        .unwrap_or_else(|error| panic!("cannot create {}: {error}", dir.display()));
    // node reads `.js` as an ES module only under a package.json that says so.
    std::fs::write(dir.join("package.json"), "{\"type\": \"module\"}\n")
        .expect("write the modules' package.json");
    let mut args: Vec<&std::ffi::OsStr> = [
        "node_modules/typescript/bin/tsc",
        "--strict",
        "--target",
        "es2022",
        "--module",
        "es2022",
        "--outDir",
    ]
    .iter()
    .map(|arg| arg.as_ref())
    .collect();
    args.push(dir.as_os_str());
    args.extend(sources.iter().map(|source| source.as_os_str()));
    node(&args);
    sources
        .iter()
        .map(|source| {
            let stem = source
                .file_stem()
                .and_then(|stem| stem.to_str())
                .unwrap_or_else(|| panic!("{} has no file stem", source.display()));
            dir.join(format!("{stem}.js"))
        })
        .collect()
}

impl Reader for GuardsReader {
    fn name(&self) -> &'static str {
        "typescript guards"
    }

    fn read(&self, case: &Case) -> Verdict {
        verdict_for("guards", &self.verdicts, case)
    }
}

/// What the TypeScript tolerant parse (`parse<Type>Tolerant`, or `parse<Type>` for a type with no
/// reader policy beneath it) reads each case of the corpus as, by case name: the value (as
/// `write<Type>` writes it back, where the type has a writer) and the pointers of its warnings,
/// in order, or its errors.
pub fn typescript_tolerant_reads(
    source: &Path,
    corpus: &Path,
) -> BTreeMap<String, Result<(Value, Vec<String>), String>> {
    let module = compiled_guards(source);
    let output = node(&[
        "tests/js/tolerant_check.mjs".as_ref(),
        module.as_os_str(),
        corpus.as_os_str(),
    ]);
    output
        .lines()
        .map(|line| {
            let report: Value = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("tolerant_check printed {line:?}: {error}"));
            let name = report["name"].as_str().unwrap_or_default().to_owned();
            let read = if report["ok"] == Value::Bool(true) {
                let warnings = report["warnings"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|pointer| pointer.as_str().unwrap_or_default().to_owned())
                    .collect();
                Ok((report["value"].clone(), warnings))
            } else {
                Err(report["errors"].to_string())
            };
            (name, read)
        })
        .collect()
}

/// The TypeScript module at `source` compiled to an ES module under `target/`, once per module
/// and process (the tests of one binary share it; tsc writes the same bytes every time).
fn compiled_guards(source: &Path) -> PathBuf {
    static MODULES: Mutex<BTreeMap<PathBuf, PathBuf>> = Mutex::new(BTreeMap::new());
    let mut modules = MODULES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(module) = modules.get(source) {
        return module.clone();
    }
    let stem = source
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or_else(|| panic!("{} has no file stem", source.display()));
    let dir = repo_root()
        .join("target/cardc-conformance/guards")
        .join(stem);
    let module = compile_modules(&[source.to_path_buf()], &dir)
        .into_iter()
        .next()
        .expect("one module per source");
    modules.insert(source.to_path_buf(), module.clone());
    module
}

/// Parses the `{"name", "accepted", "errors"}` lines a node reader prints, with the
/// `"round_trip"` failure of an accepted case that the guards' script reports.
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
            (name.to_string(), Verdict { accepted, detail })
        })
        .collect()
}

fn verdict_for(reader: &str, verdicts: &BTreeMap<String, Verdict>, case: &Case) -> Verdict {
    verdicts
        .get(&case.name)
        .cloned()
        .unwrap_or_else(|| panic!("{reader} gave no verdict for {}", case.name))
}

/// The generated Python package (pydantic models, run under the interpreter of
/// `scripts/python-env`): accept means it decodes the payload's JSON text as the case's type,
/// and an accepted payload must write back as the same JSON.
pub struct PythonReader {
    verdicts: BTreeMap<String, Verdict>,
}

impl PythonReader {
    /// Runs `tests/python/python_check.py` over the corpus with the package at `package`.
    pub fn run(package: &Path, corpus: &Path) -> Self {
        Self::with_path(package, corpus, &[])
    }

    /// [`PythonReader::run`], with the directories at `path` on Python's import path, where
    /// the packages the package imports from are.
    pub fn with_path(package: &Path, corpus: &Path, path: &[PathBuf]) -> Self {
        let output = python_with_path(
            &[
                "tests/python/python_check.py".as_ref(),
                package.as_os_str(),
                corpus.as_os_str(),
            ],
            path,
        );
        let verdicts = output
            .lines()
            .map(|line| {
                let report: Value = serde_json::from_str(line)
                    .unwrap_or_else(|error| panic!("python printed {line:?}: {error}"));
                let (Some(name), Some(accepted)) =
                    (report["name"].as_str(), report["accepted"].as_bool())
                else {
                    panic!("python printed {line:?}: no name or accepted")
                };
                let detail = match report["round_trip"].as_str() {
                    Some(change) => change.to_string(),
                    None if accepted => String::new(),
                    None => report["errors"].to_string(),
                };
                (name.to_string(), Verdict { accepted, detail })
            })
            .collect();
        PythonReader { verdicts }
    }
}

impl Reader for PythonReader {
    fn name(&self) -> &'static str {
        "python"
    }

    fn read(&self, case: &Case) -> Verdict {
        verdict_for("python", &self.verdicts, case)
    }
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
