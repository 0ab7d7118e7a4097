//! The cardc compiler core.
//!
//! The pipeline reads top to bottom: [`syntax`] parses a schema file with syn, [`check`]
//! resolves and validates it into the [`ir`], the [`emit`] modules turn the IR into Rust, JSON
//! Schema, TypeScript and Python (one module per entry of [`emit::TARGETS`]), and [`out`]
//! writes them (or compares them, in check mode); beside the emitters, [`compat`] compares two
//! checked schemas and says whom each change breaks, and [`doc`] writes a reference of the
//! contract for people. Errors from every stage are [`diagnostics::Diagnostic`]s, rendered by
//! each front end.

pub mod accept;
#[cfg(feature = "write")]
pub mod build;
pub mod check;
pub mod compat;
pub mod diagnostics;
#[cfg(feature = "doc")]
pub mod doc;
pub mod emit;
pub mod fmt;
#[cfg(feature = "write")]
pub mod git;
pub mod header;
pub mod import;
pub mod ir;
pub mod json_pointer;
pub mod json_text;
pub mod limits;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod naming;
#[cfg(feature = "write")]
pub mod out;
pub mod project;
pub mod published;
pub mod syntax;
pub mod target;
pub mod text;
pub mod wording;

use std::path::{Component, Path, PathBuf};

use diagnostics::Diagnostic;

/// Parses and checks schema text. `source_name` is the schema's name in the outputs' headers
/// (see [`header_name`]; diagnostics carry byte ranges, and each front end renders them with
/// its own name for the file); its file stem names the outputs. Text compiled alone imports
/// nothing: a `use` is refused, and a file that imports is loaded with [`project::load`].
pub fn compile(source_name: &str, text: &str) -> Result<ir::Schema, Vec<Diagnostic>> {
    let (file, errors) = syntax::parse(text);
    check_parsed(source_name, &file, errors)
}

/// The second half of [`compile`], for a front end that keeps the parsed file (the language
/// server navigates it): checks `file`, parsed with `parse_errors`, and reports both as
/// [`compile`] does.
pub fn check_parsed(
    source_name: &str,
    file: &syntax::ast::SchemaFile,
    parse_errors: Vec<Diagnostic>,
) -> Result<ir::Schema, Vec<Diagnostic>> {
    check_parsed_importing(file, parse_errors, source_name, &stem_of(source_name), None)
}

/// Checks a parsed schema file, with the errors parsing it found: the IR when there are none,
/// else every error in file order. `imported` is as [`check::check_importing`] takes it, or
/// `None` for a file compiled alone.
pub(crate) fn check_parsed_importing(
    file: &syntax::ast::SchemaFile,
    mut errors: Vec<Diagnostic>,
    source_name: &str,
    stem: &str,
    imported: Option<&[Option<&ir::Schema>]>,
) -> Result<ir::Schema, Vec<Diagnostic>> {
    let checked = match imported {
        Some(imported) => check::check_importing(file, source_name, stem, emit::TARGETS, imported),
        None => check::check(file, source_name, stem, emit::TARGETS),
    };
    match checked {
        Ok(schema) if errors.is_empty() => Ok(schema),
        Ok(_) => Err(errors),
        Err(check_errors) => {
            let inside_unlexed = |error: &Diagnostic| {
                file.unlexed.iter().any(|literal| {
                    literal.start <= error.span.start && error.span.end <= literal.end
                })
            };
            errors.extend(
                check_errors
                    .into_iter()
                    .filter(|error| !inside_unlexed(error)),
            );
            errors.sort_by_key(|error| (error.span.start, error.span.end));
            Err(errors)
        }
    }
}

/// Imports a JSON Schema someone wrote as the schema file that carries its contract (see
/// [`import`]), whose stem will be `stem`, and checks it: an example or default the imported
/// types refuse is left out, noted. The text may still fail to check where the importer is
/// wrong; the caller compiles it before writing it.
pub fn import_json_schema(
    text: &str,
    root: Option<&str>,
    stem: &str,
) -> Result<import::Imported, Vec<published::Problem>> {
    let mut imported = import::import(text, root, stem)?;
    if let Err(errors) = compile(&format!("{stem}.cards"), &imported.cards) {
        imported.leave_out_invalid_values(&errors);
    }
    // In the formatter's layout (its order of attributes, its line breaks), so that `cardc fmt
    // --check` passes on the file as written; text that does not parse stays as it is, for the
    // checker to report.
    if let Ok(formatted) = fmt::format(&imported.cards) {
        imported.cards = formatted;
    }
    Ok(imported)
}

