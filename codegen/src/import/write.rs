//! The IR an import built, spelt as a `.cards` file: file settings first (the rename rules and
//! the open-object setting most of its items follow, so that `#[rename]` and per-struct
//! settings mark only the exceptions), then every type in name order, each after the notes
//! about it. Every string from the input is written as a literal or a comment that cannot end
//! early.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::Note;
use crate::ir::{
    Bound, Constraints, Deprecated, Docs, EnumDef, Examples, Field, NewtypeDef, Number, Presence,
    Schema, StructDef, Ty, TypeDef, UnionDef, UnknownFields, UntaggedDef, literal, spell,
};
use crate::json_text::compact;
use crate::naming::RenameRule;
use crate::naming::rust::rust_ident_text;

/// The `.cards` text of `schema`, with `notes` (each with the type it belongs to) as comments.
pub(super) fn cards(schema: &Schema, notes: &[(Option<String>, Note)]) -> String {
    let mut types = schema.types.clone();
    box_recursion(&mut types);
    let fields = field_rule(&types);
    let variants = variant_rule(&types);
    let open = open_by_default(&types);
    let mut out = String::new();
    docs(&mut out, "//!", &schema.docs, "");
    if !notes.is_empty() {
        let _ = writeln!(
            out,
            "// Imported by `cardc import`; each note says what the JSON Schema states that this \
             file does not."
        );
    }
    for (_, note) in notes.iter().filter(|(owner, _)| {
        owner
            .as_ref()
            .is_none_or(|owner| !types.contains_key(owner))
    }) {
        write_note(&mut out, note, "");
    }
    if schema.id != format!("urn:cardc:{}", schema.stem) {
        let _ = writeln!(out, "#![id = {}]", literal(&schema.id));
    }
    if schema.title != schema.stem {
        let _ = writeln!(out, "#![title = {}]", literal(&schema.title));
    }
    if let Some(version) = &schema.version {
        let _ = writeln!(out, "#![version = \"{version}\"]");
    }
    if let Some(rule) = fields {
        let _ = writeln!(out, "#![rename_fields = \"{}\"]", rule.spelling());
    }
    if let Some(rule) = variants {
        let _ = writeln!(out, "#![rename_variants = \"{}\"]", rule.spelling());
    }
    if open {
        let _ = writeln!(out, "#![allow_unknown_fields]");
    }
    for entry in &schema.entries {
        let _ = writeln!(out, "#![entry = {}]", literal(entry));
    }
    let rules = Rules {
        fields,
        variants,
        open,
    };
    for (name, def) in &types {
        if !out.is_empty() {
            out.push('\n');
        }
        for (_, note) in notes
            .iter()
            .filter(|(owner, _)| owner.as_deref() == Some(name.as_str()))
        {
            write_note(&mut out, note, "");
        }
        match def {
            TypeDef::Struct(def) => struct_def(&mut out, def, &rules),
            TypeDef::Newtype(def) => newtype_def(&mut out, def),
            TypeDef::Union(def) => union_def(&mut out, def, &rules),
            TypeDef::Enum(def) => enum_def(&mut out, def, &rules),
            TypeDef::Untagged(def) => untagged_def(&mut out, def),
        }
    }
    out
}

/// The file settings the items follow.
struct Rules {
    fields: Option<RenameRule>,
    variants: Option<RenameRule>,
    open: bool,
}

/// A note as a comment line.
fn write_note(out: &mut String, note: &Note, indent: &str) {
    let _ = writeln!(
        out,
        "{indent}// note: {}: {}",
        one_line(&note.pointer),
        one_line(&note.message)
    );
}

/// Text that stays on one comment line: control characters escaped.
pub(super) fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Doc comment lines: `///` (or `//!`) lines, and a line with a control character, which no
/// comment can hold, as a `#[doc]` (`#![doc]`) attribute.
fn docs(out: &mut String, marker: &str, lines: &Docs, indent: &str) {
    for line in lines {
        if line.chars().any(char::is_control) {
            let bang = if marker == "//!" { "!" } else { "" };
            let _ = writeln!(out, "{indent}#{bang}[doc = {}]", literal(line));
        } else if line.is_empty() {
            let _ = writeln!(out, "{indent}{marker}");
        } else {
            let _ = writeln!(out, "{indent}{marker} {line}");
        }
    }
}

/// `#[deprecated]`, with its note.
fn deprecated(out: &mut String, deprecated: Option<&Deprecated>, indent: &str) {
    match deprecated {
        Some(Deprecated { note: Some(note) }) => {
            let _ = writeln!(out, "{indent}#[deprecated = {}]", literal(note));
        }
        Some(Deprecated { note: None }) => {
            let _ = writeln!(out, "{indent}#[deprecated]");
        }
        None => {}
    }
}

