//! The public contracts: protocols no one here wrote, transcribed into `.cards` under
//! `tests/contracts/<name>/` and held to the protocol's own reference validator.
//!
//! A contract's corpus is its real examples (`<name>.jsonl`, taken from the protocol's docs),
//! payloads drawn from the transcription, and the mutations of both. Every cardc reader must
//! agree with the contract checker's label, as for any golden case; the reference
//! (`reference.mjs`, run under node by `tests/js/reference_check.mjs`) is then compared with
//! that label case by case. Each disagreement must fall in a class of `gaps.json`, which says
//! why the `.cards` cannot (or should not) say what the reference does; the counts form the
//! agreement table in `docs/src/evidence/public-contracts.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use regex::Regex;
use serde::Deserialize;
use serde_json::Value;

use crate::contract::escape;
use crate::{Case, Subject, arbitrary, mutate, node, repo_root, with_write_backs};

/// How many payloads are drawn from the transcription for each type the reference reads.
pub const DRAWS_PER_TYPE: usize = 6;

/// The class of the real examples in the table.
pub const EXAMPLE: &str = "example";

/// The class of the payloads drawn from the transcription.
pub const GENERATED: &str = "generated";

/// The contracts under `tests/contracts/`, in name order.
pub fn contracts() -> Vec<String> {
    let root = repo_root().join("tests/contracts");
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", root.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| contract_dir(name).join(format!("{name}.cards")).is_file())
        .collect();
    names.sort();
    names
}

/// The directory of the contract `name`.
pub fn contract_dir(name: &str) -> PathBuf {
    repo_root().join("tests/contracts").join(name)
}

/// One line of `<name>.jsonl`: a payload the protocol's docs show, and where.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExampleLine {
    name: String,
    #[serde(rename = "type")]
    type_name: String,
    source: String,
    payload: Value,
}

/// One real example of a contract.
#[derive(Debug, Clone)]
pub struct Example {
    /// The example as a valid case: the docs show it as valid.
    pub case: Case,
    /// The page or file of the protocol's docs it is taken from.
    pub source: String,
}

/// The real examples of the contract `name`.
pub fn load_examples(name: &str) -> Vec<Example> {
    let path = contract_dir(name).join(format!("{name}.jsonl"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let line: ExampleLine = serde_json::from_str(line).unwrap_or_else(|error| {
                panic!("{}:{}: not an example: {error}", path.display(), index + 1)
            });
            Example {
                case: Case {
                    name: line.name,
                    type_name: line.type_name,
                    valid: true,
                    fault: None,
                    payload: line.payload,
                    written: None,
                    pointer: None,
                    several_faults: false,
                },
                source: line.source,
            }
        })
        .collect()
}

/// One case of a contract's corpus with the class of the table it counts in and where it was
/// changed (empty for an example or a draw).
#[derive(Debug, Clone)]
pub struct Entry {
    /// The case, labelled by the contract checker over the transcription.
    pub case: Case,
    /// `example`, `generated` or the mutation's class.
    pub class: String,
    /// The JSON pointer a mutation changed.
    pub pointer: String,
    /// Where the payload comes from: an example's source, the example a mutation changed, or
    /// the draw.
    pub origin: String,
}