/// Reads back a JSON Schema cardc published (see [`published`]), and refuses one that is not,
/// as JSON values, what this cardc writes for the contract it states: a hand edit where the
/// reader does not look (a branch's copy of its payload, a sentence of a description) or the
/// output of a cardc that wrote otherwise is refused at the first pointer where the two differ,
/// never read as another contract.
pub fn read_published(
    file_name: &str,
    text: &str,
) -> Result<published::Published, Vec<published::Problem>> {
    let given = published::parse(text)?;
    let read = published::read_document(file_name, &given)?;
    let written = emit::json_schema::document(&read.schema);
    match first_difference(&given, &written, String::new()) {
        None => Ok(read),
        Some((pointer, what)) => Err(vec![published::Problem {
            pointer,
            message: format!(
                "{what} than cardc writes for the contract the document states: it was edited, \
                 or written by a cardc that writes otherwise"
            ),
        }]),
    }
}

/// The pointer of the first place where `given` differs from `written`, in `given`'s order,
/// and how: objects by key, whatever their order; arrays item by item.
fn first_difference(
    given: &serde_json::Value,
    written: &serde_json::Value,
    pointer: String,
) -> Option<(String, &'static str)> {
    use serde_json::Value;
    let at = |key: &str| json_pointer::child(&pointer, key);
    match (given, written) {
        (Value::Object(given), Value::Object(written)) => {
            for (key, value) in given {
                match written.get(key) {
                    Some(other) => {
                        if let Some(found) = first_difference(value, other, at(key)) {
                            return Some(found);
                        }
                    }
                    None => return Some((at(key), "a key more")),
                }
            }
            written
                .keys()
                .find(|key| !given.contains_key(*key))
                .map(|key| (at(key), "a key fewer"))
        }
        (Value::Array(given), Value::Array(written)) => {
            for (index, (value, other)) in given.iter().zip(written).enumerate() {
                if let Some(found) = first_difference(value, other, at(&index.to_string())) {
                    return Some(found);
                }
            }
            (given.len() != written.len()).then_some((pointer, "another number of items"))
        }
        _ => (given != written).then_some((pointer, "another value")),
    }
}

/// The name a schema path goes by in diagnostics: `/`-separated, without `.` components or
/// `dir/..` pairs, and relative to the working directory when it lies inside it, so that a
/// terminal or an editor opens it from where the command ran. Lexical only: the file system is
/// never consulted. The outputs' headers use [`header_name`] instead, which does not depend on
/// the working directory.
pub fn source_name(path: &Path) -> String {
    let normal = normalize(path);
    let relative = std::env::current_dir()
        .ok()
        .filter(|_| normal.is_absolute())
        .and_then(|cwd| normal.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .filter(|relative| !relative.as_os_str().is_empty());
    slashed(relative.as_deref().unwrap_or(&normal))
}

/// The name the outputs' headers give the schema at `schema` when they are written into
/// `out_dir`: the schema's path relative to that directory (`../schema/render_intent.cards`
/// for outputs in `generated/`), `/`-separated. Both paths are resolved first (against the
/// working directory, through `..` and symlinks, as far as they exist), so every spelling of
/// them and every working directory give the same name, and `check` accepts what any of them
/// generated. Two paths that share no directory but the root give the schema's absolute path;
/// any that share one never put a machine's path into a committed file.
pub fn header_name(schema: &Path, out_dir: &Path) -> String {
    let schema_dir = resolve(schema.parent().unwrap_or(Path::new("")));
    let schema = match schema.file_name() {
        Some(file_name) => schema_dir.join(file_name),
        None => schema_dir,
    };
    let out_dir = resolve(out_dir);
    let shared = schema
        .components()
        .zip(out_dir.components())
        .take_while(|(a, b)| a == b)
        .count();
    let only_the_root = schema
        .components()
        .take(shared)
        .all(|component| matches!(component, Component::RootDir | Component::Prefix(_)));
    if only_the_root {
        return slashed(&schema);
    }
    let mut relative = PathBuf::new();
    for _ in out_dir.components().skip(shared) {
        relative.push("..");
    }
    relative.extend(schema.components().skip(shared));
    slashed(&relative)
}

/// An absolute path without `.` or `..` components, with symlinks resolved in its longest
/// existing prefix; the rest (not there yet, such as an output directory `check` finds
/// missing) is appended as written.
fn resolve(path: &Path) -> PathBuf {
    let absolute = match std::env::current_dir() {
        Ok(cwd) => normalize(&cwd.join(path)),
        Err(_) => normalize(path),
    };
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            return rest.iter().rev().fold(real, |path, name| path.join(name));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

/// Drops `.` components and `dir/..` pairs (leading `..`s stay), without the file system.
pub(crate) fn normalize(path: &Path) -> PathBuf {
    let mut normal: Vec<Component> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if matches!(normal.last(), Some(Component::Normal(_))) => {
                normal.pop();
            }
            Component::ParentDir if matches!(normal.last(), Some(Component::RootDir)) => {}
            other => normal.push(other),
        }
    }
    normal.iter().collect()
}

