//! `#[flatten = "Envelope"]` on a union: the struct's fields are keys of every variant's
//! object, declared once instead of on each variant struct (TypeSpec's spread into a union).
//!
//! The spread is the same as a `#[flatten]` field on each variant struct, so this pass adds that
//! field to each one (named after the struct, in snake_case) and the other passes check it as
//! any flattened field: its keys against the variant's own fields, at both spans. Since the
//! field then belongs to the struct wherever it is used, a variant struct must take the same
//! spreads from every union it is a variant of and be used nowhere else, and a nested union
//! must flatten the same structs itself; a unit variant has no struct to add the field to.

use std::collections::BTreeMap;
use std::ops::Range;

use super::imports::Imports;
use super::types::DeclKind;
use crate::diagnostics::Diagnostic;
use crate::ir::{TypeDef, UnknownFields};
use crate::naming::RenameRule;
use crate::syntax::ast::{
    ConstraintAttrs, FieldItem, ItemKind, SchemaFile, Spanned, TypeExpr, TypeKind, UnionItem,
};

/// One union a struct is a variant of: the union's name, what it flattens and where the
/// variant names the struct.
struct Membership<'a> {
    union: &'a str,
    spreads: Vec<&'a Spanned<String>>,
    at: Range<usize>,
}

/// The schema with every union's spreads added to its variant structs as flattened fields, or
/// `None` when no union flattens anything. Reports a spread that cannot be carried out.
///
/// A union may flatten a struct the file imports, but not into an imported variant, whose
/// struct only its own file can give the keys.
pub(super) fn apply(
    file: &SchemaFile,
    imports: &Imports,
    errors: &mut Vec<Diagnostic>,
) -> Option<SchemaFile> {
    let imported = &imports.defs;
    let spreading = |kind: &ItemKind| matches!(kind, ItemKind::Union(u) if !u.spreads.is_empty());
    if !file.items.iter().any(|item| spreading(&item.kind)) {
        return None;
    }
    let mut kinds: BTreeMap<&str, &ItemKind> = BTreeMap::new();
    for item in &file.items {
        kinds.entry(item.name.value.as_str()).or_insert(&item.kind);
    }
    let mut members: BTreeMap<&str, Vec<Membership>> = BTreeMap::new();
    for item in &file.items {
        let ItemKind::Union(union) = &item.kind else {
            continue;
        };
        let spreads = usable_spreads(file, &kinds, imports, union, errors);
        // The catch-all keeps whatever object an unknown tag came with: it has no struct to
        // carry the keys, and needs none.
        for variant in union
            .variants
            .iter()
            .filter(|variant| variant.other.is_none())
        {
            let Some(payload) = &variant.payload else {
                if let Some(spread) = spreads.first() {
                    errors.push(
                        Diagnostic::new(
                            format!(
                                "the unit variant `{}` cannot carry the keys of `{}`, which `{}` \
                                 flattens into every variant",
                                variant.name.value, spread.value, item.name.value
                            ),
                            variant.name.span.clone(),
                            "a unit variant has no struct",
                            format!(
                                "give `{}` a struct payload (it will carry `{}`'s keys), or \
                                 flatten `{}` into each struct variant instead of the union",
                                variant.name.value, spread.value, spread.value
                            ),
                        )
                        .with_related(spread.span.clone(), "flattened into every variant here"),
                    );
                }
                continue;
            };
            let TypeKind::Named(name) = &payload.kind else {
                continue;
            };
            match kinds.get(name.as_str()) {
                Some(ItemKind::Struct(_)) => members.entry(name).or_default().push(Membership {
                    union: &item.name.value,
                    spreads: spreads.clone(),
                    at: payload.span.clone(),
                }),
                Some(ItemKind::Union(inner)) => {
                    for spread in &spreads {
                        if !inner.spreads.iter().any(|own| own.value == spread.value) {
                            errors.push(
                                Diagnostic::new(
                                    format!(
                                        "the variant `{}` is the union `{name}`, which does not \
                                         flatten `{}`",
                                        variant.name.value, spread.value
                                    ),
                                    payload.span.clone(),
                                    "its variants would not carry the keys",
                                    format!(
                                        "add `#[flatten = \"{}\"]` to `{name}` too",
                                        spread.value
                                    ),
                                )
                                .with_related(spread.span.clone(), "flattened here"),
                            );
                        }
                    }
                }
                None if imported.contains_key(name) && !spreads.is_empty() => {
                    errors.push(
                        Diagnostic::new(
                            format!(
                                "the variant `{}` carries `{name}`, which is imported, so it \
                                 cannot take the keys `{}` flattens into every variant",
                                variant.name.value, item.name.value
                            ),
                            payload.span.clone(),
                            "declared in another file",
                            format!(
                                "a union's `#[flatten = \"...\"]` adds the keys to each variant's \
                                 struct, and only the file that declares `{name}` can: flatten \
                                 into `{name}` there, or give this variant a struct of this file"
                            ),
                        )
                        .with_related(spreads[0].span.clone(), "flattened here"),
                    );
                }
                _ => {}
            }
        }
    }
    members.retain(|_, unions| unions.iter().any(|member| !member.spreads.is_empty()));
    refuse_uneven(&members, errors);
    refuse_other_uses(file, &members, errors);
    let mut spread = file.clone();
    for item in &mut spread.items {
        let ItemKind::Struct(def) = &mut item.kind else {
            continue;
        };
        let Some(member) = members
            .get(item.name.value.as_str())
            .and_then(|m| m.first())
        else {
            continue;
        };
        let added = member.spreads.iter().map(|envelope| FieldItem {
            name: Spanned {
                value: RenameRule::Snake.apply_to_variant(&envelope.value),
                span: envelope.span.clone(),
            },
            docs: vec![format!(
                "The fields of `{}`, flattened into every variant of `{}`.",
                envelope.value, member.union
            )],
            deprecated: None,
            examples: Vec::new(),
            flatten: Some(envelope.span.clone()),
            rename: None,
            on_invalid: None,
            invalid_default: None,
            skip_invalid: None,
            null_as_absent: None,
            default: None,
            omit_default: None,
            ty: TypeExpr {
                kind: TypeKind::Named(envelope.value.clone()),
                span: envelope.span.clone(),
            },
            constraints: ConstraintAttrs::default(),
        });
        def.fields.splice(0..0, added);
    }
    Some(spread)
}

