//! Closed unions: an enum with one newtype variant per tag value.
//!
//! serde's internally tagged representation writes them: the tag first, then the payload's
//! fields (a nested union's payload adds its own tag after the outer one). Reading goes through
//! `cardc::__private::deserialize_union` instead of serde's derive, which buffers the whole
//! object and so loses the path of an error inside a variant: it reads the tag first and hands
//! the rest of the object to the variant's payload, and the generated `Union` impl says which
//! payload each tag picks. Every union also gets `from_json_str` and `from_json_value`, whose
//! errors name the JSON pointer, the type and the variant.

use quote::quote;
use syn::parse_quote;

use super::{deserialize_impl, doc_attrs, ident, json_schema_derive};
use crate::ir::{Schema, TypeDef, UnionDef};

/// An internally tagged enum whose variants wrap the payload struct or union.
pub(super) fn union_item(def: &UnionDef) -> syn::Item {
    let docs = doc_attrs(&def.docs);
    let name = ident(&def.name);
    let tag = &def.tag;
    let json_schema_derive = json_schema_derive(&def.name);
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
        // Only `Serialize`: `Deserialize` is the tag-first decoder of `union_impls`.
        #[derive(::cardc::__private::serde::Serialize)]
        #[serde(crate = "::cardc::__private::serde", tag = #tag)]
        #json_schema_derive
        // Payloads differ in size by design (a title-only card next to a list of diffs), and
        // boxing them would put a `Box` in every match arm of every bridge.
        #[allow(clippy::large_enum_variant)]
        pub enum #name {
            #(#variants,)*
        }
    }
}

/// The decoding impls of a union: `Deserialize` through the tag-first decoder, the `Union`
/// impl that maps each tag to its payload, and the `from_json_*` helpers.
pub(super) fn union_impls(def: &UnionDef, schema: &Schema) -> [syn::Item; 3] {
    let name = ident(&def.name);
    let deserialize = deserialize_impl(
        &name,
        quote!(::cardc::__private::deserialize_union(deserializer)),
    );
    let union_name = &def.name;
    let tag = &def.tag;
    let tags = def.variants.iter().map(|variant| &variant.tag_value);
    let arms = def.variants.iter().map(|variant| {
        let value = &variant.tag_value;
        let variant_name = ident(&variant.name);
        // A variant struct is named in errors; a nested union names the one its own tag picks.
        let decode = if matches!(schema.types.get(&variant.payload), Some(TypeDef::Union(_))) {
            quote!(::cardc::__private::serde::Deserialize::deserialize(payload))
        } else {
            let payload_name = &variant.payload;
            quote!(::cardc::__private::variant(#payload_name, payload))
        };
        quote!(#value => #decode.map(Self::#variant_name))
    });
    // A variant whose payload is a union names that union's tag, so that the decoder can hand
    // a buffered entry of it out first.
    let nested: Vec<_> = def
        .variants
        .iter()
        .filter_map(|variant| match schema.types.get(&variant.payload) {
            Some(TypeDef::Union(inner)) => Some((&variant.tag_value, &inner.tag)),
            _ => None,
        })
        .map(|(value, inner)| quote!(#value => ::std::option::Option::Some(#inner)))
        .collect();
    let nested_tag = (!nested.is_empty()).then(|| {
        quote! {
            fn nested_tag(tag: &str) -> ::std::option::Option<&'static str> {
                match tag {
                    #(#nested,)*
                    _ => ::std::option::Option::None,
                }
            }
        }
    });
    let union_impl = parse_quote! {
        impl ::cardc::__private::Union for #name {
            const NAME: &'static str = #union_name;
            const TAG: &'static str = #tag;
            const TAGS: &'static [&'static str] = &[#(#tags),*];

            #[inline]
            fn variant<'de, D>(tag: &str, payload: D) -> ::std::result::Result<Self, D::Error>
            where
                D: ::cardc::__private::serde::Deserializer<'de>,
            {
                match tag {
                    #(#arms,)*
                    // `deserialize_union` passes only tags from `TAGS`.
                    _ => ::std::result::Result::Err(
                        ::cardc::__private::serde::de::Error::unknown_variant(tag, Self::TAGS),
                    ),
                }
            }

            #nested_tag
        }
    };
    let str_doc = doc_attrs(&[
        format!("Decodes a `{union_name}` from JSON text, or says where and why it is not one"),
        "(see [`cardc::DecodeError`]).".to_owned(),
    ]);
    let value_doc = doc_attrs(&[
        "Narrows an opaque JSON value (a `meta` field, a message payload) to a".to_owned(),
        format!(
            "`{union_name}`, or says where and why it is not one (see [`cardc::DecodeError`])."
        ),
    ]);
    let helpers = parse_quote! {
        // `#[inline]`: each helper instantiates a whole decoder; it is compiled in the crates
        // that call it rather than in every crate that holds the types.
        impl #name {
            #(#str_doc)*
            #[inline]
            pub fn from_json_str(text: &str) -> ::std::result::Result<Self, ::cardc::DecodeError> {
                ::cardc::decode_str(text)
            }

            #(#value_doc)*
            #[inline]
            pub fn from_json_value(
                value: &::cardc::__private::serde_json::Value,
            ) -> ::std::result::Result<Self, ::cardc::DecodeError> {
                ::cardc::decode_value(value)
            }
        }
    };
    [deserialize, union_impl, helpers]
}
