//! Where the parts of each declaration were written, indexed once: the passes that report on
//! the IR, which keeps no spans, look them up here rather than searching the file each time,
//! which cost the product of the declarations and the reports.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use crate::syntax::ast::{ItemKind, SchemaFile};

/// The spans of fields, variant payloads and union tags, by name. A name declared twice is
/// indexed at its first declaration, the one the checker lowers.
pub(super) struct Spans<'a> {
    fields: BTreeMap<(&'a str, &'a str), Range<usize>>,
    payloads: BTreeMap<(&'a str, &'a str), Range<usize>>,
    tags: BTreeMap<&'a str, Range<usize>>,
}

impl<'a> Spans<'a> {
    /// Indexes every declaration of a file.
    pub(super) fn new(file: &'a SchemaFile) -> Self {
        let mut spans = Spans {
            fields: BTreeMap::new(),
            payloads: BTreeMap::new(),
            tags: BTreeMap::new(),
        };
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        for item in &file.items {
            let name = item.name.value.as_str();
            if !seen.insert(name) {
                continue;
            }
            match &item.kind {
                ItemKind::Struct(def) => {
                    for field in &def.fields {
                        // The `rename`, when given, decided the wire name a clash is about.
                        let span = field.rename.as_ref().unwrap_or(&field.name).span.clone();
                        spans
                            .fields
                            .entry((name, field.name.value.as_str()))
                            .or_insert(span);
                    }
                }
                ItemKind::Union(def) => {
                    spans.tags.insert(name, def.tag.span.clone());
                    for variant in &def.variants {
                        spans
                            .payloads
                            .entry((name, variant.name.value.as_str()))
                            .or_insert_with(|| variant.payload.span.clone());
                    }
                }
                ItemKind::Enum(_) => {}
            }
        }
        spans
    }

    /// The span of a field's name (or its `rename`).
    pub(super) fn field(&self, strukt: &str, field: &str) -> Range<usize> {
        self.fields.get(&(strukt, field)).cloned().unwrap_or(0..0)
    }

    /// The span of a union variant's payload type.
    pub(super) fn payload(&self, union: &str, variant: &str) -> Range<usize> {
        self.payloads
            .get(&(union, variant))
            .cloned()
            .unwrap_or(0..0)
    }

    /// The span of a union's tag string.
    pub(super) fn union_tag(&self, union: &str) -> Range<usize> {
        self.tags.get(union).cloned().unwrap_or(0..0)
    }
}
