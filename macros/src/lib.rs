//! `#[derive(cardc::Schema)]`: compiles the schema file named by `#[schema = "..."]` (relative
//! to `CARGO_MANIFEST_DIR`) into the same Rust items `cardc generate` writes, next to the marker
//! struct, and gives the marker one constant per registered target holding that output, or
//! only those `#[outputs(...)]` names.
//!
//! Use it through the `cardc` crate, which re-exports it; this crate is an implementation detail.

use std::path::PathBuf;

use cardc_codegen::diagnostics::Source;
use cardc_codegen::target::{Options, Target};
use cardc_codegen::{ReadError, compile, emit, header_name, read_schema};
use proc_macro::TokenStream;
use quote::quote;
use syn::punctuated::Punctuated;
use syn::{
    Attribute, DeriveInput, Expr, ExprLit, Ident, Lit, LitStr, Meta, Token, parse_macro_input,
};

/// Compiles the schema file named by `#[schema = "path"]` into Rust items next to the struct.
///
/// ```ignore
/// #[derive(cardc::Schema)]
/// #[schema = "schema/render_intent.cards"]
/// pub struct RenderIntent;
///
/// let schema: &str = RenderIntent::JSON_SCHEMA;
/// ```
///
/// `#[outputs(JSON_SCHEMA, TYPESCRIPT)]` keeps only the constants it names, and
/// `#[outputs()]` none: each output left out is one the macro does not emit on every build.
#[proc_macro_derive(Schema, attributes(schema, outputs))]
pub fn derive_schema(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(error) => error.to_compile_error().into(),
    }
}

fn expand(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let (attr, path) = schema_attr(input)?;
    let wanted = outputs_attr(input)?;
    if !input.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &input.generics,
            "a cardc schema marker struct takes no generic parameters",
        ));
    }
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    let full_path = manifest_dir.join(path.value());
    let source_name = cardc_codegen::source_name(&full_path);
    // The constants are what `cardc generate` writes beside the schema, the one output
    // directory the derive can name (a golden case's, for one).
    let header = header_name(&full_path, full_path.parent().unwrap_or(&manifest_dir));
    let unreadable = |reason: String| {
        syn::Error::new(
            path.span(),
            format!(
                "cannot read schema file `{}` ({source_name}): {reason}\n\
                 hint: the path is relative to the crate's directory (CARGO_MANIFEST_DIR)",
                path.value()
            ),
        )
    };
    let text = match read_schema(&full_path) {
        Ok(text) => text,
        Err(ReadError::Io(error)) => return Err(unreadable(error.to_string())),
        Err(ReadError::NotUtf8 { text, diagnostic }) => {
            let source = Source {
                name: &source_name,
                text: &text,
            };
            return Err(syn::Error::new_spanned(
                attr,
                source.render_located(&diagnostic).trim_end(),
            ));
        }
    };
    let outputs = compile_schema(
        &source_name,
        &header,
        &text,
        &input.ident.to_string(),
        wanted.as_deref(),
    )
    .map_err(|reports| errors_at(attr, reports))?;
    // The items are the tokens `cardc generate` prints but for the runtime's path, carried
    // over as text (tokens of proc-macro2's own implementation cannot mix with the
    // compiler's), so the compiler's spans point at the derive.
    let items: proc_macro2::TokenStream = outputs.items.parse().map_err(|error| {
        syn::Error::new_spanned(attr, format!("cardc produced unparsable Rust: {error}"))
    })?;
    let marker = &input.ident;
    let constants = outputs.constants.iter().map(|(constant, language, text)| {
        let constant = proc_macro2::Ident::new(constant, proc_macro2::Span::call_site());
        let doc =
            format!(" The {language} output of `{source_name}`, as `cardc generate` writes it.");
        quote! {
            #[doc = #doc]
            pub const #constant: &'static str = #text;
        }
    });
    let tracked = full_path.to_string_lossy().into_owned();
    Ok(quote! {
        #items

        impl #marker {
            #(#constants)*
        }

        // Makes cargo rebuild the crate when the schema file changes.
        const _: &str = include_str!(#tracked);
    })
}

/// What the derive needs from one compile.
struct Outputs {
    /// The Rust items the derive expands to, as the text of their tokens (not printed by
    /// prettyplease: nobody reads it, and printing took longer than building the tokens).
    items: String,
    /// The constant of every target kept (see [`outputs_attr`]): its name, the target's
    /// language, and the output's text.
    constants: Vec<(&'static str, &'static str, String)>,
}

