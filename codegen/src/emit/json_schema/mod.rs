//! The JSON Schema (draft 2020-12) emitter: the canonical wire contract.
//!
//! The document is built as an [`ordered::Json`], whose objects keep insertion order, so every
//! key is written in one fixed order and the output is byte-identical from run to run:
//!
//! - document: `$schema`, `$id`, `$comment`, `title`, `description`, the entry types (one
//!   `$ref`, or an `anyOf` of them), `$defs` (by type name);
//! - struct: `description`, `type`, `properties` (tags first, then fields), `required`,
//!   `additionalProperties`;
//! - union: `description`, `type`, `properties` (its tag's values), `required` (its tag),
//!   `allOf` (one `if`/`then` per variant in declaration order, a nested union's variants
//!   after its own check; each `then` a variant's object: `title`, `description`,
//!   `properties`, `required`, `additionalProperties`);
//! - enum: `description`, `type`, `enum`.
//!
//! Every named type's `$defs` entry is its standalone form, which carries no tag of a union it
//! sits in: a struct is the plain object of its fields, a union carries only its own tag. A
//! union reads its tag and applies the one variant object it names: each variant struct is
//! inlined with its union's tag, and the tags of every union it is reached through, as
//! one-string `enum` properties, so a closed object stays closed, and a single fault is a
//! single error. The shape is chosen for schema-only consumers: see `dispatch` and
//! `struct_def` in `defs.rs`.

mod constraints;
mod defs;
mod ordered;
#[cfg(test)]
mod tests;

use ordered::Object;

use super::header_sentence;
use crate::ir::{Docs, JsonValue, Schema};
use crate::json_text;
use crate::target::{Options, Target};

/// The JSON Schema target.
pub struct JsonSchema;

impl Target for JsonSchema {
    fn key(&self) -> &'static str {
        "json-schema"
    }

    fn language(&self) -> &'static str {
        "JSON Schema"
    }

    fn constant(&self) -> &'static str {
        "JSON_SCHEMA"
    }

    fn file_name(&self, stem: &str) -> String {
        format!("{stem}.schema.json")
    }

    fn emit(&self, schema: &Schema, _: &Options) -> String {
        emit(schema)
    }
}

pub use crate::wording::DRAFT_2020_12;

/// Emits the schema as a pretty-printed JSON Schema document with a trailing newline.
pub fn emit(schema: &Schema) -> String {
    let mut text = json_text::pretty(&ordered_document(schema));
    text.push('\n');
    text
}

/// The JSON Schema document for the schema, as a `serde_json::Value` (whose objects keep the
/// fixed key order only with serde_json's `preserve_order`; [`emit`] does not need it).
pub fn document(schema: &Schema) -> serde_json::Value {
    json_text::to_value(&ordered_document(schema))
}

/// Builds the JSON Schema document for the schema, with every key in its fixed order.
fn ordered_document(schema: &Schema) -> JsonValue {
    let mut doc = Object::default();
    doc.insert("$schema", DRAFT_2020_12);
    doc.insert("$id", schema.id.clone());
    doc.insert("$comment", header_sentence(schema));
    doc.insert("title", schema.title.clone());
    insert_description(&mut doc, &schema.docs);
    insert_entries(&mut doc, schema);
    let defs: Object = schema
        .own_types()
        .map(|def| (def.name().to_string(), defs::type_def(schema, def)))
        .collect();
    doc.insert("$defs", defs);
    doc.into()
}

/// Inserts `description` (the doc lines joined by newlines) unless the docs are empty.
fn insert_description(map: &mut Object, docs: &Docs) {
    if !docs.is_empty() {
        map.insert("description", docs.join("\n"));
    }
}

/// What the document's root validates: its one entry type, or any of several (`anyOf`, not
/// `oneOf`: a payload that two entries accept, such as a generic card that is both a call view
/// and a result view, is valid, and `oneOf` would refuse it). Without entries the document is a
/// library of `$defs`, and its root constrains nothing.
fn insert_entries(doc: &mut Object, schema: &Schema) {
    match schema.entries.as_slice() {
        [] => {}
        [entry] => doc.insert("$ref", def_ref(schema, entry)),
        entries => {
            let refs: Vec<JsonValue> = entries
                .iter()
                .map(|entry| Object::of([("$ref", def_ref(schema, entry).into())]).into())
                .collect();
            doc.insert("anyOf", refs);
        }
    }
}

/// The `$ref` to a named type's definition: in this document, or in the document of the
/// schema file that declares it, resolved against that document's `$id` (see [`sibling`]).
fn def_ref(schema: &Schema, name: &str) -> String {
    match schema.foreign.get(name) {
        None => format!("#/$defs/{name}"),
        Some(module) => format!("{}#/$defs/{name}", sibling(&schema.id, &module.id)),
    }
}

/// How a document of `$id` `from` refers to the document of `$id` `to`: by its last path
/// segment when both are hierarchical URIs in one directory
/// (`https://x.dev/schemas/common.schema.json` from `https://x.dev/schemas/chat.schema.json`),
/// so the pair validates wherever it is published together, else by the whole `$id` (a URN's,
/// such as cardc's default `urn:cardc:common`).
pub fn sibling<'a>(from: &str, to: &'a str) -> &'a str {
    match (directory(from), directory(to)) {
        (Some((base, _)), Some((other, last)))
            if base == other && !last.is_empty() && !last.contains([':', '?']) =>
        {
            last
        }
        _ => to,
    }
}

/// A hierarchical URI split after the last `/` of its path (`https://x.dev/a/` and
/// `b.json`), or `None` for one without a path, or no `scheme://authority` at all.
fn directory(id: &str) -> Option<(&str, &str)> {
    let authority = id.find("://")? + 3;
    let path = authority + id[authority..].find('/')?;
    let last = path + id[path..].rfind('/')? + 1;
    Some(id.split_at(last))
}
