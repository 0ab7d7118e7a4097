//! Check: resolves a parsed schema into the [`ir`](crate::ir) module's types, collecting every error.
//!
//! Each pass reports what it finds and goes on, so one run shows every problem: names and
//! duplicates here, types in `types`, union membership and tags in `tags`, and cycles in
//! `recursion`. The IR is returned only when no pass found anything.

pub(crate) mod naming;
mod recursion;
mod tags;
mod types;

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::Diagnostic;
use crate::emit::json_schema::id as json_schema_id;
use crate::emit::rust::bridge::trait_name as bridge_trait_name;
use crate::emit::rust::escape as rust_escape;
use crate::emit::typescript::matching::handlers_name;
use crate::ir::{self, EnumDef, EnumValue, Field, StructDef, TypeDef, UnionDef, Variant};
use crate::syntax::ast::{
    EnumItem, FieldItem, ItemKind, RenameRule, SchemaFile, Spanned, StructItem, UnionItem,
};
use types::{DeclKind, Declared};

/// The name of the field an open struct gets in Rust to keep unknown keys.
pub const EXTRA_FIELDS: &str = "extra_fields";

/// Checks a parsed schema and lowers it to the IR, or returns every error found.
pub fn check(
    file: &SchemaFile,
    source_name: &str,
    stem: &str,
) -> Result<ir::Schema, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let declared = declare(file, &mut errors);
    refuse_helper_names(file, &declared, &mut errors);
    let settings = &file.settings;
    let mut defs = BTreeMap::new();
    let mut lowered: BTreeSet<&str> = BTreeSet::new();
    for item in &file.items {
        // A duplicate declaration was reported already; lower only the first one.
        if !lowered.insert(&item.name.value) {
            continue;
        }
        let name = item.name.value.clone();
        let docs = item.docs.clone();
        let def = match &item.kind {
            ItemKind::Struct(item) => {
                TypeDef::Struct(lower_struct(name, docs, item, file, &declared, &mut errors))
            }
            ItemKind::Union(item) => {
                TypeDef::Union(lower_union(name, docs, item, file, &declared, &mut errors))
            }
            ItemKind::Enum(item) => TypeDef::Enum(lower_enum(name, docs, item, file, &mut errors)),
        };
        defs.insert(def.name().to_string(), def);
    }
    if let Some(id) = &settings.id
        && let Some(problem) = json_schema_id::id_problem(&id.value)
    {
        errors.push(Diagnostic::new(
            format!("`id` is {problem}"),
            id.span.clone(),
            "not a JSON Schema `$id`",
            "the `$id` is an absolute URI without a fragment, such as \
             `https://schemas.example.com/name.schema.json` or `urn:example:name`; \
             percent-encode spaces and other characters URIs do not allow",
        ));
    }
    tags::assign(file, &mut defs, &mut errors);
    recursion::check(file, &defs, &mut errors);
    if !errors.is_empty() {
        errors.sort_by_key(|error| (error.span.start, error.span.end));
        return Err(errors);
    }
    Ok(ir::Schema {
        source_name: source_name.to_string(),
        stem: stem.to_string(),
        id: settings
            .id
            .as_ref()
            .map_or_else(|| json_schema_id::default_id(stem), |id| id.value.clone()),
        title: settings
            .title
            .as_ref()
            .map_or_else(|| stem.to_string(), |title| title.value.clone()),
        docs: file.docs.clone(),
        types: defs,
    })
}

/// Reports a type named like a helper the emitters generate for a union (its Rust bridge
/// trait, its TypeScript handlers type), which the two declarations would share.
fn refuse_helper_names(file: &SchemaFile, declared: &Declared, errors: &mut Vec<Diagnostic>) {
    // Every helper name, to the union it belongs to: one look-up per item, not one per item
    // and union.
    let helpers: BTreeMap<String, &str> = declared
        .iter()
        .filter(|(_, kind)| **kind == DeclKind::Union)
        .flat_map(|(union, _)| {
            [bridge_trait_name(union), handlers_name(union)].map(|helper| (helper, union.as_str()))
        })
        .collect();
    for item in &file.items {
        let Some(union) = helpers.get(&item.name.value) else {
            continue;
        };
        let helper = &item.name.value;
        errors.push(Diagnostic::new(
            format!("type name `{helper}` is taken by a helper of union `{union}`"),
            item.name.span.clone(),
            "generated for the union",
            format!(
                "cardc generates `{}` (Rust) and `{}` (TypeScript) for `{union}`: rename this type",
                bridge_trait_name(union),
                handlers_name(union)
            ),
        ));
    }
}

