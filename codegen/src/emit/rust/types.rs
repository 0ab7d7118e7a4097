//! Value types: the Rust spelling of each [`Ty`].

use syn::{GenericArgument, PathArguments, Type, parse_quote};

use super::{Runtime, ident};
use crate::ir::Ty;

/// The text of [`rust_type`], as the runtime macros' invocations spell a slot's type.
pub(super) fn type_text(ty: &Ty, runtime: Runtime) -> String {
    let rt = runtime.name();
    match ty {
        Ty::String => "String".to_owned(),
        Ty::Bool => "bool".to_owned(),
        Ty::Int(kind) => kind.rust_name().to_owned(),
        Ty::Decimal(wide) => format!("::{rt}::Decimal<{}>", wide.rust_name()),
        Ty::F64 => "f64".to_owned(),
        Ty::Json => format!("::{rt}::__private::serde_json::Value"),
        Ty::Vec(inner) => format!("Vec<{}>", type_text(inner, runtime)),
        Ty::Map(inner) => format!(
            "::std::collections::BTreeMap<String, {}>",
            type_text(inner, runtime)
        ),
        Ty::Boxed(inner) => format!("Box<{}>", type_text(inner, runtime)),
        Ty::Nullable(inner) => format!("Option<{}>", type_text(inner, runtime)),
        Ty::Named(name) => name.clone(),
        Ty::Const(_) => "()".to_owned(),
    }
}

/// Clippy's default `type-complexity-threshold`: a field type scoring above it fails the
/// generated crate's `-D warnings`.
const CLIPPY_TYPE_COMPLEXITY_THRESHOLD: u64 = 250;

/// The Rust type for a value type.
///
/// `Nullable` maps to a plain `Option` here, which is right wherever serde's own `Option`
/// handling applies: inside a `Vec`, a `Map` or a `Box`. A field whose type is `Nullable` at the
/// top needs a stricter reading of a missing key, so [`super::fields`] unwraps that layer itself
/// before calling this.
pub(super) fn rust_type(ty: &Ty, runtime: Runtime) -> Type {
    let rt = runtime.path();
    match ty {
        Ty::String => parse_quote!(String),
        Ty::Bool => parse_quote!(bool),
        Ty::Int(kind) => {
            let name = ident(kind.rust_name());
            parse_quote!(#name)
        }
        Ty::Decimal(wide) => {
            let name = ident(wide.rust_name());
            parse_quote!(#rt::Decimal<#name>)
        }
        Ty::F64 => parse_quote!(f64),
        Ty::Json => parse_quote!(#rt::__private::serde_json::Value),
        Ty::Vec(inner) => {
            let inner = rust_type(inner, runtime);
            parse_quote!(Vec<#inner>)
        }
        Ty::Map(inner) => {
            let inner = rust_type(inner, runtime);
            parse_quote!(::std::collections::BTreeMap<String, #inner>)
        }
        Ty::Boxed(inner) => {
            let inner = rust_type(inner, runtime);
            parse_quote!(Box<#inner>)
        }
        Ty::Nullable(inner) => {
            let inner = rust_type(inner, runtime);
            parse_quote!(Option<#inner>)
        }
        Ty::Named(name) => {
            let name = ident(name);
            parse_quote!(#name)
        }
        // A constant carries no information; its field is left out of the struct.
        Ty::Const(_) => parse_quote!(()),
    }
}

/// Whether clippy's `type_complexity` would flag this field type. A schema may nest
/// `Option`, `Nullable`, `Vec` and `Map` as deep as it likes, and naming the parts with `type`
/// aliases, as the lint suggests, would add items the schema never declared.
pub(super) fn too_complex_for_clippy(ty: &Type) -> bool {
    clippy_score(ty, 1) > CLIPPY_TYPE_COMPLEXITY_THRESHOLD
}

/// The lint's score, as clippy computes it for the path types emitted here: ten times the
/// nesting level for every type, the outermost being at level one.
fn clippy_score(ty: &Type, nest: u64) -> u64 {
    let Type::Path(path) = ty else {
        return 0;
    };
    let args = path
        .path
        .segments
        .iter()
        .filter_map(|segment| match &segment.arguments {
            PathArguments::AngleBracketed(args) => Some(&args.args),
            _ => None,
        })
        .flatten();
    let nested: u64 = args
        .filter_map(|arg| match arg {
            GenericArgument::Type(ty) => Some(clippy_score(ty, nest + 1)),
            _ => None,
        })
        .sum();
    10 * nest + nested
}
