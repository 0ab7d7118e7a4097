//! The canonical layout, walked over the schema's syn tree: the file's settings, then each
//! declaration after one blank line; attributes one to a line in a fixed order; fields and
//! variants one to a line, indented four spaces, each with a trailing comma.

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::punctuated::Pair;
use syn::{AttrStyle, Attribute, Fields, Item, Meta};

use super::trivia::is_comment;
use super::writer::{Blank, Writer};

/// The widest line the layout breaks an attribute's list to stay within.
const MAX_WIDTH: usize = 100;

/// The order of a declaration's, field's or variant's attributes: docs, then what the type is,
/// then names, then what a reader does, then the value's constraints. Attributes of one name
/// keep their order (examples, a union's flattened structs).
const ITEM_ORDER: &[&str] = &[
    "doc",
    "example",
    "rename_all",
    "union",
    "flatten",
    "rename",
    "deprecated",
    "deny_unknown_fields",
    "allow_unknown_fields",
    "drop_unknown_fields",
    "other",
    "default",
    "omit_default",
    "on_invalid",
    "skip_invalid",
    "null_as_absent",
    "length",
    "pattern",
    "format",
    "range",
    "items",
];

/// The order of the file's settings; entry types keep their order.
const FILE_ORDER: &[&str] = &[
    "doc",
    "id",
    "title",
    "rename_fields",
    "rename_variants",
    "deny_unknown_fields",
    "allow_unknown_fields",
    "drop_unknown_fields",
    "null_as_absent",
    "version",
    "entry",
];

/// Lays out a whole file.
pub(super) fn file(w: &mut Writer, text: &str, file: &syn::File) {
    for attr in sorted(&file.attrs, FILE_ORDER) {
        w.line(start(attr.pound_token.span), Blank::Forbid);
        attribute(w, text, attr);
    }
    let mut previous_use = false;
    for item in &file.items {
        // Consecutive `use` lines keep the blank lines between them as written.
        let blank = if w.is_empty() || (previous_use && matches!(item, Item::Use(_))) {
            Blank::Keep
        } else {
            Blank::Force
        };
        match item {
            Item::Use(item) => use_item(w, item, blank),
            item => declaration(w, text, item, blank),
        }
        previous_use = matches!(item, Item::Use(_));
    }
}

/// A `use` of another schema file's types, on one line: `use dir::file::{TypeA, TypeB};`,
/// the names in the order written.
fn use_item(w: &mut Writer, item: &syn::ItemUse, blank: Blank) {
    w.line(start(item.use_token.span), blank);
    w.token(Some(start(item.use_token.span)), "use");
    w.space();
    let mut tree = &item.tree;
    loop {
        match tree {
            syn::UseTree::Path(path) => {
                w.token(Some(start(path.ident.span())), &path.ident.to_string());
                w.token(Some(start(path.colon2_token.spans[0])), "::");
                tree = &path.tree;
            }
            syn::UseTree::Name(name) => {
                w.token(Some(start(name.ident.span())), &name.ident.to_string());
                break;
            }
            syn::UseTree::Group(group) => {
                w.token(Some(start(group.brace_token.span.open())), "{");
                let count = group.items.len();
                for (index, pair) in group.items.pairs().enumerate() {
                    if let syn::UseTree::Name(name) = pair.value() {
                        w.token(Some(start(name.ident.span())), &name.ident.to_string());
                    }
                    // No comma after the last name.
                    if let (Some(comma), true) = (pair.punct(), index + 1 < count) {
                        w.token(Some(start(comma.span)), ",");
                        w.space();
                    }
                }
                w.token(Some(start(group.brace_token.span.close())), "}");
                break;
            }
            // The syntax layer refuses every other shape before the formatter runs.
            syn::UseTree::Rename(_) | syn::UseTree::Glob(_) => break,
        }
    }
    w.token(Some(start(item.semi_token.span)), ";");
}

