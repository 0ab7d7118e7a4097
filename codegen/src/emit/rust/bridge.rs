//! Exhaustiveness helpers for a union: a bridge trait with one required method per variant,
//! and a `dispatch` that hands a value to the method for its variant.
//!
//! The trait has no default methods on purpose: a new variant in the schema adds a required
//! method, so every bridge that implements the trait stops compiling until it renders the new
//! variant. That is the closed-union guarantee of the design notes, enforced by rustc.

use proc_macro2::Ident;
use quote::quote;
use syn::parse_quote;

use super::{doc_attr, ident};
use crate::ir::UnionDef;
use crate::naming;

/// The bridge method's identifier for a variant.
fn method_ident(variant: &str) -> Ident {
    ident(&naming::rust::bridge_method(variant))
}

/// The bridge trait and the `TAGS`, `tag` and `dispatch` items of a union.
pub(super) fn bridge_items(def: &UnionDef) -> [syn::Item; 2] {
    let name = ident(&def.name);
    let trait_ident = ident(&naming::rust::bridge_trait(&def.name));
    let trait_doc = doc_attr(&format!(
        "Renders every variant of [`{}`]: one required method per variant and no defaults, so a \
         new variant breaks every implementation until it renders it.",
        def.name
    ));
    let methods = def.variants.iter().map(|variant| {
        let method = method_ident(&variant.name);
        let doc = doc_attr(&format!(
            "Renders the `{}` variant (tag `{}`).",
            variant.name, variant.tag_value
        ));
        let Some(payload) = &variant.payload else {
            // A unit variant has nothing to hand over but the call itself.
            return quote! {
                #doc
                fn #method(&mut self) -> Self::Output;
            };
        };
        let payload = ident(payload);
        quote! {
            #doc
            fn #method(&mut self, value: &#payload) -> Self::Output;
        }
    });
    let bridge_trait = parse_quote! {
        #trait_doc
        pub trait #trait_ident {
            /// What rendering one value produces.
            type Output;
            #(#methods)*
        }
    };
    let tags = def.variants.iter().map(|variant| &variant.tag_value);
    let tag_arms = def.variants.iter().map(|variant| {
        let variant_ident = ident(&variant.name);
        let value = &variant.tag_value;
        match variant.payload {
            Some(_) => quote!(Self::#variant_ident(_) => #value),
            None => quote!(Self::#variant_ident => #value),
        }
    });
    let dispatch_arms = def.variants.iter().map(|variant| {
        let variant_ident = ident(&variant.name);
        let method = method_ident(&variant.name);
        match variant.payload {
            Some(_) => quote!(Self::#variant_ident(value) => bridge.#method(value)),
            None => quote!(Self::#variant_ident => bridge.#method()),
        }
    });
    let tags_doc = doc_attr(&format!(
        "Every `{}` tag value, in declaration order.",
        def.tag
    ));
    let impl_block = parse_quote! {
        impl #name {
            #tags_doc
            pub const TAGS: &'static [&'static str] = &[#(#tags),*];

            /// This value's tag.
            pub fn tag(&self) -> &'static str {
                match self {
                    #(#tag_arms,)*
                }
            }

            /// Hands this value to the bridge method for its variant.
            // `Sized` by path: a schema type may be called `Sized`.
            pub fn dispatch<B: #trait_ident + ?::core::marker::Sized>(&self, bridge: &mut B) -> B::Output {
                match self {
                    #(#dispatch_arms,)*
                }
            }
        }
    };
    [bridge_trait, impl_block]
}
