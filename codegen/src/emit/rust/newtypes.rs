//! Newtypes: a tuple struct around the wrapped type, written and read as that type.

use quote::quote;

use super::fields::value_reader;
use super::types::rust_type;
use super::{Item, Runtime, ident, json_schema_derive, notes, with_examples};
use crate::ir::{NewtypeDef, Schema};

/// `pub struct SessionId(pub String);`, and the invocation of the runtime's `newtype!` that gives
/// it serde impls that write and read the wrapped value as it is, read by the contract's rules
/// for its type (an integer written `7.0` is `7`).
pub(super) fn newtype_items(def: &NewtypeDef, schema: &Schema, runtime: Runtime) -> [Item; 2] {
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
    let text = format!(
        "{}::__private::newtype! {{ {} ({}) }}\n",
        runtime.name_path(),
        def.name,
        value_reader(&def.ty, schema)
    );
    [Item::Tokens(item), Item::Text(text)]
}
