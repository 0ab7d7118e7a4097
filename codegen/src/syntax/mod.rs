//! Syntax: a schema file is Rust tokens, parsed with syn into the [`ast`].
//!
//! Parsing goes item by item so that one malformed declaration does not hide the problems in
//! the rest of the file: a failed item is reported, skipped up to the next item, and parsing
//! goes on. Spans are turned into byte ranges at once (proc-macro2's `span-locations`), so the
//! rest of the pipeline never touches syn spans.
//!
//! A file that is a clean sequence of declarations is cut into them first, and each is lexed
//! and parsed alone ([`pieces`]): the same tree and reports, but the lexer's map of positions
//! stays small, and a [`ParseCache`] lets an editor's next version parse only what changed.

pub mod ast;
mod attrs;
mod constraints;
mod explain;
mod foreign;
mod items;
mod nesting;
mod pieces;
mod shift;
mod split;
mod types;
pub mod uses;

use std::ops::Range;

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::parse::discouraged::Speculative;
use syn::parse::{ParseStream, Parser};
use syn::{Attribute, Ident, Token};

use crate::diagnostics::{Diagnostic, Fix, MAX_REPORTS};
use ast::SchemaFile;

/// The hint for a declaration that does not parse.
const DECLARATION_HINT: &str =
    "declarations are `struct Name { field: Type, ... }` or `enum Name { ... }`";

/// The words that start a Rust item; the schema language refuses most of them, but the report
/// for each is better after parsing it.
const RUST_ITEM_KEYWORDS: &[&str] = &[
    "struct",
    "enum",
    "union",
    "type",
    "use",
    "fn",
    "impl",
    "mod",
    "const",
    "static",
    "trait",
    "extern",
    "unsafe",
    "async",
    "macro_rules",
    "auto",
    "default",
    "crate",
    "self",
    "super",
    "pub",
];
pub use attrs::Place;
pub use pieces::ParseCache;
pub(crate) use types::{BUILTIN_NAMES, foreign_replacement, takes_arguments};

/// Parses schema text. Always returns what it could parse, with every error found.
pub fn parse(text: &str) -> (SchemaFile, Vec<Diagnostic>) {
    pieces::parse(text, None)
}

/// Parses a version of a document as [`parse`] does, reusing the declarations `cache` holds
/// from the last version parsed through it: only the declarations an edit touched are parsed
/// again.
pub fn parse_cached(text: &str, cache: &mut ParseCache) -> (SchemaFile, Vec<Diagnostic>) {
    pieces::parse(text, Some(cache))
}

/// Parses schema text as one stream of tokens: what [`parse`] does with a file it cannot cut
/// into declarations, and whose lexer reports what it finds and reads on past it.
fn parse_whole(text: &str) -> (SchemaFile, Vec<Diagnostic>) {
    let mut errors = Vec::new();
    let mut unlexed = Vec::new();
    let Some(tokens) = lex(text, &mut errors, &mut unlexed) else {
        return (SchemaFile::default(), errors);
    };
    if let Some(too_deep) = nesting::too_deep(tokens.clone()) {
        errors.push(too_deep);
        return (SchemaFile::default(), errors);
    }
    let mut file = SchemaFile {
        unlexed,
        ..SchemaFile::default()
    };
    let parsed = parse_tokens(tokens, text, &mut file, &mut errors);
    errors.extend(parsed.left_over);
    (file, errors)
}

/// What parsing a stream of tokens says beside the tree and its reports.
struct Parsed {
    /// Whether a mistake made the parser skip ahead to what may start the next declaration.
    skipped: bool,
    /// The report of tokens left over in a group (`#[rename "x"]`), which syn gives once the
    /// whole stream is parsed, for the first such group only; the reports of the stream come
    /// before it.
    left_over: Vec<Diagnostic>,
}

/// Parses the tokens lexed from `text` into `file` and `errors`.
fn parse_tokens(
    tokens: TokenStream,
    text: &str,
    file: &mut SchemaFile,
    errors: &mut Vec<Diagnostic>,
) -> Parsed {
    let mut skipped = false;
    let parser = |input: ParseStream| {
        skipped = parse_file(input, text, file, errors);
        Ok(())
    };
    let mut left_over = Vec::new();
    if let Err(error) = parser.parse2(tokens) {
        push_syn_error(&mut left_over, text, error, "check the syntax here");
    }
    Parsed { skipped, left_over }
}

