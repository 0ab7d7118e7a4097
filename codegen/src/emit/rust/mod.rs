//! The Rust emitter: serde types that accept exactly the JSON the schema describes.
//!
//! Generated code compiles in a crate whose only dependency is its runtime (see [`Runtime`]:
//! `cardc-runtime`, or `cardc` for the derive), so every serde name goes through the runtime's
//! `__private`, and the serde impls are not derived: a crate holding generated code builds no
//! serde_derive, and so no syn. Per type the output holds what a person would write, the type
//! with its docs and derives, and one invocation of a runtime macro (`object!`,
//! `tagged_union!`, `unit_enum!`, `newtype!`, `untagged!`, all `macro_rules!`) that lists its
//! keys, how each is read and written, and its variants; the macro expands to the impls. The
//! declarations are built as tokens and printed by prettyplease; the invocations are the
//! emitter's own text, laid out one key or variant a line, which the derive lexes into tokens.
//! The derive splices the very same items next to a marker struct; that is also why they carry
//! no inner attributes, `use` statements or modules, which could clash when two schemas expand
//! into one module.
//!
//! The IR comes from the checker, so names are valid identifiers and every `Ty::Named`
//! resolves. Building an item from an IR that breaks those invariants panics: it is a checker
//! bug, not a user error.

mod bridge;
mod checks;
mod defaults;
mod early;
mod enums;
pub mod escape;
mod fields;
mod imports;
mod newtypes;
mod runtime;
mod structs;
mod types;
mod unions;
mod untagged;

#[cfg(test)]
mod tests;

pub use fields::{field_type_text, value_type_text};
pub use runtime::Runtime;

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::emit::header_sentence;
use crate::ir::{Deprecated, Docs, Examples, Schema, TypeDef};
use crate::json_text;
use crate::naming::rust::{EXTRA_FIELDS, bridge_trait};
use crate::target::{Options, Refusal, Target};
use early::Plan;

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

    fn emit(&self, schema: &Schema, options: &Options) -> String {
        emit_with(schema, options)
    }

    fn import_default(&self, stem: &str) -> String {
        imports::default_path(stem)
    }

    fn union_helpers(&self, union: &str) -> Vec<String> {
        vec![bridge_trait(union)]
    }

    fn field_name_problem(&self, name: &str, keeps_unknown: bool) -> Option<Refusal> {
        (keeps_unknown && name == EXTRA_FIELDS).then(|| Refusal {
            message: format!("an open struct cannot have a field named `{EXTRA_FIELDS}`"),
            label: "reserved in open structs".to_string(),
            hint: format!(
                "the generated Rust keeps unknown keys in `{EXTRA_FIELDS}`: rename the field and \
                 keep its wire name with `#[rename = \"{EXTRA_FIELDS}\"]`"
            ),
        })
    }
}

/// The whole Rust output for a schema, as `cardc generate` writes it with the default options
/// (see [`emit_with`]).
pub fn emit(schema: &Schema) -> String {
    emit_with(schema, &Options::default())
}

