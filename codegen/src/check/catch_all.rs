//! Open unions and enums: the catch-all an `#[other]` variant declares, and what the checker
//! refuses of it because readers could not agree (a second catch-all, a tag value equal to its
//! key) or a target could not name it (a type named like its generated type). A catch-all
//! with a payload and one in an untagged union are refused where those are lowered.

use crate::diagnostics::Diagnostic;
use crate::ir;
use crate::syntax::ast::{ItemKind, SchemaFile, Spanned, VariantItem};
use crate::target::Target;

use super::types::Declared as DeclaredTypes;

/// Reports a type named like an item a target generates for an open union's or enum's
/// catch-all (its TypeScript type, its Python class), which the two declarations would share.
pub(super) fn refuse_names(
    file: &SchemaFile,
    declared: &DeclaredTypes,
    targets: &[&dyn Target],
    errors: &mut Vec<Diagnostic>,
) {
    for item in &file.items {
        let others: Vec<&Spanned<String>> = match &item.kind {
            // A folding catch-all is a known value, and gets no item of its own.
            ItemKind::Union(union) => union
                .variants
                .iter()
                .filter(|variant| variant.other.as_ref().is_some_and(|other| !other.fold))
                .map(|variant| &variant.name)
                .collect(),
            ItemKind::Enum(enumeration) => enumeration
                .values
                .iter()
                .filter(|value| value.other.as_ref().is_some_and(|other| !other.fold))
                .map(|value| &value.name)
                .collect(),
            _ => continue,
        };
        for other in others {
            // Targets may spell the same name (TypeScript's type, Python's class): one error
            // per name, naming every language that needs it.
            let mut needed: Vec<(String, Vec<&str>)> = Vec::new();
            for target in targets {
                for helper in target.catch_all_helpers(&item.name.value, &other.value) {
                    if !declared.contains_key(&helper) {
                        continue;
                    }
                    match needed.iter_mut().find(|(name, _)| *name == helper) {
                        Some((_, languages)) => languages.push(target.language()),
                        None => needed.push((helper, vec![target.language()])),
                    }
                }
            }
            for (helper, languages) in needed {
                let languages = languages.join(" and ");
                errors.push(Diagnostic::new(
                    format!(
                        "the catch-all `{}` of `{}` needs the name `{helper}`, which a type has",
                        other.value, item.name.value
                    ),
                    other.span.clone(),
                    format!("named `{helper}` in {languages}"),
                    format!(
                        "cardc generates `{helper}` ({languages}) for this catch-all: rename it or the type"
                    ),
                ));
            }
        }
    }
}

/// Reports a tag value equal to the catch-all's key, and says whether there was one: where
/// variants are keyed by tag (a TypeScript `match` handler), the two would share a key.
pub(super) fn refuse_key_taken(
    other: &ir::CatchAll,
    tags: &[(String, std::ops::Range<usize>)],
    errors: &mut Vec<Diagnostic>,
) -> bool {
    let Some((_, span)) = tags.iter().find(|(tag, _)| *tag == other.key) else {
        return false;
    };
    errors.push(
        Diagnostic::new(
            format!(
                "tag value `{}` is the key of the catch-all `{}`",
                other.key, other.name
            ),
            span.clone(),
            format!("travels as `{}`", other.key),
            format!(
                "the catch-all is keyed `{}` where variants are keyed by tag (the TypeScript \
                 `match` handlers): rename the catch-all, or give it another key with \
                 `#[rename = \"...\"]`",
                other.key
            ),
        )
        .with_related(other.span.clone(), "the catch-all"),
    );
    true
}

/// What a catch-all is declared with, for a union variant or an enum value alike.
pub(super) struct Declared<'a> {
    /// The catch-all's name, where it is written.
    pub name: &'a Spanned<String>,
    /// Its doc comment.
    pub docs: &'a ir::Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<&'a ir::Deprecated>,
}

impl<'a> From<&'a VariantItem> for Declared<'a> {
    fn from(variant: &'a VariantItem) -> Self {
        Declared {
            name: &variant.name,
            docs: &variant.docs,
            deprecated: variant.deprecated.as_ref(),
        }
    }
}

/// Reports `name`, marked a catch-all at `marker`, as a second one after the catch-all whose
/// name is written at `first`, and says whether it was: a union or enum has one place for what
/// it does not know, kept or folded.
pub(super) fn refuse_second(
    name: &Spanned<String>,
    marker: &std::ops::Range<usize>,
    first: Option<&ir::Span>,
    errors: &mut Vec<Diagnostic>,
) -> bool {
    let Some(first) = first else {
        return false;
    };
    errors.push(
        Diagnostic::new(
            format!("`{}` is a second catch-all", name.value),
            marker.clone(),
            "a second `#[other]`",
            "one catch-all reads every value the type does not know: keep one `#[other]`",
        )
        .with_related(first.clone(), "the first catch-all"),
    );
    true
}

/// The catch-all an `#[other]` variant declares.
pub(super) fn lower<'a>(item: impl Into<Declared<'a>>, key: String) -> ir::CatchAll {
    let item = item.into();
    ir::CatchAll {
        name: item.name.value.clone(),
        key,
        docs: item.docs.clone(),
        deprecated: item.deprecated.cloned(),
        span: item.name.span.clone(),
    }
}
