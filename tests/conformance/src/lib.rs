//! The conformance harness: the render-intent wire corpus (hand-written, and mutated from it),
//! and each reader of the contract run over it. A reader only reports what it accepts; the
//! labels, set from the contract, are the judge. Every named type is a reader target, read in
//! its standalone form (no tag of a union it sits in), not only the entry unions.

pub mod arbitrary;
pub mod compat_pairs;
pub mod consumers;
pub mod contract;
pub mod contracts;
pub mod differential;
pub mod gaps;
pub mod import_proof;
pub mod lexical;
pub mod mutate;
pub mod outputs;
mod readers;
pub mod schemars_reader;
pub mod standalone;
pub mod tolerant;
pub mod typify_reader;
pub mod web;

pub use render_intent::for_each_named_type;

macro_rules! names {
    ($($name:ident),*) => {
        /// Every named type of the render-intent schema, in name order.
        pub const NAMED_TYPES: &[&str] = &[$(stringify!($name)),*];
    };
}
for_each_named_type!(names);

/// The entry unions: what `presentCall` and `presentResult` return.
pub const ENTRY_UNIONS: [&str; 2] = ["ToolCallView", "ToolResultView"];

pub use readers::{
    AjvReader, Compiled, GuardsReader, JsonSchemaReader, PythonReader, REGISTRY, Reader, Request,
    RustReader, TargetReaders, TolerantResult, compile_modules, node, python, python_interpreter,
    python_tolerant_reads, python_with_path, registered, rust_tolerant_read, same_json,
    typescript_tolerant_reads,
};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cardc_codegen::ir::Schema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One labelled payload of the corpus.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// A unique kebab-case name.
    pub name: String,
    /// The named type the payload is read as, in its standalone form: an entry union
    /// (`ToolCallView`, `ToolResultView`) or any other type of the schema.
    #[serde(rename = "type")]
    pub type_name: String,
    /// Whether the contract accepts the payload.
    pub valid: bool,
    /// For an invalid case, the one fault it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<String>,
    /// The JSON payload.
    pub payload: Value,
    /// For a valid case whose write-back is not the payload itself, what a conforming writer
    /// writes back ([`contract::written`]; see [`with_write_backs`]): every reader that writes
    /// back must write this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub written: Option<Value>,
    /// For an invalid case whose one fault is at a known place (a mutation's), its JSON
    /// pointer: every reader that reports where must report its first error there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    /// Whether the invalid case has more than one fault (a changed tag that makes the object
    /// another variant with that variant's fields wrong), so that which error comes first is
    /// the reader's choice: the readers' pointers are then not compared.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub several_faults: bool,
}

impl Case {
    /// The JSON a reader that accepts the case must write back.
    pub fn write_back(&self) -> &Value {
        self.written.as_ref().unwrap_or(&self.payload)
    }
}

/// Gives every valid case of `schema` whose write-back is not its payload that write-back.
pub fn with_write_backs(schema: &Schema, cases: &mut [Case]) {
    for case in cases.iter_mut().filter(|case| case.valid) {
        let written = contract::written(schema, &case.type_name, &case.payload);
        case.written = (written != case.payload).then_some(written);
    }
}

/// What one reader made of one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the reader accepted the payload.
    pub accepted: bool,
    /// The reader's reason when it rejected the payload, or a round-trip failure.
    pub detail: String,
    /// Where the reader's first error is, as a JSON pointer, for a reader that says so (the
    /// readers cardc generates); `None` when it accepted the payload or does not say.
    pub pointer: Option<String>,
}

