//! The generated TypeScript as a reader: the guards, and the tolerant parse, compiled by tsc and
//! run under node.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::{
    Reader, TargetReaders, TolerantResult, node, tolerant_lines, verdict_for, verdict_lines,
};
use crate::{Case, Subject, Verdict, repo_root};

/// The TypeScript target's entry in the registry.
pub(super) struct Readers;

impl TargetReaders for Readers {
    fn key(&self) -> &'static str {
        "typescript"
    }

    fn strict(&self, subject: &Subject, corpus: &Path) -> Vec<Box<dyn Reader>> {
        vec![Box::new(GuardsReader::run(
            &subject.output(self.key()),
            corpus,
        ))]
    }

    fn tolerant(
        &self,
        subject: &Subject,
        _cases: &[Case],
        corpus: &Path,
    ) -> Option<(&'static str, BTreeMap<String, TolerantResult>)> {
        Some((
            "typescript",
            typescript_tolerant_reads(&subject.output(self.key()), corpus),
        ))
    }
}

/// The generated TypeScript guards (`is<Union>` and `parse<Union>`, compiled by tsc, run under
/// node): accept means both accept; the script fails outright if they contradict each other.
/// An accepted value writes back as `write<Type>` gives it, for a type with a field with a
/// default, or else as `parse<Type>` gives it. A refusal's pointer is `parse`'s first error's.
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

impl Reader for GuardsReader {
    fn name(&self) -> &'static str {
        "typescript guards"
    }

    fn read(&self, case: &Case) -> Verdict {
        verdict_for("guards", &self.verdicts, case)
    }
}

/// Compiles TypeScript modules to ES modules in `dir` with one run of tsc (a run costs more
/// than the modules), giving each source's compiled path.
pub fn compile_modules(sources: &[PathBuf], dir: &Path) -> Vec<PathBuf> {
    let sources: Vec<PathBuf> = sources
        .iter()
        .map(|source| {
            source
                .canonicalize()
                .unwrap_or_else(|error| panic!("cannot find {}: {error}", source.display()))
        })
        .collect();
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
        // tsc writes a module at its path below the root directory, which it otherwise takes
        // as the deepest folder holding every input, imports included: a module importing a
        // shared runtime two folders up would land two folders down. The filesystem root keeps
        // each compiled path a function of its source's alone.
        "--rootDir",
        "/",
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
            let below_root = source.strip_prefix("/").unwrap_or(source);
            dir.join(below_root).with_extension("js")
        })
        .collect()
}

/// What the TypeScript tolerant parse (`parse<Type>Tolerant`, or `parse<Type>` for a type with no
/// reader policy beneath it) reads each case of the corpus as, by case name: the value (as
/// `write<Type>` writes it back, where the type has a writer) and the pointers of its warnings,
/// in order, or its errors.
pub fn typescript_tolerant_reads(source: &Path, corpus: &Path) -> BTreeMap<String, TolerantResult> {
    let module = compiled_guards(source);
    let output = node(&[
        "tests/js/tolerant_check.mjs".as_ref(),
        module.as_os_str(),
        corpus.as_os_str(),
    ]);
    tolerant_lines("tolerant_check", &output)
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
