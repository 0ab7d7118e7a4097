//! The Rust emitter: serde types that accept exactly the JSON the schema describes.
//!
//! Generated code compiles in a crate whose only dependency is `cardc`, so every serde name
//! goes through `::cardc::__private`. The items are built as syntax trees rather than text so
//! that a derive macro can later splice the very same items next to a marker struct; that is
//! also why they carry no inner attributes, `use` statements or modules, which could clash when
//! two schemas expand into one module.
//!
//! The IR comes from the checker, so names are valid identifiers and every `Ty::Named`
//! resolves. Building an item from an IR that breaks those invariants panics: it is a checker
//! bug, not a user error.

pub mod bridge;
mod enums;
pub mod escape;
mod fields;
mod structs;
mod types;
mod unions;

#[cfg(test)]
mod tests;

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::emit::header_sentence;
use crate::ir::{Schema, TypeDef};
use crate::naming::rust::{EXTRA_FIELDS, bridge_trait};
use crate::target::{Options, Refusal, Target};

/// The Rust target.
pub struct Rust;

impl Target for Rust {
    fn key(&self) -> &'static str {
        "rust"
    }

    fn language(&self) -> &'static str {
        "Rust"
    }

    fn constant(&self) -> &'static str {
        "RUST"
    }

    fn file_name(&self, stem: &str) -> String {
        format!("{stem}.rs")
    }

    fn emit(&self, schema: &Schema, _: &Options) -> String {
        emit(schema)
    }

    fn union_helpers(&self, union: &str) -> Vec<String> {
        vec![bridge_trait(union)]
    }

    fn field_name_problem(&self, name: &str, closed: bool) -> Option<Refusal> {
        (!closed && name == EXTRA_FIELDS).then(|| Refusal {
            message: format!("an open struct cannot have a field named `{EXTRA_FIELDS}`"),
            label: "reserved in open structs".to_string(),
            hint: format!(
                "the generated Rust keeps unknown keys in `{EXTRA_FIELDS}`: rename the field and \
                 keep its wire name with `#[rename = \"{EXTRA_FIELDS}\"]`"
            ),
        })
    }
}

/// The whole Rust output for a schema: the [`header`], then the pretty-printed [`items`],
/// the same text as [`items_text`] but printed by two threads, each taking half of the types.
pub fn emit(schema: &Schema) -> String {
    let defs: Vec<&TypeDef> = schema.types.values().collect();
    let (first, second) = defs.split_at(defs.len() / 2);
    let (first, second) = std::thread::scope(|scope| {
        let second = scope.spawn(|| print_items(second, schema));
        let first = print_items(first, schema);
        // A panic in an emitter is a bug; it goes on unwinding here.
        let second = second
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (first, second)
    });
    let mut out = header(schema);
    out.push_str(&first);
    if !first.is_empty() && !second.is_empty() {
        out.push('\n');
    }
    out.push_str(&second);
    out
}

/// The `//` header of the Rust output: the generated-by line, the schema's doc comment, and a
/// blank line. Each line's text goes through [`escape::comment_text`], so neither the schema's
/// path nor its docs can end a comment line early.
pub fn header(schema: &Schema) -> String {
    let mut out = format!("// {}\n", escape::comment_text(&header_sentence(schema)));
    for line in &schema.docs {
        // `// ` followed by nothing would leave a trailing space in the file.
        if line.is_empty() {
            out.push_str("//\n");
        } else {
            out.push_str(&format!("// {}\n", escape::comment_text(line)));
        }
    }
    out.push('\n');
    out
}

/// The pretty-printed [`items`] alone, exactly as [`emit`] writes them after the header: what
/// the derive macro expands to. prettyplease prints a file's items back to back, so each item
/// is printed alone and the results are joined by a blank line. The items of one type at a
/// time are built, printed and dropped, so that memory stays that of one type's syntax trees
/// however large the schema.
pub fn items_text(schema: &Schema) -> String {
    print_items(&schema.types.values().collect::<Vec<_>>(), schema)
}

/// The pretty-printed items of some types, one blank line between items.
fn print_items(defs: &[&TypeDef], schema: &Schema) -> String {
    let mut out = String::new();
    for def in defs {
        for item in type_items(def, schema) {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&prettyplease::unparse(&file(vec![item])));
        }
    }
    out
}

