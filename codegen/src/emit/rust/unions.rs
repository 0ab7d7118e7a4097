//! Closed unions: an enum with one newtype variant per tag value.
//!
//! This is the seam for union decoding. Today serde's internally tagged representation does
//! both directions: it writes the tag first and then the payload's fields (a nested union's
//! payload adds its own tag after the outer one), and reads by buffering the object, finding
//! the tag and decoding the rest as the payload. A hand-generated tag-first decoder is meant to
//! replace the derived `Deserialize` here, leaving the other derives as they are.

use quote::quote;
use syn::parse_quote;

use super::{doc_attrs, ident};
use crate::ir::UnionDef;

/// An internally tagged enum whose variants wrap the payload struct or union.
pub(super) fn union_item(def: &UnionDef) -> syn::Item {
    let docs = doc_attrs(&def.docs);
    let name = ident(&def.name);
    let tag = &def.tag;
    let variants = def.variants.iter().map(|variant| {
        let docs = doc_attrs(&variant.docs);
        let name = ident(&variant.name);
        let payload = ident(&variant.payload);
        let value = &variant.tag_value;
        quote! {
            #(#docs)*
            #[serde(rename = #value)]
            #name(#payload)
        }
    });
    parse_quote! {
        #(#docs)*
        #[derive(Debug, Clone, PartialEq)]
        // Spelled out rather than `super::serde_derive()`: the tag-first decoder replaces only
        // the `Deserialize` here.
        #[derive(::cardc::__private::serde::Serialize, ::cardc::__private::serde::Deserialize)]
        #[serde(crate = "::cardc::__private::serde", tag = #tag)]
        // Payloads differ in size by design (a title-only card next to a list of diffs), and
        // boxing them would put a `Box` in every match arm of every bridge.
        #[allow(clippy::large_enum_variant)]
        pub enum #name {
            #(#variants,)*
        }
    }
}