/// One struct or enum, with its attributes; `blank` says whether a blank line goes before it.
fn declaration(w: &mut Writer, text: &str, item: &Item, blank: Blank) {
    let (attrs, keyword, ident) = match item {
        Item::Struct(item) => (&item.attrs, &item.struct_token.span, &item.ident),
        Item::Enum(item) => (&item.attrs, &item.enum_token.span, &item.ident),
        // The syntax layer refuses every other item before the formatter runs.
        _ => return,
    };
    let keyword_text = if matches!(item, Item::Struct(_)) {
        "struct"
    } else {
        "enum"
    };
    attributes(w, text, attrs, start(*keyword), blank);
    w.token(Some(start(*keyword)), keyword_text);
    w.space();
    w.token(Some(start(ident.span())), &ident.to_string());
    match item {
        Item::Struct(item) => match &item.fields {
            Fields::Named(fields) => {
                w.space();
                let members = fields.named.pairs().map(split);
                body(w, text, &fields.brace_token.span, members, |w, field| {
                    let name = field.ident.as_ref().map(ToString::to_string);
                    w.token(field_start(field), name.as_deref().unwrap_or_default());
                    if let Some(colon) = &field.colon_token {
                        w.token(Some(start(colon.spans[0])), ":");
                    }
                    w.space();
                    inline(w, field.ty.to_token_stream());
                });
            }
            Fields::Unnamed(fields) => {
                unnamed(w, fields);
                semicolon(w, item.semi_token.as_ref());
            }
            Fields::Unit => semicolon(w, item.semi_token.as_ref()),
        },
        Item::Enum(item) => {
            w.space();
            let members = item.variants.pairs().map(split);
            body(w, text, &item.brace_token.span, members, |w, variant| {
                w.token(
                    Some(start(variant.ident.span())),
                    &variant.ident.to_string(),
                );
                if let Fields::Unnamed(fields) = &variant.fields {
                    unnamed(w, fields);
                }
            });
        }
        _ => {}
    }
}

/// A newtype's or variant's `(Type)`.
fn unnamed(w: &mut Writer, fields: &syn::FieldsUnnamed) {
    w.token(Some(start(fields.paren_token.span.open())), "(");
    for pair in fields.unnamed.pairs() {
        let (field, comma) = split(pair);
        inline(w, field.ty.to_token_stream());
        if let Some(comma) = comma {
            w.token(Some(comma), ",");
            w.space();
        }
    }
    w.token(Some(start(fields.paren_token.span.close())), ")");
}

/// A member of a braced body and where its separating comma stands.
type Member<'a, T> = (&'a T, Option<usize>);

/// Anything that has attributes and a first token of its own.
trait Attributed {
    fn attrs(&self) -> &[Attribute];
    /// Where its own first token (after the attributes) starts.
    fn own_start(&self) -> usize;
}

impl Attributed for syn::Field {
    fn attrs(&self) -> &[Attribute] {
        &self.attrs
    }
    fn own_start(&self) -> usize {
        // A braced body's fields are named.
        field_start(self).unwrap_or_default()
    }
}

impl Attributed for syn::Variant {
    fn attrs(&self) -> &[Attribute] {
        &self.attrs
    }
    fn own_start(&self) -> usize {
        start(self.ident.span())
    }
}

/// `{`, one member to a line with its attributes above it and a comma after it, `}`.
fn body<'a, T: Attributed + 'a>(
    w: &mut Writer,
    text: &str,
    braces: &proc_macro2::extra::DelimSpan,
    members: impl Iterator<Item = Member<'a, T>>,
    mut member: impl FnMut(&mut Writer, &T),
) {
    let open = start(braces.open());
    let close = start(braces.close());
    w.token(Some(open), "{");
    let members: Vec<Member<'a, T>> = members.collect();
    if members.is_empty() && !w.has_comments_before(close) {
        w.token(Some(close), "}");
        return;
    }
    w.indent(true);
    for (index, (node, comma)) in members.iter().enumerate() {
        let blank = if index == 0 {
            Blank::Forbid
        } else {
            Blank::Keep
        };
        attributes(w, text, node.attrs(), node.own_start(), blank);
        member(w, node);
        w.token(*comma, ",");
    }
    w.line(close, Blank::Forbid);
    w.indent(false);
    w.newline();
    w.token(Some(close), "}");
}

