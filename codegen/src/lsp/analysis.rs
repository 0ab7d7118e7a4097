//! One version of one document, compiled the way the CLI compiles it: the syntax tree and its
//! index for navigation, and the checked schema or every problem.

use std::rc::Rc;

use super::index::Index;
use super::workspace::Input;
use crate::diagnostics::Diagnostic;
use crate::ir::Schema;
use crate::syntax::ast::SchemaFile;

/// A compiled version of a document.
#[derive(Debug)]
pub(super) struct Analysis {
    /// The document version it was compiled from.
    pub version: i32,
    /// The syntax tree, as much of it as parses.
    pub file: SchemaFile,
    /// Where each name is declared and used.
    pub index: Index,
    /// The checked schema, or every problem the CLI would report.
    pub compiled: Result<Rc<Schema>, Vec<Diagnostic>>,
}

impl Analysis {
    /// Parses and checks one version of a document: `syntax::parse` then `check_parsed`, the
    /// CLI's `compile` in two halves so that the tree is kept.
    pub(super) fn new(input: &Input, version: i32) -> Analysis {
        let (file, errors) = crate::syntax::parse(&input.text);
        let index = Index::new(&file, &input.text);
        let compiled = crate::check_parsed(&input.name, &file, errors).map(Rc::new);
        forget_spans();
        Analysis {
            version,
            file,
            index,
            compiled,
        }
    }

    /// The problems, none when the schema checks.
    pub(super) fn diagnostics(&self) -> &[Diagnostic] {
        match &self.compiled {
            Ok(_) => &[],
            Err(diagnostics) => diagnostics,
        }
    }

    /// The checked schema, when this version checks.
    pub(super) fn schema(&self) -> Option<&Rc<Schema>> {
        self.compiled.as_ref().ok()
    }
}

/// Compiles text the way an analysis does, for a version no client holds (a rename's result,
/// a baseline).
pub(super) fn compile(name: &str, text: &str) -> Result<Schema, Vec<Diagnostic>> {
    let compiled = crate::compile(name, text);
    forget_spans();
    compiled
}

/// Drops what the lexer keeps of every text it has read: outside a compiler, proc-macro2 holds
/// each parsed text (and its line offsets) for the thread's life, so a server that parses on
/// every keystroke would grow by the document's size each time. No span of a parse outlives
/// it: the pipeline turns them into byte ranges at once.
pub(super) fn forget_spans() {
    proc_macro2::extra::invalidate_current_thread_spans();
}
