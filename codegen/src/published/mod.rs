//! A second front end: reads back a JSON Schema that cardc published into the IR, from the
//! file alone, so that `cardc compat` can compare the copy a consumer pinned with the one
//! published now.
//!
//! The reader knows the one document shape the JSON Schema emitter writes (see
//! `emit::json_schema`) and refuses what it cannot read with the JSON pointer of each problem;
//! [`crate::read_published`], the front ends' entry, then refuses a document that is not exactly
//! what the emitter writes for the contract read, so a hand edit where the reader does not look
//! is not silently misread either. What a published schema says is the
//! wire contract, so the IR it gives is that contract's, with the facts JSON Schema cannot hold
//! filled in the way the published contract reads:
//!
//! - names in code are the wire names: a field's name is its key, a variant's its tag value,
//!   an enum value's its string (so a rename on the wire is a removal and an addition);
//! - a key that is not `required` may be left out by a writer that follows the schema, so a
//!   default is read as `#[omit_default]`; a nullable optional key as `Option<Nullable<T>>`;
//! - an open object keeps unknown keys; a reader's tolerance policies are not published;
//! - a flattened struct's keys are the object's own, and an integer whose bounds a range
//!   replaced is of the widest type of its sign (`i64`, `u64`), the bounds its `range`;
//! - an enum value has no docs, and a deprecation no note (but an enum value's, which
//!   `wording` writes in its enum's description).
//!
//! A union's branches hold inlined copies of their payload structs, with the tags; those are
//! not read back, the payload's own `$defs` entry is (the emitter writes both from one struct).
//!
//! Spans in the IR it gives are not byte ranges of the text but indices into its table of JSON
//! pointers: [`Published::pointer`] turns one back into the pointer of the item it came from.
//!
//! A document of a project names the types of the documents published beside it: a `$ref`
//! to `<document>#/$defs/<type>` (the other's `$id`, or its last segment in one directory),
//! and a variant's `title` for a payload declared there. [`link`] reads a set of documents
//! together, each after the ones it names, giving each the types it names from the others
//! as a schema file that imports them has them.

mod defs;

pub(crate) use defs::{is_tried, settle_tried};
mod invariants;
mod link;
pub(crate) mod node;
mod types;

pub use link::link;

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::ir::{Schema, SchemaSpans, Span};
use crate::limits::{MAX_NAME_LEN, MAX_TYPES};
use crate::wording::DRAFT_2020_12;
use node::{Node, Reader};

/// A schema read back from a published JSON Schema, with the JSON pointer of every item.
#[derive(Debug, Clone)]
pub struct Published {
    /// The contract the document states: its own types, and once [`link`]ed, the types of
    /// the documents beside it that it names (see [`Schema::foreign`]).
    pub schema: Schema,
    /// The pointer of each item, indexed by its span's start.
    pointers: Vec<String>,
    /// The types of other documents it names, each with the `$id` of the document a `$ref`
    /// names it in (or none when only a variant's `title` names it), and the pointer of the
    /// first place that names it.
    imports: BTreeMap<String, (Option<String>, String)>,
}

impl Published {
    /// The JSON pointer (`/$defs/Card/allOf/0`) of the item at `span` in [`Published::schema`]
    /// (of a type it declares itself).
    pub fn pointer(&self, span: &Span) -> Option<&str> {
        self.pointers.get(span.start).map(String::as_str)
    }

    /// The `$id`s of the other documents its `$ref`s name, each once: the documents it is
    /// read with ([`link`]).
    pub fn referenced(&self) -> BTreeSet<&str> {
        self.imports
            .values()
            .filter_map(|(id, _)| id.as_deref())
            .collect()
    }
}

/// Why a document is no JSON Schema cardc published: where, and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The JSON pointer of the value at fault (empty for the document).
    pub pointer: String,
    /// What is wrong with it.
    pub message: String,
}

/// Reads `text`, the published JSON Schema whose file is named `file_name` (its stem names the
/// schema), back into the IR; or every problem found, each at its JSON pointer.
pub fn read(file_name: &str, text: &str) -> Result<Published, Vec<Problem>> {
    read_document(file_name, &parse(text)?)
}

/// The document `text` holds, or the problem that it is no JSON.
pub fn parse(text: &str) -> Result<Value, Vec<Problem>> {
    serde_json::from_str(text).map_err(|error| {
        vec![Problem {
            pointer: String::new(),
            message: format!("not JSON: {error}"),
        }]
    })
}

/// [`read`] of a document already parsed.
pub fn read_document(file_name: &str, document: &Value) -> Result<Published, Vec<Problem>> {
    let mut reader = Reader::default();
    let schema = document_schema(&mut reader, Node::root(document), file_name);
    match schema {
        Some(schema) if reader.problems.is_empty() => Ok(Published {
            schema,
            pointers: reader.pointers,
            imports: reader.imports,
        }),
        // Every read that gives up says why; this says it for one that would not.
        _ if reader.problems.is_empty() => Err(vec![Problem {
            pointer: String::new(),
            message: "not a JSON Schema cardc published".to_string(),
        }]),
        _ => {
            // A document that names no other's types is read alone: a payload it does not
            // declare is a problem with the rest (in a project, [`link`] finds it).
            let mut problems = reader.problems;
            if reader.imports.values().all(|(id, _)| id.is_none()) {
                problems.extend(reader.imports.iter().map(|(name, (_, pointer))| Problem {
                    pointer: pointer.clone(),
                    message: format!("the payload `{name}` is no `$defs` entry"),
                }));
            }
            Err(problems)
        }
    }
}

