//! Field defaults in Rust: the expression that builds a default, and the test a writer leaves
//! a value out by (`#[omit_default]`).
//!
//! The checker allows only defaults with a literal in every output (see
//! [`crate::ir::FieldDefault`]), so each is an expression of literals, enum variants and newtype
//! constructors, never a JSON text read at run time.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::types::rust_type;
use super::{Runtime, ident};
use crate::ir::{Field, IntKind, JsonValue, OnInvalid, Schema, StructDef, Ty, TypeDef};
use crate::naming::rust::rust_ident_text;

/// The function that builds the default of `field` of the struct `owner`, as a path's text:
/// `Card::default_status`, an associated function of the struct, so that its name is the
/// field's and cannot meet another item's. A `schemars(default = "...")` attribute and the
/// runtime macros' invocations name it so.
pub(super) fn path_text(owner: &str, field: &Field) -> String {
    format!("{owner}::{}", function_name(field))
}

/// `default_status`: the field's identifier (without its `r#`) after `default_`.
fn function_name(field: &Field) -> proc_macro2::Ident {
    let text = rust_ident_text(&field.name);
    ident(&format!(
        "default_{}",
        text.strip_prefix("r#").unwrap_or(&text)
    ))
}

/// The functions that build the defaults of a struct's fields, one per field with a default
/// or an `#[on_invalid(default = "<JSON>")]`, or `None` when it has none. The visitor calls them
/// for an absent key and, tolerant, for an invalid value, and schemars for the `default` it
/// writes; public, since the union of another schema file that holds the struct reads its keys
/// with them too.
pub(super) fn functions(def: &StructDef, schema: &Schema, runtime: Runtime) -> Option<TokenStream> {
    let functions: Vec<TokenStream> = def
        .fields
        .iter()
        .filter_map(|field| {
            // A field name is ASCII snake_case (the checker says so): nothing in it to escape.
            let (value, doc) = match (&field.default, &field.tolerance.on_invalid) {
                (Some(default), _) => (
                    &default.value,
                    format!(
                        " The default of `{}`, which an absent key reads as.",
                        field.name
                    ),
                ),
                (None, OnInvalid::Default(value)) => (
                    value,
                    format!(
                        " The value an invalid `{}` reads as, read tolerantly.",
                        field.name
                    ),
                ),
                (None, _) => return None,
            };
            let name = function_name(field);
            let ty = rust_type(&field.ty, runtime);
            let value = build(&field.ty, value, schema, runtime);
            Some(quote! {
                #[doc = #doc]
                #[inline]
                pub fn #name() -> #ty {
                    #value
                }
            })
        })
        .collect();
    if functions.is_empty() {
        return None;
    }
    let name = ident(&def.name);
    Some(quote! {
        impl #name {
            #(#functions)*
        }
    })
}

