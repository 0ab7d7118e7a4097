//! Object types: a struct per `StructDef`, and how it is written.

use proc_macro2::TokenStream;
use quote::quote;

use super::defaults;
use super::escape::string_literal;
use super::fields::{constant_value, field, is_constant, reader, slot_type};
use super::{Item, Runtime, ident, json_schema_derive, notes, with_examples};
use crate::ir::{Field, Schema, StructDef, Ty};
use crate::naming::rust::{EXTRA_FIELDS, rust_ident_text};

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

/// The serde impls of a struct, as one invocation of the runtime's `object!`, which expands to
/// `Serialize` through its `Object` impl (the fields after the tags of any union around it),
/// `Deserialize` through its `Struct` impl (the struct visitor, which also notes the struct's
/// name when decoding fails, for the message of a `DecodeError`), and the visitor taking some
/// slots filled that a union around it calls with the keys it read before its tag; then the
/// functions that build its defaults.
pub(super) fn serde_impls(def: &StructDef, schema: &Schema, runtime: Runtime) -> Vec<Item> {
    let keys = schema.wire_fields(def);
    let form = if written_as_map(def) { "map" } else { "struct" };
    let unknown = if def.closed() {
        "deny"
    } else if def.keeps_unknown() {
        "keep"
    } else {
        "drop"
    };
    let mut text = format!(
        "{}::__private::object! {{\n    {} {} {form} {unknown};\n    keys {{\n",
        runtime.name_path(),
        def.name,
        string_literal(&def.name)
    );
    for (index, (path, field)) in keys.iter().enumerate() {
        let owner = owner(def, path);
        let path = if is_constant(field) {
            String::new()
        } else {
            path.iter()
                .chain([field])
                .map(|step| rust_ident_text(&step.name))
                .collect::<Vec<_>>()
                .join(".")
        };
        text.push_str(&format!(
            "        {index} {} [{path}]: {} = {} ({});\n",
            string_literal(&field.wire_name),
            slot_type(field, runtime),
            mode(field, owner, schema),
            reader(field, owner, schema, runtime),
        ));
    }
    let build = build(def, schema, &mut 0);
    text.push_str(&format!("    }}\n    build {{ {build} }}\n}}\n"));
    let mut items = vec![Item::Text(text)];
    items.extend(defaults::functions(def, schema, runtime).map(Item::Tokens));
    items
}

/// Whether a struct is written as a map rather than a serde struct: when it is open (keeping
/// or dropping unknown keys), or flattens another (as serde's own `flatten` writes it).
pub(super) fn written_as_map(def: &StructDef) -> bool {
    !def.closed() || def.fields.iter().any(|field| field.flatten)
}

/// The struct that declares a key's field: the one the last flattened field on its `path`
/// holds, or `def` itself.
pub(super) fn owner<'a>(def: &'a StructDef, path: &[&'a Field]) -> &'a str {
    match path.last().map(|field| &field.ty) {
        Some(Ty::Named(name)) => name,
        _ => &def.name,
    }
}

/// How a key is read once the object ends and when it is written, in `object!`'s spelling: a
/// constant (`con(value)`) is written always and must have been given; an optional key
/// (`opt()`) is absent as `None` and written only when it holds a value; a default
/// (`def(path)`) is absent as the value its function builds, and an omitted one
/// (`omit(path, |value| test)`) written only when `test` says the value is another; any
/// other key (`req()`) must have been given.
fn mode(field: &Field, owner: &str, schema: &Schema) -> String {
    if let Ty::Const(constant) = &field.ty {
        return format!("con({})", constant_value(constant));
    }
    if field.presence.is_optional() {
        return "opt()".to_owned();
    }
    let Some(default) = &field.default else {
        return "req()".to_owned();
    };
    let path = defaults::path_text(owner, field);
    if default.omits() {
        let test = defaults::differs("value", 1, &field.ty, &default.value, schema);
        format!("omit({path}, |value| {test})")
    } else {
        format!("def({path})")
    }
}

/// The struct literal of `def` from the indices of its keys, counted from `*key` in the order of
/// [`Schema::wire_fields`]: a flattened field is its struct built from its own keys, a constant
/// holds no field.
fn build(def: &StructDef, schema: &Schema, key: &mut usize) -> String {
    let mut fields = Vec::new();
    for field in &def.fields {
        let name = rust_ident_text(&field.name);
        match (&field.ty, schema.flattened(field)) {
            (_, Some(inner)) => {
                let inner_fields = build(inner, schema, key);
                fields.push(format!("{name}: {} {{ {inner_fields} }}", inner.name));
            }
            (Ty::Const(_), None) => *key += 1,
            (_, None) => {
                fields.push(format!("{name}: {key}"));
                *key += 1;
            }
        }
    }
    fields.join(", ")
}

/// The last field of an open struct. The checker refuses a schema field of this name in an
/// open struct, so it cannot collide.
fn extra_fields(runtime: Runtime) -> TokenStream {
    kept_keys(runtime, quote!(pub))
}

/// The map of the keys an open object keeps (`extra_fields: BTreeMap<...>,`), with its docs
/// and `visibility`: an open struct's last field (`pub`), and the one field of a unit variant
/// that keeps other keys than its tags (none, as an enum variant's fields have).
pub(super) fn kept_keys(runtime: Runtime, visibility: TokenStream) -> TokenStream {
    let rt = runtime.path();
    let name = ident(EXTRA_FIELDS);
    quote! {
        /// Fields the schema does not name, kept so that a round trip writes them back.
        #[schemars(flatten)]
        #visibility #name: ::std::collections::BTreeMap<String, #rt::__private::serde_json::Value>,
    }
}