/// The corpus of a contract: its examples, `DRAWS_PER_TYPE` draws of each type in `types`
/// (the types the reference reads), and the mutations of both.
pub fn corpus(subject: &Subject, examples: &[Example], types: &BTreeSet<String>) -> Vec<Entry> {
    let mut seeds: Vec<Entry> = examples
        .iter()
        .map(|example| Entry {
            case: example.case.clone(),
            class: EXAMPLE.to_string(),
            pointer: String::new(),
            origin: example.source.clone(),
        })
        .collect();
    let mut runner = TestRunner::deterministic();
    for type_name in types {
        let strategy = arbitrary::payload(&subject.ir, type_name);
        for index in 0..DRAWS_PER_TYPE {
            let payload = strategy
                .new_tree(&mut runner)
                .unwrap_or_else(|error| panic!("cannot draw a {type_name}: {error}"))
                .current();
            seeds.push(Entry {
                case: Case {
                    name: format!("generated-{type_name}-{index}"),
                    type_name: type_name.clone(),
                    valid: true,
                    fault: None,
                    payload,
                    written: None,
                    pointer: None,
                    several_faults: false,
                },
                class: GENERATED.to_string(),
                pointer: String::new(),
                origin: format!("draw {index} of {type_name}"),
            });
        }
    }
    let valid: Vec<Case> = seeds.iter().map(|entry| entry.case.clone()).collect();
    let origins: BTreeMap<String, String> = seeds
        .iter()
        .map(|entry| (entry.case.name.clone(), entry.origin.clone()))
        .collect();
    let mutations = mutate::mutations(&subject.ir, &valid)
        .into_iter()
        .map(|mutation| {
            // A mutation is named `<seed><pointer>:<class>`, its pointer empty or from `/`.
            let seed = origins
                .iter()
                .find(|(name, _)| {
                    mutation
                        .case
                        .name
                        .strip_prefix(name.as_str())
                        .is_some_and(|rest| rest.starts_with('/') || rest.starts_with(':'))
                })
                .map_or(String::new(), |(_, origin)| origin.clone());
            Entry {
                case: mutation.case,
                class: mutation.class.to_string(),
                pointer: mutation.pointer,
                origin: seed,
            }
        });
    seeds.extend(mutations);
    // Each valid case carries what a conforming writer writes back (a unit variant that drops
    // other keys writes its tags alone), for the readers and the reference to be held to.
    for entry in &mut seeds {
        with_write_backs(&subject.ir, std::slice::from_mut(&mut entry.case));
    }
    seeds
}

/// What the reference made of one case.
#[derive(Debug, Clone)]
pub struct ReferenceVerdict {
    /// Whether the reference accepted the payload.
    pub accepted: bool,
    /// Its errors, `<pointer>: <message>`, when it refused.
    pub errors: Vec<String>,
    /// What it returned for an accepted payload.
    pub output: Option<Value>,
}

/// A contract's reference validator, as `reference.mjs` declares it.
pub struct Reference {
    /// What the reference is: its package, version and schema.
    pub name: String,
    /// The types it has a validator for.
    pub types: BTreeSet<String>,
    module: PathBuf,
}

impl Reference {
    /// Loads `tests/contracts/<name>/reference.mjs` under node and lists its validators.
    pub fn load(name: &str) -> Self {
        Self::at(contract_dir(name).join("reference.mjs"))
    }

    /// Loads the reference module at `module` (relative to the repository root, or absolute)
    /// under node and lists its validators.
    pub fn at(module: PathBuf) -> Self {
        let output = node(&[
            "tests/js/reference_check.mjs".as_ref(),
            "types".as_ref(),
            module.as_os_str(),
        ]);
        let listing: Value = serde_json::from_str(&output)
            .unwrap_or_else(|error| panic!("reference_check types printed {output:?}: {error}"));
        let types = listing["types"]
            .as_array()
            .unwrap_or_else(|| panic!("reference_check types printed {output:?}: no types"))
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect();
        Reference {
            name: listing["reference"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            types,
            module,
        }
    }

    /// Runs the reference over the corpus file at `corpus`, giving its verdicts by case name.
    pub fn read(&self, corpus: &Path) -> BTreeMap<String, ReferenceVerdict> {
        let output = node(&[
            "tests/js/reference_check.mjs".as_ref(),
            "corpus".as_ref(),
            self.module.as_os_str(),
            corpus.as_os_str(),
        ]);
        output
            .lines()
            .map(|line| {
                let report: Value = serde_json::from_str(line)
                    .unwrap_or_else(|error| panic!("the reference printed {line:?}: {error}"));
                let (Some(name), Some(accepted)) =
                    (report["name"].as_str(), report["accepted"].as_bool())
                else {
                    panic!("the reference printed {line:?}: no name or accepted")
                };
                let errors = report["errors"]
                    .as_array()
                    .map(|errors| {
                        errors
                            .iter()
                            .map(|error| error.as_str().unwrap_or_default().to_string())
                            .collect()
                    })
                    .unwrap_or_default();
                let verdict = ReferenceVerdict {
                    accepted,
                    errors,
                    output: report.get("output").cloned(),
                };
                (name.to_string(), verdict)
            })
            .collect()
    }
}

/// How the reference and the transcription part on one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The reference accepts what cardc refuses.
    ReferenceOnly,
    /// cardc accepts what the reference refuses.
    CardcOnly,
    /// Both accept, but the reference's output is not the JSON cardc writes back (which is the
    /// payload itself: the round trip is exact).
    WriteBack,
}

