//! Syntax: a schema file is Rust tokens, parsed with syn into the [`ast`].
//!
//! Parsing goes item by item so that one malformed declaration does not hide the problems in
//! the rest of the file: a failed item is reported, skipped up to the next item, and parsing
//! goes on. Spans are turned into byte ranges at once (proc-macro2's `span-locations`), so the
//! rest of the pipeline never touches syn spans.

pub mod ast;
mod attrs;
mod items;
mod nesting;
mod types;

use std::ops::Range;

use proc_macro2::{Span, TokenStream};
use syn::ext::IdentExt;
use syn::parse::discouraged::Speculative;
use syn::parse::{ParseStream, Parser};
use syn::{Attribute, Token};

use crate::diagnostics::Diagnostic;
use ast::SchemaFile;

/// Parses schema text. Always returns what it could parse, with every error found.
pub fn parse(text: &str) -> (SchemaFile, Vec<Diagnostic>) {
    let mut errors = Vec::new();
    let tokens: TokenStream = match text.parse() {
        Ok(tokens) => tokens,
        Err(lex_error) => {
            errors.push(Diagnostic::new(
                "the schema is not a valid sequence of Rust tokens",
                byte_range(lex_error.span()),
                "cannot read on from here",
                "look for an unclosed or unbalanced bracket, brace or parenthesis, or an \
                 unterminated string or block comment",
            ));
            return (SchemaFile::default(), errors);
        }
    };
    if let Some(too_deep) = nesting::too_deep(tokens.clone()) {
        errors.push(too_deep);
        return (SchemaFile::default(), errors);
    }
    let mut file = SchemaFile::default();
    let parser = |input: ParseStream| {
        parse_file(input, &mut file, &mut errors);
        Ok(())
    };
    if let Err(error) = parser.parse2(tokens) {
        push_syn_error(&mut errors, error, "check the syntax here");
    }
    (file, errors)
}

fn parse_file(input: ParseStream, file: &mut SchemaFile, errors: &mut Vec<Diagnostic>) {
    let mut seen_item = false;
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
                        error,
                        "write a file setting as `#![name = \"value\"]`",
                    );
                    skip_to_next_item(input);
                }
            }
            continue;
        }
        seen_item = true;
        let fork = input.fork();
        match fork.parse::<syn::Item>() {
            Ok(item) => {
                input.advance_to(&fork);
                let name = items::item_name(&item);
                match items::convert(item, errors) {
                    Some(item) => file.items.push(item),
                    // Refused, and reported: a reference to it is not an unknown type as well.
                    None => file.unparsed.extend(name),
                }
            }
            Err(error) => {
                push_syn_error(
                    errors,
                    error,
                    "declarations are `struct Name { field: Type, ... }` or `enum Name { ... }`",
                );
                if let Some(name) = declared_name(input) {
                    file.unparsed.insert(name);
                }
                skip_to_next_item(input);
            }
        }
    }
}

/// The name an unparsable declaration gives itself, so that references to it are not
/// reported as unknown types on top of the syntax error.
fn declared_name(input: ParseStream) -> Option<String> {
    let fork = input.fork();
    let _ = fork.call(Attribute::parse_outer);
    let _ = fork.parse::<syn::Visibility>();
    if fork.peek(Token![struct]) || fork.peek(Token![enum]) {
        let _ = fork.parse::<proc_macro2::TokenTree>();
        return fork
            .parse::<syn::Ident>()
            .ok()
            .map(|ident| ident.to_string());
    }
    None
}

/// Skips at least one token tree, then up to the next token that can start a declaration.
fn skip_to_next_item(input: ParseStream) {
    let _ = input.parse::<proc_macro2::TokenTree>();
    let starts_item = |input: ParseStream| {
        input.peek(Token![#])
            || input.peek(Token![struct])
            || input.peek(Token![enum])
            || input.peek(Token![pub])
    };
    while !input.is_empty() && !starts_item(input) {
        let _ = input.parse::<proc_macro2::TokenTree>();
    }
}

/// Converts a syn error (which may hold several) into diagnostics with a hint.
fn push_syn_error(errors: &mut Vec<Diagnostic>, error: syn::Error, hint: &str) {
    for error in error {
        errors.push(Diagnostic::new(
            error.to_string(),
            byte_range(error.span()),
            "here",
            hint,
        ));
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
