//! Untagged unions: an enum of the variants' values, written as the value it holds and read
//! by the runtime's shape dispatch (`deserialize_untagged`).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::fields::value_reader;
use super::types::rust_type;
use super::{
    Runtime, deserialize_impl, doc_attrs, ident, json_schema_derive, notes, serialize_impl,
    with_examples,
};
use crate::ir::{Schema, Shape, UntaggedDef};

/// The enum, its serde impls, and its `Untagged` impl.
pub(super) fn untagged_items(
    def: &UntaggedDef,
    schema: &Schema,
    runtime: Runtime,
) -> [TokenStream; 4] {
    let rt = runtime.path();
    let docs = notes(
        &with_examples(&def.docs, &def.examples),
        def.deprecated.as_ref(),
    );
    let name = ident(&def.name);
    let name_text = &def.name;
    let json_schema_derive = json_schema_derive(&def.name, runtime, Some(quote!(untagged)));
    let variants = def.variants.iter().map(|variant| {
        let docs = doc_attrs(&variant.docs);
        let name = ident(&variant.name);
        let ty = rust_type(&variant.ty, runtime);
        quote! {
            #(#docs)*
            #name(#ty)
        }
    });
    let item = quote! {
        #(#docs)*
        #[derive(Debug, Clone, PartialEq)]
        #json_schema_derive
        #[allow(clippy::large_enum_variant)]
        pub enum #name {
            #(#variants,)*
        }
    };
    let writes = def.variants.iter().map(|variant| {
        let variant = ident(&variant.name);
        quote!(Self::#variant(value) => #rt::__private::serde::Serialize::serialize(value, serializer))
    });
    let serialize = serialize_impl(&name, runtime, quote!(match self { #(#writes,)* }));
    let deserialize = deserialize_impl(
        &name,
        runtime,
        quote!(#rt::__private::deserialize_untagged(deserializer)),
    );
    let shapes = def
        .variants
        .iter()
        .map(|variant| shape(&variant.shape, runtime));
    let expected = def.expected();
    let arms = def.variants.iter().enumerate().map(|(index, variant)| {
        let index = Literal::usize_unsuffixed(index);
        let variant_name = ident(&variant.name);
        let reader = value_reader(&variant.ty, schema, runtime);
        quote!(#index => #rt::__private::Read::read(#reader, value).map(Self::#variant_name))
    });
    let untagged = quote! {
        impl #rt::__private::Untagged for #name {
            const NAME: &'static str = #name_text;
            const EXPECTED: &'static str = #expected;
            const SHAPES: &'static [#rt::__private::Shape] = &[#(#shapes),*];

            #[inline]
            fn variant<'de, D>(index: usize, value: D) -> ::std::result::Result<Self, D::Error>
            where
                D: #rt::__private::serde::Deserializer<'de>,
            {
                match index {
                    #(#arms,)*
                    _ => ::std::result::Result::Err(#rt::__private::no_variant_at(index)),
                }
            }
        }
    };
    [item, serialize, deserialize, untagged]
}

fn shape(shape: &Shape, runtime: Runtime) -> TokenStream {
    let rt = runtime.path();
    match shape {
        Shape::String => quote!(#rt::__private::Shape::String),
        Shape::Boolean => quote!(#rt::__private::Shape::Boolean),
        Shape::Integer => quote!(#rt::__private::Shape::Integer),
        Shape::Number => quote!(#rt::__private::Shape::Number),
        Shape::Array => quote!(#rt::__private::Shape::Array),
        Shape::Object(None) => quote!(#rt::__private::Shape::Object(::std::option::Option::None)),
        Shape::Object(Some(key)) => {
            quote!(#rt::__private::Shape::Object(::std::option::Option::Some(#key)))
        }
    }
}
