//! Newtypes: a tuple struct around the wrapped type, written and read as that type.

use proc_macro2::TokenStream;
use quote::quote;

use super::fields::value_reader;
use super::types::rust_type;
use super::{
    Runtime, deserialize_impl, ident, json_schema_derive, notes, serialize_impl, with_examples,
};
use crate::ir::{NewtypeDef, Schema};

/// `pub struct SessionId(pub String);`, with serde impls that write and read the wrapped value
/// as it is, read by the contract's rules for its type (an integer written `7.0` is `7`).
pub(super) fn newtype_items(
    def: &NewtypeDef,
    schema: &Schema,
    runtime: Runtime,
) -> [TokenStream; 3] {
    let rt = runtime.path();
    let docs = notes(
        &with_examples(&def.docs, &def.examples),
        def.deprecated.as_ref(),
    );
    let name = ident(&def.name);
    let inner = rust_type(&def.ty, runtime);
    let json_schema_derive = json_schema_derive(&def.name, runtime, None);
    let item = quote! {
        #(#docs)*
        #[derive(Debug, Clone, PartialEq)]
        #json_schema_derive
        pub struct #name(pub #inner);
    };
    let serialize = serialize_impl(
        &name,
        runtime,
        quote!(#rt::__private::serde::Serialize::serialize(&self.0, serializer)),
    );
    let reader = value_reader(&def.ty, schema, runtime);
    let deserialize = deserialize_impl(
        &name,
        runtime,
        quote!(#rt::__private::Read::read(#reader, deserializer).map(Self)),
    );
    [item, serialize, deserialize]
}
