//! Attributes as serde and Rust spell them (`#[serde(tag = "type")]`, `#[untagged]`,
//! `#[non_exhaustive]`): each is an unknown attribute here, reported with the cardc attribute
//! that says the same thing, so that a schema copied from Rust code is led to the construct it
//! meant rather than to a list of every attribute.

use syn::{Attribute, Expr, ExprLit, Lit, Meta};

use super::attrs::Place;
use super::node_range;
use crate::diagnostics::{Diagnostic, Fix};

/// An attribute another tool spells: the report, and whether it made the enum a union (which
/// is then not also blamed for values that carry data).
pub(super) struct Foreign {
    pub report: Diagnostic,
    pub means_union: bool,
}

/// The report for an attribute another tool spells, at `place`; `None` when `name` is no such
/// attribute (the caller reports it as unknown).
pub(super) fn report(attr: &Attribute, name: &str, place: Place) -> Option<Foreign> {
    let (cardc, why) = match (name, place) {
        ("serde", _) => return serde(attr, place),
        ("untagged", Place::Enum) => (UNTAGGED.to_string(), UNTAGGED_WHY),
        ("tag", Place::Enum) => (union_tag(attr), TAGGED_WHY),
        ("non_exhaustive", Place::Enum) => {
            return Some(Foreign {
                report: non_exhaustive(attr),
                means_union: false,
            });
        }
        _ => return None,
    };
    let report = Diagnostic::new(
        format!("unknown attribute `{name}` on an enum"),
        node_range(attr),
        "not a cardc attribute",
        format!("write `{cardc}`: {why}"),
    )
    .with_fix(Fix::replace(
        format!("Replace with `{cardc}`"),
        node_range(attr),
        cardc,
    ));
    Some(Foreign {
        report,
        means_union: true,
    })
}

const UNTAGGED: &str = "#[union(untagged)]";
const UNTAGGED_WHY: &str = "an untagged union's variants are told apart by their JSON shape \
                            (a string, an array, an object with a key of its own)";
const TAGGED_WHY: &str = "a tagged union's variants are told apart by the tag field inside \
                          their objects";

/// `#[union(tag = "...")]` with the tag `#[tag = "..."]` gave, or `type`.
fn union_tag(attr: &Attribute) -> String {
    let tag = match &attr.meta {
        Meta::NameValue(pair) => match &pair.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(lit), ..
            }) => lit.value(),
            _ => "type".to_string(),
        },
        _ => "type".to_string(),
    };
    format!("#[union(tag = {tag:?})]")
}

/// `#[non_exhaustive]`: Rust's way to say more values may come, which cardc says with a
/// catch-all that a reader reads them as.
fn non_exhaustive(attr: &Attribute) -> Diagnostic {
    Diagnostic::new(
        "unknown attribute `non_exhaustive` on an enum",
        node_range(attr),
        "not a cardc attribute",
        "an open union or enum names its catch-all: remove this and add a unit variant marked \
         `#[other]` (`#[other] Unknown`), which reads every tag or string the type does not \
         list and keeps it (see \"Open unions and open enums\" in the book)",
    )
}

/// `#[serde(...)]`: the cardc attribute for each option serde's derive would take here.
fn serde(attr: &Attribute, place: Place) -> Option<Foreign> {
    let mut spelled: Vec<String> = Vec::new();
    let mut unknown = false;
    let parsed = attr.parse_nested_meta(|meta| {
        let option = meta
            .path
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        let value = match meta.value() {
            Ok(value) => match value.parse::<Lit>()? {
                Lit::Str(lit) => Some(lit.value()),
                _ => None,
            },
            Err(_) => None,
        };
        match cardc_spelling(&option, value.as_deref(), place) {
            Some(cardc) => spelled.push(cardc),
            None => unknown = true,
        }
        Ok(())
    });
    if parsed.is_err() || spelled.is_empty() {
        return None;
    }
    let listed = spelled
        .iter()
        .map(|cardc| format!("`{cardc}`"))
        .collect::<Vec<_>>()
        .join(" ");
    let rest = if unknown {
        "; the other options have no cardc spelling here"
    } else {
        ""
    };
    let problem = Diagnostic::new(
        format!("unknown attribute `serde` on {}", place.describe()),
        node_range(attr),
        "serde's spelling",
        format!(
            "a schema is not serde: cardc spells this {listed}{rest} (see \"The schema language\" \
             in the book)"
        ),
    );
    let means_union = spelled.iter().any(|cardc| cardc.starts_with("#[union("));
    let report = if unknown {
        problem
    } else {
        problem.with_fix(Fix::replace(
            format!("Replace with {listed}"),
            node_range(attr),
            spelled.join(" "),
        ))
    };
    Some(Foreign {
        report,
        means_union,
    })
}

/// What serde's option `option` (with its string value) is in cardc at `place`.
fn cardc_spelling(option: &str, value: Option<&str>, place: Place) -> Option<String> {
    let valued = |name: &str| value.map(|value| format!("#[{name} = {value:?}]"));
    match (option, place) {
        ("untagged", Place::Enum) => Some(UNTAGGED.to_string()),
        ("tag", Place::Enum) => value.map(|tag| format!("#[union(tag = {tag:?})]")),
        ("rename_all", Place::Enum | Place::Struct) => valued("rename_all"),
        ("rename", Place::Field | Place::Variant) => valued("rename"),
        // serde reads an unknown tag as the variant, and writes the variant back: a fold.
        ("other", Place::Variant) => Some("#[other(fold)]".to_string()),
        ("flatten", Place::Field) => Some("#[flatten]".to_string()),
        ("deny_unknown_fields", Place::Struct) => Some("#[deny_unknown_fields]".to_string()),
        _ => None,
    }
}
