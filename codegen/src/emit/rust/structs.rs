//! Object types: a struct per `StructDef`, and how it is written.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::defaults;
use super::early::Plan;
use super::fields::{constant_value, field, field_ident, is_constant};
use super::{
    Runtime, deserialize_impl, ident, json_schema_derive, notes, object_impl, serialize_as_object,
    visitor, with_examples,
};
use crate::ir::{Field, Schema, StructDef, Ty};
use crate::naming::rust::EXTRA_FIELDS;

/// A struct with one `pub` field per schema field. A closed struct denies unknown keys; an
/// open one collects them in a trailing `extra_fields` map.
pub(super) fn struct_item(def: &StructDef, runtime: Runtime) -> TokenStream {
    let docs = notes(
        &with_examples(&def.docs, &def.examples),
        def.deprecated.as_ref(),
    );
    let name = ident(&def.name);
    let deny = def.closed().then(|| quote!(deny_unknown_fields));
    let json_schema_derive = json_schema_derive(&def.name, runtime, deny);
    // A constant field has one value, which the writer writes and the visitor checks: the
    // struct holds nothing for it.
    let fields = def
        .fields
        .iter()
        .filter(|def| !is_constant(def))
        .map(|field_def| field(field_def, &def.name, runtime));
    let extra = def.keeps_unknown().then(|| extra_fields(runtime));
    quote! {
        #(#docs)*
        #[derive(Debug, Clone, PartialEq)]
        #json_schema_derive
        pub struct #name {
            #(#fields,)*
            #extra
        }
    }
}

/// The serde impls of a struct: `Serialize` through its `Object` impl, which writes the
/// fields after the tags of any union around it, and `Deserialize` through its `Struct` impl,
/// the struct visitor, which also notes the struct's name when decoding fails, for the message
/// of a `DecodeError`.
pub(super) fn serde_impls(
    def: &StructDef,
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
        quote!(#rt::__private::deserialize_struct(deserializer)),
    );
    let mut items = vec![
        serialize,
        struct_object_impl(def, schema, runtime),
        deserialize,
    ];
    items.extend(visitor::struct_impl(def, schema, runtime, plan));
    items.extend(defaults::functions(def, schema, runtime));
    items
}

/// Whether a struct is written as a map rather than a serde struct: when it is open (keeping
/// or dropping unknown keys), or
/// flattens another (as serde's own `flatten` writes it), so it has no sequence form.
pub(super) fn written_as_map(def: &StructDef) -> bool {
    !def.closed() || def.fields.iter().any(|field| field.flatten)
}

/// The `Object` impl of a struct: the tags of the unions around it, then each key of its
/// object (an optional one only when it holds a value; a flattened struct's keys in place of
/// the field that holds it), then an open struct's other keys. A closed struct is a serde
/// struct and an open or flattening one a map, as serde's derive wrote them.
fn struct_object_impl(def: &StructDef, schema: &Schema, runtime: Runtime) -> TokenStream {
    let rt = runtime.path();
    let name = ident(&def.name);
    let name_text = &def.name;
    let keys = schema.wire_fields(def);
    // The entries written: every key always written, each optional one that holds a value,
    // each omitted default that holds another value, and an open struct's other keys; a sum
    // without the zero terms, which clippy would point out.
    let required = keys
        .iter()
        .filter(|(path, field)| written(field, &value_path(path, field), schema).is_none())
        .count();
    let required = (required > 0).then(|| {
        let count = Literal::usize_unsuffixed(required);
        quote!(#count)
    });
    let present = keys.iter().filter_map(|(path, field)| {
        let test = written(field, &value_path(path, field), schema)?;
        Some(quote!(::core::primitive::usize::from(#test)))
    });
    let extra = ident(EXTRA_FIELDS);
    let extra_len = def.keeps_unknown().then(|| quote!(self.#extra.len()));
    let terms: Vec<TokenStream> = required
        .into_iter()
        .chain(present)
        .chain(extra_len)
        .collect();
    let len = if terms.is_empty() {
        quote!(0)
    } else {
        quote!(#(#terms)+*)
    };
    let writes = keys.iter().map(|(path, field)| {
        let wire = &field.wire_name;
        if let Ty::Const(constant) = &field.ty {
            let value = constant_value(constant);
            return quote!(object.field(#wire, &#value)?;);
        }
        let value = value_path(path, field);
        if field.presence.is_optional() {
            quote!(object.optional_field(#wire, &#value)?;)
        } else if let Some(test) = written(field, &value, schema) {
            quote! {
                if #test {
                    object.field(#wire, &#value)?;
                }
            }
        } else {
            quote!(object.field(#wire, &#value)?;)
        }
    });
    let begin = if written_as_map(def) {
        quote!(#rt::__private::MapWriter::begin(serializer, #len, tags)?)
    } else {
        quote!(#rt::__private::StructWriter::begin(serializer, #name_text, #len, tags)?)
    };
    let extra = def
        .keeps_unknown()
        .then(|| quote!(object.extra_fields(&self.#extra)?;));
    // A struct without keys writes only its tags.
    let mutable = (!keys.is_empty() || def.keeps_unknown()).then(|| quote!(mut));
    object_impl(
        &name,
        runtime,
        quote! {
            let #mutable object = #begin;
            #(#writes)*
            #extra
            object.end()
        },
    )
}

/// For a key not always written, the test of whether `value`, its field's value, is: an
/// optional key holds a value, an omitted default's value is another. `None` for a key always
/// written.
fn written(field: &Field, value: &TokenStream, schema: &Schema) -> Option<TokenStream> {
    if field.presence.is_optional() {
        return Some(quote!(::std::option::Option::is_some(&#value)));
    }
    let default = field.default.as_ref().filter(|default| default.omits())?;
    Some(defaults::differs(
        value.clone(),
        &field.ty,
        &default.value,
        schema,
    ))
}

/// `self.envelope.id`: the value of a key, through the flattened fields that hold it.
fn value_path(path: &[&Field], field: &Field) -> TokenStream {
    let steps = path.iter().map(|step| field_ident(step));
    let field = field_ident(field);
    quote!(self #(.#steps)* .#field)
}

/// The last field of an open struct. The checker refuses a schema field of this name in an
/// open struct, so it cannot collide.
fn extra_fields(runtime: Runtime) -> TokenStream {
    let rt = runtime.path();
    let name = ident(EXTRA_FIELDS);
    quote! {
        /// Fields the schema does not name, kept so that a round trip writes them back.
        #[schemars(flatten)]
        pub #name: ::std::collections::BTreeMap<String, #rt::__private::serde_json::Value>,
    }
}
