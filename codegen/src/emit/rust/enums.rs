//! Unit-only enums: one Rust variant per string on the wire, read from that string alone.

use quote::quote;
use syn::parse_quote;

use super::{deserialize_impl, doc_attrs, ident, json_schema_derive, serialize_derive};
use crate::ir::EnumDef;

/// A fieldless enum, its `Deserialize` impl and its `UnitEnum` impl. Every value carries its
/// `rename` (for `Serialize`, and schemars) even when serde's default would match: the wire
/// string is the contract, and spelling it out keeps it visible in review. `Deserialize` is not
/// derived, because serde's derive also reads `{"value": null}`; the runtime's
/// `deserialize_unit_enum` reads a string only.
pub(super) fn enum_items(def: &EnumDef) -> [syn::Item; 3] {
    let docs = doc_attrs(&def.docs);
    let name = ident(&def.name);
    let serde_derive = serialize_derive();
    let json_schema_derive = json_schema_derive(&def.name);
    let values = def.values.iter().map(|value| {
        let docs = doc_attrs(&value.docs);
        let name = ident(&value.name);
        let wire = &value.wire_name;
        quote! {
            #(#docs)*
            #[serde(rename = #wire)]
            #name
        }
    });
    let item = parse_quote! {
        #(#docs)*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #serde_derive
        #[serde(crate = "::cardc::__private::serde")]
        #json_schema_derive
        pub enum #name {
            #(#values,)*
        }
    };
    let deserialize = deserialize_impl(
        &name,
        quote!(::cardc::__private::deserialize_unit_enum(deserializer)),
    );
    let type_name = &def.name;
    let wires = def.values.iter().map(|value| &value.wire_name);
    let arms = def.values.iter().map(|value| {
        let variant = ident(&value.name);
        let wire = &value.wire_name;
        quote!(#wire => ::std::option::Option::Some(Self::#variant))
    });
    let unit_enum = parse_quote! {
        impl ::cardc::__private::UnitEnum for #name {
            const NAME: &'static str = #type_name;
            const VALUES: &'static [&'static str] = &[#(#wires),*];
            #[inline]
            fn from_wire(value: &str) -> ::std::option::Option<Self> {
                match value {
                    #(#arms,)*
                    _ => ::std::option::Option::None,
                }
            }
        }
    };
    [item, deserialize, unit_enum]
}