/// Every generated item of a schema, one per named type in name order, with no inner
/// attributes so that the items can be spliced into any module.
pub fn items(schema: &Schema) -> syn::File {
    file(
        schema
            .types
            .values()
            .flat_map(|def| type_items(def, schema))
            .collect(),
    )
}

/// A file holding only the given items.
fn file(items: Vec<syn::Item>) -> syn::File {
    syn::File {
        shebang: None,
        frontmatter: None,
        attrs: Vec::new(),
        items,
    }
}

/// The items for one named type: the type, and for a struct or union its decoding impls.
fn type_items(def: &TypeDef, schema: &Schema) -> Vec<syn::Item> {
    match def {
        TypeDef::Struct(def) => {
            let mut items = vec![structs::struct_item(def)];
            items.extend(structs::serde_impls(def));
            items
        }
        TypeDef::Union(def) => {
            let mut items = vec![unions::union_item(def)];
            items.extend(unions::union_impls(def, schema));
            items.extend(bridge::bridge_items(def));
            items
        }
        TypeDef::Enum(def) => enums::enum_items(def).into(),
    }
}

/// `#[doc = " line"]` attributes, which prettyplease prints as `/// line`. The IR strips the
/// space after `///`, so it is put back on every non-empty line; an empty line stays empty so
/// that it prints as a bare `///` with no trailing space. An item the schema leaves
/// undocumented gets `#[allow(missing_docs)]` instead, so that the items compile in a crate
/// that denies `missing_docs`, where the lint would point at the derive and name no schema item.
fn doc_attrs(docs: &[String]) -> Vec<TokenStream> {
    if docs.is_empty() {
        return vec![quote!(#[allow(missing_docs)])];
    }
    docs.iter().map(|line| doc_attr(line)).collect()
}

/// One `#[doc]` attribute holding one line of text, which may come from the schema: every doc
/// the Rust output carries goes through here, and so through [`escape::comment_text`]. The
/// text never starts with `/` or holds a line break, so prettyplease prints it as a `///` line.
fn doc_attr(line: &str) -> TokenStream {
    let text = if line.is_empty() {
        String::new()
    } else {
        format!(" {}", escape::comment_text(line))
    };
    quote!(#[doc = #text])
}

/// An identifier from an IR name. The checker escapes keywords as `r#type`, which
/// `Ident::new` refuses, so the raw prefix is turned into a raw identifier.
fn ident(name: &str) -> Ident {
    match name.strip_prefix("r#") {
        Some(raw) => Ident::new_raw(raw, Span::call_site()),
        None => Ident::new(name, Span::call_site()),
    }
}

/// The `JsonSchema` derive every generated type carries, through the facade: schemars' derive
/// when `cardc`'s `schemars` feature is on, and a derive that expands to nothing when it is
/// off. The switch is cardc's feature rather than a `cfg_attr(feature = "schemars")` here
/// because generated code expands in the user's crate, whose features are its own: a crate
/// without a `schemars` feature would get an `unexpected_cfgs` warning and never the derive.
/// `rename` names the schema after the type, since the `remote = "Self"` that structs carry
/// would otherwise name every struct's schema `Self`.
fn json_schema_derive(name: &str) -> TokenStream {
    quote! {
        #[derive(::cardc::__private::JsonSchema)]
        #[schemars(crate = "::cardc::__private::schemars", rename = #name)]
    }
}

/// The serde derives every struct carries, through the facade since the user's crate
/// need not depend on serde. They go in a `derive` of their own, after the std derives, so
/// that each prints on one line.
fn serde_derive() -> TokenStream {
    quote! {
        #[derive(::cardc::__private::serde::Serialize, ::cardc::__private::serde::Deserialize)]
    }
}

/// The `Serialize` derive alone, for enums, whose `Deserialize` impl is generated.
fn serialize_derive() -> TokenStream {
    quote! {
        #[derive(::cardc::__private::serde::Serialize)]
    }
}

/// A `Deserialize` impl for `name` whose body, given `deserializer`, decodes the value: the one
/// shape structs (through `ObjectOnly`), unions (through the tag-first decoder) and enums
/// (through `deserialize_unit_enum`) share.
fn deserialize_impl(name: &Ident, body: TokenStream) -> syn::Item {
    syn::parse_quote! {
        impl<'de> ::cardc::__private::serde::Deserialize<'de> for #name {
            #[inline]
            fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
            where
                D: ::cardc::__private::serde::Deserializer<'de>,
            {
                #body
            }
        }
    }
}