impl Side {
    /// The side's name in `gaps.json` and the table.
    pub fn name(self) -> &'static str {
        match self {
            Side::ReferenceOnly => "reference-only",
            Side::CardcOnly => "cardc-only",
            Side::WriteBack => "write-back",
        }
    }
}

/// One disagreement between the reference and the transcription's label.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// The case's name.
    pub name: String,
    /// The case's type.
    pub type_name: String,
    /// The case's class in the table.
    pub class: String,
    /// Where the two part: a mutation's pointer, else the refusing side's first error's, or for
    /// a write-back the first place the reference's output differs.
    pub pointer: String,
    /// How they part.
    pub side: Side,
    /// What each side said, for the report.
    pub detail: String,
}

/// Compares the reference's verdicts with the labels of the corpus.
pub fn disagreements(
    corpus: &[Entry],
    verdicts: &BTreeMap<String, ReferenceVerdict>,
) -> Vec<Disagreement> {
    let mut out = Vec::new();
    for entry in corpus {
        let case = &entry.case;
        let verdict = verdicts
            .get(&case.name)
            .unwrap_or_else(|| panic!("the reference gave no verdict for {}", case.name));
        let changed = (!entry.pointer.is_empty()).then(|| entry.pointer.clone());
        let (side, pointer, detail) = match (verdict.accepted, case.valid) {
            (true, false) => {
                let fault = case.fault.clone().unwrap_or_default();
                let pointer = changed.unwrap_or_else(|| error_pointer(&fault));
                (Side::ReferenceOnly, pointer, format!("cardc: {fault}"))
            }
            (false, true) => {
                let first = verdict.errors.first().cloned().unwrap_or_default();
                let pointer = changed.unwrap_or_else(|| error_pointer(&first));
                let errors = verdict.errors.join("; ");
                (Side::CardcOnly, pointer, format!("reference: {errors}"))
            }
            (true, true) => {
                let output = verdict.output.clone().unwrap_or(Value::Null);
                // What a cardc writer writes back: the payload, or the contract's rewrite.
                match first_difference(case.write_back(), &output, "") {
                    None => continue,
                    Some(pointer) => (
                        Side::WriteBack,
                        pointer,
                        format!("the reference returned {output}"),
                    ),
                }
            }
            (false, false) => continue,
        };
        out.push(Disagreement {
            name: case.name.clone(),
            type_name: case.type_name.clone(),
            class: entry.class.clone(),
            pointer,
            side,
            detail: format!("{detail} (from {})", entry.origin),
        });
    }
    out
}

/// The pointer an error message `<pointer>: <message>` starts with.
fn error_pointer(error: &str) -> String {
    error
        .split_once(": ")
        .map_or("", |(pointer, _)| pointer)
        .to_string()
}

/// The first pointer where two JSON values differ, numbers compared by value.
fn first_difference(a: &Value, b: &Value, at: &str) -> Option<String> {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => (x.as_f64() != y.as_f64()).then(|| at.to_string()),
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(index, (x, y))| first_difference(x, y, &format!("{at}/{index}"))),
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|key| {
                let here = format!("{at}/{}", escape(key));
                match (x.get(key), y.get(key)) {
                    (Some(x), Some(y)) => first_difference(x, y, &here),
                    _ => Some(here),
                }
            })
        }
        (x, y) => (x != y).then(|| at.to_string()),
    }
}

/// One class of `gaps.json`: the disagreements it covers, and why they are there.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gap {
    /// A short kebab-case name.
    pub class: String,
    /// A regex the case's table class must match (`^example$`, `^null/`, ...).
    #[serde(with = "pattern")]
    pub mutation: Regex,
    /// A regex the disagreement's pointer must match.
    #[serde(with = "pattern")]
    pub pointer: Regex,
    /// A regex the case's type must match.
    #[serde(rename = "type", with = "pattern")]
    pub type_name: Regex,
    /// How the two sides part.
    pub side: Side,
    /// What the reference does, and why the `.cards` does not.
    pub reason: String,
}