/// The structs a union may flatten into its variants: each once, each a closed struct of the
/// schema. The others are reported here, once, rather than at every variant.
fn usable_spreads<'a>(
    file: &SchemaFile,
    kinds: &BTreeMap<&str, &ItemKind>,
    imports: &Imports,
    union: &'a UnionItem,
    errors: &mut Vec<Diagnostic>,
) -> Vec<&'a Spanned<String>> {
    let mut usable: Vec<&Spanned<String>> = Vec::new();
    for spread in &union.spreads {
        let name = spread.value.as_str();
        let problem = match kinds.get(name) {
            _ if usable.iter().any(|earlier| earlier.value == name) => {
                Some(format!("`{name}` is flattened into this union twice"))
            }
            // Imported from a file that does not check, which says why.
            None if imports.declared.get(name) == Some(&DeclKind::Unparsed) => continue,
            None => match imports.defs.get(name) {
                Some(TypeDef::Struct(def)) => (!def.closed())
                    .then(|| format!("`{name}` is open, and an open struct cannot be flattened")),
                Some(_) => Some(format!(
                    "`{name}` is not a struct, so it cannot be flattened"
                )),
                None => Some(format!("no type named `{name}` is declared")),
            },
            Some(ItemKind::Struct(def)) => {
                let unknown = def.unknown.or(file.settings.unknown);
                (unknown.is_some_and(|unknown| unknown != UnknownFields::Refuse))
                    .then(|| format!("`{name}` is open, and an open struct cannot be flattened"))
            }
            Some(_) => Some(format!(
                "`{name}` is not a struct, so it cannot be flattened"
            )),
        };
        match problem {
            None => usable.push(spread),
            Some(problem) => errors.push(Diagnostic::new(
                problem,
                spread.span.clone(),
                "flattened here",
                "`#[flatten = \"...\"]` on a union names a closed struct, declared in this file \
                 or imported, once: its fields become keys of every variant's object",
            )),
        }
    }
    usable
}

