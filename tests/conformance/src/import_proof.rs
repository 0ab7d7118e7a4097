//! The import proof over the public contracts: a contract's JSON Schema as its owner's tools
//! write it (`published` of its `reference.mjs`), imported by `cardc import`, compiled to every
//! output, and held to two judges on the contract's corpus: the original JSON Schema, read by
//! the `jsonschema` crate, and the protocol's reference validator.
//!
//! Nothing here is committed output: the JSON Schema is written from the pinned npm packages,
//! and the import and its outputs are made under `target/` on every run. The import's readers
//! (its Rust types in a crate of their own, its JSON Schema under the `jsonschema` crate and
//! ajv, its TypeScript guards, its Python package) must all agree with the labels the contract
//! checker gives over the import; each disagreement of the import with a judge must fall in a
//! class of the contract's `import_gaps.json`, which says why.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use cardc_codegen::emit;
use cardc_codegen::import::Imported;
use cardc_codegen::ir::Schema;
use jsonschema::{Registry, Validator};
use regex::Regex;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::contracts::{Entry, ReferenceVerdict, contract_dir};
use crate::outputs::{self, RustCrate};
use crate::readers::{AjvReader, GuardsReader, JsonSchemaReader, PythonReader, Reader};
use crate::{Case, Verdict, contract, node, repo_root, same_json, with_write_backs};

/// A contract's JSON Schema as its owner's tools write it, as `published` of its
/// `reference.mjs` declares it.
pub struct Published {
    /// The tool that wrote it, and how.
    pub writer: String,
    /// The JSON Schema document.
    pub document: Value,
    /// Each type of the contract's `.cards` the document has a schema for, and that schema's
    /// JSON pointer.
    pub types: BTreeMap<String, String>,
    /// Each type of the reference the document has no schema for, and why.
    pub unwritten: BTreeMap<String, String>,
}

