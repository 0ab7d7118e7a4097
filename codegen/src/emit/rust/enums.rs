//! Unit-only enums: one Rust variant per string on the wire, read from that string alone.

use proc_macro2::TokenStream;
use quote::quote;

use super::{
    Runtime, deserialize_impl, ident, json_schema_derive, notes, serialize_impl, with_examples,
};
use crate::ir::EnumDef;

/// A fieldless enum, its serde impls and its `UnitEnum` impl, which maps each value to its
/// wire string and back. Every value carries its `rename` for schemars even when the default
/// would match: the wire string is the contract, and spelling it out keeps it visible in
/// review. `Deserialize` is not serde's derive, which also reads `{"value": null}`: the
/// runtime's `deserialize_unit_enum` reads a string only.
pub(super) fn enum_items(def: &EnumDef, runtime: Runtime) -> [TokenStream; 4] {
    let rt = runtime.path();
    let docs = notes(
        &with_examples(&def.docs, &def.examples),
        def.deprecated.as_ref(),
    );
    let name = ident(&def.name);
    let json_schema_derive = json_schema_derive(&def.name, runtime, None);
    let values = def.values.iter().map(|value| {
        let docs = notes(&value.docs, value.deprecated.as_ref());
        let name = ident(&value.name);
        let wire = &value.wire_name;
        quote! {
            #(#docs)*
            #[schemars(rename = #wire)]
            #name
        }
    });
    let other = def.other.as_ref().map(|other| {
        let docs = if other.docs.is_empty() {
            vec!["A string this build does not know, written back as read.".to_owned()]
        } else {
            other.docs.clone()
        };
        let docs = notes(&docs, other.deprecated.as_ref());
        let variant = ident(&other.name);
        // schemars cannot say "any other string": its schema lists the known values alone.
        quote! {
            #(#docs)*
            #[schemars(skip)]
            #variant(#rt::UnknownValue<#name>),
        }
    });
    // The catch-all owns its string, so an open enum is not `Copy`.
    let copy = def.other.is_none().then(|| quote!(Copy,));
    let item = quote! {
        #(#docs)*
        #[derive(Debug, Clone, #copy PartialEq, Eq, Hash, PartialOrd, Ord)]
        #json_schema_derive
        pub enum #name {
            #(#values,)*
            #other
        }
    };
    let serialize = serialize_impl(
        &name,
        runtime,
        quote!(#rt::__private::serialize_unit_enum(self, serializer)),
    );
    let deserialize = deserialize_impl(
        &name,
        runtime,
        quote!(#rt::__private::deserialize_unit_enum(deserializer)),
    );
    let type_name = &def.name;
    let wires = def.values.iter().map(|value| &value.wire_name);
    let arms = def.values.iter().map(|value| {
        let variant = ident(&value.name);
        let wire = &value.wire_name;
        quote!(#wire => ::std::option::Option::Some(Self::#variant))
    });
    let to_wire = def.values.iter().enumerate().map(|(index, value)| {
        let variant = ident(&value.name);
        let index = u32::try_from(index).expect("the checker caps the values of an enum");
        let wire = &value.wire_name;
        quote!(Self::#variant => ::std::result::Result::Ok((#index, #wire)))
    });
    let other_wire = def.other.as_ref().map(|other| {
        let variant = ident(&other.name);
        quote!(Self::#variant(unknown) => ::std::result::Result::Err(unknown.as_str()),)
    });
    let open = def.other.as_ref().map(|other| {
        let variant = ident(&other.name);
        quote! {
            #[inline]
            fn other(value: #rt::UnknownValue<Self>) -> ::std::option::Option<Self> {
                ::std::option::Option::Some(Self::#variant(value))
            }
        }
    });
    let unit_enum = quote! {
        impl #rt::__private::UnitEnum for #name {
            const NAME: &'static str = #type_name;
            const VALUES: &'static [&'static str] = &[#(#wires),*];
            #[inline]
            fn from_wire(value: &str) -> ::std::option::Option<Self> {
                match value {
                    #(#arms,)*
                    _ => ::std::option::Option::None,
                }
            }

            #[inline]
            fn to_wire(&self) -> ::std::result::Result<(::core::primitive::u32, &'static str), &str> {
                match self {
                    #(#to_wire,)*
                    #other_wire
                }
            }

            #open
        }
    };
    [item, serialize, deserialize, unit_enum]
}