/// The schema's tokens, or `None` when it has none that the lexer can read. A raw identifier
/// Rust refuses (`r#self`) stops the lexer: it is reported, read as the plain identifier
/// `r_self` of the same length so that every span stays right, and lexing starts again, so
/// that the rest of the file is still checked (up to as many reports as are shown). So does a
/// string literal with a backslash that starts no Rust escape (`"^\d+$"`), read with a space
/// in its place; its span goes to `unlexed`.
fn lex(
    text: &str,
    errors: &mut Vec<Diagnostic>,
    unlexed: &mut Vec<Range<usize>>,
) -> Option<TokenStream> {
    let mut patched = std::borrow::Cow::Borrowed(text);
    for _ in 0..=MAX_REPORTS {
        let lex_error = match patched.parse::<TokenStream>() {
            Ok(tokens) => return Some(tokens),
            Err(lex_error) => lex_error,
        };
        let start = byte_range(lex_error.span()).start;
        if let Some((problem, literal, backslashes)) = explain::unknown_escapes(&patched, start) {
            // Each backslash read as a space: the literal lexes, and every span stays right.
            errors.push(problem);
            unlexed.push(literal);
            for backslash in backslashes {
                patched
                    .to_mut()
                    .replace_range(backslash..backslash + 1, " ");
            }
            continue;
        }
        match explain::unrawable(&patched, start) {
            Some(problem) => {
                errors.push(problem);
                patched.to_mut().replace_range(start + 1..start + 2, "_");
            }
            None => {
                errors.push(Diagnostic::new(
                    "the schema is not a valid sequence of Rust tokens",
                    byte_range(lex_error.span()),
                    "cannot read on from here",
                    "look for an unclosed or unbalanced bracket, brace or parenthesis, or an \
                     unterminated string or block comment",
                ));
                return None;
            }
        }
    }
    None
}