impl Verdict {
    /// An acceptance, written back as the case says.
    pub fn accepted() -> Self {
        Verdict {
            accepted: true,
            detail: String::new(),
            pointer: None,
        }
    }
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The committed Python package of the render-intent union.
pub fn render_intent_python_path() -> PathBuf {
    repo_root().join("generated/python/render_intent")
}

/// The published JSON Schema of the render-intent union.
pub fn render_intent_schema_path() -> PathBuf {
    repo_root().join("generated/render_intent.schema.json")
}

/// The committed TypeScript module of the render-intent union.
pub fn render_intent_typescript_path() -> PathBuf {
    repo_root().join("generated/render_intent.ts")
}

/// The render-intent schema's IR, compiled from `schema/render_intent.cards`.
pub fn render_intent_ir() -> Schema {
    let path = repo_root().join("schema/render_intent.cards");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    cardc_codegen::compile("schema/render_intent.cards", &text)
        .unwrap_or_else(|errors| panic!("the render-intent schema does not check: {errors:?}"))
}

/// Writes cases as a JSON-lines corpus under `target/cardc-conformance/`, for the readers that
/// run under node, and returns its path.
pub fn write_corpus(file_name: &str, cases: &[Case]) -> PathBuf {
    let dir = repo_root().join("target/cardc-conformance");
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|error| panic!("cannot create {}: {error}", dir.display()));
    let mut text = String::new();
    for case in cases {
        text.push_str(&serde_json::to_string(case).expect("a case serializes"));
        text.push('\n');
    }
    let path = dir.join(file_name);
    // Written whole then renamed into place: two tests of one process may write the same
    // corpus while a reader of the other's reads it.
    let temporary = dir.join(format!(
        "{file_name}.{}.{:?}.tmp",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&temporary, text)
        .unwrap_or_else(|error| panic!("cannot write {}: {error}", temporary.display()));
    std::fs::rename(&temporary, &path)
        .unwrap_or_else(|error| panic!("cannot write {}: {error}", path.display()));
    path
}

/// The hand-written corpora, the standalone payloads taken from them, and the mutations of
/// every valid one, each case with its class: `hand-written`, a `standalone` class or the
/// mutation's class.
pub fn every_case(schema: &Schema) -> Vec<(&'static str, Case)> {
    let mut cases: Vec<(&'static str, Case)> = hand_written()
        .into_iter()
        .map(|case| ("hand-written", case))
        .collect();
    cases.extend(standalone_cases(schema));
    cases.extend(
        mutation_corpus(schema)
            .into_iter()
            .map(|m| (m.class, m.case)),
    );
    cases
}

/// Both hand-written corpora: the wire corpus, then the standalone corpus.
pub fn hand_written() -> Vec<Case> {
    let mut cases = load_corpus();
    cases.extend(load_standalone_corpus());
    cases
}

/// The standalone payloads taken from the hand-written cases, with their classes (see
/// [`standalone::cases`]).
pub fn standalone_cases(schema: &Schema) -> Vec<(&'static str, Case)> {
    standalone::cases(schema, &hand_written())
        .into_iter()
        .map(|taken| (taken.class, taken.case))
        .collect()
}

/// The mutation corpus: every valid hand-written case and every valid standalone payload taken
/// from them, changed one way at a time.
pub fn mutation_corpus(schema: &Schema) -> Vec<mutate::Mutation> {
    let mut sources = hand_written();
    sources.extend(standalone_cases(schema).into_iter().map(|(_, case)| case));
    mutate::mutations(schema, &sources)
}

/// The TypeScript benchmark's corpus (`benches/typescript/`): the hand-written wire corpus of
/// the entry unions and every mutation of it that is still read as an entry union, in that order.
pub fn entry_union_corpus(schema: &Schema) -> Vec<Case> {
    let mut cases = load_corpus();
    cases.extend(
        mutation_corpus(schema)
            .into_iter()
            .map(|m| m.case)
            .filter(|case| ENTRY_UNIONS.contains(&case.type_name.as_str())),
    );
    cases
}

/// The hand-written wire corpus: payloads of the entry unions, which the bridges render too.
pub fn corpus_path() -> PathBuf {
    repo_root().join("tests/conformance/corpus/render_intent.jsonl")
}

/// The hand-written standalone corpus: payloads of every other named type, on their own.
pub fn standalone_corpus_path() -> PathBuf {
    repo_root().join("tests/conformance/corpus/standalone.jsonl")
}

/// Loads the hand-written wire corpus, failing loudly on a malformed line.
pub fn load_corpus() -> Vec<Case> {
    load_cases(&corpus_path())
}

/// Loads the hand-written standalone corpus, failing loudly on a malformed line.
pub fn load_standalone_corpus() -> Vec<Case> {
    load_cases(&standalone_corpus_path())
}

pub fn load_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path)
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

/// What is wrong with the labels of a hand-written corpus: names must be unique, and an invalid
/// case names its fault while a valid one has none.
pub fn label_problems(cases: &[Case]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    for case in cases {
        if !names.insert(case.name.as_str()) {
            problems.push(format!("{}: the name is used twice", case.name));
        }
        if case.valid == case.fault.is_some() {
            problems.push(format!(
                "{}: an invalid case names its fault, a valid one has none",
                case.name
            ));
        }
        if !case.valid && case.written.is_some() {
            problems.push(format!(
                "{}: an invalid case is not written back, so it has no `written`",
                case.name
            ));
        }
    }
    problems
}

/// How `verdict` from `reader` disagrees with the case's label, if it does. A reader that
/// accepts a payload but reports a detail (the Rust types' round trip) disagrees too.
pub fn disagreement(case: &Case, reader: &str, verdict: &Verdict) -> Option<String> {
    if verdict.accepted == case.valid && (!verdict.accepted || verdict.detail.is_empty()) {
        return None;
    }
    let label = if case.valid {
        "valid".to_string()
    } else {
        format!("invalid ({})", case.fault.as_deref().unwrap_or(""))
    };
    Some(format!(
        "  {} [{}]: {reader} disagrees with the label {label}: {}\n    payload: {}",
        case.name, case.type_name, verdict.detail, case.payload
    ))
}

/// One schema whose committed outputs the readers read: the render-intent contract, a golden
/// case under `tests/schemas/` that has a corpus of its own, a public contract under
/// `tests/contracts/`, or a schema the differential run drew. Each target's readers find its
/// output by the target's file name (see [`Subject::output`]).
pub struct Subject {
    /// The schema's IR, for the names the readers dispatch on and the contract checker.
    pub ir: Schema,
    /// Where each target's output of the schema is, by target key (`Target::key`).
    outputs: BTreeMap<&'static str, PathBuf>,
    /// The outputs of the schema files it imports from, each by target key: what its own
    /// outputs reach (a JSON Schema's `$ref`s, a Python package's imports).
    imports: Vec<BTreeMap<&'static str, PathBuf>>,
    /// The crate that compiled the schema's Rust output.
    pub compiled: Compiled,
}

/// Where every target writes its output of the schema of stem `stem` in `dir`, by target key.
fn outputs_in(dir: &Path, stem: &str) -> BTreeMap<&'static str, PathBuf> {
    cardc_codegen::emit::TARGETS
        .iter()
        .map(|target| (target.key(), dir.join(target.file_name(stem))))
        .collect()
}

