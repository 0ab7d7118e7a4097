//! Where a project's schema text comes from: the disk, or an editor's unsaved buffers over it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::{ReadError, read_schema};

/// A source of schema files: the one seam between loading a project and the file system.
pub trait Files {
    /// The text of the schema file at `path` (absolute and normalized, as [`absolute`] gives
    /// it), which must be UTF-8.
    fn read(&self, path: &Path) -> Result<String, ReadError>;
}

/// The schema files as they are on disk.
#[derive(Debug, Clone, Copy, Default)]
pub struct Disk;

impl Files for Disk {
    fn read(&self, path: &Path) -> Result<String, ReadError> {
        read_schema(path)
    }
}

/// The schema files on disk, but for those an editor holds unsaved: a language server loads a
/// project through one, so that an import resolves against the buffer being edited.
#[derive(Debug, Clone, Default)]
pub struct Overlay {
    texts: BTreeMap<PathBuf, String>,
}

impl Overlay {
    /// No file overridden yet.
    pub fn new() -> Self {
        Overlay::default()
    }

    /// Reads `text` as the file at `path` (relative to the working directory, or absolute),
    /// whatever the disk holds there, or whether it holds anything.
    pub fn insert(&mut self, path: impl AsRef<Path>, text: impl Into<String>) {
        self.texts.insert(absolute(path.as_ref()), text.into());
    }

    /// Reads the file at `path` from the disk again.
    pub fn remove(&mut self, path: impl AsRef<Path>) {
        self.texts.remove(&absolute(path.as_ref()));
    }
}

impl Files for Overlay {
    fn read(&self, path: &Path) -> Result<String, ReadError> {
        match self.texts.get(path) {
            Some(text) => Ok(text.clone()),
            None => read_schema(path),
        }
    }
}

/// A path as a project knows its files: absolute (against the working directory) and without
/// `.` or `dir/..`, so that every spelling of one file is one file. Lexical only: a file an
/// editor has not saved yet has a name too.
pub fn absolute(path: &Path) -> PathBuf {
    match std::env::current_dir() {
        Ok(cwd) => crate::normalize(&cwd.join(path)),
        Err(_) => crate::normalize(path),
    }
}