/// A path as text with `/` separators, so names read the same on every OS.
fn slashed(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Why a schema file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be opened or read.
    Io(std::io::Error),
    /// The file is not UTF-8: its text with each bad sequence replaced by U+FFFD, and a
    /// diagnostic at the first one (its byte offset and line:col), to render against that text.
    NotUtf8 {
        /// The text, lossily decoded.
        text: String,
        /// Where the first invalid byte is.
        diagnostic: Box<Diagnostic>,
    },
}

/// Reads a schema file, which must be UTF-8.
pub fn read_schema(path: &Path) -> Result<String, ReadError> {
    let bytes = std::fs::read(path).map_err(ReadError::Io)?;
    String::from_utf8(bytes).map_err(|error| {
        let offset = error.utf8_error().valid_up_to();
        let byte = error.as_bytes()[offset];
        let text = String::from_utf8_lossy(error.as_bytes()).into_owned();
        let diagnostic = Diagnostic::new(
            format!("the schema is not valid UTF-8: byte 0x{byte:02x} at offset {offset}"),
            offset..offset + char::REPLACEMENT_CHARACTER.len_utf8(),
            "not UTF-8",
            "save the schema file as UTF-8",
        );
        ReadError::NotUtf8 {
            text,
            diagnostic: Box::new(diagnostic),
        }
    })
}

/// The file stem of a schema path (`schema/render_intent.cards` gives `render_intent`).
pub(crate) fn stem_of(source_name: &str) -> String {
    let file_name = source_name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(source_name);
    // Only the last extension goes, as with `Path::file_stem`: `api.v2.cards` names `api.v2.rs`.
    match file_name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem.to_string(),
        _ => file_name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{ReadError, header_name, read_schema, source_name, stem_of};

    #[test]
    fn the_stem_drops_only_the_last_extension() {
        assert_eq!(stem_of("schema/render_intent.cards"), "render_intent");
        assert_eq!(stem_of("schema/api.v2.cards"), "api.v2");
        assert_eq!(stem_of("dir.d\\plain"), "plain");
        assert_eq!(stem_of(".cards"), ".cards");
    }

    #[test]
    fn source_name_drops_dot_components_and_keeps_leading_parents() {
        let name = |path: &str| source_name(Path::new(path));
        assert_eq!(name("./schema/x.cards"), "schema/x.cards");
        assert_eq!(name("schema/./sub/../x.cards"), "schema/x.cards");
        assert_eq!(name("../../schema/x.cards"), "../../schema/x.cards");
        let cwd = std::env::current_dir().expect("working directory");
        assert_eq!(source_name(&cwd.join("schema/x.cards")), "schema/x.cards");
    }

    #[test]
    fn the_header_names_the_schema_relative_to_the_outputs_however_both_are_spelt() {
        let dir = tempfile::tempdir().expect("scratch");
        let root = dir.path().canonicalize().expect("canonical");
        std::fs::create_dir_all(root.join("schema")).expect("mkdir");
        std::fs::write(root.join("schema/x.cards"), "").expect("schema");
        let expected = "../schema/x.cards";
        assert_eq!(
            header_name(&root.join("schema/x.cards"), &root.join("generated")),
            expected
        );
        assert_eq!(
            header_name(
                &root.join("schema/../schema/./x.cards"),
                &root.join("generated/")
            ),
            expected
        );
        assert_eq!(
            header_name(&root.join("schema/x.cards"), &root.join("schema")),
            "x.cards"
        );
        assert_eq!(
            header_name(&root.join("schema/x.cards"), &root.join("a/b")),
            "../../schema/x.cards"
        );
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&root, root.join("link")).expect("symlink");
            assert_eq!(
                header_name(&root.join("link/schema/x.cards"), &root.join("generated")),
                expected
            );
        }
    }

    #[test]
    fn invalid_utf8_is_located_by_byte_offset() {
        let dir = tempfile::tempdir().expect("scratch");
        let path = dir.path().join("bad.cards");
        std::fs::write(&path, b"struct A {\n    b: \xffString,\n}\n").expect("write");
        let Err(ReadError::NotUtf8 { text, diagnostic }) = read_schema(&path) else {
            panic!("invalid UTF-8 was read");
        };
        assert!(
            diagnostic.message.contains("0xff at offset 18"),
            "{}",
            diagnostic.message
        );
        let source = crate::diagnostics::Source {
            name: "bad.cards",
            text: &text,
        };
        assert!(source.render(&[*diagnostic]).contains("bad.cards:2:8"));
    }
}