/// Reports a struct that two unions give different spreads: its one definition cannot carry
/// the keys under one union and not under the other.
fn refuse_uneven(members: &BTreeMap<&str, Vec<Membership>>, errors: &mut Vec<Diagnostic>) {
    let names = |member: &Membership| -> Vec<String> {
        member
            .spreads
            .iter()
            .map(|spread| spread.value.clone())
            .collect()
    };
    for (name, unions) in members {
        let Some(first) = unions.first() else {
            continue;
        };
        for other in &unions[1..] {
            if names(other) != names(first) {
                let flattens = |member: &Membership| match names(member).as_slice() {
                    [] => "flattens nothing".to_string(),
                    spreads => format!("flattens `{}`", spreads.join("`, `")),
                };
                errors.push(
                    Diagnostic::new(
                        format!(
                            "`{name}` is a variant of `{}`, which {}, and of `{}`, which {}",
                            first.union,
                            flattens(first),
                            other.union,
                            flattens(other)
                        ),
                        other.at.clone(),
                        "a variant here",
                        format!(
                            "`{name}` has one definition: flatten the same structs into both \
                             unions, or give one of them a struct of its own"
                        ),
                    )
                    .with_related(first.at.clone(), "and a variant here"),
                );
            }
        }
    }
}

/// Reports a use of a struct that takes spreads from its unions anywhere but as a variant of
/// them: as a field, a newtype or an untagged variant it would carry the keys too.
fn refuse_other_uses(
    file: &SchemaFile,
    members: &BTreeMap<&str, Vec<Membership>>,
    errors: &mut Vec<Diagnostic>,
) {
    let mut uses = Vec::new();
    for item in &file.items {
        match &item.kind {
            ItemKind::Struct(def) => def.fields.iter().for_each(|f| named_in(&f.ty, &mut uses)),
            ItemKind::Newtype(def) => named_in(&def.inner, &mut uses),
            ItemKind::Untagged(def) => def
                .variants
                .iter()
                .filter_map(|variant| variant.payload.as_ref())
                .for_each(|payload| named_in(payload, &mut uses)),
            ItemKind::Union(_) | ItemKind::Enum(_) => {}
        }
    }
    for (name, span) in uses {
        let Some(member) = members.get(name).and_then(|m| m.first()) else {
            continue;
        };
        let Some(spread) = member.spreads.first() else {
            continue;
        };
        errors.push(
            Diagnostic::new(
                format!(
                    "`{name}` takes `{}`'s keys from `{}`'s `#[flatten]`, so here it would \
                     carry them too",
                    spread.value, member.union
                ),
                span.clone(),
                "used here",
                format!(
                    "flatten `{}` into `{name}` itself if every use carries its keys, or give \
                     this use a struct of its own",
                    spread.value
                ),
            )
            .with_related(spread.span.clone(), "flattened into every variant here"),
        );
    }
}

/// Every type name `ty` mentions, at any depth, with where it is written.
fn named_in<'a>(ty: &'a TypeExpr, out: &mut Vec<(&'a str, &'a Range<usize>)>) {
    match &ty.kind {
        TypeKind::Named(name) => out.push((name, &ty.span)),
        TypeKind::Vec(inner)
        | TypeKind::Map(inner)
        | TypeKind::Boxed(inner)
        | TypeKind::Option(inner)
        | TypeKind::Nullable(inner) => named_in(inner, out),
        TypeKind::String
        | TypeKind::Bool
        | TypeKind::Int(_)
        | TypeKind::Decimal(_)
        | TypeKind::F64
        | TypeKind::Json
        | TypeKind::Const(_) => {}
    }
}
