//! Check: resolves a parsed schema into the [`crate::ir`] module's types, collecting every error.
//!
//! Each pass reports what it finds and goes on, so one run shows every problem: names and
//! duplicates here, size limits in `limits`, a union's `#[flatten = "..."]` in `spread` (which
//! adds it to each variant struct as a flattened field), types in `types` (with "did you mean" from
//! `suggest`), union membership and tags in `tags`, and cycles in `recursion`, the last two
//! reading the spans the IR carries (`tags` reads the syntax tree only for the field types
//! that name a variant struct, which the IR keeps no span of). What each target reserves, the
//! targets say. Every pass
//! takes time near-linear in the schema's size. The IR is returned only when no pass found
//! anything.

mod catch_all;
mod constraints;
mod defaults;
mod examples;
mod flatten;
mod id;
mod imports;
mod limits;
mod naming;
mod pattern;
mod presence;
mod recursion;
mod spread;
mod suggest;
mod tags;
mod tolerance;
mod types;
mod unique;
mod untagged;
mod version;

/// The shared pattern dialect's rule, for a front end that must not write a pattern the
/// checker refuses (`cardc import`).
pub use pattern::problem as pattern_problem;
pub use unique::problem as unique_problem;

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::diagnostics::Diagnostic;
use crate::ir::{
    self, EnumDef, EnumValue, Field, StructDef, TypeDef, UnionDef, UnknownFields, Variant,
};
use crate::syntax::ast::{
    EnumItem, FieldItem, ItemKind, RenameRule, SchemaFile, Spanned, StructItem, UnionItem,
};
use crate::target::{Refusal, Target};
use types::{DeclKind, Declared, Scope};

/// Checks a parsed schema and lowers it to the IR, or returns every error found. Each of the
/// `targets` is asked what it reserves (see [`Target`]), so a schema checks only when every
/// one of them can carry it.
///
/// A file with `use` declarations needs the files they name: see [`check_importing`]; here
/// each is refused.
pub fn check(
    file: &SchemaFile,
    source_name: &str,
    stem: &str,
    targets: &[&dyn Target],
) -> Result<ir::Schema, Vec<Diagnostic>> {
    check_with(file, source_name, stem, targets, None)
}

/// [`check`] for a file whose `use` declarations name other schema files: `imported` holds,
/// for each of `file.uses` in order, the checked schema of the file it names, or `None` where
/// that file could not be read or checked (the caller reported why at the `use`).
pub fn check_importing(
    file: &SchemaFile,
    source_name: &str,
    stem: &str,
    targets: &[&dyn Target],
    imported: &[Option<&ir::Schema>],
) -> Result<ir::Schema, Vec<Diagnostic>> {
    check_with(file, source_name, stem, targets, Some(imported))
}