impl Published {
    /// Writes the JSON Schema of the contract `name` with `tests/js/reference_check.mjs
    /// published`.
    pub fn write(name: &str) -> Self {
        let module = contract_dir(name).join("reference.mjs");
        let output = node(&[
            "tests/js/reference_check.mjs".as_ref(),
            "published".as_ref(),
            module.as_os_str(),
        ]);
        let printed: Value = serde_json::from_str(&output)
            .unwrap_or_else(|error| panic!("reference_check published printed no JSON: {error}"));
        let strings = |key: &str| -> BTreeMap<String, String> {
            printed[key]
                .as_object()
                .unwrap_or_else(|| panic!("{name}: published has no {key}"))
                .iter()
                .map(|(type_name, text)| {
                    (
                        type_name.clone(),
                        text.as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        };
        Published {
            writer: printed["writer"].as_str().unwrap_or_default().to_string(),
            document: printed["document"].clone(),
            types: strings("types"),
            unwritten: strings("unwritten"),
        }
    }

    /// A validator of the schema at each pointer of [`Published::types`], by type name: the
    /// original, as the `jsonschema` crate reads it (its draft from its `$schema`).
    pub fn validators(&self) -> BTreeMap<String, Validator> {
        const BASE: &str = "urn:cardc:published";
        let registry = Registry::new()
            .add(BASE, self.document.clone())
            .expect("a URI")
            .prepare()
            .expect("the published document is a schema resource");
        self.types
            .iter()
            .map(|(type_name, pointer)| {
                let root = json!({ "$ref": format!("{BASE}#{pointer}") });
                let validator = jsonschema::options()
                    .offline()
                    .with_registry(&registry)
                    .build(&root)
                    .unwrap_or_else(|error| panic!("{pointer} does not compile: {error}"));
                (type_name.clone(), validator)
            })
            .collect()
    }
}

/// A contract's published JSON Schema imported, checked, and its outputs written under
/// `target/cardc-import/<name>/`.
pub struct Import {
    /// What `cardc import` made of the document.
    pub imported: Imported,
    /// The import's IR.
    pub ir: Schema,
    /// Each type of the contract's `.cards` and the imported type that reads it, as the
    /// schema language spells it: a named type of the import, or `Json` for a schema the
    /// import reads as any JSON in place.
    pub types: BTreeMap<String, String>,
    dir: PathBuf,
    stem: String,
}

impl Import {
    /// Imports the published document of the contract `name` and writes the import's outputs:
    /// the `.cards` file, its JSON Schema, its TypeScript and its Python package.
    pub fn of(name: &str, published: &Published) -> Self {
        let stem = format!("{name}_import");
        let text = serde_json::to_string_pretty(&published.document).expect("JSON");
        let imported = cardc_codegen::import_json_schema(&text, None, &stem)
            .unwrap_or_else(|problems| panic!("{name}: the import fails: {problems:#?}"));
        let source = format!("{stem}.cards");
        let ir = cardc_codegen::compile(&source, &imported.cards).unwrap_or_else(|errors| {
            panic!(
                "{name}: the import does not check: {errors:#?}\n{}",
                imported.cards
            )
        });
        let mut types = BTreeMap::new();
        for (type_name, pointer) in &published.types {
            let imported_type = imported.types.get(pointer).unwrap_or_else(|| {
                panic!("{name}: the import says nothing of {pointer} ({type_name})")
            });
            assert!(
                ir.types.contains_key(imported_type) || imported_type == "Json",
                "{name}: {pointer} ({type_name}) imports as {imported_type}, which no reader reads by name"
            );
            types.insert(type_name.clone(), imported_type.clone());
        }
        let dir = outputs::scratch("cardc-import", name);
        outputs::write(&dir.join(&source), &imported.cards);
        outputs::write(
            &dir.join(format!("{stem}.schema.json")),
            &emit::json_schema::emit(&ir),
        );
        outputs::write(
            &dir.join(format!("{stem}.ts")),
            &emit::typescript::emit(&ir),
        );
        let package = dir.join(cardc_codegen::naming::python::package(&stem));
        std::fs::create_dir_all(&package).expect("the package directory");
        outputs::write(&package.join("__init__.py"), &emit::python::emit(&ir));
        let python = emit::python::Python;
        for (path, text) in
            cardc_codegen::target::Target::companions(&python, &ir, &Default::default())
        {
            if let Some((_, file)) = path.strip_prefix("python/").and_then(|p| p.split_once('/')) {
                outputs::write(&package.join(file), &text);
            }
        }
        Import {
            imported,
            ir,
            types,
            dir,
            stem,
        }
    }

    /// The contract's types the import reads as any JSON in place, which it accepts whole.
    pub fn any_json(&self) -> Vec<&str> {
        self.types
            .iter()
            .filter(|(_, imported)| !self.ir.types.contains_key(*imported))
            .map(|(type_name, _)| type_name.as_str())
            .collect()
    }

    /// Whether the readers read `case` (of an imported type): its type is a named one.
    pub fn read_by_name(&self, case: &Case) -> bool {
        self.ir.types.contains_key(&case.type_name)
    }

    /// The corpus as the import reads it: each entry's case with its type the imported one,
    /// labelled by the contract checker over the import (valid for any JSON), with its
    /// write-back.
    pub fn cases(&self, corpus: &[Entry]) -> Vec<Case> {
        let mut cases: Vec<Case> = corpus
            .iter()
            .map(|entry| {
                let type_name = self.types[&entry.case.type_name].clone();
                let fault = match self.ir.types.contains_key(&type_name) {
                    true => contract::check(&self.ir, &type_name, &entry.case.payload).err(),
                    false => None,
                };
                Case {
                    name: entry.case.name.clone(),
                    type_name,
                    valid: fault.is_none(),
                    fault,
                    payload: entry.case.payload.clone(),
                    written: None,
                }
            })
            .collect();
        with_write_backs(&self.ir, &mut cases);
        cases
    }

    /// Every reader of the import's outputs, run over the corpus file at `corpus`: the Rust
    /// types (built in a crate of their own), the JSON Schema under the `jsonschema` crate and
    /// ajv, the TypeScript guards and the Python package.
    pub fn readers(&self, name: &str, corpus: &Path) -> Vec<Box<dyn Reader>> {
        let schema = self.dir.join(format!("{}.schema.json", self.stem));
        let defs: Vec<&str> = self.ir.types.keys().map(String::as_str).collect();
        vec![
            Box::new(FreshRustReader::build(name, &self.ir, corpus)),
            Box::new(JsonSchemaReader::new(&schema, &defs)),
            Box::new(AjvReader::run(&schema, corpus)),
            Box::new(GuardsReader::run(
                &self.dir.join(format!("{}.ts", self.stem)),
                corpus,
            )),
            Box::new(PythonReader::run(
                &self
                    .dir
                    .join(cardc_codegen::naming::python::package(&self.stem)),
                corpus,
            )),
        ]
    }
}

/// The import's Rust types, built in a crate of their own under `#![deny(warnings)]` with a
/// `main` that decodes each case of a corpus as its type with `cardc::decode_str` and prints
/// what it reads and writes back; a case it accepts must write back the case's write-back.
pub struct FreshRustReader {
    reports: BTreeMap<String, Value>,
}

impl FreshRustReader {
    /// Builds the crate of `schema`'s Rust output and runs it over the corpus at `corpus`.
    pub fn build(name: &str, schema: &Schema, corpus: &Path) -> Self {
        let package = format!("cardc-import-{}", name.replace('_', "-"));
        let arms: String = schema
            .types
            .keys()
            .map(|type_name| {
                format!("            {type_name:?} => read::<imported::{type_name}>(&text),\n")
            })
            .collect();
        let main = format!(
            "//! Decodes each case of a corpus as its imported type.\n\n\
             use cardc_runtime::__private::serde::{{Serialize, de::DeserializeOwned}};\n\
             use cardc_runtime::__private::serde_json::{{self, Value, json}};\n\
             use {crate_name}::imported;\n\n\
             fn read<T: DeserializeOwned + Serialize>(text: &str) -> Value {{\n    \
                 match cardc::decode_str::<T>(text) {{\n        \
                     Ok(value) => json!({{ \"accepted\": true, \"written\": serde_json::to_value(&value).ok() }}),\n        \
                     Err(error) => json!({{ \"accepted\": false, \"errors\": [error.to_string()] }}),\n    \
                 }}\n\
             }}\n\n\
             fn main() {{\n    \
                 let path = std::env::args().nth(1).expect(\"a corpus path\");\n    \
                 let corpus = std::fs::read_to_string(path).expect(\"a corpus\");\n    \
                 for line in corpus.lines() {{\n        \
                     let case: Value = serde_json::from_str(line).expect(\"a case\");\n        \
                     let text = case[\"payload\"].to_string();\n        \
                     let mut report = match case[\"type\"].as_str().unwrap_or_default() {{\n\
                         {arms}            \
                         other => panic!(\"no type {{other}}\"),\n        \
                     }};\n        \
                     report[\"name\"] = case[\"name\"].clone();\n        \
                     println!(\"{{report}}\");\n    \
                 }}\n\
             }}\n",
            crate_name = package.replace('-', "_"),
        );
        let dir = outputs::scratch("cardc-import", &format!("{name}-rust"));
        let modules = [("imported".to_string(), emit::rust::emit(schema))];
        RustCrate {
            name: &package,
            doc: "The Rust output of an imported public contract, and a reader of its corpus.",
            modules: &modules,
            extra_items: "",
            files: &[("src/main.rs", main)],
        }
        .build(&dir, &[&[]]);
        let binary = repo_root()
            .join("target/tests/trybuild/debug")
            .join(&package);
        let (stdout, _) = outputs::run(Command::new(binary).arg(corpus));
        let reports = stdout
            .lines()
            .map(|line| {
                let report: Value = serde_json::from_str(line)
                    .unwrap_or_else(|error| panic!("{package} printed {line:?}: {error}"));
                let name = report["name"].as_str().unwrap_or_default().to_string();
                (name, report)
            })
            .collect();
        FreshRustReader { reports }
    }
}

impl Reader for FreshRustReader {
    fn name(&self) -> &'static str {
        "rust"
    }

    fn read(&self, case: &Case) -> Verdict {
        let report = self
            .reports
            .get(&case.name)
            .unwrap_or_else(|| panic!("the Rust reader gave no verdict for {}", case.name));
        match report["accepted"].as_bool() {
            Some(true) if same_json(&report["written"], case.write_back()) => Verdict {
                accepted: true,
                detail: String::new(),
            },
            Some(true) => Verdict {
                accepted: true,
                detail: format!("round trip changed the JSON: {}", report["written"]),
            },
            _ => Verdict {
                accepted: false,
                detail: report["errors"].to_string(),
            },
        }
    }
}

/// Who the import is compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Judge {
    /// The published JSON Schema, read by the `jsonschema` crate.
    Original,
    /// The protocol's reference validator.
    Reference,
}

impl Judge {
    /// The judge's name in `import_gaps.json` and the table.
    pub fn name(self) -> &'static str {
        match self {
            Judge::Original => "original",
            Judge::Reference => "reference",
        }
    }
}

