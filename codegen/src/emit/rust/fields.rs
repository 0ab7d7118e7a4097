//! Struct fields: the Rust type and serde attributes for each kind of presence.
//!
//! Plain serde derive reads a missing `Option<T>` key and a present `null` both as `None`. The
//! schema language tells apart four kinds of presence, so each kind gets the `deserialize_with`
//! helper from `cardc::__private` that accepts exactly what the contract says. A field whose
//! type holds integers, maps or any-JSON values gets the `strict_` form of its helper, which
//! also reads integers written with a zero fraction and refuses a key given twice, as the
//! contract does and serde's own types do not.

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse_quote;

use super::types::{rust_type, too_complex_for_clippy};
use super::{doc_attrs, ident};
use crate::ir::{Field, Presence, Ty};
use crate::naming::rust::rust_ident_text;

/// One `pub` field with its docs, wire rename and presence attributes, ready to go between the
/// braces of a struct (the caller adds the separating commas).
pub(super) fn field(field: &Field) -> TokenStream {
    let docs = doc_attrs(&field.docs);
    let rust_name = rust_ident_text(&field.name);
    let name = ident(&rust_name);
    let mut serde_args = Vec::new();
    // serde's default key is the Rust identifier without its `r#`: right for `r#type`, but a
    // keyword that cannot be raw (`self`) becomes `self_` and needs its key spelled out.
    let default_key = rust_name.strip_prefix("r#").unwrap_or(&rust_name);
    if field.wire_name != default_key {
        let wire = &field.wire_name;
        serde_args.push(quote!(rename = #wire));
    }
    let strict = read_strictly(&field.ty);
    let helper = |name: &str| {
        let prefix = if strict { "strict_" } else { "" };
        format!("::cardc::__private::{prefix}{name}")
    };
    let ty = &field.ty;
    let ty = match field.presence {
        Presence::Required => {
            if strict {
                serde_args.push(quote!(deserialize_with = "::cardc::__private::strict"));
            }
            rust_type(ty)
        }
        Presence::Nullable => {
            // A `deserialize_with` field has no missing-key fallback, so the key stays
            // required even though the Rust type is an `Option`.
            let with = helper("nullable");
            serde_args.push(quote!(deserialize_with = #with));
            let ty = rust_type(ty);
            parse_quote!(Option<#ty>)
        }
        Presence::Optional => {
            serde_args.extend(optional_args(&helper("optional")));
            let ty = rust_type(ty);
            parse_quote!(Option<#ty>)
        }
        Presence::OptionalNullable => {
            serde_args.extend(optional_args(&helper("optional_nullable")));
            let ty = rust_type(ty);
            parse_quote!(Option<Option<#ty>>)
        }
    };
    let serde_attr = (!serde_args.is_empty()).then(|| quote!(#[serde(#(#serde_args),*)]));
    let allow = too_complex_for_clippy(&ty).then(|| quote!(#[allow(clippy::type_complexity)]));
    quote! {
        #(#docs)*
        #allow
        #serde_attr
        pub #name: #ty
    }
}

/// Whether a field's value must be read by `cardc::__private::strict`: its type holds an
/// integer, a map or an any-JSON value outside any named type (a named type reads its own
/// fields).
fn read_strictly(ty: &Ty) -> bool {
    match ty {
        Ty::Int(_) | Ty::Json | Ty::Map(_) => true,
        Ty::Vec(inner) | Ty::Nullable(inner) => read_strictly(inner),
        Ty::String | Ty::Bool | Ty::F64 | Ty::Boxed(_) | Ty::Named(_) => false,
    }
}

/// The serde arguments of a key that may be absent: `default` makes absence `None`, and
/// `skip_serializing_if` writes `None` back as an absent key rather than `null`.
fn optional_args(deserialize_with: &str) -> [TokenStream; 3] {
    [
        quote!(default),
        quote!(skip_serializing_if = "::std::option::Option::is_none"),
        quote!(deserialize_with = #deserialize_with),
    ]
}