/// Records every declared name, reporting bad and repeated ones.
fn declare(file: &SchemaFile, errors: &mut Vec<Diagnostic>) -> Declared {
    let mut declared: Declared = file
        .unparsed
        .iter()
        .map(|name| (name.clone(), DeclKind::Unparsed))
        .collect();
    let mut first_spans: BTreeMap<&str, &Spanned<String>> = BTreeMap::new();
    for item in &file.items {
        let name = &item.name;
        if let Some(problem) = naming::type_name_problem(&name.value) {
            errors.push(Diagnostic::new(
                format!("type name {problem}"),
                name.span.clone(),
                "bad type name",
                "type names are ASCII UpperCamelCase, like `FileDiff`, other than `Self` and the \
                 schema language's own types (`String`, `Vec`, `Option`, `Box`, `Json`, `Nullable`, \
                 `Map`), which the generated Rust writes as they are",
            ));
        }
        if let Some(first) = first_spans.get(name.value.as_str()) {
            errors.push(
                Diagnostic::new(
                    format!("type `{}` is declared twice", name.value),
                    name.span.clone(),
                    "declared again here",
                    "rename one of them, or remove the copy",
                )
                .with_related(first.span.clone(), "first declared here"),
            );
            continue;
        }
        first_spans.insert(&name.value, name);
        let kind = match item.kind {
            ItemKind::Struct(_) => DeclKind::Struct,
            ItemKind::Union(_) => DeclKind::Union,
            ItemKind::Enum(_) => DeclKind::Enum,
        };
        declared.insert(name.value.clone(), kind);
    }
    declared
}

fn lower_struct(
    name: String,
    docs: ir::Docs,
    item: &StructItem,
    file: &SchemaFile,
    declared: &Declared,
    errors: &mut Vec<Diagnostic>,
) -> StructDef {
    let rule = item.rename_all.or(file.settings.rename_fields);
    let closed = item.closed.or(file.settings.closed).unwrap_or(true);
    let mut wire_names = Unique::wire(
        "wire field",
        "two fields of one object would share a key: give one of them another wire name with \
         `#[rename = \"...\"]`",
    );
    let mut rust_names = Unique::new(
        "field",
        "a struct's fields need distinct names: rename or remove one of them",
    );
    let mut fields = Vec::new();
    for field in &item.fields {
        let rust_name = rust_escape::ident_text(&field.name.value);
        check_field_name(field, closed, errors);
        let wire_name = field.rename.as_ref().map_or_else(
            || naming::apply_to_field(rule, &field.name.value),
            |rename| rename.value.clone(),
        );
        let wire_span = field.rename.as_ref().unwrap_or(&field.name).span.clone();
        check_wire_key(&wire_name, &wire_span, errors);
        // A field declared twice would also repeat its wire name: report it once.
        if rust_names.check(&rust_name, field.name.span.clone(), errors) {
            wire_names.check(&wire_name, wire_span, errors);
        }
        if let Some((optional, ty)) = types::field_type(&field.ty, declared, errors) {
            fields.push(Field {
                name: field.name.value.clone(),
                rust_name,
                wire_name,
                docs: field.docs.clone(),
                optional,
                ty,
            });
        }
    }
    StructDef {
        name,
        docs,
        fields,
        closed,
        tags: Vec::new(),
    }
}

/// Reports a key no JavaScript object literal can hold: the one rule for every key a struct
/// carries on the wire, its fields' and its unions' tags.
fn check_wire_key(key: &str, span: &std::ops::Range<usize>, errors: &mut Vec<Diagnostic>) {
    if key == "__proto__" {
        errors.push(Diagnostic::new(
            "`__proto__` cannot be a wire name",
            span.clone(),
            "sets the prototype in JavaScript",
            "in a JavaScript object literal `__proto__` sets the object's prototype instead of \
             a key, so TypeScript readers could not build this object: choose another name",
        ));
    }
}

fn check_field_name(field: &FieldItem, closed: bool, errors: &mut Vec<Diagnostic>) {
    let name = &field.name;
    if let Some(c) = naming::non_ascii(&name.value) {
        errors.push(Diagnostic::new(
            format!(
                "field name `{}` contains `{c}`, which is not ASCII",
                name.value
            ),
            name.span.clone(),
            "not ASCII",
            format!(
                "field names are ASCII snake_case; the wire name may be any string: keep it with \
                 `#[rename = \"{}\"]`",
                name.value
            ),
        ));
    } else if !naming::is_snake(&name.value) {
        errors.push(Diagnostic::new(
            format!("field name `{}` is not snake_case", name.value),
            name.span.clone(),
            "not snake_case",
            "write the field in snake_case; the wire name comes from `rename_fields`, \
             `rename_all` or `#[rename = \"...\"]`",
        ));
    }
    if !closed && name.value == EXTRA_FIELDS {
        errors.push(Diagnostic::new(
            format!("an open struct cannot have a field named `{EXTRA_FIELDS}`"),
            name.span.clone(),
            "reserved in open structs",
            format!(
                "the generated Rust keeps unknown keys in `{EXTRA_FIELDS}`: rename the field and \
                 keep its wire name with `#[rename = \"{EXTRA_FIELDS}\"]`"
            ),
        ));
    }
}

