//! Loading: the given schema files and every file their `use` declarations name, read once
//! each, ordered so that every file comes after the files it imports, and checked in that
//! order against the schemas of its imports.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::files::{Files, absolute};
use crate::diagnostics::{Diagnostic, Source, escaped};
use crate::ir;
use crate::syntax::{self, ast};
use crate::{ReadError, check_parsed_importing, source_name, stem_of};

/// Schema files as loaded and checked: the ones asked for and every file they import.
#[derive(Debug)]
pub struct Loaded {
    /// Every file read, each after the files it imports (and the ones asked for in the order
    /// given, where imports leave a choice).
    pub files: Vec<File>,
}

/// One schema file of a [`Loaded`] set.
#[derive(Debug)]
pub struct File {
    /// Where it is: absolute and normalized (see [`absolute`]).
    pub path: PathBuf,
    /// Its name in messages, as [`crate::source_name`] spells it.
    pub name: String,
    /// Its text, or why it could not be read.
    pub text: Text,
    /// Whether it was asked for, rather than only imported.
    pub root: bool,
    /// For each of its `use` declarations, in order, the index in [`Loaded::files`] of the
    /// file it names.
    pub imports: Vec<usize>,
    /// Its checked schema, or every problem found in it (a `use` of a file that does not check
    /// is one, located at the `use`); empty for a file that could not be read, whose importers
    /// say so at their `use`.
    pub checked: Result<ir::Schema, Vec<Diagnostic>>,
}

/// What reading a schema file gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Text {
    /// Its text.
    Read(String),
    /// Its text with each sequence that is not UTF-8 replaced by U+FFFD, which a diagnostic
    /// locates.
    NotUtf8(String),
    /// Why it could not be read.
    Unreadable(String),
}

impl Text {
    /// The text as read, if it was: lossily where it is not UTF-8.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Text::Read(text) | Text::NotUtf8(text) => Some(text),
            Text::Unreadable(_) => None,
        }
    }
}

impl File {
    /// The file as a diagnostic renders against it.
    pub fn source(&self) -> Source<'_> {
        Source {
            name: &self.name,
            text: self.text.as_str().unwrap_or_default(),
        }
    }

    /// Whether it was asked for and could not be read as a schema (not there, not UTF-8),
    /// which is the reader's trouble rather than a problem of the schema's.
    pub fn unreadable(&self) -> bool {
        self.root && matches!(self.text, Text::NotUtf8(_) | Text::Unreadable(_))
    }
}

impl Loaded {
    /// Every schema, each after the schemas it imports, if every file checks.
    pub fn schemas(&self) -> Option<Vec<&ir::Schema>> {
        self.files
            .iter()
            .map(|file| file.checked.as_ref().ok())
            .collect()
    }

    /// Gives each schema that sets no `#![id]` the `$id` `<base><stem>.schema.json`, where the
    /// schemas that import its types find it too.
    pub fn set_id_base(&mut self, base: &str) {
        let mut ids = BTreeMap::new();
        for file in &mut self.files {
            if let Ok(schema) = &mut file.checked
                && schema.spans.id.is_none()
            {
                schema.id = format!("{base}{}.schema.json", schema.stem);
                ids.insert(schema.stem.clone(), schema.id.clone());
            }
        }
        for file in &mut self.files {
            if let Ok(schema) = &mut file.checked {
                for module in schema.foreign.values_mut() {
                    if let Some(id) = ids.get(&module.stem) {
                        module.id.clone_from(id);
                    }
                }
            }
        }
    }

    /// The file at `path` (any spelling of it), if it was read or named.
    pub fn file(&self, path: &Path) -> Option<&File> {
        let path = absolute(path);
        self.files.iter().find(|file| file.path == path)
    }

    /// How many problems the files have, a file asked for that cannot be read counting as one.
    pub fn problem_count(&self) -> usize {
        self.files
            .iter()
            .map(|file| match (&file.checked, &file.text) {
                (Ok(_), _) => 0,
                (Err(_), Text::Unreadable(_)) if file.root => 1,
                (Err(problems), _) => problems.len(),
            })
            .sum()
    }

    /// Every problem, rendered file by file in load order: each file's diagnostics against
    /// its own text, and a line for a file asked for that cannot be read.
    pub fn report(&self) -> String {
        let mut report = String::new();
        for file in &self.files {
            match (&file.checked, &file.text) {
                (Ok(_), _) => {}
                (Err(_), Text::Unreadable(why)) if file.root => report.push_str(&format!(
                    "error: cannot read schema {}: {}\n",
                    escaped(&file.name),
                    escaped(why)
                )),
                (Err(problems), _) => report.push_str(&file.source().render(problems)),
            }
        }
        report
    }
}