impl Gap {
    /// Whether the class covers the disagreement.
    pub fn covers(&self, disagreement: &Disagreement) -> bool {
        self.side == disagreement.side
            && self.mutation.is_match(&disagreement.class)
            && self.pointer.is_match(&disagreement.pointer)
            && self.type_name.is_match(&disagreement.type_name)
    }
}

/// Reads a regex from its source text in `gaps.json`.
pub(crate) mod pattern {
    use regex::Regex;
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Regex, D::Error> {
        let source = String::deserialize(deserializer)?;
        Regex::new(&source).map_err(serde::de::Error::custom)
    }
}

/// The gap classes of the contract `name`.
pub fn load_gaps(name: &str) -> Vec<Gap> {
    let path = contract_dir(name).join("gaps.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|error| panic!("{}: not a list of gaps: {error}", path.display()))
}

/// The agreement of one contract with its reference: counts by class, the gaps that explain
/// every disagreement, and the disagreements no gap explains.
pub struct Agreement {
    /// Cases by table class: (cases, both accept, both refuse, reference only, cardc only,
    /// write-back differs).
    pub rows: BTreeMap<String, [usize; 6]>,
    /// For each gap of `gaps.json`, in order, the disagreements it covers.
    pub covered: Vec<usize>,
    /// The disagreements no gap covers.
    pub unexplained: Vec<Disagreement>,
}

impl Agreement {
    /// Tallies the corpus and sorts each disagreement into the first gap that covers it.
    pub fn tally(
        corpus: &[Entry],
        verdicts: &BTreeMap<String, ReferenceVerdict>,
        disagreements: &[Disagreement],
        gaps: &[Gap],
    ) -> Self {
        let mut rows: BTreeMap<String, [usize; 6]> = BTreeMap::new();
        let parted: BTreeMap<&str, Side> = disagreements
            .iter()
            .map(|disagreement| (disagreement.name.as_str(), disagreement.side))
            .collect();
        for entry in corpus {
            let row = rows.entry(entry.class.clone()).or_default();
            row[0] += 1;
            let column = match parted.get(entry.case.name.as_str()) {
                Some(Side::ReferenceOnly) => 3,
                Some(Side::CardcOnly) => 4,
                Some(Side::WriteBack) => 5,
                None if verdicts[&entry.case.name].accepted => 1,
                None => 2,
            };
            row[column] += 1;
        }
        let mut covered = vec![0; gaps.len()];
        let mut unexplained = Vec::new();
        for disagreement in disagreements {
            match gaps.iter().position(|gap| gap.covers(disagreement)) {
                Some(index) => covered[index] += 1,
                None => unexplained.push(disagreement.clone()),
            }
        }
        Agreement {
            rows,
            covered,
            unexplained,
        }
    }

    /// The table and the gap list as Markdown, for `docs/src/evidence/public-contracts.md`.
    pub fn markdown(&self, reference: &str, corpus: usize, gaps: &[Gap]) -> String {
        let mut text = format!(
            "Reference: {reference}. {corpus} cases.\n\n\
             | class | cases | both accept | both refuse | reference only | cardc only | write-back differs |\n\
             |---|---:|---:|---:|---:|---:|---:|\n"
        );
        let mut total = [0; 6];
        for (class, row) in &self.rows {
            let cells: Vec<String> = row.iter().map(usize::to_string).collect();
            text.push_str(&format!("| `{class}` | {} |\n", cells.join(" | ")));
            for (sum, count) in total.iter_mut().zip(row) {
                *sum += count;
            }
        }
        let cells: Vec<String> = total.iter().map(|count| format!("**{count}**")).collect();
        text.push_str(&format!("| **all** | {} |\n", cells.join(" | ")));
        text.push_str("\n| gap | side | cases | why |\n|---|---|---:|---|\n");
        for (gap, count) in gaps.iter().zip(&self.covered) {
            text.push_str(&format!(
                "| `{}` | {} | {count} | {} |\n",
                gap.class,
                gap.side.name(),
                gap.reason.replace('|', "\\|")
            ));
        }
        text
    }
}