/// The expression that builds the default `value` of type `ty`.
fn build(ty: &Ty, value: &JsonValue, schema: &Schema, runtime: Runtime) -> TokenStream {
    let rt = runtime.path();
    match (ty, value) {
        (Ty::String, JsonValue::String(text)) => quote!(::std::string::String::from(#text)),
        (Ty::Vec(_), _) => quote!(::std::vec::Vec::new()),
        (Ty::Map(_), _) => quote!(::std::collections::BTreeMap::new()),
        (Ty::Decimal(_), JsonValue::String(text)) => {
            let number = integer(ty, text);
            quote!(#rt::Decimal(#number))
        }
        (Ty::Boxed(inner), _) => {
            let inner = build(inner, value, schema, runtime);
            quote!(::std::boxed::Box::new(#inner))
        }
        (Ty::Named(name), _) => match schema.types.get(name) {
            Some(TypeDef::Newtype(def)) => {
                let inner = build(&def.ty, value, schema, runtime);
                let name = ident(name);
                quote!(#name(#inner))
            }
            _ => match enum_variant(name, value, schema) {
                Some(variant) => {
                    let (name, variant) = (ident(name), ident(variant));
                    quote!(#name::#variant)
                }
                None => quote!(()),
            },
        },
        _ => scalar(ty, value),
    }
}

/// Whether a value of type `ty` differs from the default `value`, as text: what a writer tests
/// before writing the key of an omitted default. The value is `path` behind `derefs`
/// dereferences (`value` behind one, at first): methods and fields are reached through `path`
/// (which derefs itself), a comparison takes the value itself. Compared in place (a string with
/// a `&str`, an array by its length), so that writing builds no default.
pub(super) fn differs(
    path: &str,
    derefs: usize,
    ty: &Ty,
    value: &JsonValue,
    schema: &Schema,
) -> String {
    let place = format!("{}{path}", "*".repeat(derefs));
    match (ty, value) {
        (Ty::Vec(_) | Ty::Map(_), _) => format!("!{path}.is_empty()"),
        (Ty::Bool, JsonValue::Bool(true)) => format!("!{place}"),
        (Ty::Bool, _) => place,
        (Ty::Decimal(_), JsonValue::String(text)) => {
            format!("{path}.0 != {}", integer(ty, text))
        }
        (Ty::Boxed(inner), _) => differs(path, derefs + 1, inner, value, schema),
        (Ty::Named(name), _) => match schema.types.get(name) {
            Some(TypeDef::Newtype(def)) => differs(&format!("{path}.0"), 0, &def.ty, value, schema),
            _ => match enum_variant(name, value, schema) {
                Some(variant) => format!("!::core::matches!({place}, {name}::{variant})"),
                None => format!("!::core::matches!({place}, ())"),
            },
        },
        _ => format!("{place} != {}", scalar(ty, value)),
    }
}

/// A string, boolean or number default as a literal of its Rust type.
fn scalar(ty: &Ty, value: &JsonValue) -> TokenStream {
    match (ty, value) {
        (Ty::String, JsonValue::String(text)) => quote!(#text),
        (Ty::Bool, JsonValue::Bool(flag)) => quote!(#flag),
        (Ty::Int(kind), JsonValue::Int(number)) => int_literal(*kind, i128::from(*number)),
        // The checker allows a float for an integer only with a zero fraction in its bounds.
        (Ty::Int(kind), JsonValue::Float(number)) => int_literal(*kind, *number as i128),
        (Ty::F64, JsonValue::Int(number)) => {
            let literal = Literal::f64_suffixed(*number as f64);
            quote!(#literal)
        }
        (Ty::F64, JsonValue::Float(number)) => {
            let literal = Literal::f64_suffixed(*number);
            quote!(#literal)
        }
        // The checker refuses every other default. Were one to get here, `()` makes the
        // generated code fail to compile, where a panic here would take the user's build down.
        _ => quote!(()),
    }
}

/// A decimal default's integer as a suffixed literal of its Rust type.
fn integer(ty: &Ty, text: &str) -> TokenStream {
    let Ty::Decimal(wide) = ty else {
        return quote!(());
    };
    match (text.parse::<i128>(), wide.rust_name()) {
        (Ok(number), "u64") => int_literal(IntKind::U64, number),
        (Ok(number), _) => int_literal(IntKind::I64, number),
        (Err(_), _) => quote!(()),
    }
}

/// An integer as a literal suffixed with its type (`7u8`), which the checker has kept in the
/// type's bounds; the decimal 64-bit types take their full range here.
fn int_literal(kind: IntKind, number: i128) -> TokenStream {
    let literal = match kind {
        IntKind::U8 => u8::try_from(number).map(Literal::u8_suffixed),
        IntKind::U16 => u16::try_from(number).map(Literal::u16_suffixed),
        IntKind::U32 => u32::try_from(number).map(Literal::u32_suffixed),
        IntKind::U64 => u64::try_from(number).map(Literal::u64_suffixed),
        IntKind::I8 => i8::try_from(number).map(Literal::i8_suffixed),
        IntKind::I16 => i16::try_from(number).map(Literal::i16_suffixed),
        IntKind::I32 => i32::try_from(number).map(Literal::i32_suffixed),
        IntKind::I64 => i64::try_from(number).map(Literal::i64_suffixed),
    };
    match literal {
        Ok(literal) => quote!(#literal),
        Err(_) => quote!(()),
    }
}

/// The name of the enum variant whose wire string is `value`. The checker refuses every other
/// enum default; were one to get here, `()` in its place makes the generated code fail to
/// compile, where a panic here would take the user's build down.
fn enum_variant<'a>(name: &str, value: &JsonValue, schema: &'a Schema) -> Option<&'a str> {
    let (Some(TypeDef::Enum(def)), JsonValue::String(text)) = (schema.types.get(name), value)
    else {
        return None;
    };
    def.values
        .iter()
        .find(|v| v.wire_name == *text)
        .map(|variant| variant.name.as_str())
}