/// Loads the schema files at `roots` and every file they import, through `files`, and checks
/// each. `header` gives each file's name in its outputs' headers (see [`crate::header_name`]).
/// Never fails as a whole: each file says what is wrong with it.
pub fn load(roots: &[PathBuf], files: &dyn Files, header: &dyn Fn(&Path) -> String) -> Loaded {
    let mut read = Reader::default();
    for root in roots {
        let index = read.read(&absolute(root), files);
        read.parsed[index].root = true;
    }
    let order = read.order();
    let mut checked: Vec<Option<Result<ir::Schema, Vec<Diagnostic>>>> =
        (0..read.parsed.len()).map(|_| None).collect();
    let mut stems: BTreeMap<String, usize> = BTreeMap::new();
    for &index in &order {
        let parsed = &read.parsed[index];
        let result = match &parsed.text {
            Text::Unreadable(_) => Err(Vec::new()),
            Text::Read(_) | Text::NotUtf8(_) => {
                let mut errors = std::mem::take(&mut read.parsed_errors[index]);
                let mut imported = Vec::new();
                for (declared, &target) in parsed.syntax.uses.iter().zip(&parsed.imports) {
                    let problem = if read.cycles.contains(&(index, target)) {
                        Some(cycle(&read, index, target))
                    } else {
                        import_problem(&read.parsed[target], &checked[target])
                    };
                    match problem {
                        Some((message, label)) => {
                            errors.push(Diagnostic::new(
                                message,
                                declared.path.span.clone(),
                                label,
                                "fix that file, or remove this `use`",
                            ));
                            imported.push(None);
                        }
                        None => {
                            imported.push(checked[target].as_ref().and_then(|r| r.as_ref().ok()))
                        }
                    }
                }
                let stem = stem_of(&parsed.name);
                if let Some(&other) = stems.get(&stem) {
                    errors.push(Diagnostic::new(
                        format!(
                            "two schema files are named `{stem}`: this one and {}",
                            read.parsed[other].name
                        ),
                        0..0,
                        "the file's name",
                        "their outputs would have the same names: rename one of the files",
                    ));
                } else {
                    stems.insert(stem.clone(), index);
                }
                check_parsed_importing(
                    &parsed.syntax,
                    errors,
                    &header(&parsed.path),
                    &stem,
                    Some(&imported),
                )
            }
        };
        checked[index] = Some(result);
    }
    let mut files = Vec::with_capacity(order.len());
    let mut position = vec![0; read.parsed.len()];
    for (at, &index) in order.iter().enumerate() {
        position[index] = at;
    }
    for (index, parsed) in read.parsed.into_iter().enumerate() {
        files.push((
            position[index],
            File {
                path: parsed.path,
                name: parsed.name,
                text: parsed.text,
                root: parsed.root,
                imports: parsed
                    .imports
                    .iter()
                    .map(|&target| position[target])
                    .collect(),
                checked: checked[index].take().unwrap_or(Err(Vec::new())),
            },
        ));
    }
    files.sort_by_key(|(at, _)| *at);
    Loaded {
        files: files.into_iter().map(|(_, file)| file).collect(),
    }
}

/// Why the file a `use` names cannot give it types, if it cannot: its message and label.
fn import_problem(
    target: &Parsed,
    checked: &Option<Result<ir::Schema, Vec<Diagnostic>>>,
) -> Option<(String, String)> {
    match (&target.text, checked) {
        (Text::Unreadable(why), _) => Some((
            format!("cannot read {}: {why}", target.name),
            "no such schema file".to_string(),
        )),
        (_, Some(Err(problems))) => Some((
            format!(
                "{} does not check: {} problem(s), reported there",
                target.name,
                problems.len().max(1)
            ),
            "imports a schema with errors".to_string(),
        )),
        _ => None,
    }
}

/// The message of a `use` that closes a cycle of imports, naming every file on it.
fn cycle(read: &Reader, from: usize, to: usize) -> (String, String) {
    let mut chain: Vec<&str> = vec![&read.parsed[to].name];
    // The path from `to` back to `from` that the depth-first walk took.
    let mut at = to;
    let path = &read.cycle_paths[&(from, to)];
    for &next in path {
        if next != at {
            chain.push(&read.parsed[next].name);
            at = next;
        }
    }
    chain.push(&read.parsed[to].name);
    (
        format!("a cycle of imports: {}", chain.join(" -> ")),
        "imports a file that imports this one".to_string(),
    )
}

