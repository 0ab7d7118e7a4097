//! Unit-only enums: one Rust variant per string on the wire.

use quote::quote;
use syn::parse_quote;

use super::{doc_attrs, ident, json_schema_derive, serde_derive};
use crate::ir::EnumDef;

/// A fieldless enum. Every value carries its `rename` even when serde's default would match:
/// the wire string is the contract, and spelling it out keeps it visible in review.
pub(super) fn enum_item(def: &EnumDef) -> syn::Item {
    let docs = doc_attrs(&def.docs);
    let name = ident(&def.name);
    let serde_derive = serde_derive();
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
    parse_quote! {
        #(#docs)*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #serde_derive
        #[serde(crate = "::cardc::__private::serde")]
        #json_schema_derive
        pub enum #name {
            #(#values,)*
        }
    }
}
