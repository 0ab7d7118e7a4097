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

use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

use super::early::{Plan, UnionPlan};
use super::{
    Runtime, deserialize_impl, doc_attrs, ident, json_schema_derive, notes, object_impl,
    serialize_as_object, with_examples,
};
use crate::ir::{CatchAll, Schema, TypeDef, UnionDef, Variant};
use crate::naming::rust::{BEFORE_TAG_WITH, VISIT_MAP_WITH};

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
    plan: &Plan,
) -> Vec<TokenStream> {
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
    let (before_tag, before_tag_with) = match plan.union(&def.name) {
        Some(early) => before_tag(def, schema, runtime, plan, early),
        None => (TokenStream::new(), None),
    };
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
    let mut items = vec![serialize, object, deserialize, union_impl, helpers];
    items.extend(before_tag_with);
    items
}

/// `EARLY` and `before_tag`, for a union that reads some keys typed before its tag (see
/// [`UnionPlan`]), and the hidden `__before_tag_with` of a union that a union around it hands
/// early values to: one slot per key, read by the reader of a variant struct that has the
/// key, then the variant the tag picks, given the slots it takes and the rest of the object,
/// after every key it takes no slot for is refused.
fn before_tag(
    def: &UnionDef,
    schema: &Schema,
    runtime: Runtime,
    plan: &Plan,
    early: &UnionPlan,
) -> (TokenStream, Option<TokenStream>) {
    let rt = runtime.path();
    let wires: Vec<&String> = early.keys.iter().map(|key| &key.wire).collect();
    let read: Vec<(TokenStream, TokenStream)> = early
        .keys
        .iter()
        .map(|key| key.read(schema, runtime))
        .collect();
    let reads = early
        .keys
        .iter()
        .zip(&read)
        .enumerate()
        .map(|(index, (key, (reader, _)))| {
            let slot = early_slot(index);
            let wire = &key.wire;
            let index = Literal::usize_unsuffixed(index);
            quote!(#index => #rt::__private::read_field(object.map(), &mut #slot, #wire, #reader)?)
        });
    let arms = def
        .variants
        .iter()
        .zip(&early.slots)
        .map(|(variant, slots)| early_arm(variant, slots, early, schema, runtime, plan));
    let body = quote! {
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
    };
    let object_bound = quote!(A: #rt::__private::serde::de::MapAccess<'de>);
    let signature = |name: Ident, binding: TokenStream, params: Vec<TokenStream>| {
        quote! {
            fn #name<'de, A>(
                #binding: #rt::__private::BeforeTag<'de, A>,
                #(#params,)*
            ) -> ::std::result::Result<Self, A::Error>
            where
                #object_bound,
        }
    };
    if !plan.prefills(&def.name) {
        let slots = (0..early.keys.len()).map(|index| {
            let slot = early_slot(index);
            quote!(let mut #slot = ::std::option::Option::None;)
        });
        let before_tag = signature(ident("before_tag"), quote!(mut object), Vec::new());
        let union_items = quote! {
            const EARLY: &'static [&'static str] = &[#(#wires),*];

            #[inline]
            #before_tag {
                #(#slots)*
                #body
            }
        };
        return (union_items, None);
    }
    let with = ident(BEFORE_TAG_WITH);
    let empty = early
        .keys
        .iter()
        .map(|_| quote!(::std::option::Option::None));
    let params = read
        .iter()
        .enumerate()
        .map(|(index, (_, ty))| {
            let slot = early_slot(index);
            quote!(mut #slot: ::std::option::Option<#ty>)
        })
        .collect();
    let before_tag = signature(ident("before_tag"), quote!(object), Vec::new());
    let before_tag_with = signature(with.clone(), quote!(mut object), params);
    let name = ident(&def.name);
    let union_items = quote! {
        const EARLY: &'static [&'static str] = &[#(#wires),*];

        #[inline]
        #before_tag {
            Self::#with(object, #(#empty),*)
        }
    };
    let inherent = quote! {
        impl #name {
            /// Reads the union's object from its first key that is not the tag, some slots of
            /// its early keys filled already by the union around it.
            #[inline]
            #[allow(clippy::too_many_arguments, clippy::type_complexity)]
            #before_tag_with {
                #body
            }
        }
    };
    (union_items, Some(inherent))
}

