//! Untagged unions: an enum of the variants' values, written as the value it holds and read
//! by the runtime's shape dispatch (`deserialize_untagged`).

use quote::quote;

use super::escape::string_literal;
use super::fields::value_reader;
use super::types::rust_type;
use super::{Item, Runtime, doc_attrs, ident, json_schema_derive, notes, with_examples};
use crate::ir::{Schema, Shape, UntaggedDef};

/// The enum, and the invocation of the runtime's `untagged!` that gives it its serde impls and
/// its `Untagged` impl.
pub(super) fn untagged_items(def: &UntaggedDef, schema: &Schema, runtime: Runtime) -> [Item; 2] {
    let docs = notes(
        &with_examples(&def.docs, &def.examples),
        def.deprecated.as_ref(),
    );
    let name = ident(&def.name);
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
    let mut text = format!(
        "{}::__private::untagged! {{\n    {} {} {} {{\n",
        runtime.name_path(),
        def.name,
        string_literal(&def.name),
        string_literal(&def.expected())
    );
    for (index, variant) in def.variants.iter().enumerate() {
        text.push_str(&format!(
            "        {index} {} [{}] ({}),\n",
            variant.name,
            shape(&variant.shape),
            value_reader(&variant.ty, schema)
        ));
    }
    text.push_str("    }\n}\n");
    [Item::Tokens(item), Item::Text(text)]
}

/// A variant's shape in `untagged!`'s spelling: `String`, `Object("id" "method")` for an
/// object picked by keys it must have, `Tried` for an object variant tried in order, or
/// `Array(Object("label"))` for an array picked by its items' shape.
fn shape(of: &Shape) -> String {
    match of {
        Shape::String => "String".to_owned(),
        Shape::Boolean => "Boolean".to_owned(),
        Shape::Integer => "Integer".to_owned(),
        Shape::Number => "Number".to_owned(),
        Shape::Array(None) => "Array".to_owned(),
        Shape::Array(Some(item)) => format!("Array({})", shape(item)),
        Shape::Object(keys) if keys.is_empty() => "Object".to_owned(),
        Shape::Tried => "Tried".to_owned(),
        Shape::Object(keys) => {
            let keys: Vec<String> = keys.iter().map(|key| string_literal(key)).collect();
            format!("Object({})", keys.join(" "))
        }
    }
}
