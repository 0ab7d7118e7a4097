//! `#[default = "<JSON>"]` and `#[omit_default]`: which fields may have a default, and which
//! defaults every output can build.
//!
//! A default fills an absent key, so it belongs on a field that is otherwise required and never
//! `null`: an `Option` field already reads absent as `None`, a `Nullable` one must be given, a
//! constant has its one value and a flattened field no value of its own. The value is checked
//! once the whole schema has checked, as examples are, against the field's type and
//! constraints; and it must be a value each output writes as a literal (a string, number or
//! boolean, through newtypes; one of an enum's values; an empty array or map), since a default
//! every reader had to build by reading JSON would be a reader of its own in every language.

use std::collections::BTreeMap;

use super::examples;
use crate::diagnostics::Diagnostic;
use crate::ir::{DefaultWrite, Field, FieldDefault, JsonValue, OnInvalid, Presence, Ty, TypeDef};
use crate::syntax::ast::{FieldItem, ItemKind, SchemaFile, Spanned};

/// The field's presence and default once `#[default]` is applied, reporting a default its
/// field cannot take and an `#[omit_default]` without one.
pub(super) fn lower(
    field: &FieldItem,
    presence: Presence,
    ty: &Ty,
    errors: &mut Vec<Diagnostic>,
) -> (Presence, Option<FieldDefault>) {
    let Some(default) = &field.default else {
        if let Some(span) = &field.omit_default {
            errors.push(Diagnostic::new(
                format!("field `{}` has no default to omit", field.name.value),
                span.clone(),
                "no `#[default]`",
                "give the field its default with `#[default = \"<JSON>\"]`, or drop \
                 `#[omit_default]`",
            ));
        }
        return (presence, None);
    };
    let refusal = match (presence, ty) {
        _ if field.flatten.is_some() => Some((
            "a flattened field has no value of its own",
            "its struct's fields are this object's keys: give those fields their defaults \
             where they are declared",
        )),
        (Presence::Optional | Presence::OptionalNullable | Presence::NullAsAbsent, _) => Some((
            "the field is optional",
            "an `Option` field reads an absent key as no value; to read it as a default, drop \
             the `Option` and keep `#[default]`",
        )),
        (Presence::Nullable, _) => Some((
            "the field may be `null`",
            "a default fills an absent key of a field that is never `null`: drop the \
             `Nullable`, or the default",
        )),
        (_, Ty::Const(_)) => Some((
            "a constant has its one value",
            "a constant's key is required and holds its value; drop the default",
        )),
        _ => None,
    };
    if let Some((label, hint)) = refusal {
        errors.push(Diagnostic::new(
            format!("field `{}` cannot have a default", field.name.value),
            default.span.clone(),
            label,
            hint,
        ));
        return (presence, None);
    }
    let Some(value) = examples::parse_one(
        default,
        "default",
        |literal| format!("#[default = {literal}]"),
        "#[default = \"\\\"pending\\\"\"]",
        errors,
    ) else {
        return (presence, None);
    };
    let write = match field.omit_default {
        Some(_) => DefaultWrite::Omit,
        None => DefaultWrite::Keep,
    };
    (Presence::Defaulted, Some(FieldDefault { value, write }))
}

/// Checks every default of the schema, and every value an `#[on_invalid(default = "<JSON>")]`
/// gives, against its field's type and constraints, and that each is a value the outputs can
/// write as a literal. Runs, as the examples' check, once the whole schema has checked; `defs`
/// lowers `file`'s fields in the same order.
pub(super) fn check(
    file: &SchemaFile,
    defs: &BTreeMap<String, TypeDef>,
    errors: &mut Vec<Diagnostic>,
) {
    for item in &file.items {
        let (ItemKind::Struct(syntax), Some(TypeDef::Struct(lowered))) =
            (&item.kind, defs.get(&item.name.value))
        else {
            continue;
        };
        for (field_syntax, field) in syntax.fields.iter().zip(&lowered.fields) {
            let what = format!("{}.{}", item.name.value, field.name);
            if let (Some(written), Some(default)) = (&field_syntax.default, &field.default) {
                let otherwise = "for another value make the field `Option<...>` and let the \
                                 reader decide what absent means";
                check_value(
                    defs,
                    field,
                    &what,
                    (written, &default.value),
                    otherwise,
                    errors,
                );
            }
            if let (Some(written), OnInvalid::Default(value)) =
                (&field_syntax.invalid_default, &field.tolerance.on_invalid)
            {
                let otherwise = "for another value drop `#[on_invalid]`, so that an invalid \
                                 value fails the read";
                check_value(defs, field, &what, (written, value), otherwise, errors);
            }
        }
    }
}

/// Checks one default `value` of `field` (of the struct and field `what`), written at
/// `written`; `otherwise` ends the hint for a value no output writes as a literal.
fn check_value(
    defs: &BTreeMap<String, TypeDef>,
    field: &Field,
    what: &str,
    (written, value): (&Spanned<String>, &JsonValue),
    otherwise: &str,
    errors: &mut Vec<Diagnostic>,
) {
    if let Err(reason) = examples::fits_field(defs, field, value) {
        errors.push(Diagnostic::new(
            format!("this default is not a valid `{what}`{reason}"),
            written.span.clone(),
            "does not fit its type",
            "a default is checked against the contract, as every reader would read it: fix \
             the default, or the type",
        ));
    } else if let Some(reason) = unbuildable(defs, &field.ty, value) {
        errors.push(Diagnostic::new(
            format!("the default of `{what}` {reason}"),
            written.span.clone(),
            "not a literal default",
            format!(
                "a default is a string, number or boolean, one of an enum's values, or an empty \
                 array or map; {otherwise}"
            ),
        ));
    }
}

/// Why a default of type `ty`, which fits it, is no value every output writes as a literal;
/// `None` when it is one.
fn unbuildable(defs: &BTreeMap<String, TypeDef>, ty: &Ty, value: &JsonValue) -> Option<String> {
    match (ty, value) {
        (Ty::String | Ty::Bool | Ty::Int(_) | Ty::Decimal(_) | Ty::F64, _) => None,
        (Ty::Vec(_), JsonValue::Array(items)) if items.is_empty() => None,
        (Ty::Map(_), JsonValue::Object(entries)) if entries.is_empty() => None,
        (Ty::Vec(_), _) => Some("is an array with items".to_string()),
        (Ty::Map(_), _) => Some("is a map with entries".to_string()),
        (Ty::Json, _) => Some("is of `Json`, whose values have no literal in every output".into()),
        (Ty::Boxed(inner) | Ty::Nullable(inner), _) => unbuildable(defs, inner, value),
        (Ty::Named(name), _) => match defs.get(name) {
            Some(TypeDef::Newtype(def)) => unbuildable(defs, &def.ty, value),
            Some(TypeDef::Enum(def)) => match value {
                JsonValue::String(text) if def.values.iter().any(|v| v.wire_name == *text) => None,
                _ => Some(format!(
                    "is no value of `{name}` but its catch-all's: a default is one of the \
                     enum's values"
                )),
            },
            Some(TypeDef::Struct(_)) => Some(format!("is a `{name}` object")),
            Some(TypeDef::Union(_)) => Some(format!("is a `{name}` union object")),
            Some(TypeDef::Untagged(_)) => Some(format!("is a value of the untagged `{name}`")),
            None => Some(format!("is of the undeclared `{name}`")),
        },
        (Ty::Const(_), _) => Some("is a constant's".to_string()),
    }
}
