//! `#[items(unique)]` only where every reader compares items alike. The JSON Schema, the
//! TypeScript guards and the Python package compare the items as JSON; the Rust decoder
//! compares the values it read. The two agree only where two different JSON items never read
//! as one value and equal values are always the same JSON, so `unique` is refused on items
//! that hold:
//! - any JSON (`Json`, an open struct's other keys, an open union's unknown variant): big
//!   numbers compare unequal as typed values and equal as JavaScript numbers;
//! - a defaulted key: `{"x":1}` and `{"x":1,"y":0}` are one value once `y` defaults to 0;
//! - a key that reads `null` as absent: `{"x":1}` and `{"x":1,"y":null}` are one value;
//! - a struct that drops unknown keys: `{"x":1}` and `{"x":1,"q":2}` are one value.
//!
//! Without the rule a writer could also write back, from items every reader accepted, a list
//! every reader refuses.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::Diagnostic;
use crate::ir::{Presence, Span, Ty, TypeDef, UnknownFields};

/// The named types, by name.
type Types = BTreeMap<String, TypeDef>;

/// What in items of `ty` the readers would compare differently under `unique` ("items hold
/// `Pt`, whose `y` has a default"), if anything: the rule [`check`] enforces, for a front end
/// that must leave such a `unique` out (the importer).
pub fn problem(ty: &Ty, types: &Types) -> Option<String> {
    cause(ty, types, &mut BTreeSet::new()).map(|cause| diagnostic(&cause, Span::default()).label)
}

/// Refuses `unique` on every array whose items two readers would compare differently.
pub(super) fn check(types: &Types, errors: &mut Vec<Diagnostic>) {
    for def in types.values() {
        let TypeDef::Struct(def) = def else { continue };
        for field in def.fields.iter().filter(|field| field.constraints.unique) {
            let Some(cause) = cause(&field.ty, types, &mut BTreeSet::new()) else {
                continue;
            };
            errors.push(diagnostic(&cause, field.span.clone()));
        }
    }
}

/// Why two readers would compare a type's values differently.
enum Cause<'a> {
    /// It can hold any JSON value.
    Json,
    /// Struct `owner` has field `field` (key `key`) whose presence reads two JSON texts as one
    /// value.
    Presence {
        owner: &'a str,
        field: &'a str,
        key: &'a str,
        presence: Presence,
    },
    /// Struct `owner` drops the keys it does not name.
    Drops { owner: &'a str },
}

/// The report for `unique` on a field at `span` whose items have `cause`.
fn diagnostic(cause: &Cause<'_>, span: Span) -> Diagnostic {
    match cause {
        Cause::Json => Diagnostic::new(
            "`unique` cannot be checked alike on items that hold any JSON",
            span,
            "items hold `Json`, an open struct or an open union",
            "the readers compare big numbers in any-JSON values differently: drop `unique`, or \
             give the items a type without `Json`",
        ),
        Cause::Presence {
            owner,
            field,
            key,
            presence,
        } => {
            let (what, example, instead) = if *presence == Presence::Defaulted {
                (
                    "has a default",
                    format!("an absent `{key}` and `{key}` at its default"),
                    "a required field or an `Option`",
                )
            } else {
                (
                    "reads `null` as absent",
                    format!("an absent `{key}` and `\"{key}\": null`"),
                    "an `Option` without `#[null_as_absent]`",
                )
            };
            Diagnostic::new(
                format!("`unique` cannot be checked alike on items whose field `{field}` {what}"),
                span,
                format!("items hold `{owner}`, whose `{field}` {what}"),
                format!(
                    "{example} are different JSON but one value once read, and the readers \
                     compare items as JSON (the JSON Schema, TypeScript, Python) or as values \
                     (Rust): drop `unique`, or make `{owner}.{field}` {instead}"
                ),
            )
        }
        Cause::Drops { owner } => Diagnostic::new(
            format!("`unique` cannot be checked alike on items that drop unknown keys (`{owner}`)"),
            span,
            format!("items hold `{owner}`, which drops the keys it does not name"),
            format!(
                "two items that differ only in a dropped key are different JSON but one value \
                 once read, and the readers compare items as JSON (the JSON Schema, TypeScript, \
                 Python) or as values (Rust): drop `unique`, or close `{owner}` (remove \
                 `#[drop_unknown_fields]`)"
            ),
        ),
    }
}

/// Why the readers would compare values of `ty` differently, if they would.
fn cause<'a>(ty: &'a Ty, types: &'a Types, seen: &mut BTreeSet<&'a str>) -> Option<Cause<'a>> {
    match ty {
        Ty::Json => Some(Cause::Json),
        Ty::String | Ty::Bool | Ty::Int(_) | Ty::Decimal(_) | Ty::F64 | Ty::Const(_) => None,
        Ty::Vec(inner) | Ty::Map(inner) | Ty::Boxed(inner) | Ty::Nullable(inner) => {
            cause(inner, types, seen)
        }
        Ty::Named(name) => named_cause(name, types, seen),
    }
}

/// Why the readers would compare values of the named type differently, if they would.
fn named_cause<'a>(
    name: &'a str,
    types: &'a Types,
    seen: &mut BTreeSet<&'a str>,
) -> Option<Cause<'a>> {
    // A type met again has nothing to add to what was found the first time.
    if !seen.insert(name) {
        return None;
    }
    match types.get(name)? {
        TypeDef::Struct(def) => {
            match def.unknown {
                UnknownFields::Keep => return Some(Cause::Json),
                UnknownFields::Drop => return Some(Cause::Drops { owner: &def.name }),
                UnknownFields::Refuse => {}
            }
            def.fields.iter().find_map(|field| match field.presence {
                presence @ (Presence::Defaulted | Presence::NullAsAbsent) => {
                    Some(Cause::Presence {
                        owner: &def.name,
                        field: &field.name,
                        key: &field.wire_name,
                        presence,
                    })
                }
                _ => cause(&field.ty, types, seen),
            })
        }
        // An open union keeps an unknown variant's object whole, as any JSON.
        TypeDef::Union(def) if def.is_open() => Some(Cause::Json),
        TypeDef::Union(def) => def.variants.iter().find_map(|variant| {
            match (&variant.payload, variant.unknown) {
                (Some(payload), _) => named_cause(payload, types, seen),
                // A unit variant holds its tags, and the other keys it keeps or drops.
                (None, UnknownFields::Refuse) => None,
                (None, UnknownFields::Keep) => Some(Cause::Json),
                (None, UnknownFields::Drop) => Some(Cause::Drops {
                    owner: &variant.name,
                }),
            }
        }),
        TypeDef::Newtype(def) => cause(&def.ty, types, seen),
        TypeDef::Untagged(def) => def
            .variants
            .iter()
            .find_map(|variant| cause(&variant.ty, types, seen)),
        TypeDef::Enum(_) => None,
    }
}