/// Which of the two accepts a case the other refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The import accepts what the judge refuses.
    ImportAccepts,
    /// The import refuses what the judge accepts.
    ImportRefuses,
}

impl Side {
    /// The side's name in `import_gaps.json` and the table.
    pub fn name(self) -> &'static str {
        match self {
            Side::ImportAccepts => "import accepts",
            Side::ImportRefuses => "import refuses",
        }
    }
}

/// One case the import judges otherwise than a judge.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// The case's name.
    pub name: String,
    /// The case's type in the contract's `.cards`.
    pub type_name: String,
    /// The case's class in the table.
    pub class: String,
    /// Who judges otherwise.
    pub judge: Judge,
    /// Which accepts.
    pub side: Side,
    /// Where they part: a mutation's pointer, else the refusing side's first error's.
    pub pointer: String,
    /// What the refusing side said.
    pub detail: String,
}

/// One class of `import_gaps.json`: the disagreements it covers, and why they are there.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gap {
    /// A short kebab-case name.
    pub class: String,
    /// Who the import parts with.
    pub judge: Judge,
    /// Which accepts.
    pub side: Side,
    /// A regex the case's table class must match (`^example$`, `^null/`, ...).
    #[serde(with = "crate::contracts::pattern")]
    pub mutation: Regex,
    /// A regex the disagreement's pointer must match.
    #[serde(with = "crate::contracts::pattern")]
    pub pointer: Regex,
    /// A regex the case's type must match.
    #[serde(rename = "type", with = "crate::contracts::pattern")]
    pub type_name: Regex,
    /// A regex the refusing side's first error must match (`unknown field`).
    #[serde(with = "crate::contracts::pattern")]
    pub detail: Regex,
    /// Why they part: the construct the schema language lacks, the note the import wrote, or
    /// what the original says otherwise than the reference.
    pub reason: String,
}

