//! The project file, `cardc.toml`: the schema files of a project, and for each target where
//! its outputs go and how the outputs name one another. Every path in it is relative to its
//! own directory. Read with the `toml` crate's spanned document, so that a key no target knows
//! or a value of the wrong kind is a located [`Diagnostic`], rendered as a schema's are.
//!
//! ```toml
//! schemas = ["schema/chat.cards"]
//!
//! [rust]
//! out = "src/contracts"
//! module = "crate::contracts"
//!
//! [typescript]
//! out = "web/src/contracts"
//!
//! [python]
//! out = "worker/contracts"
//! distributions = { chat = "acme-chat" }
//!
//! [json-schema]
//! out = "schemas"
//! id-base = "https://schemas.acme.dev/"
//! ```

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::plan::{Layout, Placement, Runtime};
use crate::diagnostics::Diagnostic;
use crate::emit;
use crate::naming;
use crate::target::Target;

/// The project file's name, which `cardc` looks for from the working directory up.
pub const FILE_NAME: &str = "cardc.toml";

/// A project file, read.
#[derive(Debug, Clone)]
pub struct Config {
    /// The schema files, as their paths relative to the working directory (the project file's
    /// directory joined with each path it gives).
    pub schemas: Vec<PathBuf>,
    /// Where each target's outputs go, in [`emit::TARGETS`] order, and how they name one
    /// another.
    pub layout: Layout,
    /// The `$id` of each schema that sets none is this base and `<stem>.schema.json`.
    pub id_base: Option<String>,
}

impl Config {
    /// Loads the project's schemas and the files they import through `files`, and gives the
    /// ones that set no `$id` theirs from the `id-base`.
    pub fn load(&self, files: &dyn super::Files) -> super::Loaded {
        let mut loaded = super::load(&self.schemas, files, &crate::source_name);
        if let Some(base) = &self.id_base {
            loaded.set_id_base(base);
        }
        loaded
    }

    /// The config with only the placements of these targets (all when `keys` is empty), or
    /// the key that names no target of the project file.
    pub fn only(mut self, keys: &[&str]) -> Result<Config, String> {
        if keys.is_empty() {
            return Ok(self);
        }
        if let Some(missing) = keys.iter().find(|key| {
            !self
                .layout
                .placements
                .iter()
                .any(|placement| placement.target.key() == **key)
        }) {
            return Err(format!(
                "the project file writes no `{missing}` outputs: add a [{missing}] table with \
                 its `out` directory"
            ));
        }
        self.layout
            .placements
            .retain(|placement| keys.contains(&placement.target.key()));
        Ok(self)
    }
}

/// The keys of a target's table, besides `out`, with what each holds.
const TARGET_KEYS: &[(&str, &str, &str)] = &[
    (
        "rust",
        "module",
        "the Rust module the schemas' modules are in",
    ),
    (
        "typescript",
        "runtime",
        "the path of the shared runtime module",
    ),
    (
        "typescript",
        "self-contained",
        "whether each output carries its helpers",
    ),
    (
        "python",
        "distributions",
        "each package's distribution name, by schema stem",
    ),
    ("json-schema", "id-base", "the base of the default `$id`"),
];