/// A declaration's, field's or variant's attributes, one to a line in the canonical order,
/// then the line its own first token (at `own`) starts; `blank` says whether a blank line goes
/// before the first of them, as the source's first token had it.
fn attributes(w: &mut Writer, text: &str, attrs: &[Attribute], own: usize, blank: Blank) {
    let source_first = attrs
        .first()
        .map_or(own, |attr| start(attr.pound_token.span));
    let attrs = sorted(attrs, ITEM_ORDER);
    let printed_first = attrs
        .first()
        .map_or(own, |attr| start(attr.pound_token.span));
    // Reordered: the blank line the source had before its first attribute goes before the
    // first one printed.
    let blank = match blank {
        Blank::Keep if printed_first != source_first => {
            if w.blank_in_source(source_first) {
                Blank::Force
            } else {
                Blank::Forbid
            }
        }
        other => other,
    };
    let mut first = true;
    for attr in attrs {
        w.line(
            start(attr.pound_token.span),
            if first { blank } else { Blank::Forbid },
        );
        first = false;
        attribute(w, text, attr);
    }
    w.line(own, if first { blank } else { Blank::Forbid });
}

/// Attributes in the canonical order for their place; a stable sort, so repeated ones keep
/// theirs.
fn sorted<'a>(attrs: &'a [Attribute], order: &[&str]) -> Vec<&'a Attribute> {
    let mut attrs: Vec<&Attribute> = attrs.iter().collect();
    attrs.sort_by_key(|attr| {
        let name = attr
            .path()
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        order
            .iter()
            .position(|known| *known == name)
            .unwrap_or(order.len())
    });
    attrs
}

/// One attribute: a doc comment as written, any other as `#[name = value]` or `#[name(..)]`,
/// its list broken one option to a line when it is too wide or holds comments.
fn attribute(w: &mut Writer, text: &str, attr: &Attribute) {
    let pound = attr.pound_token.span.byte_range();
    // Up to the closing bracket, whose own trailing comment is outside the attribute.
    let inside = pound.start..start(attr.bracket_token.span.close());
    if is_comment(text, &pound) {
        let source = text.get(pound.clone()).unwrap_or_default();
        w.token(Some(pound.start), source.trim_end());
        return;
    }
    // Asked before any of its tokens is written, which takes their comments.
    let commented = w.has_comments_within(inside);
    w.token(Some(pound.start), "#");
    if let AttrStyle::Inner(bang) = &attr.style {
        w.token(Some(start(bang.span)), "!");
    }
    w.token(Some(start(attr.bracket_token.span.open())), "[");
    match &attr.meta {
        Meta::List(list) => {
            inline(w, list.path.to_token_stream());
            let (open, close) = (
                start(list.delimiter.span().open()),
                start(list.delimiter.span().close()),
            );
            let options = split_options(list.tokens.clone());
            // `(`, the options and their `, `, then `)]`.
            let flat_width = w.column()
                + 1
                + options
                    .iter()
                    .map(|(option, _)| flat_len(option.iter().cloned().collect()))
                    .sum::<usize>()
                + 2 * options.len().saturating_sub(1)
                + 2;
            let broken = !options.is_empty() && (flat_width > MAX_WIDTH || commented);
            w.token(Some(open), "(");
            if broken {
                w.indent(true);
                for (option, comma) in &options {
                    if let Some(first) = option.first() {
                        w.line(first.span().byte_range().start, Blank::Forbid);
                    }
                    inline(w, option.iter().cloned().collect());
                    w.token(*comma, ",");
                }
                w.line(close, Blank::Forbid);
                w.indent(false);
                w.newline();
            } else {
                let last = options.len().saturating_sub(1);
                for (index, (option, comma)) in options.iter().enumerate() {
                    inline(w, option.iter().cloned().collect());
                    // A trailing comma goes; its comments stay.
                    if index < last {
                        w.token(*comma, ",");
                        w.space();
                    } else if let Some(comma) = comma {
                        w.token(Some(*comma), "");
                    }
                }
            }
            w.token(Some(close), ")");
        }
        meta => inline(w, meta.to_token_stream()),
    }
    w.token(Some(start(attr.bracket_token.span.close())), "]");
}

