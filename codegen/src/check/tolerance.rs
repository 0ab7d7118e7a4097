//! Reader policies, `#[on_invalid = "absent"]` or `"default"`, `#[on_invalid(default =
//! "<JSON>")]` and `#[skip_invalid]`: allowed only where a tolerant reader can apply them the
//! same way in every language, and where they say something (an absent key needs an optional
//! field, a default a field that has one or a value given with the policy, skipped items an
//! array).

use super::examples;
use crate::diagnostics::Diagnostic;
use crate::ir::{FieldDefault, OnInvalid, Presence, Tolerance, Ty};
use crate::syntax::ast::FieldItem;

/// The policy a field declares, reporting each attribute its field cannot honour. `default` is
/// the field's `#[default]`, lowered; the value of `#[on_invalid(default = "<JSON>")]` is
/// checked against the field's type with the defaults (see `defaults::check`).
pub(super) fn lower(
    field: &FieldItem,
    presence: Presence,
    default: Option<&FieldDefault>,
    ty: &Ty,
    errors: &mut Vec<Diagnostic>,
) -> Tolerance {
    let mut tolerance = Tolerance::default();
    if let Some(flatten) = &field.flatten {
        let attr = field
            .on_invalid
            .as_ref()
            .map(|attr| attr.span.clone())
            .or_else(|| field.skip_invalid.clone());
        if let Some(span) = attr {
            errors.push(
                Diagnostic::new(
                    "a flattened field has no value of its own to tolerate",
                    span,
                    "tolerates nothing",
                    "its struct's fields are this object's keys: declare the policy on those \
                     fields where they are declared",
                )
                .with_related(flatten.clone(), "flattened here"),
            );
            return tolerance;
        }
    }
    if let (Some(policy), Some(written)) = (&field.on_invalid, &field.invalid_default) {
        let refusal = match (presence, ty) {
            (Presence::Required, Ty::Const(_)) => Some((
                "a constant has its one value",
                "a constant's key holds its value or the read fails: drop `#[on_invalid]`",
            )),
            (Presence::Required, _) => None,
            (Presence::Defaulted, _) => Some((
                "the field has a default",
                "an invalid value of a field with a `#[default]` reads as that default: write \
                 `#[on_invalid = \"default\"]`",
            )),
            (Presence::Nullable, _) => Some((
                "the field may be `null`",
                "`#[on_invalid(default = ...)]` is for a key that is required and never `null`: \
                 drop the `Nullable`, or make the field `Option<Nullable<...>>` with \
                 `#[on_invalid = \"absent\"]`",
            )),
            _ => Some((
                "the field is optional",
                "an invalid value of an `Option` field reads as absent: write \
                 `#[on_invalid = \"absent\"]`, or drop the `Option` to keep the key required",
            )),
        };
        if let Some((label, hint)) = refusal {
            errors.push(Diagnostic::new(
                format!(
                    "field `{}` cannot read an invalid value as a default of its own",
                    field.name.value
                ),
                policy.span.clone(),
                label,
                hint,
            ));
        } else if let Some(value) = examples::parse_one(
            written,
            "default",
            |literal| format!("#[on_invalid(default = {literal})]"),
            "#[on_invalid(default = \"0\")]",
            errors,
        ) {
            tolerance.on_invalid = OnInvalid::Default(value);
        }
    } else if let Some(policy) = &field.on_invalid {
        match policy.value.as_str() {
            "absent" if presence.is_optional() => tolerance.on_invalid = OnInvalid::Absent,
            "default" if presence == Presence::Defaulted => {
                if let Some(default) = default {
                    tolerance.on_invalid = OnInvalid::Default(default.value.clone());
                }
            }
            "absent" if presence == Presence::Defaulted => errors.push(Diagnostic::new(
                format!(
                    "field `{}` reads an absent key as its default, so an invalid value cannot \
                     read as absent",
                    field.name.value
                ),
                policy.span.clone(),
                "the field has a default",
                "write `#[on_invalid = \"default\"]`: an invalid value then reads as the \
                 default, as an absent key does",
            )),
            "absent" => errors.push(Diagnostic::new(
                format!(
                    "field `{}` must be present, so an invalid value cannot read as absent",
                    field.name.value
                ),
                policy.span.clone(),
                "the field is required",
                "make the field `Option<...>`, so that an absent key is a value it can hold, or \
                 drop `#[on_invalid]` so that an invalid value fails the read",
            )),
            "default" => errors.push(Diagnostic::new(
                format!(
                    "field `{}` has no default for an invalid value to read as",
                    field.name.value
                ),
                policy.span.clone(),
                "no `#[default]`",
                match presence {
                    Presence::Required => {
                        "write `#[on_invalid(default = \"<JSON>\")]` to keep the key required and \
                         read an invalid value as that value, or give the field \
                         `#[default = \"<JSON>\"]` to read an absent key as it too"
                    }
                    Presence::Nullable => {
                        "a default is for a key that is never `null`: drop the `Nullable` to give \
                         the field one, or make it `Option<Nullable<...>>` with \
                         `#[on_invalid = \"absent\"]`"
                    }
                    _ => {
                        "an invalid value of an optional field reads as absent: write \
                         `#[on_invalid = \"absent\"]`"
                    }
                },
            )),
            other => errors.push(Diagnostic::new(
                format!("unknown `on_invalid` policy `{other}`"),
                policy.span.clone(),
                "not a policy",
                "write `#[on_invalid = \"absent\"]` on an optional field, whose invalid value \
                 then reads as an absent key, or `#[on_invalid = \"default\"]` on a field with \
                 a default; the reader reports each",
            )),
        }
    }
    if let Some(span) = &field.skip_invalid {
        match ty {
            Ty::Vec(_) => match &field.constraints.items {
                Some(items) => errors.push(
                    Diagnostic::new(
                        "`#[skip_invalid]` and `#[items(...)]` on one array",
                        span.clone(),
                        "skips items",
                        "whether the count and uniqueness hold of the items read or of the items \
                         sent is a choice readers could make differently: drop one of the two",
                    )
                    .with_related(items.span.clone(), "counts items"),
                ),
                None => tolerance.skip_invalid = true,
            },
            Ty::Map(_) => errors.push(Diagnostic::new(
                "`#[skip_invalid]` skips array items, and a map has none",
                span.clone(),
                "on a map",
                "an invalid map value fails the read; to tolerate it, make the map an array of \
                 entries, or the field `Option<...>` with `#[on_invalid = \"absent\"]`",
            )),
            _ => errors.push(Diagnostic::new(
                format!(
                    "`#[skip_invalid]` skips array items, and field `{}` is no array",
                    field.name.value
                ),
                span.clone(),
                "not an array",
                "write it on a `Vec<...>` field (inside `Option` or `Nullable` too); for any \
                 other optional field, `#[on_invalid = \"absent\"]` drops an invalid value",
            )),
        }
    }
    tolerance
}