/// `#[example = ...]` for each example.
fn examples(out: &mut String, examples: &Examples, indent: &str) {
    for example in examples {
        let _ = writeln!(out, "{indent}#[example = {}]", literal(&compact(example)));
    }
}

/// The common head of every type: docs, deprecation, examples.
fn head(out: &mut String, lines: &Docs, note: Option<&Deprecated>, values: &Examples) {
    docs(out, "///", lines, "");
    deprecated(out, note, "");
    examples(out, values, "");
}

/// The attribute an object (a struct, a unit variant) needs to say what it does with unknown
/// keys, where the file's setting does not say it.
fn unknown_attribute(unknown: UnknownFields, rules: &Rules) -> Option<&'static str> {
    match (unknown, rules.open) {
        (UnknownFields::Refuse, true) => Some("#[deny_unknown_fields]"),
        (UnknownFields::Keep, false) => Some("#[allow_unknown_fields]"),
        (UnknownFields::Drop, _) => Some("#[drop_unknown_fields]"),
        _ => None,
    }
}

fn struct_def(out: &mut String, def: &StructDef, rules: &Rules) {
    head(out, &def.docs, def.deprecated.as_ref(), &def.examples);
    if let Some(attribute) = unknown_attribute(def.unknown, rules) {
        let _ = writeln!(out, "{attribute}");
    }
    if def.fields.is_empty() {
        let _ = writeln!(out, "struct {} {{}}", def.name);
        return;
    }
    let _ = writeln!(out, "struct {} {{", def.name);
    for field in &def.fields {
        self::field(out, field, rules);
    }
    out.push_str("}\n");
}

fn field(out: &mut String, field: &Field, rules: &Rules) {
    let indent = "    ";
    docs(out, "///", &field.docs, indent);
    deprecated(out, field.deprecated.as_ref(), indent);
    examples(out, &field.examples, indent);
    let ruled = rules
        .fields
        .map_or(field.name.clone(), |rule| rule.apply_to_field(&field.name));
    if ruled != field.wire_name {
        let _ = writeln!(out, "{indent}#[rename = {}]", literal(&field.wire_name));
    }
    if let Some(default) = &field.default {
        let _ = writeln!(
            out,
            "{indent}#[default = {}]",
            literal(&compact(&default.value))
        );
    }
    constraints(out, &field.constraints, indent);
    let ty = spell(&field.ty);
    let ty = match field.presence {
        Presence::Required | Presence::Defaulted => ty,
        Presence::Nullable => format!("Nullable<{ty}>"),
        Presence::Optional => format!("Option<{ty}>"),
        Presence::OptionalNullable => format!("Option<Nullable<{ty}>>"),
        Presence::NullAsAbsent => {
            let _ = writeln!(out, "{indent}#[null_as_absent]");
            format!("Option<{ty}>")
        }
    };
    let _ = writeln!(out, "{indent}{}: {ty},", rust_ident_text(&field.name));
}

/// A field's constraint attributes.
fn constraints(out: &mut String, constraints: &Constraints, indent: &str) {
    if let Some(length) = constraints.length {
        let _ = writeln!(out, "{indent}#[length({})]", count(length.min, length.max));
    }
    if let Some(pattern) = &constraints.pattern {
        let _ = writeln!(out, "{indent}#[pattern = {}]", literal(pattern));
    }
    if let Some(format) = constraints.format {
        let _ = writeln!(out, "{indent}#[format = \"{}\"]", format.name());
    }
    if let Some(range) = constraints.range {
        let mut parts = Vec::new();
        let mut bound = |bound: Option<Bound>, inclusive: &str, exclusive: &str| {
            if let Some(bound) = bound {
                let key = if bound.exclusive {
                    exclusive
                } else {
                    inclusive
                };
                parts.push(format!("{key} = {}", number(bound.value)));
            }
        };
        bound(range.min, "min", "exclusive_min");
        bound(range.max, "max", "exclusive_max");
        let _ = writeln!(out, "{indent}#[range({})]", parts.join(", "));
    }
    if constraints.items.is_some() || constraints.unique {
        let items = constraints.items.unwrap_or_default();
        let mut parts = count(items.min, items.max);
        if constraints.unique {
            if !parts.is_empty() {
                parts.push_str(", ");
            }
            parts.push_str("unique");
        }
        let _ = writeln!(out, "{indent}#[items({parts})]");
    }
}