/// Parses declarations and file settings until the input ends; whether a mistake made it skip
/// ahead.
fn parse_file(
    input: ParseStream,
    text: &str,
    file: &mut SchemaFile,
    errors: &mut Vec<Diagnostic>,
) -> bool {
    let mut seen_item = false;
    let mut skipped = false;
    while !input.is_empty() {
        if input.peek(Token![#]) && input.peek2(Token![!]) {
            match input.call(Attribute::parse_inner) {
                Ok(inner) => {
                    if seen_item {
                        for attr in &inner {
                            errors.push(Diagnostic::new(
                                "file settings must come before the first declaration",
                                byte_range(syn::spanned::Spanned::span(attr)),
                                "after a declaration",
                                "move `#![...]` and `//!` lines to the top of the file",
                            ));
                        }
                    } else {
                        attrs::file_settings(&inner, file, errors);
                    }
                }
                Err(error) => {
                    push_syn_error(
                        errors,
                        text,
                        error,
                        "write a file setting as `#![name = \"value\"]`",
                    );
                    skip_to_next_item(input);
                    skipped = true;
                }
            }
            continue;
        }
        let fork = input.fork();
        match fork.parse::<syn::Item>() {
            Ok(item) => {
                // Only a declaration starts the declarations: a refused `use` or `mod` line
                // at the top does not make every file setting after it misplaced too.
                seen_item |= matches!(item, syn::Item::Struct(_) | syn::Item::Enum(_));
                input.advance_to(&fork);
                if let syn::Item::Use(item) = &item {
                    match uses::convert(item, errors) {
                        Ok(declared) => file.uses.push(declared),
                        Err(names) => file.unparsed.extend(names),
                    }
                    continue;
                }
                let name = items::item_name(&item);
                match items::convert(item, errors) {
                    Some(item) => file.items.push(item),
                    // Refused, and reported: a reference to it is not an unknown type as well.
                    None => file.unparsed.extend(name),
                }
            }
            Err(error) => {
                // Junk that does not even start a declaration (a broken `//!` line, say) is no
                // first declaration: the file settings after it are not misplaced as well.
                match item_start_problem(input) {
                    Some(problem) => errors.push(problem),
                    None => {
                        seen_item = true;
                        push_syn_error(errors, text, error, DECLARATION_HINT);
                    }
                }
                if let Some(name) = declared_name(input) {
                    file.unparsed.insert(name);
                }
                skip_to_next_item(input);
                skipped = true;
            }
        }
    }
    skipped
}

/// The name an unparsable declaration gives itself, so that references to it are not
/// reported as unknown types on top of the syntax error.
fn declared_name(input: ParseStream) -> Option<String> {
    let fork = input.fork();
    let _ = fork.call(Attribute::parse_outer);
    let _ = fork.parse::<syn::Visibility>();
    // `struct Name`, `enum Name`, and a misspelt keyword too: `strcut Name`.
    let _keyword = fork.call(Ident::parse_any).ok()?;
    fork.call(Ident::parse_any)
        .ok()
        .map(|ident| ident.unraw().to_string())
}

/// A clearer report than syn's for a declaration that does not start like one: a misspelt
/// keyword (`strcut`), another language's (`interface`), a stray token, or attributes with
/// nothing after them. syn would expect a macro's `!`, or list every Rust item it knows.
fn item_start_problem(input: ParseStream) -> Option<Diagnostic> {
    let fork = input.fork();
    let attrs = fork.call(Attribute::parse_outer).ok()?;
    let _ = fork.parse::<syn::Visibility>();
    if fork.is_empty() {
        return Some(Diagnostic::new(
            "a doc comment or attribute with no declaration after it",
            node_range(attrs.last()?),
            "nothing follows",
            "put it directly above a struct or enum, or remove it",
        ));
    }
    let (found, span) = match fork.parse::<TokenTree>().ok()? {
        // A Rust item keyword: syn's own report about the rest of that item is the useful one.
        TokenTree::Ident(ident) if RUST_ITEM_KEYWORDS.contains(&ident.to_string().as_str()) => {
            return None;
        }
        TokenTree::Ident(ident) => (format!("`{ident}`"), ident.span()),
        TokenTree::Punct(punct) => (format!("`{}`", punct.as_char()), punct.span()),
        TokenTree::Literal(literal) => ("a literal".to_string(), literal.span()),
        TokenTree::Group(group) => {
            let open = match group.delimiter() {
                Delimiter::Brace => "`{`",
                Delimiter::Bracket => "`[`",
                Delimiter::Parenthesis => "`(`",
                Delimiter::None => "a group",
            };
            (open.to_string(), group.span_open())
        }
    };
    // A `;` after a struct's braces is a Rust habit with a plain fix.
    let hint = if found == "`;`" {
        "remove the `;`: a declaration ends at its closing brace"
    } else {
        DECLARATION_HINT
    };
    let problem = Diagnostic::new(
        format!("expected `struct` or `enum`, found {found}"),
        byte_range(span),
        "not the start of a declaration",
        hint,
    );
    Some(match found == "`;`" {
        true => problem.with_fix(Fix::replace("Remove the `;`", byte_range(span), "")),
        false => problem,
    })
}

/// Skips a broken declaration: its outer attributes and doc comments, at least one more token
/// tree, then up to the next token that can start a declaration. Stopping at one of its own doc
/// comments instead would parse it again, and report the same error once per doc line.
fn skip_to_next_item(input: ParseStream) {
    while input.peek(Token![#]) && input.peek2(syn::token::Bracket) {
        let _ = input.parse::<TokenTree>();
        let _ = input.parse::<TokenTree>();
    }
    let _ = input.parse::<TokenTree>();
    let starts_item = |input: ParseStream| {
        input.peek(Token![#])
            || input.peek(Token![struct])
            || input.peek(Token![enum])
            || input.peek(Token![pub])
    };
    while !input.is_empty() && !starts_item(input) {
        let _ = input.parse::<TokenTree>();
    }
}

/// Converts a syn error (which may hold several) into diagnostics with a hint, in the
/// schema's terms where syn's own are misleading.
fn push_syn_error(errors: &mut Vec<Diagnostic>, text: &str, error: syn::Error, hint: &str) {
    for error in error {
        let span = byte_range(error.span());
        errors.push(
            explain::syn_error(text, &error.to_string(), &span)
                .unwrap_or_else(|| Diagnostic::new(error.to_string(), span, "here", hint)),
        );
    }
}

/// The byte range of a span in the text it was parsed from.
pub(crate) fn byte_range(span: Span) -> Range<usize> {
    span.byte_range()
}

/// The byte range of any syntax node.
pub(crate) fn node_range(node: &impl syn::spanned::Spanned) -> Range<usize> {
    byte_range(node.span())
}

#[cfg(test)]
mod tests;
