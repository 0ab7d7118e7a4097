//! Struct fields: the Rust type for each kind of presence, and how its value is read.
//!
//! Plain serde reads a missing `Option<T>` key and a present `null` both as `None`. The schema
//! language tells apart five kinds of presence, so each kind is read by the runtime reader that
//! accepts exactly what the contract says (`Plain`, `Optional(..)`, `Nullable(..)`,
//! `Optional(Nullable(..))`, and `Nullable(..)` for a null-as-absent key, whose `null` and
//! absence are both `None`). Inside, the reader follows the value's type: `Strict` at integers
//! and any-JSON values (an integer written with a zero fraction is an integer, no key comes
//! twice), `Entries` at maps (no key twice), `Items` at arrays of those, as the contract reads
//! them and serde's own types do not.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use syn::parse_quote;

use super::checks::checks;
use super::defaults;
use super::escape::string_literal;
use super::types::{rust_type, too_complex_for_clippy, type_text};
use super::{Runtime, ident, notes, with_examples};
use crate::ir::{Constant, Field, OnInvalid, Presence, Schema, Ty};
use crate::naming::rust::rust_ident_text;

/// One `pub` field with its docs and the `schemars` attributes that give schemars its wire
/// name and presence, ready to go between the braces of a struct (the caller adds the
/// separating commas).
pub(super) fn field(field: &Field, owner: &str, runtime: Runtime) -> TokenStream {
    let docs = notes(
        &with_examples(&field.docs, &field.examples),
        field.deprecated.as_ref(),
    );
    let rust_name = rust_ident_text(&field.name);
    let name = ident(&rust_name);
    let mut schemars_args = Vec::new();
    // schemars' default key, as serde's, is the Rust identifier without its `r#`: right for
    // `r#type`, but a keyword that cannot be raw (`self`) becomes `self_` and needs its key
    // spelled out.
    let default_key = rust_name.strip_prefix("r#").unwrap_or(&rust_name);
    if field.flatten {
        // The field's struct's keys are this object's, as serde's `flatten` writes them.
        schemars_args.push(quote!(flatten));
    } else if field.wire_name != default_key {
        let wire = &field.wire_name;
        schemars_args.push(quote!(rename = #wire));
    }
    if field.presence.is_optional() {
        schemars_args.extend(optional_args());
    }
    if field.default.is_some() {
        // schemars writes the default and leaves the key out of `required`.
        let path = defaults::path_text(owner, field);
        schemars_args.push(quote!(default = #path));
    }
    let ty = field_type(field, runtime);
    let schemars_attr =
        (!schemars_args.is_empty()).then(|| quote!(#[schemars(#(#schemars_args),*)]));
    let allow = too_complex_for_clippy(&ty).then(|| quote!(#[allow(clippy::type_complexity)]));
    quote! {
        #(#docs)*
        #allow
        #schemars_attr
        pub #name: #ty
    }
}

/// The field's Rust type, as its struct declares it: the value's type, in an `Option` (or two)
/// as its presence says.
fn field_type(field: &Field, runtime: Runtime) -> syn::Type {
    let ty = rust_type(&field.ty, runtime);
    match field.presence {
        Presence::Required | Presence::Defaulted => ty,
        Presence::Nullable | Presence::Optional | Presence::NullAsAbsent => {
            parse_quote!(Option<#ty>)
        }
        Presence::OptionalNullable => parse_quote!(Option<Option<#ty>>),
    }
}

/// The type a struct's visitor holds a key's value in, as text: the field's type, or `()` for
/// a constant, which the struct holds nothing for.
pub(super) fn slot_type(field: &Field, runtime: Runtime) -> String {
    if is_constant(field) {
        return "()".to_owned();
    }
    let ty = type_text(&field.ty, runtime);
    match field.presence {
        Presence::Required | Presence::Defaulted => ty,
        Presence::Nullable | Presence::Optional | Presence::NullAsAbsent => format!("Option<{ty}>"),
        Presence::OptionalNullable => format!("Option<Option<{ty}>>"),
    }
}

/// The text of a field's Rust type as its struct declares it (`Option<u32>`), or `None` for a
/// constant, which the struct holds no field for: code outside the emitter (an exhaustive
/// consumer that reads every field into a binding of its type) spells it by the same rule.
pub fn field_type_text(field: &Field, runtime: Runtime) -> Option<String> {
    let ty = field_type(field, runtime);
    (!is_constant(field)).then(|| quote!(#ty).to_string())
}

/// The text of a value type's Rust spelling (`Vec<String>`), as a newtype wraps it or an
/// untagged union's variant holds it.
pub fn value_type_text(ty: &Ty, runtime: Runtime) -> String {
    let ty = rust_type(ty, runtime);
    quote!(#ty).to_string()
}

/// The runtime reader of a field's value in the runtime macros' spelling (see its
/// `__cardc_reader`), checked against the field's constraints if it has any, inside `Optional`
/// or `Nullable` (or both) as its presence says. A field's reader policy wraps it
/// (`SkipInvalid` at its array, `OrAbsent` around it), and a field on the way to a tolerant one
/// is read inside `At`, which gives the warnings beneath it their key. `owner` is the struct
/// that declares the field, whose function builds its default.
pub(super) fn reader(field: &Field, owner: &str, schema: &Schema, runtime: Runtime) -> String {
    let mut value = match &field.ty {
        Ty::Vec(inner) if field.tolerance.skip_invalid => {
            format!("SkipInvalid({})", value_reader(inner, schema))
        }
        ty => value_reader(ty, schema),
    };
    if !field.constraints.is_empty() {
        value = format!(
            "Checked({}; {}; {value})",
            type_text(&field.ty, runtime),
            checks(field)
        );
    }
    let mut read = match field.presence {
        Presence::Required | Presence::Defaulted => value,
        // A `null` reads as `None`, as an absent key does; `None` is written as no key.
        Presence::Nullable | Presence::NullAsAbsent => format!("Nullable({value})"),
        Presence::Optional => format!("Optional({value})"),
        Presence::OptionalNullable => format!("Optional(Nullable({value}))"),
    };
    match field.tolerance.on_invalid {
        OnInvalid::Error => {}
        OnInvalid::Absent => read = format!("OrAbsent({read})"),
        OnInvalid::Default(_) => {
            read = format!("OrDefault({}, {read})", defaults::path_text(owner, field));
        }
    }
    if schema.field_reaches_tolerance(field) {
        read = format!("At({}, {read})", string_literal(&field.wire_name));
    }
    read
}

/// The runtime reader of a value of type `ty`: `Strict` at an integer or an any-JSON value,
/// `Entries` at a map (which refuses a key given twice), `Items` around an array of values that
/// need either, and `Plain` elsewhere: a named type reads its own fields, so the reader never
/// reaches into one (through a recursive type it could not end). An array or map whose values
/// reach a tolerant field is read by `ItemsAt` or `EntriesAt`, which give the warnings beneath
/// each value its index or key.
pub(super) fn value_reader(ty: &Ty, schema: &Schema) -> String {
    let wrap = |name: &str, inner: &Ty| format!("{name}({})", value_reader(inner, schema));
    match ty {
        Ty::Vec(inner) if schema.reaches_tolerance(inner) => wrap("ItemsAt", inner),
        Ty::Map(inner) if schema.reaches_tolerance(inner) => wrap("EntriesAt", inner),
        Ty::Int(_) | Ty::Json => "Strict".to_owned(),
        Ty::Const(constant) => {
            let kind = match constant {
                Constant::String(_) => "String",
                Constant::Int(_) => "Int",
                Constant::Bool(_) => "Bool",
            };
            format!("{kind}({})", constant_value(constant))
        }
        Ty::Map(inner) => wrap("Entries", inner),
        Ty::Vec(inner) if needs_contract_rules(inner) => wrap("Items", inner),
        Ty::Nullable(inner) if needs_contract_rules(inner) || schema.reaches_tolerance(inner) => {
            wrap("Nullable", inner)
        }
        Ty::String
        | Ty::Decimal(_)
        | Ty::Bool
        | Ty::F64
        | Ty::Vec(_)
        | Ty::Nullable(_)
        | Ty::Boxed(_)
        | Ty::Named(_) => "Plain".to_owned(),
    }
}

/// Whether a value of type `ty` holds an integer, a map or an any-JSON value outside any named
/// type, which serde's own types would read otherwise than the contract.
fn needs_contract_rules(ty: &Ty) -> bool {
    match ty {
        Ty::Int(_) | Ty::Json | Ty::Map(_) => true,
        Ty::Vec(inner) | Ty::Nullable(inner) => needs_contract_rules(inner),
        Ty::String
        | Ty::Bool
        | Ty::Decimal(_)
        | Ty::F64
        | Ty::Boxed(_)
        | Ty::Named(_)
        | Ty::Const(_) => false,
    }
}

/// Whether a field is a constant, `Const<...>`, which the Rust struct holds nothing for.
pub(super) fn is_constant(field: &Field) -> bool {
    matches!(field.ty, Ty::Const(_))
}

/// A constant's value as a Rust literal: `"message"`, `2i64` or `true`.
pub(super) fn constant_value(constant: &Constant) -> String {
    match constant {
        Constant::String(text) => string_literal(text),
        Constant::Int(number) => Literal::i64_suffixed(*number).to_string(),
        Constant::Bool(flag) => flag.to_string(),
    }
}

/// The schemars arguments of a key that may be absent: `default` makes it not required, and
/// `skip_serializing_if` says that `None` is written as an absent key rather than `null`.
fn optional_args() -> [TokenStream; 2] {
    [
        quote!(default),
        quote!(skip_serializing_if = "::std::option::Option::is_none"),
    ]
}