/// Reads the project file's `text`, found in `dir` (relative to the working directory):
/// the config, or every problem in it, each located in the text.
pub fn read(dir: &Path, text: &str) -> Result<Config, Vec<Diagnostic>> {
    let (document, errors) = DeTable::parse_recoverable(text);
    let mut problems: Vec<Diagnostic> = errors
        .iter()
        .map(|error| {
            Diagnostic::new(
                format!("{FILE_NAME} is not valid TOML: {}", error.message()),
                error.span().unwrap_or(0..0),
                "here",
                "see https://toml.io for the syntax",
            )
        })
        .collect();
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut config = Config {
        schemas: Vec::new(),
        layout: Layout::default(),
        id_base: None,
    };
    let document = document.get_ref();
    let mut placements: BTreeMap<&str, Placement> = BTreeMap::new();
    let mut reader = Reader {
        problems: &mut problems,
    };
    for (key, value) in document {
        let span = key.span();
        match key.get_ref().as_ref() {
            "schemas" => {
                for item in reader.array(value, "a list of schema file paths") {
                    if let Some(path) = reader.string(item, "a schema file path") {
                        config.schemas.push(dir.join(path));
                    }
                }
            }
            name => match emit::target(name) {
                Some(target) => {
                    if let Some(placement) = reader.target(target, value, dir, &mut config) {
                        placements.insert(target.key(), placement);
                    }
                }
                None => reader.unknown(name, span, "a target's table or `schemas`", &top_keys()),
            },
        }
    }
    if !document.keys().any(|key| key.get_ref() == "schemas") {
        problems.push(Diagnostic::new(
            format!("{FILE_NAME} lists no schema files"),
            0..0,
            "no `schemas`",
            "list the project's schema files: `schemas = [\"schema/contract.cards\"]` (the files \
             they import are read too)",
        ));
    }
    if placements.is_empty() && problems.is_empty() {
        problems.push(Diagnostic::new(
            format!("{FILE_NAME} names no target"),
            0..0,
            "no target table",
            "add a table per language the outputs are for, with its `out` directory: \
             `[rust]`, `[typescript]`, `[python]`, `[json-schema]`",
        ));
    }
    if !problems.is_empty() {
        problems.sort_by_key(|problem| problem.span.start);
        return Err(problems);
    }
    config.layout.placements = emit::TARGETS
        .iter()
        .filter_map(|target| placements.remove(target.key()))
        .collect();
    Ok(config)
}

/// Every key the top of the file may hold.
fn top_keys() -> Vec<&'static str> {
    std::iter::once("schemas")
        .chain(emit::TARGETS.iter().map(|target| target.key()))
        .collect()
}

/// Reads values, noting each problem.
struct Reader<'a> {
    problems: &'a mut Vec<Diagnostic>,
}