/// A file read and parsed.
struct Parsed {
    path: PathBuf,
    name: String,
    text: Text,
    root: bool,
    syntax: ast::SchemaFile,
    /// The file each `use` names, by index.
    imports: Vec<usize>,
}

/// Reads files once each, by path.
#[derive(Default)]
struct Reader {
    parsed: Vec<Parsed>,
    parsed_errors: Vec<Vec<Diagnostic>>,
    by_path: BTreeMap<PathBuf, usize>,
    /// Each `use` (importer, imported) that closes a cycle.
    cycles: std::collections::BTreeSet<(usize, usize)>,
    /// For each of those, the files from the imported one to the importer.
    cycle_paths: BTreeMap<(usize, usize), Vec<usize>>,
}

impl Reader {
    /// Reads the file at `path` and every file it imports, not yet read; gives its index.
    fn read(&mut self, path: &Path, files: &dyn Files) -> usize {
        let mut queue = vec![path.to_path_buf()];
        let first = self.by_path.get(path).copied();
        while let Some(path) = queue.pop() {
            if self.by_path.contains_key(&path) {
                continue;
            }
            let name = source_name(&path);
            let (text, syntax, errors) = match files.read(&path) {
                Ok(text) => {
                    let (syntax, errors) = syntax::parse(&text);
                    (Text::Read(text), syntax, errors)
                }
                Err(ReadError::Io(error)) => (
                    Text::Unreadable(error.to_string()),
                    ast::SchemaFile::default(),
                    Vec::new(),
                ),
                Err(ReadError::NotUtf8 { text, diagnostic }) => (
                    Text::NotUtf8(text),
                    ast::SchemaFile::default(),
                    vec![*diagnostic],
                ),
            };
            let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
            let targets: Vec<PathBuf> = syntax
                .uses
                .iter()
                .map(|declared| crate::normalize(&dir.join(&declared.path.value)))
                .collect();
            let index = self.parsed.len();
            self.by_path.insert(path.clone(), index);
            self.parsed.push(Parsed {
                path,
                name,
                text,
                root: false,
                syntax,
                imports: Vec::new(),
            });
            self.parsed_errors.push(errors);
            // Imports are resolved once every file is read; read them in the order written.
            queue.extend(targets.into_iter().rev());
        }
        // Every file is read now: resolve each `use` to its file's index.
        for parsed in &mut self.parsed {
            if parsed.imports.len() == parsed.syntax.uses.len() {
                continue;
            }
            let dir = parsed.path.parent().unwrap_or(Path::new("")).to_path_buf();
            parsed.imports = parsed
                .syntax
                .uses
                .iter()
                .map(|declared| self.by_path[&crate::normalize(&dir.join(&declared.path.value))])
                .collect();
        }
        first.unwrap_or_else(|| self.by_path[path])
    }

    /// Every file, each after the files it imports: a depth-first walk from each file in the
    /// order read, which records each `use` that leads back to a file on the walk's path.
    fn order(&mut self) -> Vec<usize> {
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            New,
            Open,
            Done,
        }
        let mut marks = vec![Mark::New; self.parsed.len()];
        let mut order = Vec::with_capacity(self.parsed.len());
        for start in 0..self.parsed.len() {
            if marks[start] != Mark::New {
                continue;
            }
            // (file, next import to visit); the stack is the walk's path.
            let mut stack = vec![(start, 0)];
            marks[start] = Mark::Open;
            while let Some(&mut (file, ref mut next)) = stack.last_mut() {
                let Some(&target) = self.parsed[file].imports.get(*next) else {
                    marks[file] = Mark::Done;
                    order.push(file);
                    stack.pop();
                    continue;
                };
                *next += 1;
                match marks[target] {
                    Mark::New => {
                        marks[target] = Mark::Open;
                        stack.push((target, 0));
                    }
                    Mark::Open => {
                        let from = stack.iter().position(|&(at, _)| at == target).unwrap_or(0);
                        let path = stack[from..].iter().map(|&(at, _)| at).collect();
                        self.cycles.insert((file, target));
                        self.cycle_paths.insert((file, target), path);
                    }
                    Mark::Done => {}
                }
            }
        }
        order
    }
}
