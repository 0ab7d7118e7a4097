//! Schema evolution: what changed between two checked schemas, and whom each change breaks.
//!
//! A layer beside the emitters that reads only the IR: [`compare`] walks OLD and NEW type by
//! type and yields [`Change`]s, each of a [`Class`] whose verdict ([`Class::verdict`], the one
//! place verdicts are decided) says whether readers, writers and bridges break; [`version`]
//! says which version bump they need; [`project`] compares two versions of a project, whose
//! types span files. [`report`] renders them for people and as JSON.

pub mod project;
mod relation;
pub mod report;
pub mod spell;
mod verdict;
pub mod version;
mod walk;

pub use verdict::{Breaks, Class, Key, Verdict};
pub use walk::compare;

use crate::ir::Span;

/// Where a changed item is, in one version of the contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A byte range of a schema file's text, rendered as `file:line:col`.
    Schema(Span),
    /// A JSON pointer into a published JSON Schema, rendered as `file#pointer`.
    Pointer(String),
    /// A location in another file of the version (a project's), rendered already:
    /// `common.cards:4:8` or `common.schema.json#/$defs/Block`.
    Rendered(String),
}

/// One change between OLD and NEW.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// What kind of change it is, which decides its verdict.
    pub class: Class,
    /// The item changed, stable across versions: `Type`, `Type/tag value`, `Type/wire key`
    /// or `Type/enum string`.
    pub path: String,
    /// The item in OLD, described (`Option<u32>`, `struct`); `None` when OLD lacks it.
    pub old: Option<String>,
    /// The item in NEW, described; `None` when NEW lacks it.
    pub new: Option<String>,
    /// Where the item is in OLD.
    pub old_location: Option<Location>,
    /// Where the item is in NEW.
    pub new_location: Option<Location>,
}

impl Change {
    /// Who the change breaks and why.
    pub fn verdict(&self) -> Verdict {
        self.class.verdict()
    }
}

/// A party a change may break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Party {
    /// Code generated from OLD reading payloads written by NEW.
    Readers,
    /// Code generated from OLD writing payloads that NEW readers read.
    Writers,
    /// Exhaustive consumers recompiled against NEW.
    Bridges,
}

impl Party {
    /// Every party, in report order.
    pub const ALL: [Party; 3] = [Party::Readers, Party::Writers, Party::Bridges];

    /// The party's name, as `--deny` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Party::Readers => "readers",
            Party::Writers => "writers",
            Party::Bridges => "bridges",
        }
    }

    /// Whether `breaks` breaks this party.
    pub fn breaks(self, breaks: Breaks) -> bool {
        match self {
            Party::Readers => breaks.readers,
            Party::Writers => breaks.writers,
            Party::Bridges => breaks.bridges,
        }
    }
}