/// `min = 1, max = 3`, each bound there is.
fn count(min: Option<u64>, max: Option<u64>) -> String {
    let mut parts = Vec::new();
    if let Some(min) = min {
        parts.push(format!("min = {min}"));
    }
    if let Some(max) = max {
        parts.push(format!("max = {max}"));
    }
    parts.join(", ")
}

/// A bound as a literal: an integer, or a float that reads back as the same double.
fn number(value: Number) -> String {
    match value {
        Number::Int(int) => int.to_string(),
        Number::Float(float) => format!("{float:?}"),
    }
}

fn newtype_def(out: &mut String, def: &NewtypeDef) {
    head(out, &def.docs, def.deprecated.as_ref(), &def.examples);
    let _ = writeln!(out, "struct {}({});", def.name, spell(&def.ty));
}

fn union_def(out: &mut String, def: &UnionDef, rules: &Rules) {
    head(out, &def.docs, def.deprecated.as_ref(), &def.examples);
    let _ = writeln!(out, "#[union(tag = {})]", literal(&def.tag));
    let _ = writeln!(out, "enum {} {{", def.name);
    let indent = "    ";
    for variant in &def.variants {
        docs(out, "///", &variant.docs, indent);
        deprecated(out, variant.deprecated.as_ref(), indent);
        rename_variant(out, &variant.name, &variant.tag_value, rules);
        match &variant.payload {
            Some(payload) => {
                let _ = writeln!(out, "{indent}{}({payload}),", variant.name);
            }
            None => {
                if let Some(attribute) = unknown_attribute(variant.unknown, rules) {
                    let _ = writeln!(out, "{indent}{attribute}");
                }
                if def.fold.as_ref() == Some(&variant.name) {
                    let _ = writeln!(out, "{indent}#[other(fold)]");
                }
                let _ = writeln!(out, "{indent}{},", variant.name);
            }
        }
    }
    if let Some(other) = &def.other {
        let _ = writeln!(out, "{indent}#[other]\n{indent}{},", other.name);
    }
    out.push_str("}\n");
}

/// `#[rename]` for a variant or enum value whose wire name the file's rule does not give.
fn rename_variant(out: &mut String, name: &str, wire_name: &str, rules: &Rules) {
    let ruled = rules
        .variants
        .map_or(name.to_string(), |rule| rule.apply_to_variant(name));
    if ruled != wire_name {
        let _ = writeln!(out, "    #[rename = {}]", literal(wire_name));
    }
}

fn enum_def(out: &mut String, def: &EnumDef, rules: &Rules) {
    head(out, &def.docs, def.deprecated.as_ref(), &def.examples);
    let _ = writeln!(out, "enum {} {{", def.name);
    let indent = "    ";
    for value in &def.values {
        docs(out, "///", &value.docs, indent);
        deprecated(out, value.deprecated.as_ref(), indent);
        rename_variant(out, &value.name, &value.wire_name, rules);
        if def.fold.as_ref() == Some(&value.name) {
            let _ = writeln!(out, "{indent}#[other(fold)]");
        }
        let _ = writeln!(out, "{indent}{},", value.name);
    }
    if let Some(other) = &def.other {
        let _ = writeln!(out, "{indent}#[other]\n{indent}{},", other.name);
    }
    out.push_str("}\n");
}

fn untagged_def(out: &mut String, def: &UntaggedDef) {
    head(out, &def.docs, def.deprecated.as_ref(), &def.examples);
    out.push_str(if def.is_tried() {
        "#[union(untagged, tried_in_order)]\n"
    } else {
        "#[union(untagged)]\n"
    });
    let _ = writeln!(out, "enum {} {{", def.name);
    for variant in &def.variants {
        docs(out, "///", &variant.docs, "    ");
        let _ = writeln!(out, "    {}({}),", variant.name, spell(&variant.ty));
    }
    out.push_str("}\n");
}

/// The field rule most fields follow (`None`: as written), when it is not none.
fn field_rule(types: &BTreeMap<String, TypeDef>) -> Option<RenameRule> {
    let pairs: Vec<(&str, &str)> = types
        .values()
        .filter_map(|def| match def {
            TypeDef::Struct(def) => Some(def),
            _ => None,
        })
        .flat_map(|def| def.fields.iter())
        .map(|field| (field.name.as_str(), field.wire_name.as_str()))
        .collect();
    best_rule(
        &pairs,
        |rule, name| rule.apply_to_field(name),
        RenameRule::Snake,
    )
}