impl Reader<'_> {
    /// A target's table: its placement, or `None` (with the problems noted).
    fn target(
        &mut self,
        target: &'static dyn Target,
        value: &Spanned<DeValue>,
        dir: &Path,
        config: &mut Config,
    ) -> Option<Placement> {
        let key = target.key();
        let DeValue::Table(table) = value.get_ref() else {
            self.wrong(
                value,
                &format!("a table: `[{key}]` with its `out` directory"),
            );
            return None;
        };
        let mut out = None;
        let mut runtime = Runtime::Beside;
        for (name, value) in table {
            let name_span = name.span();
            match (key, name.get_ref().as_ref()) {
                (_, "out") => {
                    out = self
                        .string(value, "the outputs' directory")
                        .map(|d| dir.join(d))
                }
                ("rust", "module") => {
                    if let Some(module) = self.string(value, "a Rust module path") {
                        if syn::parse_str::<syn::Path>(module).is_ok() {
                            config.layout.rust_module = Some(module.to_string());
                        } else {
                            self.problems.push(Diagnostic::new(
                                format!("`{module}` is not a Rust module path"),
                                value.span(),
                                "not a path",
                                "name the module the schemas' modules are in, such as \
                                 `crate::contracts`",
                            ));
                        }
                    }
                }
                ("typescript", "runtime") => {
                    if let Some(path) = self.string(value, "the runtime module's path")
                        && runtime != Runtime::SelfContained
                    {
                        runtime = Runtime::At(dir.join(path));
                    }
                }
                ("typescript", "self-contained") => match value.get_ref() {
                    DeValue::Boolean(true) => runtime = Runtime::SelfContained,
                    DeValue::Boolean(false) => {}
                    _ => self.wrong(value, "`true` or `false`"),
                },
                ("python", "distributions") => {
                    let DeValue::Table(names) = value.get_ref() else {
                        self.wrong(value, "a table of distribution names by schema stem");
                        continue;
                    };
                    for (stem, name) in names {
                        let Some(name_text) = self.string(name, "a distribution name") else {
                            continue;
                        };
                        match naming::python::distribution_problem(name_text) {
                            Some(problem) => self.problems.push(Diagnostic::new(
                                problem,
                                name.span(),
                                "not a distribution name",
                                "the name pip installs the package by, such as `acme-chat`",
                            )),
                            None => {
                                config
                                    .layout
                                    .python_distributions
                                    .insert(stem.get_ref().to_string(), name_text.to_string());
                            }
                        }
                    }
                }
                ("json-schema", "id-base") => {
                    if let Some(base) = self.string(value, "an absolute URI ending in `/`") {
                        let uri = fluent_uri::Uri::parse(base);
                        if uri.is_err() || !base.ends_with('/') || base.contains('#') {
                            self.problems.push(Diagnostic::new(
                                format!("`{base}` is no base for an `$id`"),
                                value.span(),
                                "not an absolute URI ending in `/`",
                                "give the directory the documents are published in, such as \
                                 `https://schemas.acme.dev/`",
                            ));
                        } else {
                            config.id_base = Some(base.to_string());
                        }
                    }
                }
                (_, other) => {
                    let known: Vec<&str> = std::iter::once("out")
                        .chain(
                            TARGET_KEYS
                                .iter()
                                .filter(|(owner, ..)| *owner == key)
                                .map(|(_, name, _)| *name),
                        )
                        .collect();
                    self.unknown(other, name_span, &format!("a key of `[{key}]`"), &known);
                }
            }
        }
        let Some(out) = out else {
            self.problems.push(Diagnostic::new(
                format!("`[{key}]` says nowhere to write its outputs"),
                value.span(),
                "no `out`",
                format!("add `out = \"<directory>\"` to `[{key}]`, relative to {FILE_NAME}"),
            ));
            return None;
        };
        Some(Placement {
            target,
            dir: out,
            runtime: match target.shared_runtime() {
                Some(_) => runtime,
                None => Runtime::SelfContained,
            },
        })
    }

    /// A string value, or `None` with the problem noted.
    fn string<'v>(&mut self, value: &'v Spanned<DeValue>, what: &str) -> Option<&'v str> {
        match value.get_ref() {
            DeValue::String(text) => Some(text.as_ref()),
            _ => {
                self.wrong(value, &format!("a string: {what}"));
                None
            }
        }
    }

    /// An array's items, or none with the problem noted.
    fn array<'v>(
        &mut self,
        value: &'v Spanned<DeValue<'v>>,
        what: &str,
    ) -> &'v [Spanned<DeValue<'v>>] {
        match value.get_ref() {
            DeValue::Array(items) => items,
            _ => {
                self.wrong(value, &format!("an array: {what}"));
                &[]
            }
        }
    }

    /// Notes a value of the wrong kind.
    fn wrong(&mut self, value: &Spanned<DeValue>, expected: &str) {
        self.problems.push(Diagnostic::new(
            format!("expected {expected}"),
            value.span(),
            "not that",
            format!("write {expected}"),
        ));
    }

    /// Notes a key nothing reads, with the likely one.
    fn unknown(&mut self, key: &str, span: Range<usize>, what: &str, known: &[&str]) {
        let closest = known
            .iter()
            .map(|candidate| (strsim::damerau_levenshtein(key, candidate), *candidate))
            .filter(|(distance, candidate)| *distance <= candidate.len().div_ceil(3).max(1))
            .min();
        let hint = match closest {
            Some((_, candidate)) => format!("did you mean `{candidate}`?"),
            None => format!("the keys are `{}`", known.join("`, `")),
        };
        self.problems.push(Diagnostic::new(
            format!("unknown key `{key}`: not {what}"),
            span,
            "unknown key",
            hint,
        ));
    }
}

/// Where the project file is: `cardc.toml` in `start` or the nearest directory above it.
pub fn find(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|path| path.is_file())
}