/// The local holding the value of the early key at `index` until the tag is read.
fn early_slot(index: usize) -> Ident {
    quote::format_ident!("early_{index}")
}

/// The arm of `before_tag` for one variant: each early key it takes no slot for refused, then
/// the variant read from the slots it takes and the rest of the object.
fn early_arm(
    variant: &Variant,
    slots: &[Option<usize>],
    early: &UnionPlan,
    schema: &Schema,
    runtime: Runtime,
    plan: &Plan,
) -> TokenStream {
    let rt = runtime.path();
    let value = &variant.tag_value;
    let variant_name = ident(&variant.name);
    let payload = schema.payload(variant);
    // Every key the variant has no slot for is refused, as its own visitor refuses it.
    let refused: Vec<TokenStream> = early
        .keys
        .iter()
        .zip(slots)
        .enumerate()
        .filter(|(_, (_, slot))| slot.is_none())
        .map(|(index, (key, _))| {
            let slot = early_slot(index);
            let wire = &key.wire;
            quote!((#slot.is_some(), #wire))
        })
        .collect();
    let refusals = (!refused.is_empty()).then(|| match (&variant.payload, payload) {
        (Some(inner), Some(TypeDef::Union(_))) => quote! {
            #rt::__private::refuse_early_nested::<A::Error>(&[#(#refused),*], #inner)?;
        },
        (Some(payload_name), _) => {
            let payload_ident = ident(payload_name);
            quote! {
                #rt::__private::refuse_early::<A::Error>(
                    &[#(#refused),*],
                    <#payload_ident as #rt::__private::Struct>::FIELDS,
                )?;
            }
        }
        (None, _) => quote! {
            #rt::__private::refuse_early::<A::Error>(&[#(#refused),*], &[])?;
        },
    });
    // The arguments of a prefilled visitor with `count` slots: each the early slot that fills
    // it, or none.
    let args = |count: usize| {
        (0..count)
            .map(|at| match slots.iter().position(|slot| *slot == Some(at)) {
                Some(index) => {
                    let slot = early_slot(index);
                    quote!(#slot)
                }
                None => quote!(::std::option::Option::None),
            })
            .collect::<Vec<_>>()
    };
    let takes_some = slots.iter().any(Option::is_some);
    let read = match (&variant.payload, payload) {
        (None, _) => quote!(#rt::__private::unit_variant(payload).map(|()| Self::#variant_name)),
        (Some(payload_name), Some(TypeDef::Union(inner))) => match plan.union(&inner.name) {
            Some(inner_plan) if takes_some => {
                let payload_ident = ident(payload_name);
                let with = ident(BEFORE_TAG_WITH);
                let args = args(inner_plan.keys.len());
                quote! {
                    #payload_ident::#with(#rt::__private::BeforeTag::resume(payload), #(#args),*)
                        .map(Self::#variant_name)
                }
            }
            _ => quote! {
                #rt::__private::serde::Deserialize::deserialize(payload).map(Self::#variant_name)
            },
        },
        (Some(payload_name), Some(TypeDef::Struct(payload_def))) if takes_some => {
            let payload_ident = ident(payload_name);
            let with = ident(VISIT_MAP_WITH);
            let args = args(schema.wire_fields(payload_def).len());
            quote!(#payload_ident::#with(payload, #(#args),*).map(Self::#variant_name))
        }
        (Some(payload_name), _) => quote! {
            #rt::__private::variant(#payload_name, payload).map(Self::#variant_name)
        },
    };
    quote! {
        #value => {
            #refusals
            #read
        }
    }
}
