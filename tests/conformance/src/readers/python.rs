//! The generated Python package as a reader, run under the interpreter of `scripts/python-env`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{Reader, TargetReaders, python_with_path, verdict_for, verdict_lines};
use crate::{Case, Subject, Verdict};

/// The Python target's entry in the registry. The package reads strictly only: it has no
/// tolerant reader (see the book's "Tolerant readers").
pub(super) struct Readers;

impl TargetReaders for Readers {
    fn key(&self) -> &'static str {
        "python"
    }

    fn strict(&self, subject: &Subject, corpus: &Path) -> Vec<Box<dyn Reader>> {
        let init = subject.output(self.key());
        let package = init
            .parent()
            .unwrap_or_else(|| panic!("{} is in no package directory", init.display()));
        // The directories the packages it imports from are in.
        let path: Vec<PathBuf> = subject
            .imported(self.key())
            .iter()
            .filter_map(|init| Some(init.parent()?.parent()?.to_path_buf()))
            .collect();
        vec![Box::new(PythonReader::with_path(package, corpus, &path))]
    }
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
