//! Closed unions: an enum with one newtype variant per tag value, or a unit variant for a
//! variant that is its tags alone.
//!
//! They are written as serde's internally tagged representation wrote them: the tag first, then
//! the payload's fields (a nested union's payload adds its own tag after the outer one),
//! through the runtime's `Object`, which hands the tags to the payload. Reading goes through
//! the runtime's `deserialize_union` rather than serde's internally tagged decoding, which
//! buffers the whole object and so loses the path of an error inside a variant: it reads the
//! tag first and hands the rest of the object to the variant's payload, and the generated
//! `Union` impl says which payload each tag picks. A union whose variants agree on some keys
//! (see [`super::early`]) reads those typed when they come before the tag, through its
//! `before_tag`. Every union also gets `from_json_str` and `from_json_value`, whose errors
//! name the JSON pointer, the type and the variant.

use proc_macro2::TokenStream;
use quote::quote;

use super::early::UnionPlan;
use super::fields::reader;
use super::{
    Runtime, deserialize_impl, doc_attrs, ident, json_schema_derive, notes, object_impl,
    serialize_as_object, with_examples,
};
use crate::ir::{CatchAll, Schema, TypeDef, UnionDef};
use crate::naming::rust::VISIT_MAP_WITH;

/// An enum whose variants wrap the payload struct or union (a unit variant wraps nothing),
/// tagged for schemars as serde's internally tagged enums are.
pub(super) fn union_item(def: &UnionDef, runtime: Runtime) -> TokenStream {
    let docs = notes(
        &with_examples(&def.docs, &def.examples),
        def.deprecated.as_ref(),
    );
    let name = ident(&def.name);
    let tag = &def.tag;
    let json_schema_derive = json_schema_derive(&def.name, runtime, Some(quote!(tag = #tag)));
    let variants = def.variants.iter().map(|variant| {
        let docs = notes(&variant.docs, variant.deprecated.as_ref());
        let name = ident(&variant.name);
        let payload = variant.payload.as_deref().map(|payload| {
            let payload = ident(payload);
            quote!((#payload))
        });
        let value = &variant.tag_value;
        quote! {
            #(#docs)*
            #[schemars(rename = #value)]
            #name #payload
        }
    });
    let rt = runtime.path();
    let other = def.other.as_ref().map(|other| {
        let docs = notes(&catch_all_docs(other, &def.tag), other.deprecated.as_ref());
        let variant = ident(&other.name);
        // schemars cannot say "any other tag": its schema lists the known variants alone.
        quote! {
            #(#docs)*
            #[schemars(skip)]
            #variant(#rt::Unknown<#name>),
        }
    });
    quote! {
        #(#docs)*
        #[derive(Debug, Clone, PartialEq)]
        #json_schema_derive
        // Payloads differ in size by design (a title-only card next to a list of diffs), and
        // boxing them would put a `Box` in every match arm of every bridge.
        #[allow(clippy::large_enum_variant)]
        pub enum #name {
            #(#variants,)*
            #other
        }
    }
}

/// The docs of a catch-all variant: its own, else what it holds.
fn catch_all_docs(other: &CatchAll, tag: &str) -> Vec<String> {
    if other.docs.is_empty() {
        vec![format!(
            "A `{tag}` this build does not know: the whole object, written back as read."
        )]
    } else {
        other.docs.clone()
    }
}

/// The serde impls of a union: `Serialize` through its `Object` impl, which hands the payload
/// its tag, `Deserialize` through the tag-first decoder, the `Union` impl that maps each tag to
/// its payload, and the `from_json_*` helpers.
pub(super) fn union_impls(
    def: &UnionDef,
    schema: &Schema,
    runtime: Runtime,
    early: Option<&UnionPlan>,
) -> [TokenStream; 5] {
    let rt = runtime.path();
    let name = ident(&def.name);
    let serialize = serialize_as_object(&name, runtime);
    let deserialize = deserialize_impl(
        &name,
        runtime,
        quote!(#rt::__private::deserialize_union(deserializer)),
    );
    let tag = &def.tag;
    let object_arms = def.variants.iter().map(|variant| {
        let variant_name = ident(&variant.name);
        let value = &variant.tag_value;
        if variant.payload.is_none() {
            return quote! {
                Self::#variant_name => #rt::__private::tagged(&#rt::__private::Unit, serializer, #tag, #value, tags)
            };
        }
        quote! {
            Self::#variant_name(payload) => #rt::__private::tagged(payload, serializer, #tag, #value, tags)
        }
    });
    let other_arm = def.other.as_ref().map(|other| {
        let variant = ident(&other.name);
        quote! {
            Self::#variant(unknown) => #rt::__private::Object::serialize_object(unknown, serializer, tags),
        }
    });
    let object = object_impl(
        &name,
        runtime,
        quote! {
            match self {
                #(#object_arms,)*
                #other_arm
            }
        },
    );
    let union_name = &def.name;
    let tag = &def.tag;
    let tags = def.variants.iter().map(|variant| &variant.tag_value);
    let arms = def.variants.iter().map(|variant| {
        let value = &variant.tag_value;
        let variant_name = ident(&variant.name);
        // A variant struct is named in errors; a nested union names the one its own tag picks.
        match (&variant.payload, schema.payload(variant)) {
            (None, _) => {
                quote!(#value => #rt::__private::unit_variant(payload).map(|()| Self::#variant_name))
            }
            (Some(_), Some(TypeDef::Union(_))) => quote! {
                #value => #rt::__private::serde::Deserialize::deserialize(payload).map(Self::#variant_name)
            },
            (Some(payload_name), _) => quote! {
                #value => #rt::__private::variant(#payload_name, payload).map(Self::#variant_name)
            },
        }
    });
    // A variant whose payload is a union names that union's tag, so that the decoder can hand
    // a buffered entry of it out first.
    let nested: Vec<_> = def
        .variants
        .iter()
        .filter_map(|variant| match schema.payload(variant) {
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
    let open = def.other.as_ref().map(|other| {
        let variant = ident(&other.name);
        quote! {
            const OPEN: bool = true;

            #[inline]
            fn other(unknown: #rt::Unknown<Self>) -> ::std::option::Option<Self> {
                ::std::option::Option::Some(Self::#variant(unknown))
            }
        }
    });
    let before_tag = early.map(|early| before_tag(def, schema, runtime, early));
    let union_impl = quote! {
        impl #rt::__private::Union for #name {
            const NAME: &'static str = #union_name;
            const TAG: &'static str = #tag;
            const TAGS: &'static [&'static str] = &[#(#tags),*];

            #[inline]
            fn variant<'de, D>(tag: &str, payload: D) -> ::std::result::Result<Self, D::Error>
            where
                D: #rt::__private::serde::Deserializer<'de>,
            {
                match tag {
                    #(#arms,)*
                    // `deserialize_union` passes only tags from `TAGS` (an unknown one of an
                    // open union goes to `other`).
                    _ => ::std::result::Result::Err(
                        #rt::__private::serde::de::Error::unknown_variant(tag, Self::TAGS),
                    ),
                }
            }

            #nested_tag
            #open
            #before_tag
        }
    };
    let runtime_name = runtime.name();
    let str_doc = doc_attrs(&[
        format!("Decodes a `{union_name}` from JSON text, or says where and why it is not one"),
        format!("(see [`{runtime_name}::DecodeError`])."),
    ]);
    let value_doc = doc_attrs(&[
        "Narrows an opaque JSON value (a `meta` field, a message payload) to a".to_owned(),
        format!(
            "`{union_name}`, or says where and why it is not one (see [`{runtime_name}::DecodeError`])."
        ),
    ]);
    let helpers = quote! {
        // `#[inline]`: each helper instantiates a whole decoder; it is compiled in the crates
        // that call it rather than in every crate that holds the types.
        impl #name {
            #(#str_doc)*
            #[inline]
            pub fn from_json_str(text: &str) -> ::std::result::Result<Self, #rt::DecodeError> {
                #rt::decode_str(text)
            }

            #(#value_doc)*
            #[inline]
            pub fn from_json_value(
                value: &#rt::__private::serde_json::Value,
            ) -> ::std::result::Result<Self, #rt::DecodeError> {
                #rt::decode_value(value)
            }
        }
    };
    [serialize, object, deserialize, union_impl, helpers]
}

/// `EARLY` and `before_tag`, for a union that reads some keys typed before its tag (see
/// [`UnionPlan`]): one slot per key, read by the reader of a variant struct that has the key,
/// then the variant the tag picks, its struct's visitor given the slots it has and the rest
/// of the object, after every key it has no slot for is refused.
fn before_tag(def: &UnionDef, schema: &Schema, runtime: Runtime, early: &UnionPlan) -> TokenStream {
    let rt = runtime.path();
    let early_slot = |index: usize| quote::format_ident!("early_{index}");
    let wires: Vec<&String> = early.keys.iter().map(|key| &key.wire).collect();
    let slots = (0..early.keys.len()).map(|index| {
        let slot = early_slot(index);
        quote!(let mut #slot = ::std::option::Option::None;)
    });
    let reads = early.keys.iter().enumerate().map(|(index, key)| {
        let slot = early_slot(index);
        let wire = &key.wire;
        let Some(TypeDef::Struct(owner)) = schema.types.get(&key.owner) else {
            panic!("an early key of {} has no struct {}", def.name, key.owner);
        };
        let fields = schema.wire_fields(owner);
        let (path, field) = &fields[key.index];
        let reader = reader(field, super::visitor::owner(owner, path), schema, runtime);
        let index = proc_macro2::Literal::usize_unsuffixed(index);
        quote!(#index => #rt::__private::read_field(object.map(), &mut #slot, #wire, #reader)?)
    });
    let arms = def.variants.iter().zip(&early.slots).map(|(variant, slots)| {
        let value = &variant.tag_value;
        let variant_name = ident(&variant.name);
        let payload = schema.payload(variant);
        // Every key the variant has no slot for is refused, as its own visitor refuses it.
        let refusals = early.keys.iter().zip(slots).enumerate().filter(|(_, (_, slot))| slot.is_none()).map(|(index, (key, _))| {
            let slot = early_slot(index);
            let wire = &key.wire;
            match (&variant.payload, payload) {
                (Some(inner), Some(TypeDef::Union(_))) => quote! {
                    #rt::__private::refuse_early_nested::<A::Error>(#slot.is_some(), #wire, #inner)?;
                },
                (Some(payload_name), _) => {
                    let payload_ident = ident(payload_name);
                    quote! {
                        #rt::__private::refuse_early::<A::Error>(
                            #slot.is_some(),
                            #wire,
                            <#payload_ident as #rt::__private::Struct>::FIELDS,
                        )?;
                    }
                }
                (None, _) => quote! {
                    #rt::__private::refuse_early::<A::Error>(#slot.is_some(), #wire, &[])?;
                },
            }
        });
        let read = match (&variant.payload, payload) {
            (None, _) => quote!(#rt::__private::unit_variant(payload).map(|()| Self::#variant_name)),
            (Some(_), Some(TypeDef::Union(_))) => quote! {
                #rt::__private::serde::Deserialize::deserialize(payload).map(Self::#variant_name)
            },
            (Some(payload_name), Some(TypeDef::Struct(payload_def))) if slots.iter().any(Option::is_some) => {
                let payload_ident = ident(payload_name);
                let with = ident(VISIT_MAP_WITH);
                let args = (0..schema.wire_fields(payload_def).len()).map(|field| {
                    match slots.iter().position(|slot| *slot == Some(field)) {
                        Some(index) => {
                            let slot = early_slot(index);
                            quote!(#slot)
                        }
                        None => quote!(::std::option::Option::None),
                    }
                });
                quote!(#payload_ident::#with(payload, #(#args),*).map(Self::#variant_name))
            }
            (Some(payload_name), _) => quote! {
                #rt::__private::variant(#payload_name, payload).map(Self::#variant_name)
            },
        };
        quote! {
            #value => {
                #(#refusals)*
                #read
            }
        }
    });
    quote! {
        const EARLY: &'static [&'static str] = &[#(#wires),*];

        #[inline]
        fn before_tag<'de, A>(
            mut object: #rt::__private::BeforeTag<'de, A>,
        ) -> ::std::result::Result<Self, A::Error>
        where
            A: #rt::__private::serde::de::MapAccess<'de>,
        {
            #(#slots)*
            while let ::std::option::Option::Some(key) = object.next_early::<Self>()? {
                match key {
                    #(#reads,)*
                    // `next_early` yields only indices of `EARLY`; an error, not a panic.
                    _ => return ::std::result::Result::Err(#rt::__private::no_field_at(key)),
                }
            }
            let (tag, payload) = object.tag::<Self>()?;
            match tag {
                #(#arms,)*
                // `tag` passes only tags from `TAGS`.
                _ => ::std::result::Result::Err(
                    #rt::__private::serde::de::Error::unknown_variant(tag, Self::TAGS),
                ),
            }
        }
    }
}
