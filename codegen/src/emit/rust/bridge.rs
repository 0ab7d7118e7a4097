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

/// The bridge trait of a union; the runtime's `tagged_union!` gives the union its `TAGS`, `tag`
/// and `dispatch`.
pub(super) fn bridge_trait(def: &UnionDef, runtime: Runtime) -> TokenStream {
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
    bridge_trait
}
