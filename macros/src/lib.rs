//! `#[derive(cardc::Schema)]`: compiles the schema file named by `#[schema = "..."]` (relative
//! to `CARGO_MANIFEST_DIR`) into the same Rust items `cardc generate` writes, next to the marker
//! struct, and gives the marker one constant per registered target holding that output, or
//! only those `#[outputs(...)]` names.
//!
//! Use it through the `cardc` crate, which re-exports it; this crate is an implementation detail.

use std::path::PathBuf;

use cardc_codegen::project::{self, Disk, Text};
use cardc_codegen::target::{Options, Target};
use cardc_codegen::{emit, header_name};
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
///
/// A schema that imports types from other schema files (`use common::{SessionId};`) names
/// them through `super::<stem>` by default, where a derive of that file in a sibling module
/// (`mod common`) puts them; `#[imports(common = "crate::contracts::common")]` says where else,
/// and `#[imports(common = "self")]` that they are in scope already (derived in the same
/// module).
#[proc_macro_derive(Schema, attributes(schema, outputs, imports))]
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
    let imports = imports_attr(input)?;
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    let full_path = manifest_dir.join(path.value());
    let source_name = cardc_codegen::source_name(&full_path);
    // The constants are what `cardc generate` writes beside the schema, the one output
    // directory the derive can name (a golden case's, for one).
    let out_dir = full_path.parent().unwrap_or(&manifest_dir).to_path_buf();
    let mut options = Options::default();
    for (stem, rust_path) in &imports {
        options
            .imports
            .insert((emit::rust::Rust.key(), stem.clone()), rust_path.clone());
    }
    // Parsed and emitted with proc-macro2's own implementation forced on, so that spans carry
    // the schema file's line and column (the compiler's spans cannot point into a file that is
    // not Rust source) and the emitters' syntax trees never touch the compiler's token types;
    // only plain text leaves, so no token of it meets the compiler's.
    let fallback = Fallback::force();
    let compiled = load_and_emit(
        &full_path,
        &out_dir,
        &options,
        &input.ident.to_string(),
        wanted.as_deref(),
    );
    drop(fallback);
    let (outputs, tracked) = match compiled {
        Ok(compiled) => compiled,
        Err(Failure::Unreadable(reason)) => {
            return Err(syn::Error::new(
                path.span(),
                format!(
                    "cannot read schema file `{}` ({source_name}): {reason}\n\
                     hint: the path is relative to the crate's directory (CARGO_MANIFEST_DIR)",
                    path.value()
                ),
            ));
        }
        Err(Failure::Problems(reports)) => return Err(errors_at(attr, reports)),
    };
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
    // Makes cargo rebuild the crate when the schema file, or a file it imports, changes.
    Ok(quote! {
        #items

        impl #marker {
            #(#constants)*
        }

        #(const _: &str = include_str!(#tracked);)*
    })
}

/// Why the derive cannot expand, as text.
enum Failure {
    /// The schema file cannot be read: why.
    Unreadable(String),
    /// The schema, or a file it imports, has problems: each one rendered.
    Problems(Vec<String>),
}

/// Loads the schema at `path` and the files it imports, and emits the derive's items and
/// constants; with the path of every file read, for cargo to rebuild on a change of any.
fn load_and_emit(
    path: &std::path::Path,
    out_dir: &std::path::Path,
    options: &Options,
    marker: &str,
    wanted: Option<&[&'static dyn Target]>,
) -> Result<(Outputs, Vec<String>), Failure> {
    let loaded = project::load(&[path.to_path_buf()], &Disk, &|schema| {
        header_name(schema, out_dir)
    });
    let root = loaded.file(path);
    if let Some(project::File {
        text: Text::Unreadable(reason),
        ..
    }) = root
    {
        return Err(Failure::Unreadable(reason.clone()));
    }
    let mut reports = Vec::new();
    for file in &loaded.files {
        if let Err(problems) = &file.checked {
            reports.extend(file.source().render_each_located(problems));
        }
    }
    let (
        Some(project::File {
            checked: Ok(schema),
            name,
            ..
        }),
        true,
    ) = (root, reports.is_empty())
    else {
        return Err(Failure::Problems(reports));
    };
    let outputs =
        compile_schema(name, schema, options, marker, wanted).map_err(Failure::Problems)?;
    let tracked = loaded
        .files
        .iter()
        .map(|file| file.path.to_string_lossy().into_owned())
        .collect();
    Ok((outputs, tracked))
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

/// proc-macro2's own implementation, forced on while it lives.
struct Fallback;

impl Fallback {
    fn force() -> Self {
        proc_macro2::fallback::force();
        Fallback
    }
}

impl Drop for Fallback {
    fn drop(&mut self) {
        proc_macro2::fallback::unforce();
    }
}

/// The derive's items and constants for a checked schema. The constants of a schema that
/// imports types are written as `cardc generate` writes them by default, its TypeScript
/// importing the outputs of the files it imports from beside it.
fn compile_schema(
    source_name: &str,
    schema: &cardc_codegen::ir::Schema,
    options: &Options,
    marker: &str,
    wanted: Option<&[&'static dyn Target]>,
) -> Result<Outputs, Vec<String>> {
    if schema.types.contains_key(marker) {
        return Err(vec![format!(
            "the marker struct `{marker}` has the same name as a type of `{source_name}`\n\
             hint: the derive puts the schema's types next to the marker: rename the marker"
        )]);
    }
    // The items name the runtime through `cardc`, the one dependency of a derive user; every
    // constant, `RUST` included, is what `cardc generate` writes (the Rust naming
    // `cardc-runtime`).
    let items =
        emit::rust::items_importing(schema, emit::rust::Runtime::Facade, options).to_string();
    let constant_options = if schema.foreign.is_empty() {
        options.clone()
    } else {
        Options {
            imports: options.imports.clone(),
            ..Options::runtimes_beside(emit::TARGETS)
        }
    };
    let constants = wanted
        .unwrap_or(emit::TARGETS)
        .iter()
        .map(|target| {
            let text = target.emit(schema, &constant_options);
            (target.constant(), target.language(), text)
        })
        .collect();
    Ok(Outputs { items, constants })
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

/// Where `#[imports(stem = "path", ...)]` says the Rust items of each imported schema file
/// are, by the file's stem; empty without the attribute.
fn imports_attr(input: &DeriveInput) -> syn::Result<Vec<(String, String)>> {
    let mut imports = Vec::new();
    for attr in input
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("imports"))
    {
        let pairs =
            attr.parse_args_with(Punctuated::<syn::MetaNameValue, Token![,]>::parse_terminated)?;
        for pair in pairs {
            let Some(stem) = pair.path.get_ident() else {
                return Err(syn::Error::new_spanned(
                    &pair.path,
                    "expected the stem of an imported schema file: `common = \"crate::common\"`",
                ));
            };
            let Expr::Lit(ExprLit {
                lit: Lit::Str(value),
                ..
            }) = &pair.value
            else {
                return Err(syn::Error::new_spanned(
                    &pair.value,
                    "expected a Rust module path in quotes, such as \"crate::common\" or \"self\"",
                ));
            };
            let rust_path = value.value();
            if rust_path != "self" && syn::parse_str::<syn::Path>(&rust_path).is_err() {
                return Err(syn::Error::new_spanned(
                    value,
                    format!("`{rust_path}` is not a Rust module path"),
                ));
            }
            imports.push((stem.to_string(), rust_path));
        }
    }
    Ok(imports)
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