/// [`check`], or [`check_importing`] when `imported` is given.
fn check_with(
    file: &SchemaFile,
    source_name: &str,
    stem: &str,
    targets: &[&dyn Target],
    imported: Option<&[Option<&ir::Schema>]>,
) -> Result<ir::Schema, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    limits::check(file, &mut errors);
    let imports = match imported {
        Some(imported) => imports::resolve(file, imported, &mut errors),
        None => {
            refuse_uses(file, &mut errors);
            imports::resolve(file, &vec![None; file.uses.len()], &mut errors)
        }
    };
    // A union's spreads are flattened fields of its variant structs from here on.
    let spread = spread::apply(file, &imports, &mut errors);
    let file = spread.as_ref().unwrap_or(file);
    let mut declared = declare(file, &mut errors);
    declared.extend(imports.declared);
    refuse_helper_names(file, &declared, targets, &mut errors);
    catch_all::refuse_names(file, &declared, targets, &mut errors);
    let mut scope = Scope::new(&declared);
    let settings = &file.settings;
    let mut defs = imports.defs;
    let mut lowered: HashSet<&str> = HashSet::new();
    for item in &file.items {
        // A duplicate declaration was reported already; lower only the first one.
        if !lowered.insert(&item.name.value) {
            continue;
        }
        let name = item.name.value.clone();
        let name_span = item.name.span.clone();
        let docs = item.docs.clone();
        let deprecated = item.deprecated.clone();
        let examples = examples::parse(&item.examples, &mut errors);
        let def = match &item.kind {
            ItemKind::Struct(item) => TypeDef::Struct(lower_struct(
                (name, name_span.clone(), docs, deprecated, examples),
                item,
                file,
                targets,
                &mut scope,
                &mut errors,
            )),
            ItemKind::Union(item) => TypeDef::Union(lower_union(
                (name, name_span.clone(), docs, deprecated, examples),
                item,
                file,
                targets,
                &mut scope,
                &mut errors,
            )),
            ItemKind::Newtype(item) => {
                let Some(ty) = types::newtype_type(&item.inner, &mut scope, &mut errors) else {
                    continue;
                };
                TypeDef::Newtype(ir::NewtypeDef {
                    name,
                    name_span,
                    docs,
                    deprecated,
                    examples,
                    ty,
                    span: item.inner.span.clone(),
                })
            }
            ItemKind::Untagged(item) => TypeDef::Untagged(untagged::lower(
                (name, name_span.clone(), docs, deprecated, examples),
                item,
                &mut scope,
                &mut errors,
            )),
            ItemKind::Enum(item) => TypeDef::Enum(lower_enum(
                (name, name_span.clone(), docs, deprecated, examples),
                item,
                file,
                &mut errors,
            )),
        };
        defs.insert(def.name().to_string(), def);
    }
    if let Some(id) = &settings.id
        && let Some(problem) = id::id_problem(&id.value)
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
    // The file's name, not a span of it, is at fault: the error points at its start.
    for target in targets {
        if let Some(refusal) = target.stem_problem(stem) {
            errors.push(Diagnostic::new(
                refusal.message,
                0..0,
                refusal.label,
                refusal.hint,
            ));
        }
    }
    let entries = entries(&settings.entries, &mut scope, &mut errors);
    tags::check(&defs, &mut errors);
    recursion::check(&defs, &mut errors);
    unique::check(&defs, &mut errors);
    flatten::check(&defs, &mut errors);
    untagged::check(&mut defs, &mut errors);
    refuse_input_helper_names(&defs, targets, &mut errors);
    // An example is checked against types that are sound, and would only repeat their errors.
    if errors.is_empty() {
        examples::check(file, &defs, &mut errors);
        defaults::check(file, &defs, &mut errors);
    }
    let version = settings
        .version
        .as_ref()
        .and_then(|version| version::parse(version, &mut errors));
    if !errors.is_empty() {
        errors.sort_by_key(|error| (error.span.start, error.span.end));
        return Err(errors);
    }
    let schema = ir::Schema {
        source_name: source_name.to_string(),
        stem: stem.to_string(),
        id: settings
            .id
            .as_ref()
            .map_or_else(|| id::default_id(stem), |id| id.value.clone()),
        title: settings
            .title
            .as_ref()
            .map_or_else(|| stem.to_string(), |title| title.value.clone()),
        version,
        docs: file.docs.clone(),
        spans: ir::SchemaSpans {
            docs: file.docs_span.clone(),
            id: settings.id.as_ref().map(|id| id.span.clone()),
            title: settings.title.as_ref().map(|title| title.span.clone()),
            entries: entries.iter().map(|entry| entry.span.clone()).collect(),
        },
        entries: entries.into_iter().map(|entry| entry.value).collect(),
        types: defs,
        foreign: imports.foreign,
    };
    Ok(schema)
}

/// Reports each `use` of a file checked without the files it names (text compiled alone).
fn refuse_uses(file: &SchemaFile, errors: &mut Vec<Diagnostic>) {
    for declared in &file.uses {
        errors.push(Diagnostic::new(
            format!(
                "this schema imports from `{}`, which is not read here",
                declared.path.value
            ),
            declared.path.span.clone(),
            "another file",
            "compile the file from disk (`cardc generate`, `Build`, the derive or a project), \
             which reads the files its `use` declarations name",
        ));
    }
}

