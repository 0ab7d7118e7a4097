//! Unit-only enums: one Rust variant per string on the wire, read from that string alone.

use quote::quote;

use super::escape::string_literal;
use super::unions::fold_note;
use super::{Item, Runtime, ident, json_schema_derive, notes, with_examples};
use crate::ir::EnumDef;

/// A fieldless enum, and the invocation of the runtime's `unit_enum!` that gives it its serde
/// impls and its `UnitEnum` impl, which maps each value to its wire string and back. Every value carries its `rename` for schemars even when the default
/// would match: the wire string is the contract, and spelling it out keeps it visible in
/// review. `Deserialize` is not serde's derive, which also reads `{"value": null}`: the
/// runtime's `deserialize_unit_enum` reads a string only.
pub(super) fn enum_items(def: &EnumDef, runtime: Runtime) -> [Item; 2] {
    let rt = runtime.path();
    let docs = notes(
        &with_examples(&def.docs, &def.examples),
        def.deprecated.as_ref(),
    );
    let name = ident(&def.name);
    let json_schema_derive = json_schema_derive(&def.name, runtime, None);
    let values = def.values.iter().map(|value| {
        let mut docs = value.docs.clone();
        if def.fold.as_ref() == Some(&value.name) {
            docs.extend(fold_note(
                &docs,
                "A string this build does not know reads as this.",
            ));
        }
        let docs = notes(&docs, value.deprecated.as_ref());
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
    let mut text = format!(
        "{}::__private::unit_enum! {{\n    {} {} {{\n",
        runtime.name_path(),
        def.name,
        string_literal(&def.name)
    );
    for (index, value) in def.values.iter().enumerate() {
        text.push_str(&format!(
            "        {} = {index} {},\n",
            value.name,
            string_literal(&value.wire_name)
        ));
    }
    text.push_str("    }\n");
    if let Some(other) = &def.other {
        text.push_str(&format!("    other({})\n", other.name));
    }
    if let Some(fold) = &def.fold {
        text.push_str(&format!("    fold({fold})\n"));
    }
    text.push_str("}\n");
    [Item::Tokens(item), Item::Text(text)]
}
