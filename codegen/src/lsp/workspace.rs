//! The workspace: the documents the client has open, and the seam where they become compile
//! inputs.
//!
//! Today a document is one schema, compiled alone under its own file name. A project (a
//! `cardc.toml`, schemas that import each other) will turn the open documents, as overrides of
//! the files on disk, into the inputs of one compile: [`Workspace::input`] is the one place that
//! decides what a document compiles with, and the only one that changes then.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use lsp_types::{TextDocumentContentChangeEvent, Uri};

use super::text::{Encoding, Text};

/// An open document: the client's version of it and its text.
#[derive(Debug, Clone)]
pub(super) struct Document {
    /// The version the client gave its last change.
    pub version: i32,
    /// The text, unsaved edits included.
    pub text: Text,
}

/// What one compile of a document needs.
#[derive(Debug, Clone)]
pub(super) struct Input {
    /// The schema's name, whose file stem names the outputs and which the checker holds to the
    /// targets' rules for module names: the file's path under the workspace root, or its file
    /// name.
    pub name: String,
    /// The schema text as the client has it.
    pub text: String,
}

/// The open documents and the folders the client opened.
#[derive(Debug, Default)]
pub(super) struct Workspace {
    roots: Vec<PathBuf>,
    documents: BTreeMap<Uri, Document>,
}

/// The most files under the workspace's folders that workspace symbols read: a folder of
/// thousands of schemas is searched only as far as this.
const MAX_FILES: usize = 2_000;

impl Workspace {
    /// A workspace of the folders the client opened.
    pub(super) fn new(roots: Vec<PathBuf>) -> Workspace {
        Workspace {
            roots,
            documents: BTreeMap::new(),
        }
    }

    /// The folders the client opened.
    pub(super) fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// Opens a document (or replaces one the client opens again).
    pub(super) fn open(&mut self, uri: Uri, version: i32, text: String) {
        let text = Text::new(text);
        self.documents.insert(uri, Document { version, text });
    }

    /// Applies a client's changes to an open document; `false` when it is not open.
    pub(super) fn change(
        &mut self,
        uri: &Uri,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        encoding: Encoding,
    ) -> bool {
        match self.documents.get_mut(uri) {
            Some(document) => {
                document.text.apply(changes, encoding);
                document.version = version;
                true
            }
            None => false,
        }
    }

    /// Closes a document.
    pub(super) fn close(&mut self, uri: &Uri) {
        self.documents.remove(uri);
    }

    /// An open document.
    pub(super) fn document(&self, uri: &Uri) -> Option<&Document> {
        self.documents.get(uri)
    }

    /// The open documents' addresses.
    pub(super) fn open_documents(&self) -> impl Iterator<Item = &Uri> {
        self.documents.keys()
    }

    /// What the document compiles with: its own text, under its name in the workspace.
    pub(super) fn input(&self, uri: &Uri) -> Option<Input> {
        let document = self.documents.get(uri)?;
        Some(Input {
            name: self.name(uri),
            text: document.text.as_str().to_string(),
        })
    }

    /// A document's name in diagnostics and for the checker: its path under the workspace
    /// folder that holds it, else its file name.
    pub(super) fn name(&self, uri: &Uri) -> String {
        match path_of(uri) {
            Some(path) => {
                let under_root = self
                    .roots
                    .iter()
                    .find_map(|root| path.strip_prefix(root).ok());
                match under_root {
                    Some(relative) => relative.to_string_lossy().replace('\\', "/"),
                    None => path.file_name().map_or_else(
                        || "schema.cards".to_string(),
                        |name| name.to_string_lossy().into_owned(),
                    ),
                }
            }
            None => uri
                .path()
                .as_str()
                .rsplit('/')
                .next()
                .filter(|name| !name.is_empty())
                .map_or_else(|| "schema.cards".to_string(), str::to_string),
        }
    }

    /// The schema files of the workspace: every open document, with its unsaved text, then the
    /// `.cards` files under the workspace's folders that are not open (hidden folders,
    /// `target` and `node_modules` left out), read from disk, up to [`MAX_FILES`].
    pub(super) fn schema_files(&self) -> Vec<(Uri, String)> {
        let mut files: Vec<(Uri, String)> = self
            .documents
            .iter()
            .map(|(uri, document)| (uri.clone(), document.text.as_str().to_string()))
            .collect();
        let mut found = Vec::new();
        for root in &self.roots {
            walk(root, &mut found);
        }
        found.sort();
        found.dedup();
        for path in found {
            let Some(uri) = uri_of(&path) else { continue };
            if self.documents.contains_key(&uri) {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&path) {
                files.push((uri, text));
            }
        }
        files
    }
}

/// The `.cards` files under `dir`, depth first, until [`MAX_FILES`] are found.
fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        if found.len() >= MAX_FILES {
            return;
        }
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "node_modules" {
                walk(&entry.path(), found);
            }
        } else if kind.is_file() && name.ends_with(".cards") {
            found.push(entry.path());
        }
    }
}

/// The local path a `file:` address names.
pub(super) fn path_of(uri: &Uri) -> Option<PathBuf> {
    if !uri
        .scheme()
        .is_some_and(|scheme| scheme.as_str().eq_ignore_ascii_case("file"))
    {
        return None;
    }
    let path = percent_encoding::percent_decode_str(uri.path().as_str())
        .decode_utf8()
        .ok()?;
    Some(PathBuf::from(path.as_ref()))
}

/// The `file:` address of a local path.
pub(super) fn uri_of(path: &Path) -> Option<Uri> {
    const KEEP: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
        .remove(b'/')
        .remove(b'-')
        .remove(b'_')
        .remove(b'.')
        .remove(b'~');
    let path = path.to_str()?;
    let encoded = percent_encoding::utf8_percent_encode(path, KEEP);
    format!("file://{encoded}").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_addresses_round_trip_through_paths() {
        let path = Path::new("/tmp/a dir/é.cards");
        let uri = uri_of(path).expect("an address");
        assert_eq!(uri.as_str(), "file:///tmp/a%20dir/%C3%A9.cards");
        assert_eq!(path_of(&uri).as_deref(), Some(path));
    }

    #[test]
    fn a_document_is_named_by_its_path_under_the_root() {
        let workspace = Workspace::new(vec![PathBuf::from("/work/repo")]);
        let name = |path: &str| workspace.name(&uri_of(Path::new(path)).expect("address"));
        assert_eq!(name("/work/repo/schema/cards.cards"), "schema/cards.cards");
        assert_eq!(name("/elsewhere/cards.cards"), "cards.cards");
        let untitled: Uri = "untitled:Untitled-1".parse().expect("address");
        assert_eq!(workspace.name(&untitled), "Untitled-1");
    }
}
