//! What an output language is to the rest of cardc: one trait, which each target module
//! implements and [`crate::emit::TARGETS`] lists. The front ends write what the list gives, the
//! derive makes one constant per entry, the tests iterate it, and the checker asks each entry
//! what it reserves instead of knowing any language's rules. This module depends on the IR
//! only, so the checker can read it without knowing any emitter.

use std::collections::BTreeMap;

use crate::ir::Schema;

/// One output language.
pub trait Target: Sync {
    /// The target's key, in options and messages: `rust`, `json-schema`, `typescript`, `python`.
    fn key(&self) -> &'static str;

    /// The language's name in messages: `Rust`, `JSON Schema`, `TypeScript`, `Python`.
    fn language(&self) -> &'static str;

    /// The name of the derive's constant that holds this output (`JSON_SCHEMA`).
    fn constant(&self) -> &'static str;

    /// The output's file name for a schema of this stem (`render_intent.ts`).
    fn file_name(&self, stem: &str) -> String;

    /// Where the output goes relative to the output directory under these options: the
    /// [`Target::file_name`] by default.
    fn path(&self, stem: &str, _options: &Options) -> String {
        self.file_name(stem)
    }

    /// The output's text for a checked schema, byte-identical from run to run.
    fn emit(&self, schema: &Schema, options: &Options) -> String;

    /// The module that the outputs of several schemas can share instead of each carrying its
    /// own helpers (TypeScript's `cardc_runtime.ts`), if this target has one.
    fn shared_runtime(&self) -> Option<SharedRuntime> {
        None
    }

    /// The files this target writes beside its output for a schema, each as its path relative
    /// to the output directory and its text (a Python package's `pyproject.toml`, typing
    /// marker and runtime module); none by default. Byte-identical from run to run.
    fn companions(&self, _schema: &Schema, _options: &Options) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The modules this target's output imports from beside it under these options, each as its
    /// path relative to the output's directory and its text (TypeScript's `<stem>.guards.ts`
    /// when its runtime is shared); none by default. Byte-identical from run to run.
    fn modules(&self, _schema: &Schema, _options: &Options) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Where this target's output finds the outputs of the schema file of stem `stem`, whose
    /// types it imports, when they are written as the CLI writes them (in one directory, or
    /// for Rust as sibling modules): the default of [`Options::imports`]. The stem itself by
    /// default.
    fn import_default(&self, stem: &str) -> String {
        stem.to_string()
    }

    /// The names of the top-level items this target generates for a union beside the union's
    /// own (a Rust bridge trait, a TypeScript handlers type): a schema type of one of these
    /// names would collide with it.
    fn union_helpers(&self, _union: &str) -> Vec<String> {
        Vec::new()
    }

    /// The names of the top-level items this target generates for the catch-all `catch_all`
    /// of the open union or enum `owner` (a TypeScript type): a schema type of one of these
    /// names would collide with it.
    fn catch_all_helpers(&self, _owner: &str, _catch_all: &str) -> Vec<String> {
        Vec::new()
    }

    /// The names of the top-level items this target generates for a type a writer may write
    /// otherwise than a reader holds it (see [`crate::ir::types_with_input_form`]: a TypeScript
    /// input type), beside the type's own: a schema type of one of these names would collide
    /// with it.
    fn input_helpers(&self, _name: &str) -> Vec<String> {
        Vec::new()
    }

    /// Why this target cannot write the outputs of a schema of this file stem, if it cannot:
    /// its output would be one of the modules the target writes beside its outputs.
    fn stem_problem(&self, _stem: &str) -> Option<Refusal> {
        None
    }

    /// Why this target cannot carry a key on the wire (a field's wire name or a union's tag),
    /// if it cannot.
    fn wire_key_problem(&self, _key: &str) -> Option<Refusal> {
        None
    }

    /// Why this target cannot have a field of this schema name in a struct that keeps the
    /// keys it does not name or not, if it cannot.
    fn field_name_problem(&self, _name: &str, _keeps_unknown: bool) -> Option<Refusal> {
        None
    }
}

/// How one run emits: the choices a front end makes for the targets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// For each target (by key) whose outputs import its [`SharedRuntime`] rather than carry
    /// their own helpers, the import specifier (`./cardc_runtime.js`). A target not listed
    /// writes self-contained outputs.
    pub shared_runtimes: BTreeMap<&'static str, String>,
    /// The name the Python package is distributed as (its `pyproject.toml`'s `[project] name`),
    /// when it is not its import name; checked by [`crate::naming::python::distribution_problem`].
    pub python_distribution: Option<String>,
    /// Where a target's output finds the outputs of another schema file whose types it
    /// imports, by target key and that file's stem, when not where the target looks by
    /// default (see [`Target::import_default`]): a Rust module path (`crate::common`, or `self`
    /// for items in scope already), a TypeScript module specifier without its extension
    /// (`../shared/common`), a Python module (`acme_common`).
    pub imports: BTreeMap<(&'static str, String), String>,
    /// The name each Python package another schema file's outputs are is distributed as, by
    /// that file's stem, when not its import name: a package that imports from it depends on
    /// that distribution.
    pub python_distributions: BTreeMap<String, String>,
    /// Whether the Python package is one of several written into one directory, each then a
    /// distribution in a directory of its own (`python/<package>/pyproject.toml` beside
    /// `python/<package>/<package>/__init__.py`), rather than the one package there
    /// (`python/pyproject.toml` beside `python/<package>/__init__.py`).
    pub python_apart: bool,
}

impl Options {
    /// Every target that has a shared runtime imports it from beside its outputs, where
    /// [`crate::emit::outputs`] puts it.
    pub fn runtimes_beside(targets: &[&dyn Target]) -> Self {
        let shared_runtimes = targets
            .iter()
            .filter_map(|target| {
                let runtime = target.shared_runtime()?;
                Some((target.key(), runtime.import_beside.to_string()))
            })
            .collect();
        Options {
            shared_runtimes,
            ..Options::default()
        }
    }

    /// Where `target`'s output finds the outputs of the schema file of stem `stem`: as the
    /// options say, else where the target looks by default.
    pub fn import(&self, target: &dyn Target, stem: &str) -> String {
        self.imports
            .get(&(target.key(), stem.to_string()))
            .cloned()
            .unwrap_or_else(|| target.import_default(stem))
    }

    /// Where a target's outputs import its shared runtime from, if they do.
    pub fn shared_runtime(&self, target: &dyn Target) -> Option<&str> {
        self.shared_runtimes.get(target.key()).map(String::as_str)
    }
}

/// A target's shared runtime module.
#[derive(Debug, Clone)]
pub struct SharedRuntime {
    /// Its file name when the CLI writes it beside the outputs (`cardc_runtime.ts`).
    pub file_name: &'static str,
    /// How an output beside it imports it (`./cardc_runtime.js`).
    pub import_beside: &'static str,
    /// How an output imports the module at `relative`, its path from the output's directory
    /// (`../shared/cardc_runtime.ts` gives `../shared/cardc_runtime.js`).
    pub import_from: fn(relative: &str) -> String,
    /// Its text, the same for every schema.
    pub contents: String,
}

/// Why a target cannot carry a name: the checker puts it at the name's span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The error's one-line message.
    pub message: String,
    /// The label under the name.
    pub label: String,
    /// What to do instead.
    pub hint: String,
}
