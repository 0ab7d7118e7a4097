//! A field's constraints as the closure its reader checks the value with: one runtime helper
//! call per constraint, the first failure the error.

use proc_macro2::TokenStream;
use quote::quote;

use super::Runtime;
use super::types::rust_type;
use crate::ir::{Bound, Field, Number};

/// The closure `|value: &T| -> Result<(), String>` that checks a field's present, non-null
/// value against its constraints.
pub(super) fn checks(field: &Field, runtime: Runtime) -> TokenStream {
    let rt = runtime.path();
    let constraints = &field.constraints;
    let ty = rust_type(&field.ty, runtime);
    let mut calls = Vec::new();
    if let Some(length) = constraints.length {
        let (min, max) = (option(length.min), option(length.max));
        calls.push(quote!(#rt::__private::check_length(value, #min, #max)?;));
    }
    let patterns = constraints
        .pattern
        .as_deref()
        .map(|pattern| (pattern.to_owned(), format!("a string matching {pattern}")))
        .into_iter()
        .chain(constraints.format.map(|format| {
            let what = format!("a string of format {}", format.name());
            (format.pattern().to_owned(), what)
        }));
    for (pattern, what) in patterns {
        calls.push(quote! {
            {
                static PATTERN: #rt::__private::Pattern = #rt::__private::Pattern::new(#pattern, #what);
                PATTERN.check(value)?;
            }
        });
    }
    if let Some(range) = constraints.range {
        let int = matches!(
            range.min.or(range.max).map(|bound| bound.value),
            Some(Number::Int(_))
        );
        if int {
            let (min, max) = (int_bound(range.min), int_bound(range.max));
            calls.push(quote!(
                #rt::__private::check_int_range(::core::primitive::i128::from(*value), #min, #max)?;
            ));
        } else {
            let (min, max) = (float_bound(range.min), float_bound(range.max));
            calls.push(quote!(#rt::__private::check_float_range(*value, #min, #max)?;));
        }
    }
    if let Some(items) = constraints.items {
        let (min, max) = (option(items.min), option(items.max));
        calls.push(quote!(#rt::__private::check_items(value, #min, #max)?;));
    }
    if constraints.unique {
        calls.push(quote!(#rt::__private::check_unique(value)?;));
    }
    quote! {
        |value: &#ty| -> ::std::result::Result<(), ::std::string::String> {
            #(#calls)*
            ::std::result::Result::Ok(())
        }
    }
}

/// An optional count as a Rust expression.
fn option(count: Option<u64>) -> TokenStream {
    match count {
        Some(count) => quote!(::std::option::Option::Some(#count)),
        None => quote!(::std::option::Option::None),
    }
}

/// An integer bound (always inclusive) as an `Option<i64>`.
fn int_bound(bound: Option<Bound>) -> TokenStream {
    match bound.map(|bound| bound.value) {
        Some(Number::Int(value)) => quote!(::std::option::Option::Some(#value)),
        _ => quote!(::std::option::Option::None),
    }
}

/// A float bound as an `Option<(f64, bool)>`: the bound and whether it is exclusive.
fn float_bound(bound: Option<Bound>) -> TokenStream {
    match bound {
        Some(Bound {
            value: Number::Float(value),
            exclusive,
        }) => quote!(::std::option::Option::Some((#value, #exclusive))),
        _ => quote!(::std::option::Option::None),
    }
}
