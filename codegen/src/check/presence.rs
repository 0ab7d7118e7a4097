//! `#[null_as_absent]` and `#![null_as_absent]`: which fields read `null` as absent.
//!
//! Only an `Option<T>` field can: its `null` has no value of its own to mean. `Option<Json>`
//! cannot, since `null` is a `Json` value, nor `Option<Nullable<T>>`, which keeps `null` as a
//! value apart from absent. The field attribute is refused on those with a hint; the file's
//! attribute applies to every `Option<T>` field that can take it and leaves the others as
//! written.

use crate::diagnostics::Diagnostic;
use crate::ir::{Presence, Ty};
use crate::syntax::ast::{FieldItem, SchemaFile};

/// The field's presence once `null_as_absent` (its own or the file's) is applied.
pub(super) fn null_as_absent(
    field: &FieldItem,
    presence: Presence,
    ty: &Ty,
    file: &SchemaFile,
    errors: &mut Vec<Diagnostic>,
) -> Presence {
    let fits = presence == Presence::Optional && *ty != Ty::Json;
    match &field.null_as_absent {
        Some(_) if fits => Presence::NullAsAbsent,
        Some(span) => {
            let (label, hint) = match (presence, ty) {
                (Presence::Optional, _) => (
                    "`null` is a value of `Json`",
                    "an `Option<Json>` field keeps a `null` as the value it reads; to read \
                     `null` as absent, give the field a type without `null` in it",
                ),
                (Presence::OptionalNullable, _) => (
                    "the field keeps `null` as a value",
                    "`Option<Nullable<T>>` tells `null` apart from absent; write `Option<T>` \
                     for a field whose `null` means absent",
                ),
                _ => (
                    "the field is never absent",
                    "only a field that may be absent can read `null` as absent: write \
                     `Option<T>`",
                ),
            };
            errors.push(Diagnostic::new(
                format!("field `{}` cannot read `null` as absent", field.name.value),
                span.clone(),
                label,
                hint,
            ));
            presence
        }
        None if fits && file.settings.null_as_absent.is_some() => Presence::NullAsAbsent,
        None => presence,
    }
}