/// An attribute list's options, each with where its comma stands.
fn split_options(tokens: TokenStream) -> Vec<(Vec<TokenTree>, Option<usize>)> {
    let mut options = Vec::new();
    let mut option = Vec::new();
    for token in tokens {
        match &token {
            TokenTree::Punct(punct) if punct.as_char() == ',' => {
                options.push((std::mem::take(&mut option), Some(start(punct.span()))));
            }
            _ => option.push(token),
        }
    }
    if !option.is_empty() {
        options.push((option, None));
    }
    options
}

/// `;` after a newtype or unit struct, as written or added.
fn semicolon(w: &mut Writer, semi: Option<&syn::Token![;]>) {
    w.token(semi.map(|semi| start(semi.span)), ";");
}

/// Tokens on one line, spaced as rustfmt spaces types and attribute values: `Map<String, T>`,
/// `min = -1`, `Const<{ -1 }>`.
fn inline(w: &mut Writer, tokens: TokenStream) {
    let mut previous = Previous::Start;
    inline_into(w, tokens, &mut previous);
}

/// What the token before the next one was, for spacing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Previous {
    Start,
    Word,
    Open,
    OpenBrace,
    Close,
    Comma,
    Equals,
    Joint,
    Other,
}

/// Writes `tokens` on the current line, `previous` saying what came before them.
fn inline_into(w: &mut Writer, tokens: TokenStream, previous: &mut Previous) {
    for token in tokens {
        match token {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::None => ("", ""),
                };
                let brace = group.delimiter() == Delimiter::Brace;
                if matches!(
                    *previous,
                    Previous::Comma | Previous::Equals | Previous::Word
                ) && (brace || *previous != Previous::Word)
                {
                    w.space();
                }
                w.token(Some(start(group.span_open())), open);
                *previous = if brace {
                    Previous::OpenBrace
                } else {
                    Previous::Open
                };
                inline_into(w, group.stream(), previous);
                if brace {
                    w.space();
                }
                w.token(Some(start(group.span_close())), close);
                *previous = Previous::Close;
            }
            TokenTree::Punct(punct) => {
                let c = punct.as_char();
                let spaced = match c {
                    '=' => true,
                    ',' | '<' | '>' | ':' => false,
                    _ => matches!(
                        *previous,
                        Previous::Comma | Previous::Equals | Previous::OpenBrace
                    ),
                };
                if spaced && *previous != Previous::Start {
                    w.space();
                }
                w.token(Some(start(punct.span())), &c.to_string());
                *previous = match c {
                    ',' => Previous::Comma,
                    '=' => Previous::Equals,
                    '<' => Previous::Open,
                    '>' => Previous::Close,
                    _ if punct.spacing() == Spacing::Joint => Previous::Joint,
                    '-' => Previous::Joint,
                    _ => Previous::Other,
                };
            }
            other => {
                if matches!(
                    *previous,
                    Previous::Word
                        | Previous::Close
                        | Previous::Comma
                        | Previous::Equals
                        | Previous::OpenBrace
                ) {
                    w.space();
                }
                w.token(Some(start(other.span())), &other.to_string());
                *previous = Previous::Word;
            }
        }
    }
}

/// The width of tokens laid out on one line.
fn flat_len(tokens: TokenStream) -> usize {
    let mut scratch = Writer::new(Default::default());
    inline(&mut scratch, tokens);
    scratch.finish().trim_end().chars().count()
}

/// A punctuated pair as the member and where its comma starts.
fn split<'a, T, P: syn::spanned::Spanned>(pair: Pair<&'a T, &'a P>) -> (&'a T, Option<usize>) {
    match pair {
        Pair::Punctuated(node, comma) => (node, Some(node_start(comma))),
        Pair::End(node) => (node, None),
    }
}

/// Where a field's name starts (every field of a braced struct has one).
fn field_start(field: &syn::Field) -> Option<usize> {
    field.ident.as_ref().map(|ident| start(ident.span()))
}

/// The byte offset a syntax node starts at.
fn node_start(node: &impl syn::spanned::Spanned) -> usize {
    start(node.span())
}

/// The byte offset a span starts at in the schema text.
fn start(span: Span) -> usize {
    span.byte_range().start
}
