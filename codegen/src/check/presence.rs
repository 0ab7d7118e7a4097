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

#[cfg(test)]
mod tests {
    use crate::ir::{Presence, TypeDef};

    /// The presence of each field of `Card` in `text`.
    fn presences(text: &str) -> Vec<(String, Presence)> {
        let schema = crate::compile("x.cards", text).expect("a valid schema");
        let Some(TypeDef::Struct(card)) = schema.types.get("Card") else {
            panic!("no struct Card");
        };
        card.fields
            .iter()
            .map(|field| (field.name.clone(), field.presence))
            .collect()
    }

    /// The file's `#![null_as_absent]` makes every `Option<T>` field null-as-absent, and
    /// leaves alone the fields it cannot apply to, which the field attribute would refuse.
    #[test]
    fn the_file_attribute_applies_where_it_can() {
        let text = "#![null_as_absent]\nstruct Card { a: Option<String>, b: Option<Json>, \
                    c: Option<Nullable<u8>>, d: String, e: Nullable<bool> }\n";
        let by_name = |name: &str| {
            presences(text)
                .into_iter()
                .find(|(field, _)| field == name)
                .map(|(_, presence)| presence)
        };
        assert_eq!(by_name("a"), Some(Presence::NullAsAbsent));
        assert_eq!(by_name("b"), Some(Presence::Optional));
        assert_eq!(by_name("c"), Some(Presence::OptionalNullable));
        assert_eq!(by_name("d"), Some(Presence::Required));
        assert_eq!(by_name("e"), Some(Presence::Nullable));
    }

    /// Without the file's attribute, only the fields that say so read `null` as absent.
    #[test]
    fn the_field_attribute_is_per_field() {
        let text = "struct Card { #[null_as_absent] a: Option<String>, b: Option<String> }\n";
        assert_eq!(
            presences(text),
            [
                ("a".to_string(), Presence::NullAsAbsent),
                ("b".to_string(), Presence::Optional)
            ]
        );
    }
}