/// The entry types, each declared once and naming a type of the schema, with where each is
/// written.
fn entries(
    declared: &[Spanned<String>],
    scope: &mut Scope,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Spanned<String>> {
    let mut unique = Unique::new(
        "entry",
        "an entry type is listed once: remove the repeated `#![entry]`",
    );
    let mut entries = Vec::new();
    for entry in declared {
        if unique.check(&entry.value, entry.span.clone(), errors)
            && types::entry_type(entry, scope, errors)
        {
            entries.push(entry.clone());
        }
    }
    entries
}

/// Reports a type named like an item a target generates for a union (its Rust bridge trait,
/// its TypeScript handlers type), which the two declarations would share.
fn refuse_helper_names(
    file: &SchemaFile,
    declared: &Declared,
    targets: &[&dyn Target],
    errors: &mut Vec<Diagnostic>,
) {
    // Every helper name, to the union it belongs to: one look-up per item, not one per item
    // and union.
    let helpers: BTreeMap<String, &str> = declared
        .iter()
        .filter(|(_, kind)| **kind == DeclKind::Union)
        .flat_map(|(union, _)| {
            targets
                .iter()
                .flat_map(|target| target.union_helpers(union))
                .map(|helper| (helper, union.as_str()))
        })
        .collect();
    for item in &file.items {
        let Some(union) = helpers.get(&item.name.value) else {
            continue;
        };
        let helper = &item.name.value;
        let generated: Vec<String> = targets
            .iter()
            .flat_map(|target| {
                target
                    .union_helpers(union)
                    .into_iter()
                    .map(|name| format!("`{name}` ({})", target.language()))
            })
            .collect();
        errors.push(Diagnostic::new(
            format!("type name `{helper}` is taken by a helper of union `{union}`"),
            item.name.span.clone(),
            "generated for the union",
            format!(
                "cardc generates {} for `{union}`: rename this type",
                generated.join(" and ")
            ),
        ));
    }
}

/// Reports a type, or an open union's or enum's catch-all, named like an item a target
/// generates for a type a writer may write otherwise than a reader holds it (its TypeScript
/// input type), which the two declarations would share. Which types those are is known only
/// once every type is lowered, so this reads the IR.
fn refuse_input_helper_names(
    defs: &BTreeMap<String, TypeDef>,
    targets: &[&dyn Target],
    errors: &mut Vec<Diagnostic>,
) {
    // Every helper name, to the type it is generated for and the languages that generate it.
    let mut helpers: BTreeMap<String, (&str, Vec<&str>)> = BTreeMap::new();
    for name in ir::types_with_input_form(defs) {
        for target in targets {
            for helper in target.input_helpers(name) {
                helpers
                    .entry(helper)
                    .or_insert_with(|| (name, Vec::new()))
                    .1
                    .push(target.language());
            }
        }
    }
    if helpers.is_empty() {
        return;
    }
    // What else declares a top-level name, where, and how a message says it: each type, and
    // each catch-all's generated type.
    let mut declared: Vec<(String, &std::ops::Range<usize>, String)> = Vec::new();
    for def in defs.values() {
        declared.push((
            def.name().to_string(),
            def.name_span(),
            format!("type name `{}`", def.name()),
        ));
        let other = match def {
            TypeDef::Union(union) => union.other.as_ref(),
            TypeDef::Enum(enumeration) => enumeration.other.as_ref(),
            _ => None,
        };
        for (target, other) in targets.iter().flat_map(|target| other.map(|o| (target, o))) {
            for helper in target.catch_all_helpers(def.name(), &other.name) {
                let what = format!(
                    "the name `{helper}` of the catch-all `{}` of `{}`",
                    other.name,
                    def.name()
                );
                declared.push((helper, &other.span, what));
            }
        }
    }
    // Targets may spell a catch-all's type alike (TypeScript's type, Python's class): one error.
    declared.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    for (name, span, what) in declared {
        let Some((owner, languages)) = helpers.get(&name) else {
            continue;
        };
        let languages = languages.join(" and ");
        errors.push(Diagnostic::new(
            format!("{what} is taken by the input type of `{owner}`"),
            span.clone(),
            format!("the input type of `{owner}` in {languages}"),
            format!(
                "a writer may write a `{owner}` otherwise than a reader holds it (a key left out \
                 for its default, or a value folded into a known one), so cardc generates \
                 `{name}` ({languages}) for what a writer may write: rename this"
            ),
        ));
    }
}

/// Puts each target's refusal of a name at the name's span.
fn refuse_for_targets(
    targets: &[&dyn Target],
    span: &std::ops::Range<usize>,
    problem: impl Fn(&dyn Target) -> Option<Refusal>,
    errors: &mut Vec<Diagnostic>,
) {
    for refusal in targets.iter().filter_map(|target| problem(*target)) {
        errors.push(Diagnostic::new(
            refusal.message,
            span.clone(),
            refusal.label,
            refusal.hint,
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
    let mut first_spans: HashMap<&str, &Spanned<String>> = HashMap::new();
    for item in &file.items {
        let name = &item.name;
        if let Some(problem) = naming::type_name_problem(&name.value) {
            errors.push(Diagnostic::new(
                format!("type name {problem}"),
                name.span.clone(),
                "bad type name",
                "type names are ASCII UpperCamelCase, like `FileDiff`, other than the schema \
                 language's own types (`String`, `Vec`, `Option`, `Box`, `Json`, `Nullable`, \
                 `Map`, `Const`), which the generated Rust writes as they are",
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
            ItemKind::Newtype(_) => DeclKind::Newtype,
            ItemKind::Union(_) => DeclKind::Union,
            ItemKind::Untagged(_) => DeclKind::Untagged,
            ItemKind::Enum(_) => DeclKind::Enum,
        };
        declared.insert(name.value.clone(), kind);
    }
    declared
}

/// A declaration's name, docs, deprecation and examples, which every kind of type carries.
/// The span is where the name is written.
pub(super) type Header = (
    String,
    ir::Span,
    ir::Docs,
    Option<ir::Deprecated>,
    ir::Examples,
);

fn lower_struct(
    (name, name_span, docs, deprecated, examples): Header,
    item: &StructItem,
    file: &SchemaFile,
    targets: &[&dyn Target],
    scope: &mut Scope,
    errors: &mut Vec<Diagnostic>,
) -> StructDef {
    let rule = item.rename_all.or(file.settings.rename_fields);
    let unknown = item
        .unknown
        .or(file.settings.unknown)
        .unwrap_or(UnknownFields::Refuse);
    let mut wire_names = Unique::wire(
        "wire field",
        "two fields of one object would share a key: give one of them another wire name with \
         `#[rename = \"...\"]`",
    );
    let mut names = Unique::new(
        "field",
        "a struct's fields need distinct names: rename or remove one of them",
    );
    let mut fields = Vec::new();
    for field in &item.fields {
        check_field_name(field, errors);
        refuse_for_targets(
            targets,
            &field.name.span,
            |target| target.field_name_problem(&field.name.value, unknown == UnknownFields::Keep),
            errors,
        );
        if field.rename.is_none() {
            refuse_dropped_underscore(field, rule, errors);
        }
        let wire_name = field.rename.as_ref().map_or_else(
            || {
                rule.map_or_else(
                    || field.name.value.clone(),
                    |rule| rule.apply_to_field(&field.name.value),
                )
            },
            |rename| rename.value.clone(),
        );
        let wire_span = field.rename.as_ref().unwrap_or(&field.name).span.clone();
        refuse_for_targets(
            targets,
            &wire_span,
            |target| target.wire_key_problem(&wire_name),
            errors,
        );
        // A field declared twice would also repeat its wire name: report it once. A flattened
        // field's name is no key; its struct's keys are checked with the others once every
        // struct is known (see `flatten`).
        if names.check(&field.name.value, field.name.span.clone(), errors)
            && field.flatten.is_none()
        {
            wire_names.check(&wire_name, wire_span.clone(), errors);
        }
        let flatten = field
            .flatten
            .as_ref()
            .is_some_and(|flatten| flatten::refuse_misplaced(field, flatten, errors));
        if let Some((presence, ty)) = types::field_type(&field.ty, scope, errors) {
            let presence = presence::null_as_absent(field, presence, &ty, file, errors);
            let (presence, default) = defaults::lower(field, presence, &ty, errors);
            let constraints = constraints::lower(&field.constraints, &ty, &field.ty.span, errors);
            let tolerance = tolerance::lower(field, presence, default.as_ref(), &ty, errors);
            fields.push(Field {
                name: field.name.value.clone(),
                wire_name,
                span: wire_span,
                docs: field.docs.clone(),
                deprecated: field.deprecated.clone(),
                examples: examples::parse(&field.examples, errors),
                presence,
                ty,
                constraints,
                flatten,
                tolerance,
                default,
            });
        }
    }
    StructDef {
        name,
        name_span,
        docs,
        deprecated,
        examples,
        fields,
        unknown,
    }
}

fn check_field_name(field: &FieldItem, errors: &mut Vec<Diagnostic>) {
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
}

/// Reports a field whose leading underscore its rename rule would drop, as serde's camelCase
/// and PascalCase do (`_meta` travels as `meta`): the underscore is most likely meant, as in
/// the `_meta` keys of JSON-RPC protocols, and dropping it silently would change the key.
fn refuse_dropped_underscore(
    field: &FieldItem,
    rule: Option<RenameRule>,
    errors: &mut Vec<Diagnostic>,
) {
    let name = &field.name.value;
    let Some(rule @ (RenameRule::Camel | RenameRule::Pascal)) = rule else {
        return;
    };
    if !name.starts_with('_') {
        return;
    }
    let wire = rule.apply_to_field(name);
    let spelling = rule.spelling();
    errors.push(Diagnostic::new(
        format!("field `{name}` would travel as `{wire}`: {spelling} drops its leading underscore"),
        field.name.span.clone(),
        format!("becomes `{wire}`"),
        format!(
            "keep the key `{name}` with `#[rename = \"{name}\"]`, or name the field `{}` if \
             `{wire}` is meant",
            name.trim_start_matches('_')
        ),
    ));
}

fn lower_union(
    (name, name_span, docs, deprecated, examples): Header,
    item: &UnionItem,
    file: &SchemaFile,
    targets: &[&dyn Target],
    scope: &mut Scope,
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
    refuse_for_targets(
        targets,
        &item.tag.span,
        |target| target.wire_key_problem(&item.tag.value),
        errors,
    );
    let mut variants = Vec::new();
    let mut other = None;
    let mut fold = None;
    // Where the first catch-all's name is written, kept or folded.
    let mut first_catch_all = None;
    // Each tag value and where it was decided, for the catch-all's key to be checked against.
    let mut tag_spans = Vec::new();
    for variant in &item.variants {
        check_variant_name(&variant.name, errors);
        let (tag_value, span) = wire_variant_name(rule, &variant.name, variant.rename.as_ref());
        if let Some(marker) = &variant.other {
            if catch_all::refuse_second(
                &variant.name,
                &marker.span,
                first_catch_all.as_ref(),
                errors,
            ) {
                continue;
            }
            first_catch_all = Some(variant.name.span.clone());
            if let Some(payload) = &variant.payload {
                let (what, written) = if marker.fold {
                    (
                        "reads an object of a tag the union does not know as this variant, \
                         dropping its other keys",
                        "#[other(fold)]",
                    )
                } else {
                    (
                        "keeps the whole object of a tag the union does not know, whatever its \
                         keys",
                        "#[other]",
                    )
                };
                errors.push(Diagnostic::new(
                    format!("the catch-all `{}` carries a payload", variant.name.value),
                    payload.span.clone(),
                    "a payload",
                    format!(
                        "the catch-all {what}: write it as a unit variant, `{written} {}`",
                        variant.name.value
                    ),
                ));
            }
            if marker.fold {
                // A known variant too: lowered below with the others.
                let keeps = variant
                    .unknown
                    .as_ref()
                    .map(|unknown| unknown.value)
                    .or(file.settings.unknown)
                    == Some(UnknownFields::Keep);
                if keeps && variant.payload.is_none() {
                    errors.push(Diagnostic::new(
                        format!(
                            "the folding catch-all `{}` keeps other keys than its tag",
                            variant.name.value
                        ),
                        marker.span.clone(),
                        "folds into a variant that keeps keys",
                        "an object of a tag the union does not know reads as this variant with \
                         its other keys dropped, so it would hold keys only when its own tag was \
                         written: give it `#[drop_unknown_fields]` or `#[deny_unknown_fields]`",
                    ));
                } else if variant.payload.is_none() {
                    fold = Some(variant.name.value.clone());
                }
            } else {
                if let Some(unknown) = &variant.unknown {
                    errors.push(Diagnostic::new(
                        format!(
                            "the catch-all `{}` keeps every key already",
                            variant.name.value
                        ),
                        unknown.span.clone(),
                        "says nothing here",
                        "the catch-all keeps the whole object of a tag the union does not know, \
                         whatever its keys, and writes it back as read: remove the attribute",
                    ));
                }
                if names.check(&variant.name.value, variant.name.span.clone(), errors) {
                    other = Some(catch_all::lower(variant, tag_value));
                }
                continue;
            }
        }
        tag_spans.push((tag_value.clone(), span.clone()));
        // A variant declared twice would also repeat its tag value: report it once.
        if names.check(&variant.name.value, variant.name.span.clone(), errors) {
            values.check(&tag_value, span, errors);
        }
        if let (Some(unknown), Some(_)) = (&variant.unknown, &variant.payload) {
            errors.push(Diagnostic::new(
                format!(
                    "variant `{}` carries a payload, whose own declaration says what its object \
                     does with unknown keys",
                    variant.name.value
                ),
                unknown.span.clone(),
                "on a variant with a payload",
                "write the attribute on the payload's struct; only a unit variant, which has no \
                 struct, takes it",
            ));
        }
        let (payload, span) = match &variant.payload {
            Some(expr) => match types::payload_type(expr, scope, errors) {
                Some(payload) => (Some(payload), expr.span.clone()),
                None => continue,
            },
            None => (None, variant.name.span.clone()),
        };
        // A unit variant's object is an object like a struct's: its own attribute, else the
        // file's setting, says what it does with keys other than its tags.
        let unknown = match &payload {
            None => variant
                .unknown
                .as_ref()
                .map(|unknown| unknown.value)
                .or(file.settings.unknown)
                .unwrap_or(UnknownFields::Refuse),
            Some(_) => UnknownFields::Refuse,
        };
        variants.push(Variant {
            name: variant.name.value.clone(),
            tag_value,
            docs: variant.docs.clone(),
            deprecated: variant.deprecated.clone(),
            payload,
            unknown,
            span,
        });
    }
    UnionDef {
        name,
        name_span,
        docs,
        deprecated,
        examples,
        tag: item.tag.value.clone(),
        tag_span: item.tag.span.clone(),
        other: other.filter(|other| !catch_all::refuse_key_taken(other, &tag_spans, errors)),
        fold,
        variants,
    }
}

fn lower_enum(
    (name, name_span, docs, deprecated, examples): Header,
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
    let mut other = None;
    let mut fold = None;
    // Where the first catch-all's name is written, kept or folded.
    let mut first_catch_all = None;
    for value in &item.values {
        check_variant_name(&value.name, errors);
        let (wire_name, span) = wire_variant_name(rule, &value.name, value.rename.as_ref());
        if let Some(marker) = &value.other {
            if catch_all::refuse_second(&value.name, &marker.span, first_catch_all.as_ref(), errors)
            {
                continue;
            }
            first_catch_all = Some(value.name.span.clone());
            if marker.fold {
                // A known value too: lowered below with the others.
                fold = Some(value.name.value.clone());
            } else {
                if names.check(&value.name.value, value.name.span.clone(), errors) {
                    let item = catch_all::Declared {
                        name: &value.name,
                        docs: &value.docs,
                        deprecated: value.deprecated.as_ref(),
                    };
                    other = Some(catch_all::lower(item, wire_name));
                }
                continue;
            }
        }
        // A value declared twice would also repeat its wire string: report it once.
        if names.check(&value.name.value, value.name.span.clone(), errors) {
            wires.check(&wire_name, span.clone(), errors);
        }
        values.push(EnumValue {
            name: value.name.value.clone(),
            wire_name,
            span,
            docs: value.docs.clone(),
            deprecated: value.deprecated.clone(),
        });
    }
    EnumDef {
        name,
        name_span,
        docs,
        deprecated,
        examples,
        values,
        other,
        fold,
    }
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
            rule.map_or_else(
                || name.value.clone(),
                |rule| rule.apply_to_variant(&name.value),
            ),
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
    /// Each name seen, where it was first written.
    seen: Vec<(String, std::ops::Range<usize>)>,
    /// The names seen by their place in `seen`, once there are more than a scan of it should
    /// look through: most scopes are a handful of fields or variants, a few are a thousand.
    index: HashMap<String, usize>,
}

/// The most names [`Unique`] looks through one by one.
const UNIQUE_SCAN: usize = 16;

impl Unique {
    /// For names as written in the schema.
    fn new(what: &'static str, hint: &'static str) -> Self {
        Unique {
            what,
            hint,
            wire: false,
            seen: Vec::new(),
            index: HashMap::new(),
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
        let earlier = match self.seen.len() <= UNIQUE_SCAN {
            true => self.seen.iter().position(|(seen, _)| seen == name),
            false => self.index.get(name).copied(),
        };
        let Some(earlier) = earlier else {
            self.seen.push((name.to_string(), span));
            if self.seen.len() > UNIQUE_SCAN {
                // Every name not in the index yet: all of them the first time, then the new one.
                let indexed = self.index.len();
                for (at, (seen, _)) in self.seen.iter().enumerate().skip(indexed) {
                    self.index.insert(seen.clone(), at);
                }
            }
            return true;
        };
        let first = self.seen[earlier].1.clone();
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
                first,
                if self.wire {
                    format!("travels as `{name}`")
                } else {
                    "first declared here".to_string()
                },
            ),
        );
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name repeated among the first few of a scope, and among many, is found either way.
    #[test]
    fn a_repeated_name_is_found_in_short_and_long_scopes() {
        let mut errors = Vec::new();
        let mut unique = Unique::new("field", "rename one");
        for at in 0..100 {
            let name = format!("f{}", at % 40);
            assert_eq!(
                unique.check(&name, at..at + 1, &mut errors),
                at < 40,
                "{at}"
            );
        }
        assert_eq!(errors.len(), 60);
        assert_eq!(errors[0].message, "duplicate field `f0`");
        assert_eq!(
            (errors[0].span.clone(), errors[0].related[0].0.clone()),
            (40..41, 0..1)
        );
        assert_eq!(errors[59].related[0].0, 19..20);
    }

    /// The passes over the type graph keep their own stacks: a cycle through as many types as a
    /// schema may hold is one report, on a thread of 2 MB (where recursion overflowed).
    #[test]
    fn a_cycle_through_every_type_checks_on_a_small_stack() {
        let n = crate::limits::MAX_TYPES - 1;
        let mut text: String = (0..n)
            .map(|i| format!("struct A{i} {{ a: A{} }}\n", i + 1))
            .collect();
        text.push_str(&format!("struct A{n} {{ a: A0 }}\n"));
        let errors = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || crate::compile("x.cards", &text).expect_err("a cycle"))
            .expect("a thread")
            .join()
            .expect("no stack overflow");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.starts_with("recursive type `A0`"));
    }
}