fn lower_union(
    name: String,
    docs: ir::Docs,
    item: &UnionItem,
    file: &SchemaFile,
    declared: &Declared,
    errors: &mut Vec<Diagnostic>,
) -> UnionDef {
    let rule = item.rename_all.or(file.settings.rename_variants);
    let mut names = Unique::new(
        "variant",
        "a union's variants need distinct names: rename one of them",
    );
    let mut values = Unique::wire(
        "tag value",
        "each variant needs its own tag value: give one of them another with `#[rename = \"...\"]`",
    );
    check_wire_key(&item.tag.value, &item.tag.span, errors);
    let mut variants = Vec::new();
    for variant in &item.variants {
        check_variant_name(&variant.name, errors);
        let (tag_value, span) = wire_variant_name(rule, &variant.name, variant.rename.as_ref());
        // A variant declared twice would also repeat its tag value: report it once.
        if names.check(&variant.name.value, variant.name.span.clone(), errors) {
            values.check(&tag_value, span, errors);
        }
        if let Some(payload) = types::payload_type(&variant.payload, declared, errors) {
            variants.push(Variant {
                name: variant.name.value.clone(),
                tag_value,
                docs: variant.docs.clone(),
                payload,
            });
        }
    }
    UnionDef {
        name,
        docs,
        tag: item.tag.value.clone(),
        variants,
        outer_tags: Vec::new(),
    }
}

fn lower_enum(
    name: String,
    docs: ir::Docs,
    item: &EnumItem,
    file: &SchemaFile,
    errors: &mut Vec<Diagnostic>,
) -> EnumDef {
    let rule = item.rename_all.or(file.settings.rename_variants);
    let mut names = Unique::new(
        "enum value",
        "an enum's values need distinct names: rename one of them",
    );
    let mut wires = Unique::wire(
        "wire value",
        "two values would travel as the same string: give one of them another with \
         `#[rename = \"...\"]`",
    );
    let mut values = Vec::new();
    for value in &item.values {
        check_variant_name(&value.name, errors);
        let (wire_name, span) = wire_variant_name(rule, &value.name, value.rename.as_ref());
        // A value declared twice would also repeat its wire string: report it once.
        if names.check(&value.name.value, value.name.span.clone(), errors) {
            wires.check(&wire_name, span, errors);
        }
        values.push(EnumValue {
            name: value.name.value.clone(),
            wire_name,
            docs: value.docs.clone(),
        });
    }
    EnumDef { name, docs, values }
}

fn check_variant_name(name: &Spanned<String>, errors: &mut Vec<Diagnostic>) {
    if let Some(problem) = naming::variant_name_problem(&name.value) {
        errors.push(Diagnostic::new(
            format!("variant name {problem}"),
            name.span.clone(),
            "bad variant name",
            "variant names are ASCII UpperCamelCase; choose the wire string with `#[rename = \"...\"]`",
        ));
    }
}

fn wire_variant_name(
    rule: Option<RenameRule>,
    name: &Spanned<String>,
    rename: Option<&Spanned<String>>,
) -> (String, std::ops::Range<usize>) {
    match rename {
        Some(rename) => (rename.value.clone(), rename.span.clone()),
        None => (
            naming::apply_to_variant(rule, &name.value),
            name.span.clone(),
        ),
    }
}

/// Reports a name seen twice within one scope, pointing back at the first.
struct Unique {
    what: &'static str,
    hint: &'static str,
    /// Whether the names are wire names, which a rename rule may have derived: the labels then
    /// show the name each place ends up with, since it may be written differently there.
    wire: bool,
    seen: BTreeMap<String, std::ops::Range<usize>>,
}

impl Unique {
    /// For names as written in the schema.
    fn new(what: &'static str, hint: &'static str) -> Self {
        Unique {
            what,
            hint,
            wire: false,
            seen: BTreeMap::new(),
        }
    }

    /// For wire names: written by hand or derived by a rename rule.
    fn wire(what: &'static str, hint: &'static str) -> Self {
        Unique {
            wire: true,
            ..Unique::new(what, hint)
        }
    }

    /// Records a name; reports it and returns false when it was seen before.
    fn check(
        &mut self,
        name: &str,
        span: std::ops::Range<usize>,
        errors: &mut Vec<Diagnostic>,
    ) -> bool {
        if let Some(first) = self.seen.get(name) {
            errors.push(
                Diagnostic::new(
                    format!("duplicate {} `{name}`", self.what),
                    span,
                    if self.wire {
                        format!("also travels as `{name}`")
                    } else {
                        "declared again here".to_string()
                    },
                    self.hint,
                )
                .with_related(
                    first.clone(),
                    if self.wire {
                        format!("travels as `{name}`")
                    } else {
                        "first declared here".to_string()
                    },
                ),
            );
            false
        } else {
            self.seen.insert(name.to_string(), span);
            true
        }
    }
}