/// The whole Rust output for a schema, as `cardc generate` writes it (naming
/// [`Runtime::Crate`]): the [`header`], the `use` declarations of the types it imports from
/// other schema files (found where `options` says), then the printed [`items`], the same text
/// as [`items_text`] but printed by two threads, each taking half of the types.
pub fn emit_with(schema: &Schema, options: &Options) -> String {
    let runtime = Runtime::Crate;
    let plan = Plan::new(schema, runtime);
    let defs: Vec<&TypeDef> = schema.own_types().collect();
    let (first, second) = defs.split_at(defs.len() / 2);
    let (first, second) = std::thread::scope(|scope| {
        let second = scope.spawn(|| print_items(second, schema, runtime, &plan));
        let first = print_items(first, schema, runtime, &plan);
        // A panic in an emitter is a bug; it goes on unwinding here.
        let second = second
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (first, second)
    });
    let mut out = header(schema);
    if !schema.foreign.is_empty() {
        // The printed items name the imported types: lexed again, the names are found as
        // identifiers, never in a doc or string.
        let tokens: TokenStream = format!("{first}{second}")
            .parse()
            .unwrap_or_else(|error| panic!("the Rust emitter printed no tokens: {error}"));
        out.push_str(&imports::uses(schema, options, tokens));
    }
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

/// The printed [`items`] alone, naming `runtime`: with [`Runtime::Crate`] exactly what [`emit`]
/// writes after the header, with [`Runtime::Facade`] the items the derive macro expands to, as
/// text. prettyplease prints a file's items back to back, so each declaration is printed alone
/// and the results are joined by a blank line. The items of one type at a time are built,
/// printed and dropped, so that memory stays that of one type's syntax trees however large the
/// schema.
pub fn items_text(schema: &Schema, runtime: Runtime) -> String {
    let plan = Plan::new(schema, runtime);
    print_items(
        &schema.own_types().collect::<Vec<_>>(),
        schema,
        runtime,
        &plan,
    )
}

/// The printed items of some types, one blank line between items: a type's declaration is
/// parsed into a syntax tree only here, once, for prettyplease to print; the invocation that
/// gives it its impls is the emitter's own text.
fn print_items(defs: &[&TypeDef], schema: &Schema, runtime: Runtime, plan: &Plan) -> String {
    let mut out = String::new();
    let deprecation = uses_deprecation(schema);
    for def in defs {
        for item in type_items(def, schema, runtime, deprecation, plan) {
            if !out.is_empty() {
                out.push('\n');
            }
            match item {
                Item::Tokens(item) => {
                    // The emitter's own tokens always make an item; anything else is its bug.
                    let item = syn::parse2::<syn::Item>(item)
                        .unwrap_or_else(|error| panic!("the Rust emitter made no item: {error}"));
                    out.push_str(&prettyplease::unparse(&syn::File {
                        shebang: None,
                        frontmatter: None,
                        attrs: Vec::new(),
                        items: vec![item],
                    }));
                }
                Item::Text(text) => out.push_str(&text),
            }
        }
    }
    out
}

/// One generated item: a declaration built as tokens, or the text of a runtime macro's
/// invocation, which the emitter lays out itself (prettyplease would print a macro's tokens on
/// one line).
enum Item {
    Tokens(TokenStream),
    Text(String),
}

impl Item {
    /// The item as tokens, for the derive. The emitter's invocations are token trees of
    /// identifiers, literals and punctuation it writes itself; one that does not lex is its bug.
    fn into_tokens(self) -> TokenStream {
        match self {
            Item::Tokens(tokens) => tokens,
            Item::Text(text) => text
                .parse()
                .unwrap_or_else(|error| panic!("the Rust emitter made no tokens: {error}")),
        }
    }
}

/// Every generated item of a schema as tokens, naming `runtime`, in name order, with no inner
/// attributes so that the items can be spliced into any module: what the derive expands to,
/// and what [`items_text`] prints. The declarations are built with `quote!` (only field types
/// are syn types, for the clippy complexity check); the runtime macros' invocations are lexed
/// from their text.
pub fn items(schema: &Schema, runtime: Runtime) -> TokenStream {
    // Asked once: every item's attributes depend on the whole schema's answer, and a union's
    // decoding on its variants'.
    let deprecation = uses_deprecation(schema);
    let plan = Plan::new(schema, runtime);
    schema
        .own_types()
        .flat_map(|def| type_items(def, schema, runtime, deprecation, &plan))
        .map(Item::into_tokens)
        .collect()
}

/// [`items`], after the `use` declarations of the types they import from other schema files,
/// found where `options` says: what the derive expands to.
pub fn items_importing(schema: &Schema, runtime: Runtime, options: &Options) -> TokenStream {
    let items = items(schema, runtime);
    let uses: TokenStream = imports::uses(schema, options, items.clone())
        .parse()
        .unwrap_or_else(|error| panic!("the Rust emitter made no `use`: {error}"));
    uses.into_iter().chain(items).collect()
}

/// Whether anything the schema declares is deprecated.
fn uses_deprecation(schema: &Schema) -> bool {
    schema.own_types().any(|def| {
        def.deprecated().is_some()
            || match def {
                TypeDef::Struct(def) => def.fields.iter().any(|f| f.deprecated.is_some()),
                TypeDef::Union(def) => def.variants.iter().any(|v| v.deprecated.is_some()),
                TypeDef::Enum(def) => def.values.iter().any(|v| v.deprecated.is_some()),
                TypeDef::Newtype(_) | TypeDef::Untagged(_) => false,
            }
    })
}

/// The items for one named type: the type and its serde impls, and for a union its bridge.
/// Where the schema deprecates anything, every declaration allows the use of deprecated items
/// (the runtime macros' impls always do): the generated impls and bridges name them, and only
/// the user's own uses should warn.
fn type_items(
    def: &TypeDef,
    schema: &Schema,
    runtime: Runtime,
    deprecation: bool,
    plan: &Plan,
) -> Vec<Item> {
    let mut items = type_items_of(def, schema, runtime, plan);
    if deprecation {
        for item in &mut items {
            if let Item::Tokens(tokens) = item {
                allow_deprecated(tokens);
            }
        }
    }
    items
}

/// Adds `#[allow(deprecated)]` to an item the emitter makes, after its other outer
/// attributes (docs and derives), where an attribute of the item's own would go.
fn allow_deprecated(item: &mut TokenStream) {
    let mut tokens = std::mem::take(item).into_iter().peekable();
    let mut out = TokenStream::new();
    // An outer attribute is a `#` and a bracketed group.
    while let Some(proc_macro2::TokenTree::Punct(hash)) = tokens.peek()
        && hash.as_char() == '#'
    {
        out.extend(tokens.next());
        out.extend(tokens.next());
    }
    out.extend(quote!(#[allow(deprecated)]));
    out.extend(tokens);
    *item = out;
}

fn type_items_of(def: &TypeDef, schema: &Schema, runtime: Runtime, plan: &Plan) -> Vec<Item> {
    match def {
        TypeDef::Struct(def) => {
            let mut items = vec![Item::Tokens(structs::struct_item(def, runtime))];
            items.extend(structs::serde_impls(def, schema, runtime));
            items
        }
        TypeDef::Union(def) => vec![
            Item::Tokens(unions::union_item(def, runtime)),
            Item::Text(unions::union_impls(def, schema, runtime, plan)),
            Item::Tokens(bridge::bridge_trait(def, runtime)),
        ],
        TypeDef::Newtype(def) => newtypes::newtype_items(def, schema, runtime).into(),
        TypeDef::Untagged(def) => untagged::untagged_items(def, schema, runtime).into(),
        TypeDef::Enum(def) => enums::enum_items(def, runtime).into(),
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

/// Docs followed by the examples, each a fenced `json` block (which rustdoc shows and does
/// not run).
fn with_examples(docs: &Docs, examples: &Examples) -> Docs {
    let mut docs = docs.clone();
    for example in examples {
        if !docs.is_empty() {
            docs.push(String::new());
        }
        docs.push("```json".to_string());
        docs.push(json_text::compact(example));
        docs.push("```".to_string());
    }
    docs
}

/// The doc attributes of an item, field, variant or value (see [`doc_attrs`]), then its
/// `#[deprecated]`, with the note as a string literal when it has one.
fn notes(docs: &[String], deprecated: Option<&Deprecated>) -> Vec<TokenStream> {
    let mut attrs = doc_attrs(docs);
    match deprecated.map(|deprecated| deprecated.note.as_deref()) {
        None => {}
        Some(None) => attrs.push(quote!(#[deprecated])),
        Some(Some(note)) => attrs.push(quote!(#[deprecated(note = #note)])),
    }
    attrs
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

/// The `JsonSchema` derive every generated type carries, through the runtime: schemars' derive
/// when `cardc-runtime`'s `schemars` feature is on, and a derive that expands to nothing when it
/// is off. The switch is the runtime's feature rather than a `cfg_attr(feature = "schemars")`
/// here because generated code expands in the user's crate, whose features are its own: a crate
/// without a `schemars` feature would get an `unexpected_cfgs` warning and never the derive.
/// schemars reads the wire names and presence from `#[schemars(...)]` attributes (the same
/// words serde's take), `rename` names the schema exactly as the schema names the type, and
/// `container` adds the type's own (`deny_unknown_fields`, `tag = "card"`).
fn json_schema_derive(name: &str, runtime: Runtime, container: Option<TokenStream>) -> TokenStream {
    let rt = runtime.path();
    let schemars_crate = format!("::{}::__private::schemars", runtime.name());
    let container = container.map(|args| quote!(, #args));
    quote! {
        #[derive(#rt::__private::JsonSchema)]
        #[schemars(crate = #schemars_crate, rename = #name #container)]
    }
}
