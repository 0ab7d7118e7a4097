//! Exhaustiveness helpers for a union: a bridge trait with one required method per variant,
//! and a `dispatch` that hands a value to the method for its variant.
//!
//! The trait has no default methods on purpose: a new variant in the schema adds a required
//! method, so every bridge that implements the trait stops compiling until it renders the new
//! variant. That is the closed-union guarantee of the design notes, enforced by rustc.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::{Runtime, doc_attr, ident};
use crate::ir::UnionDef;
use crate::naming;

/// The bridge method's identifier for a variant.
fn method_ident(variant: &str) -> Ident {
    ident(&naming::rust::bridge_method(variant))
}

/// The bridge trait and the `TAGS`, `tag` and `dispatch` items of a union.
pub(super) fn bridge_items(def: &UnionDef, runtime: Runtime) -> [TokenStream; 2] {
    let rt = runtime.path();
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
    // An open union's catch-all is a required method too: a bridge renders what it does not
    // know, and a new variant still breaks it.
    let other_method = def.other.as_ref().map(|other| {
        let method = method_ident(&other.name);
        let doc = doc_attr(&format!(
            "Renders the `{}` catch-all: a `{}` this build does not know, kept whole.",
            other.name, def.tag
        ));
        quote! {
            #doc
            fn #method(&mut self, value: &#rt::Unknown<#name>) -> Self::Output;
        }
    });
    let bridge_trait = quote! {
        #trait_doc
        pub trait #trait_ident {
            /// What rendering one value produces.
            type Output;
            #(#methods)*
            #other_method
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
    let other_tag = def.other.as_ref().map(|other| {
        let variant_ident = ident(&other.name);
        quote!(Self::#variant_ident(unknown) => unknown.tag(),)
    });
    let other_dispatch = def.other.as_ref().map(|other| {
        let variant_ident = ident(&other.name);
        let method = method_ident(&other.name);
        quote!(Self::#variant_ident(value) => bridge.#method(value),)
    });
    // A closed union's tags are all the schema's; an open one's may be one read.
    let tag_type = match def.other {
        Some(_) => quote!(&str),
        None => quote!(&'static str),
    };
    let tags_doc = doc_attr(&format!(
        "Every `{}` tag value, in declaration order.",
        def.tag
    ));
    let impl_block = quote! {
        impl #name {
            #tags_doc
            pub const TAGS: &'static [&'static str] = &[#(#tags),*];

            /// This value's tag.
            pub fn tag(&self) -> #tag_type {
                match self {
                    #(#tag_arms,)*
                    #other_tag
                }
            }

            /// Hands this value to the bridge method for its variant.
            // `Sized` by path: a schema type may be called `Sized`.
            pub fn dispatch<B: #trait_ident + ?::core::marker::Sized>(&self, bridge: &mut B) -> B::Output {
                match self {
                    #(#dispatch_arms,)*
                    #other_dispatch
                }
            }
        }
    };
    [bridge_trait, impl_block]
}
