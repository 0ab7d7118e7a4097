//! Emitters: each turns the checked IR into one output text, byte-identical from run to run.

pub mod json_schema;
pub mod python;
pub mod rust;
pub mod typescript;

use crate::ir::Schema;
use crate::target::{Options, Target};

/// One generated file: its path relative to the output directory and its full contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Path relative to `--out`, with `/` separators.
    pub path: String,
    /// The file's contents, header included.
    pub contents: String,
}

pub use crate::header::GENERATED_MARKER;

/// The header sentence for a schema (see [`crate::header::sentence`]).
pub fn header_sentence(schema: &Schema) -> String {
    crate::header::sentence(&schema.source_name, schema.version.as_ref())
}

/// Every target, in the order the front ends write them: the one list of output languages.
/// What adding a target touches besides its module and its line here (its goldens, its
/// conformance readers) is listed in the book's Architecture chapter.
pub static TARGETS: &[&dyn Target] = &[
    &rust::Rust,
    &json_schema::JsonSchema,
    &typescript::TypeScript,
    &python::Python,
];

/// The target of a key (`rust`, `json-schema`, `typescript`, `python`).
pub fn target(key: &str) -> Option<&'static dyn Target> {
    TARGETS.iter().copied().find(|target| target.key() == key)
}

/// Every output of a schema with the default options: see [`outputs`].
pub fn all(schema: &Schema) -> Vec<Output> {
    outputs(schema, &Options::default())
}

/// Every target's output of a schema, in [`TARGETS`] order, named by each target's file name,
/// then the modules they import under these options, then every target's companion files; each shared runtime module the options ask for comes
/// after them. Each target is
/// emitted on a thread of its own: each is a pure function of the IR, so the outputs are the
/// same as one after the other.
pub fn outputs(schema: &Schema, options: &Options) -> Vec<Output> {
    let mut outputs: Vec<Output> = std::thread::scope(|scope| {
        let threads: Vec<_> = TARGETS
            .iter()
            .map(|target| scope.spawn(move || target.emit(schema, options)))
            .collect();
        TARGETS
            .iter()
            .zip(threads)
            .map(|(target, thread)| Output {
                path: target.path(&schema.stem, options),
                // A panic in an emitter is a bug; it goes on unwinding here.
                contents: thread
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            })
            .collect()
    });
    outputs.extend(TARGETS.iter().flat_map(|target| {
        target
            .modules(schema, options)
            .into_iter()
            .map(|(path, contents)| Output { path, contents })
    }));
    outputs.extend(TARGETS.iter().flat_map(|target| {
        target
            .companions(schema, options)
            .into_iter()
            .map(|(path, contents)| Output { path, contents })
    }));
    outputs.extend(
        TARGETS
            .iter()
            .filter(|target| options.shared_runtime(**target).is_some())
            .filter_map(|target| target.shared_runtime())
            .map(|runtime| Output {
                path: runtime.file_name.to_string(),
                contents: runtime.contents,
            }),
    );
    outputs
}