/// The keys of the document object, in the emitter's order.
const DOCUMENT_KEYS: &[&str] = &[
    "$schema",
    "$id",
    "$comment",
    "title",
    "description",
    "$ref",
    "anyOf",
    "$defs",
];

fn document_schema(reader: &mut Reader, root: Node, file_name: &str) -> Option<Schema> {
    reader.only(&root, DOCUMENT_KEYS)?;
    let schema_key = reader.need(&root, "$schema")?;
    let draft = reader.string(&schema_key);
    if draft.is_some_and(|draft| draft != DRAFT_2020_12) {
        reader.problem(&root, format!("`$schema` is not {DRAFT_2020_12}"));
    }
    let comment = reader.need(&root, "$comment")?;
    let header = reader
        .string(&comment)
        .and_then(|text| crate::header::parse(text, reader.span(&comment)));
    let Some((source_name, version)) = header else {
        reader.problem(
            &comment,
            "a published schema's `$comment` is cardc's header: \"generated by cardc from ...\"",
        );
        return None;
    };
    let id_node = reader.need(&root, "$id")?;
    let id = reader.string(&id_node)?.to_string();
    reader.base.clone_from(&id);
    let title_node = reader.need(&root, "title")?;
    let title = reader.string(&title_node)?.to_string();
    let docs = reader.docs(&root);
    let spans = SchemaSpans {
        docs: root.child("description").map(|docs| reader.span(&docs)),
        id: Some(reader.span(&id_node)),
        title: Some(reader.span(&title_node)),
        entries: Vec::new(),
    };
    let (entries, entry_spans): (Vec<String>, Vec<Span>) =
        entries(reader, &root).into_iter().unzip();
    let mut types = BTreeMap::new();
    let defs = reader.need(&root, "$defs")?;
    let members = reader.members(&defs)?;
    if members.len() > MAX_TYPES {
        reader.problem(
            &defs,
            format!(
                "{} types, more than the {MAX_TYPES} a schema may hold",
                members.len()
            ),
        );
        return None;
    }
    for (name, def) in &members {
        if name.chars().count() > MAX_NAME_LEN {
            reader.problem(def, format!("a name longer than {MAX_NAME_LEN} characters"));
        }
    }
    let names: BTreeSet<&str> = members.iter().map(|(name, _)| *name).collect();
    // `members` read it, so it is an object.
    let all = defs.object()?;
    for (name, def) in members {
        if let Some(def) = defs::type_def(reader, name, &def, all) {
            types.insert(name.to_string(), def);
        }
    }
    let imported: Vec<String> = reader.imports.keys().cloned().collect();
    let mut known = names.clone();
    known.extend(imported.iter().map(String::as_str));
    for name in imported.iter().filter(|name| names.contains(name.as_str())) {
        reader.problem(
            &defs,
            format!("`{name}` is a `$defs` entry and another document's type"),
        );
    }
    invariants::check(reader, &types, &known);
    for entry in &entries {
        if !names.contains(entry.as_str()) {
            reader.problem(&root, format!("the entry `{entry}` is no `$defs` entry"));
        }
    }
    Some(Schema {
        source_name,
        stem: stem_of(file_name),
        id,
        title,
        version,
        docs,
        entries,
        types,
        foreign: BTreeMap::new(),
        spans: SchemaSpans {
            entries: entry_spans,
            ..spans
        },
    })
}

/// The entry types, each with its span: the document's `$ref`, or each of its `anyOf`.
fn entries(reader: &mut Reader, root: &Node) -> Vec<(String, Span)> {
    let refs = match (root.child("$ref"), root.child("anyOf")) {
        (Some(one), None) => vec![one],
        (None, Some(any)) => reader.items(&any).unwrap_or_default(),
        (None, None) => Vec::new(),
        (Some(_), Some(_)) => {
            reader.problem(root, "a document has `$ref` or `anyOf`, not both");
            Vec::new()
        }
    };
    refs.iter()
        .filter_map(|node| {
            let name = match node.child("$ref") {
                Some(inner) if node.value.is_object() => types::def_name(reader, &inner),
                _ if node.value.is_string() => types::def_name(reader, node),
                _ => {
                    reader.problem(node, "an entry is a `$ref` to a `$defs` entry");
                    None
                }
            };
            name.map(|name| (name, reader.span(node)))
        })
        .collect()
}

/// The file stem a published file names its schema by: `render_intent.schema.json` gives
/// `render_intent`.
fn stem_of(file_name: &str) -> String {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    base.strip_suffix(".schema.json")
        .or_else(|| base.strip_suffix(".json"))
        .unwrap_or(base)
        .to_string()
}