/// The variant rule most tag values and enum strings follow, when it is not none.
fn variant_rule(types: &BTreeMap<String, TypeDef>) -> Option<RenameRule> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for def in types.values() {
        match def {
            TypeDef::Union(def) => pairs.extend(
                def.variants
                    .iter()
                    .map(|variant| (variant.name.as_str(), variant.tag_value.as_str())),
            ),
            TypeDef::Enum(def) => pairs.extend(
                def.values
                    .iter()
                    .map(|value| (value.name.as_str(), value.wire_name.as_str())),
            ),
            _ => {}
        }
    }
    best_rule(
        &pairs,
        |rule, name| rule.apply_to_variant(name),
        RenameRule::Pascal,
    )
}

/// The rule that gives the most of `pairs`' wire names from their names; `None` when the
/// rule that changes nothing (`plain`) gives as many.
fn best_rule(
    pairs: &[(&str, &str)],
    apply: impl Fn(RenameRule, &str) -> String,
    plain: RenameRule,
) -> Option<RenameRule> {
    let hits = |rule: RenameRule| {
        pairs
            .iter()
            .filter(|(name, wire)| apply(rule, name) == *wire)
            .count()
    };
    let plain_hits = hits(plain);
    let (best, best_hits) = RenameRule::ALL
        .iter()
        .map(|(_, rule)| (*rule, hits(*rule)))
        .fold((plain, plain_hits), |best, next| {
            if next.1 > best.1 { next } else { best }
        });
    (best_hits > plain_hits).then_some(best)
}

/// Whether most structs are open, keeping keys they do not name.
fn open_by_default(types: &BTreeMap<String, TypeDef>) -> bool {
    let (open, closed) = types
        .values()
        .fold((0, 0), |(open, closed), def| match def {
            TypeDef::Struct(def) if def.unknown == UnknownFields::Keep => (open + 1, closed),
            TypeDef::Struct(_) => (open, closed + 1),
            _ => (open, closed),
        });
    open > closed
}

/// Boxes each field, newtype and untagged variant that names, outside any array or map, a
/// type that reaches back to its own without one: Rust needs the indirection, JSON does not
/// see it.
fn box_recursion(types: &mut BTreeMap<String, TypeDef>) {
    let direct: BTreeMap<String, BTreeSet<String>> = types
        .iter()
        .map(|(name, def)| (name.clone(), direct_names(def)))
        .collect();
    let reaches = |from: &str, to: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(next) = stack.pop() {
            if next == to {
                return true;
            }
            if seen.insert(next.clone()) {
                stack.extend(direct.get(&next).into_iter().flatten().cloned());
            }
        }
        false
    };
    for (name, def) in types.iter_mut() {
        let boxed = |ty: &mut Ty| {
            let target = match ty {
                Ty::Named(target) => Some(target.clone()),
                Ty::Nullable(inner) => match inner.as_ref() {
                    Ty::Named(target) => Some(target.clone()),
                    _ => None,
                },
                _ => None,
            };
            if let Some(target) = target
                && reaches(&target, name)
            {
                *ty = match std::mem::replace(ty, Ty::Json) {
                    Ty::Nullable(inner) => Ty::Nullable(Box::new(Ty::Boxed(inner))),
                    other => Ty::Boxed(Box::new(other)),
                };
            }
        };
        match def {
            TypeDef::Struct(def) => def.fields.iter_mut().for_each(|field| boxed(&mut field.ty)),
            TypeDef::Newtype(def) => boxed(&mut def.ty),
            TypeDef::Untagged(def) => def
                .variants
                .iter_mut()
                .for_each(|variant| boxed(&mut variant.ty)),
            TypeDef::Union(_) | TypeDef::Enum(_) => {}
        }
    }
}

/// The types a type names outside any array or map (a union its payloads).
fn direct_names(def: &TypeDef) -> BTreeSet<String> {
    fn named(ty: &Ty) -> Option<String> {
        match ty {
            Ty::Named(name) => Some(name.clone()),
            Ty::Nullable(inner) | Ty::Boxed(inner) => named(inner),
            _ => None,
        }
    }
    match def {
        TypeDef::Struct(def) => def
            .fields
            .iter()
            .filter_map(|field| named(&field.ty))
            .collect(),
        TypeDef::Newtype(def) => named(&def.ty).into_iter().collect(),
        TypeDef::Union(def) => def
            .variants
            .iter()
            .filter_map(|variant| variant.payload.clone())
            .collect(),
        TypeDef::Untagged(def) => def
            .variants
            .iter()
            .filter_map(|variant| named(&variant.ty))
            .collect(),
        TypeDef::Enum(_) => BTreeSet::new(),
    }
}