impl Subject {
    /// The render-intent contract: `schema/render_intent.cards` and `generated/`.
    pub fn render_intent() -> Self {
        Subject {
            ir: render_intent_ir(),
            outputs: outputs_in(&repo_root().join("generated"), "render_intent"),
            imports: Vec::new(),
            compiled: Compiled::render_intent(),
        }
    }

    /// The golden case `tests/schemas/<case>/`: its schema and committed outputs.
    pub fn golden(case: &str) -> Self {
        Self::compiled_case("tests/schemas", case)
    }

    /// The public contract `tests/contracts/<name>/`: its schema and committed outputs.
    pub fn contract(name: &str) -> Self {
        Self::compiled_case("tests/contracts", name)
    }

    /// The case `<root>/<case>/`, whose Rust types `cardc-golden` compiles.
    fn compiled_case(root: &str, case: &str) -> Self {
        assert!(
            cardc_golden::ROOTS.contains(&root),
            "cardc-golden does not compile the cases under {root}"
        );
        let source = format!("{root}/{case}/{case}.cards");
        let text = std::fs::read_to_string(repo_root().join(&source))
            .unwrap_or_else(|error| panic!("cannot read {source}: {error}"));
        let ir = cardc_codegen::compile(&source, &text)
            .unwrap_or_else(|errors| panic!("{source} does not check: {errors:?}"));
        Subject {
            ir,
            outputs: outputs_in(&repo_root().join(root).join(case), case),
            imports: Vec::new(),
            compiled: Compiled::golden(case),
        }
    }

    /// Every schema of the golden project `tests/projects/<case>/`, each file after the files
    /// it imports: its IR and its committed outputs where its project file places them, the
    /// Python packages each a distribution of its own.
    pub fn project(case: &str) -> Vec<Self> {
        Self::project_at(&repo_root().join("tests/projects").join(case), case)
    }

