//! Object types: a struct per `StructDef`.

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse_quote;

use super::fields::field;
use super::{deserialize_impl, doc_attrs, ident, json_schema_derive, serde_derive};
use crate::ir::StructDef;
use crate::naming::rust::EXTRA_FIELDS;

/// A struct with one `pub` field per schema field. A closed struct denies unknown keys; an
/// open one collects them in a trailing `extra_fields` map.
pub(super) fn struct_item(def: &StructDef) -> syn::Item {
    let docs = doc_attrs(&def.docs);
    let name = ident(&def.name);
    let serde_derive = serde_derive();
    let json_schema_derive = json_schema_derive(&def.name);
    let deny = def.closed.then(|| quote!(, deny_unknown_fields));
    let fields = def.fields.iter().map(field);
    let extra = (!def.closed).then(extra_fields);
    parse_quote! {
        #(#docs)*
        #[derive(Debug, Clone, PartialEq)]
        #serde_derive
        #[serde(crate = "::cardc::__private::serde", remote = "Self" #deny)]
        #json_schema_derive
        pub struct #name {
            #(#fields,)*
            #extra
        }
    }
}

/// The serde trait impls of a struct. The derive above runs with `remote = "Self"`, which
/// makes it write inherent `serialize`/`deserialize` functions instead of the traits, so that
/// deserializing can go through `ObjectOnly`: derived structs would otherwise also accept a
/// JSON array of field values. It also notes the struct's name when decoding fails, for the
/// message of a `cardc::DecodeError`.
pub(super) fn serde_impls(def: &StructDef) -> [syn::Item; 2] {
    let name = ident(&def.name);
    let name_text = &def.name;
    let serialize = parse_quote! {
        impl ::cardc::__private::serde::Serialize for #name {
            #[inline]
            fn serialize<S>(&self, serializer: S) -> ::std::result::Result<S::Ok, S::Error>
            where
                S: ::cardc::__private::serde::Serializer,
            {
                // `Self`, not the name: a struct called `S` would name the type parameter.
                Self::serialize(self, serializer)
            }
        }
    };
    let deserialize = deserialize_impl(
        &name,
        quote! {
            ::cardc::__private::named(
                    #name_text,
                    Self::deserialize(::cardc::__private::ObjectOnly(deserializer)),
                )
        },
    );
    [serialize, deserialize]
}

/// The last field of an open struct. The checker refuses a schema field of this name in an
/// open struct, so it cannot collide.
fn extra_fields() -> TokenStream {
    let name = ident(EXTRA_FIELDS);
    quote! {
        /// Fields the schema does not name, kept so that a round trip writes them back.
        #[serde(flatten, deserialize_with = "::cardc::__private::strict")]
        pub #name: ::std::collections::BTreeMap<String, ::cardc::__private::serde_json::Value>,
    }
}