/// Compiles and emits with proc-macro2's own implementation forced on, so that spans carry the
/// schema file's line and column (the compiler's spans cannot point into a file that is not
/// Rust source) and the emitters' syntax trees never touch the compiler's token types.
fn compile_schema(
    source_name: &str,
    header: &str,
    text: &str,
    marker: &str,
    wanted: Option<&[&'static dyn Target]>,
) -> Result<Outputs, Vec<String>> {
    proc_macro2::fallback::force();
    let result = compile(header, text).map_err(|diagnostics| {
        let source = Source {
            name: source_name,
            text,
        };
        source.render_each_located(&diagnostics)
    });
    let outputs = result.and_then(|schema| {
        if schema.types.contains_key(marker) {
            return Err(vec![format!(
                "the marker struct `{marker}` has the same name as a type of `{source_name}`\n\
                 hint: the derive puts the schema's types next to the marker: rename the marker"
            )]);
        }
        // The items name the runtime through `cardc`, the one dependency of a derive user;
        // every constant, `RUST` included, is what `cardc generate` writes (the Rust naming
        // `cardc-runtime`).
        let items = emit::rust::items(&schema, emit::rust::Runtime::Facade).to_string();
        let constants = wanted
            .unwrap_or(emit::TARGETS)
            .iter()
            .map(|target| {
                let text = target.emit(&schema, &Options::default());
                (target.constant(), target.language(), text)
            })
            .collect();
        Ok(Outputs { items, constants })
    });
    proc_macro2::fallback::unforce();
    outputs
}

/// One `compile_error!` per schema problem, each carrying its rendered report, all at the
/// `#[schema]` attribute (the only place in Rust source the schema is named).
fn errors_at(attr: &Attribute, reports: Vec<String>) -> syn::Error {
    let mut errors = reports
        .into_iter()
        .map(|report| syn::Error::new_spanned(attr, report.trim_end()));
    let mut combined = errors
        .next()
        .unwrap_or_else(|| syn::Error::new_spanned(attr, "the schema has errors"));
    combined.extend(errors);
    combined
}

/// The one `#[schema = "path"]` attribute and its path literal.
fn schema_attr(input: &DeriveInput) -> syn::Result<(&Attribute, LitStr)> {
    let mut found = input
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("schema"));
    let Some(attr) = found.next() else {
        return Err(syn::Error::new(
            input.ident.span(),
            "missing `#[schema = \"path/to/file.cards\"]`: name the schema file, relative to the crate's directory",
        ));
    };
    if let Some(extra) = found.next() {
        return Err(syn::Error::new_spanned(
            extra,
            "only one `#[schema = \"...\"]` is allowed",
        ));
    }
    if let Meta::NameValue(pair) = &attr.meta
        && let Expr::Lit(ExprLit {
            lit: Lit::Str(path),
            ..
        }) = &pair.value
    {
        return Ok((attr, path.clone()));
    }
    Err(syn::Error::new_spanned(
        attr,
        "expected `#[schema = \"path/to/file.cards\"]`, a path relative to the crate's directory",
    ))
}

/// The targets whose constants `#[outputs(RUST, JSON_SCHEMA, ...)]` names, in the order of
/// [`emit::TARGETS`], or `None` without the attribute (every target's).
fn outputs_attr(input: &DeriveInput) -> syn::Result<Option<Vec<&'static dyn Target>>> {
    let mut found = input
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("outputs"));
    let Some(attr) = found.next() else {
        return Ok(None);
    };
    if let Some(extra) = found.next() {
        return Err(syn::Error::new_spanned(
            extra,
            "only one `#[outputs(...)]` is allowed",
        ));
    }
    let known = || {
        emit::TARGETS
            .iter()
            .map(|target| format!("`{}`", target.constant()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let names = match &attr.meta {
        Meta::List(list) => {
            list.parse_args_with(Punctuated::<Ident, Token![,]>::parse_terminated)?
        }
        _ => {
            return Err(syn::Error::new_spanned(
                attr,
                format!(
                    "expected `#[outputs(...)]` listing the output constants to keep, of {}; \
                     `#[outputs()]` keeps none",
                    known()
                ),
            ));
        }
    };
    let mut wanted: Vec<&'static dyn Target> = Vec::new();
    for name in &names {
        let Some(target) = emit::TARGETS
            .iter()
            .copied()
            .find(|target| name == target.constant())
        else {
            return Err(syn::Error::new_spanned(
                name,
                format!("no output is named `{name}`: expected one of {}", known()),
            ));
        };
        if wanted.iter().any(|kept| kept.key() == target.key()) {
            return Err(syn::Error::new_spanned(
                name,
                format!("`{name}` is listed twice"),
            ));
        }
        wanted.push(target);
    }
    Ok(Some(
        emit::TARGETS
            .iter()
            .copied()
            .filter(|target| wanted.iter().any(|kept| kept.key() == target.key()))
            .collect(),
    ))
}