    /// The example project `examples/project/`, whose Rust is `cardc-golden`'s `contracts`
    /// module (its outputs import one another from `crate::contracts`), read as a golden
    /// project's.
    pub fn example_project() -> Vec<Self> {
        Self::project_at(&repo_root().join("examples/project"), "example")
    }

    /// Every schema of the project whose project file is in `dir`, compiled by `cardc-golden`
    /// as the project `case`; every target's outputs where the project file places them.
    fn project_at(dir: &Path, case: &str) -> Vec<Self> {
        use cardc_codegen::project::{Disk, config};
        let text = std::fs::read_to_string(dir.join(config::FILE_NAME))
            .unwrap_or_else(|error| panic!("{case}: cannot read its project file: {error}"));
        let config =
            config::read(dir, &text).unwrap_or_else(|problems| panic!("{case}: {problems:?}"));
        let placed = |key: &str| {
            config
                .layout
                .placements
                .iter()
                .find(|placement| placement.target.key() == key)
                .map(|placement| placement.dir.clone())
        };
        let loaded = config.load(&Disk);
        let schemas = loaded
            .schemas()
            .unwrap_or_else(|| panic!("{case}: {}", loaded.report()));
        // Each target's outputs in the directory the project file places it in; the Python
        // packages each in a distribution directory of its own (`python/<package>/<package>`).
        let outputs = |stem: &str| {
            let mut outputs: BTreeMap<&'static str, PathBuf> = cardc_codegen::emit::TARGETS
                .iter()
                .filter_map(|target| {
                    let dir = placed(target.key())?;
                    Some((target.key(), dir.join(target.file_name(stem))))
                })
                .collect();
            if let Some(dir) = placed("python") {
                let package = cardc_codegen::naming::python::package(stem);
                outputs.insert(
                    "python",
                    dir.join("python")
                        .join(&package)
                        .join(&package)
                        .join("__init__.py"),
                );
            }
            outputs
        };
        schemas
            .iter()
            .map(|schema| Subject {
                ir: (*schema).clone(),
                outputs: outputs(&schema.stem),
                imports: schema
                    .imports()
                    .keys()
                    .map(|module| outputs(&module.stem))
                    .collect(),
                compiled: Compiled::project(case, &schema.stem),
            })
            .collect()
    }

    /// A schema whose outputs were written to `dir` under its stem, its Rust types `compiled`
    /// (the differential run's).
    pub fn written(ir: Schema, dir: &Path, compiled: Compiled) -> Self {
        Subject {
            outputs: outputs_in(dir, &ir.stem),
            ir,
            imports: Vec::new(),
            compiled,
        }
    }

    /// The path of the output of the target keyed `key` (`typescript`).
    pub fn output(&self, key: &str) -> PathBuf {
        self.outputs
            .get(key)
            .cloned()
            .unwrap_or_else(|| panic!("no target is keyed {key}"))
    }

    /// The outputs of the target keyed `key` of the schema files this one imports from.
    pub fn imported(&self, key: &str) -> Vec<PathBuf> {
        self.imports
            .iter()
            .filter_map(|outputs| outputs.get(key).cloned())
            .collect()
    }

    /// The schema's named types, in name order: the `$defs` the readers validate against (the
    /// types it imports are its siblings').
    pub fn named_types(&self) -> Vec<&str> {
        self.ir.own_types().map(|def| def.name()).collect()
    }

    /// The generated Rust types' reader.
    pub fn rust_reader(&self) -> RustReader {
        RustReader::of(self.compiled.clone())
    }