impl Gap {
    /// Whether the class covers the disagreement.
    pub fn covers(&self, disagreement: &Disagreement) -> bool {
        self.judge == disagreement.judge
            && self.side == disagreement.side
            && self.mutation.is_match(&disagreement.class)
            && self.pointer.is_match(&disagreement.pointer)
            && self.type_name.is_match(&disagreement.type_name)
            && self.detail.is_match(&disagreement.detail)
    }
}

/// The gap classes of the contract `name`'s import.
pub fn load_gaps(name: &str) -> Vec<Gap> {
    let path = contract_dir(name).join("import_gaps.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|error| panic!("{}: not a list of gaps: {error}", path.display()))
}

/// What each side made of one case: the import (its label, which every reader of it holds),
/// the original JSON Schema and the reference.
pub struct Judged<'a> {
    /// The corpus entry, as the contract's `.cards` labels it.
    pub entry: &'a Entry,
    /// The import's label: `None` when it accepts, else its fault.
    pub import: Option<String>,
    /// The original's errors, empty when it accepts.
    pub original: Vec<String>,
    /// The reference's verdict.
    pub reference: &'a ReferenceVerdict,
}

impl Judged<'_> {
    /// The disagreements of the import with each judge on this case.
    pub fn disagreements(&self) -> Vec<Disagreement> {
        let import_accepts = self.import.is_none();
        let judges = [
            (Judge::Original, self.original.is_empty(), &self.original),
            (
                Judge::Reference,
                self.reference.accepted,
                &self.reference.errors,
            ),
        ];
        judges
            .into_iter()
            .filter(|(_, accepts, _)| *accepts != import_accepts)
            .map(|(judge, _, errors)| {
                let (side, refusal) = if import_accepts {
                    (
                        Side::ImportAccepts,
                        errors.first().cloned().unwrap_or_default(),
                    )
                } else {
                    (Side::ImportRefuses, self.import.clone().unwrap_or_default())
                };
                let pointer = if self.entry.pointer.is_empty() {
                    refusal
                        .split_once(": ")
                        .map_or("", |(pointer, _)| pointer)
                        .to_string()
                } else {
                    self.entry.pointer.clone()
                };
                Disagreement {
                    name: self.entry.case.name.clone(),
                    type_name: self.entry.case.type_name.clone(),
                    class: self.entry.class.clone(),
                    judge,
                    side,
                    pointer,
                    detail: refusal,
                }
            })
            .collect()
    }
}

