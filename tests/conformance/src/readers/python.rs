//! The generated Python package as a reader, run under the interpreter of `scripts/python-env`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{
    Reader, TargetReaders, TolerantResult, python_with_path, tolerant_lines, verdict_for,
    verdict_lines,
};
use crate::{Case, Subject, Verdict};

/// The Python target's entry in the registry: the package's strict decode, and its tolerant
/// decode (`parse_<type>.tolerant_json`).
pub(super) struct Readers;

impl Readers {
    /// The directory of the subject's package, and the directories the packages it imports
    /// from are in.
    fn package(&self, subject: &Subject) -> (PathBuf, Vec<PathBuf>) {
        let init = subject.output(self.key());
        let package = init
            .parent()
            .unwrap_or_else(|| panic!("{} is in no package directory", init.display()))
            .to_path_buf();
        let path: Vec<PathBuf> = subject
            .imported(self.key())
            .iter()
            .filter_map(|init| Some(init.parent()?.parent()?.to_path_buf()))
            .collect();
        (package, path)
    }
}

impl TargetReaders for Readers {
    fn key(&self) -> &'static str {
        "python"
    }

    fn strict(&self, subject: &Subject, corpus: &Path) -> Vec<Box<dyn Reader>> {
        let (package, path) = self.package(subject);
        vec![Box::new(PythonReader::with_path(&package, corpus, &path))]
    }

    fn tolerant(
        &self,
        subject: &Subject,
        _cases: &[Case],
        corpus: &Path,
    ) -> Option<(&'static str, BTreeMap<String, TolerantResult>)> {
        let (package, path) = self.package(subject);
        Some(("python", python_tolerant_reads(&package, corpus, &path)))
    }
}

/// What the Python package at `package` reads each case of the corpus as under its reader
/// policies (`parse_<type>.tolerant_json`), by case name: the value as it writes it back and
/// the pointers of its warnings, in order, or its errors. The packages it imports from are in
/// the directories at `path`.
pub fn python_tolerant_reads(
    package: &Path,
    corpus: &Path,
    path: &[PathBuf],
) -> BTreeMap<String, TolerantResult> {
    let output = python_with_path(
        &[
            "tests/python/tolerant_check.py".as_ref(),
            package.as_os_str(),
            corpus.as_os_str(),
        ],
        path,
    );
    tolerant_lines("tolerant_check.py", &output)
}

/// The generated Python package (pydantic models): accept means it decodes the payload's JSON
/// text as the case's type, and an accepted payload must write back as the same JSON. A
/// refusal's pointer is the first `DecodeError` entry's.
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
        PythonReader {
            verdicts: verdict_lines("python", &output),
        }
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