    /// Every disagreement between the labels of `cases`, which are the lines of the corpus
    /// file at `path`, and the readers of every registered target's output (see
    /// [`readers::REGISTRY`]): a verdict against the label, a write-back other than the
    /// contract's, a first error of a one-fault case at another place than the fault's (or
    /// than another reader's), and a tolerant read other than the contract checker's.
    pub fn disagreements(&self, cases: &[Case], path: &Path) -> Vec<String> {
        let registered = registered();
        let readers: Vec<Box<dyn Reader>> = registered
            .iter()
            .flat_map(|target| target.strict(self, path))
            .collect();
        let mut disagreements = Vec::new();
        for case in cases {
            let verdicts: Vec<(&str, Verdict)> = readers
                .iter()
                .map(|reader| (reader.name(), reader.read(case)))
                .collect();
            for (name, verdict) in &verdicts {
                disagreements.extend(disagreement(case, name, verdict));
            }
            disagreements.extend(pointer_disagreement(case, &verdicts));
        }
        for target in &registered {
            if let Some((reader, reads)) = target.tolerant(self, cases, path) {
                disagreements.extend(tolerant::disagreements(&self.ir, cases, reader, &reads));
            }
        }
        disagreements
    }
}

/// How the first errors that readers give for an invalid case with one fault disagree with
/// the fault's pointer, when the case knows it, or with each other, if they do.
pub fn pointer_disagreement(case: &Case, verdicts: &[(&str, Verdict)]) -> Option<String> {
    if case.valid || case.several_faults {
        return None;
    }
    let located: Vec<(&str, &str)> = verdicts
        .iter()
        .filter(|(_, verdict)| !verdict.accepted)
        .filter_map(|(name, verdict)| Some((*name, verdict.pointer.as_deref()?)))
        .collect();
    let expected = case
        .pointer
        .as_deref()
        .or_else(|| located.first().map(|(_, pointer)| *pointer))?;
    if located.iter().all(|(_, pointer)| *pointer == expected) {
        return None;
    }
    let said: Vec<String> = located
        .iter()
        .map(|(name, pointer)| format!("{name} `{pointer}`"))
        .collect();
    let fault = match &case.pointer {
        Some(pointer) => format!("its fault is at `{pointer}`"),
        None => "one fault".to_owned(),
    };
    Some(format!(
        "  {} [{}]: the first errors are at different places ({fault}): {}\n    payload: {}",
        case.name,
        case.type_name,
        said.join(", "),
        case.payload
    ))
}

/// Every disagreement between the labels of `cases`, the lines of the corpus file at `path`,
/// and the readers of the render-intent contract (see [`Subject::disagreements`]).
pub fn reader_disagreements(cases: &[Case], path: &Path) -> Vec<String> {
    Subject::render_intent().disagreements(cases, path)
}

/// Every example a schema gives of a named type, as a valid case of that type: the checker
/// held each to the contract when the schema compiled, and every reader must agree.
pub fn example_cases(schema: &Schema) -> Vec<Case> {
    schema
        .types
        .values()
        .flat_map(|def| {
            def.examples()
                .iter()
                .enumerate()
                .map(|(index, example)| Case {
                    name: format!("example-{}-{index}", def.name()),
                    type_name: def.name().to_string(),
                    valid: true,
                    fault: None,
                    payload: cardc_codegen::json_text::to_value(example),
                    written: None,
                    pointer: None,
                    several_faults: false,
                })
        })
        .collect()
}

/// The directory of the golden case `case`.
pub fn golden_dir(case: &str) -> PathBuf {
    repo_root().join("tests/schemas").join(case)
}

/// The golden cases that have a corpus (`tests/schemas/<case>/<case>.jsonl`), in name order.
pub fn golden_corpora() -> Vec<String> {
    let root = repo_root().join("tests/schemas");
    let mut cases: Vec<String> = std::fs::read_dir(&root)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", root.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|case| golden_corpus_path(case).is_file())
        .collect();
    cases.sort();
    cases
}

/// The hand-written corpus of the golden case `case`.
pub fn golden_corpus_path(case: &str) -> PathBuf {
    golden_dir(case).join(format!("{case}.jsonl"))
}

/// Loads the hand-written corpus of the golden case `case`, failing loudly on a malformed line.
pub fn load_golden_corpus(case: &str) -> Vec<Case> {
    load_cases(&golden_corpus_path(case))
}

/// A `jsonschema` validator's verdict on a payload, its errors located by instance path.
pub fn validator_verdict(validator: &jsonschema::Validator, payload: &Value) -> Verdict {
    let errors: Vec<String> = validator
        .iter_errors(payload)
        .map(|error| format!("{}: {error}", error.instance_path()))
        .collect();
    Verdict {
        accepted: errors.is_empty(),
        detail: errors.join("; "),
        pointer: None,
    }
}