/// The agreement of one contract's import with both judges, by table class, and each
/// disagreement sorted into the first gap that covers it.
pub struct Agreement {
    /// By class: cases; for the original, then the reference: the same verdict, the import
    /// accepts more, the import refuses more.
    pub rows: BTreeMap<String, [usize; 7]>,
    /// For each gap, in order, the disagreements it covers.
    pub covered: Vec<usize>,
    /// The disagreements no gap covers.
    pub unexplained: Vec<Disagreement>,
}

impl Agreement {
    /// Tallies the judged corpus and sorts each disagreement.
    pub fn tally(judged: &[Judged], gaps: &[Gap]) -> Self {
        let mut rows: BTreeMap<String, [usize; 7]> = BTreeMap::new();
        let mut covered = vec![0; gaps.len()];
        let mut unexplained = Vec::new();
        for case in judged {
            let row = rows.entry(case.entry.class.clone()).or_default();
            row[0] += 1;
            let disagreements = case.disagreements();
            for (offset, judge) in [(1, Judge::Original), (4, Judge::Reference)] {
                let column = match disagreements.iter().find(|d| d.judge == judge) {
                    None => 0,
                    Some(d) if d.side == Side::ImportAccepts => 1,
                    Some(_) => 2,
                };
                row[offset + column] += 1;
            }
            for disagreement in disagreements {
                match gaps.iter().position(|gap| gap.covers(&disagreement)) {
                    Some(index) => covered[index] += 1,
                    None => unexplained.push(disagreement),
                }
            }
        }
        Agreement {
            rows,
            covered,
            unexplained,
        }
    }

    /// The totals of the table's columns.
    pub fn totals(&self) -> [usize; 7] {
        let mut total = [0; 7];
        for row in self.rows.values() {
            for (sum, count) in total.iter_mut().zip(row) {
                *sum += count;
            }
        }
        total
    }

    /// The tables of one contract as Markdown, for `docs/src/guide/import.md`.
    pub fn markdown(
        &self,
        published: &Published,
        reference: &str,
        import: &Import,
        gaps: &[Gap],
    ) -> String {
        let read: Vec<String> = published
            .types
            .keys()
            .map(|name| format!("`{name}`"))
            .collect();
        let mut text = format!(
            "The JSON Schema: {}; {} type(s) of the contract read through it{}. \
             The import: {} note(s), {} type(s). The reference: {reference}.\n\n",
            published.writer,
            published.types.len(),
            if read.len() <= 3 {
                format!(" ({})", read.join(", "))
            } else {
                String::new()
            },
            import.imported.notes.len(),
            import.ir.types.len(),
        );
        for (type_name, why) in &published.unwritten {
            text.push_str(&format!("No JSON Schema of `{type_name}`: {why}.\n"));
        }
        let any: Vec<String> = import
            .any_json()
            .iter()
            .map(|name| format!("`{name}`"))
            .collect();
        if !any.is_empty() {
            text.push_str(&format!(
                "Read by the import as any JSON in place (each with its note), so accepted \
                 whole: {}.\n",
                any.join(", ")
            ));
        }
        if !published.unwritten.is_empty() || !any.is_empty() {
            text.push('\n');
        }
        text.push_str(
            "| class | cases | = original | import accepts more | import refuses more \
             | = reference | import accepts more | import refuses more |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        for (class, row) in &self.rows {
            let cells: Vec<String> = row.iter().map(usize::to_string).collect();
            text.push_str(&format!("| `{class}` | {} |\n", cells.join(" | ")));
        }
        let cells: Vec<String> = self
            .totals()
            .iter()
            .map(|count| format!("**{count}**"))
            .collect();
        text.push_str(&format!("| **all** | {} |\n", cells.join(" | ")));
        text.push_str("\n| judge | gap | side | cases | why |\n|---|---|---|---:|---|\n");
        for (gap, count) in gaps.iter().zip(&self.covered) {
            text.push_str(&format!(
                "| {} | `{}` | {} | {count} | {} |\n",
                gap.judge.name(),
                gap.class,
                gap.side.name(),
                gap.reason.replace('|', "\\|")
            ));
        }
        text
    }
}
