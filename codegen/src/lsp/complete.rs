//! Completion: type names where a type is written (declared types, and the built-in ones
//! where a value's type may be one), attribute names where an attribute is (those its place
//! takes), and attribute values (rename rules, formats, reader policies, type names).
//!
//! The text being typed rarely parses, so where the cursor is comes from a light scan of the
//! text before it (strings, comments and brackets, the schema language's tokens), and what is
//! declared from the last parse, which keeps every declaration that parses.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, InsertTextFormat,
    TextEdit,
};

use super::text::{Encoding, Text};
use crate::ir::Format;
use crate::naming::RenameRule;
use crate::syntax::ast::{ItemKind, SchemaFile};
use crate::syntax::{BUILTIN_NAMES, Place, takes_arguments};

/// What the cursor is in.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Context {
    /// An attribute's name, at a place.
    AttributeName(Place),
    /// The options of an attribute written with parentheses: `union`, `length`, `range`,
    /// `items`, `other`, `on_invalid`.
    AttributeOption(String),
    /// A string value of an attribute, at a place.
    AttributeValue(String, Place),
    /// A type: a field's, a newtype's, a type argument (`payload: false`); a tagged union's
    /// payload, which only a struct or union may be (`payload: true`).
    Type { payload: bool },
    /// Nothing to complete.
    None,
}

/// A token of the scan.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Ident(String),
    Punct(char),
    Str,
}

/// The scan of the text before the cursor.
struct Scan {
    /// The tokens, each with its start.
    tokens: Vec<(Token, usize)>,
    /// The brackets still open (`{`, `(`, `[`, `<`), each with its token's index.
    open: Vec<(char, usize)>,
    /// Where the string the cursor is in starts its contents, if it is in one.
    string: Option<usize>,
}

fn scan(text: &str) -> Scan {
    let bytes = text.as_bytes();
    let mut scan = Scan {
        tokens: Vec::new(),
        open: Vec::new(),
        string: None,
    };
    let mut at = 0;
    let ident = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'_' || byte >= 0x80;
    while at < bytes.len() {
        let byte = bytes[at];
        let next = bytes.get(at + 1).copied();
        match byte {
            b'/' if next == Some(b'/') => {
                at = text[at..].find('\n').map_or(bytes.len(), |end| at + end);
            }
            b'/' if next == Some(b'*') => {
                let mut depth = 0;
                while at < bytes.len() {
                    if text[at..].starts_with("/*") {
                        depth += 1;
                        at += 2;
                    } else if text[at..].starts_with("*/") {
                        depth -= 1;
                        at += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        at += 1;
                    }
                }
            }
            b'"' => {
                let start = at;
                at += 1;
                loop {
                    match bytes.get(at) {
                        None => {
                            scan.string = Some(start + 1);
                            return scan;
                        }
                        Some(b'\\') => at += 2,
                        Some(b'"') => {
                            at += 1;
                            break;
                        }
                        Some(_) => at += 1,
                    }
                }
                scan.tokens.push((Token::Str, start));
            }
            b'r' if next == Some(b'#') && bytes.get(at + 2).copied().is_some_and(ident) => {
                let start = at;
                at += 2;
                while at < bytes.len() && ident(bytes[at]) {
                    at += 1;
                }
                scan.tokens
                    .push((Token::Ident(text[start + 2..at].to_string()), start));
            }
            _ if ident(byte) => {
                let start = at;
                while at < bytes.len() && ident(bytes[at]) {
                    at += 1;
                }
                scan.tokens
                    .push((Token::Ident(text[start..at].to_string()), start));
            }
            _ if byte.is_ascii_whitespace() => at += 1,
            _ => {
                let c = char::from(byte);
                match c {
                    '{' | '(' | '[' | '<' => scan.open.push((c, scan.tokens.len())),
                    '}' | ')' | ']' => {
                        let opening = match c {
                            '}' => '{',
                            ')' => '(',
                            _ => '[',
                        };
                        while let Some((open, _)) = scan.open.pop() {
                            if open == opening {
                                break;
                            }
                        }
                    }
                    '>' if scan.open.last().is_some_and(|(open, _)| *open == '<') => {
                        scan.open.pop();
                    }
                    _ => {}
                }
                scan.tokens.push((Token::Punct(c), at));
                at += 1;
            }
        }
    }
    scan
}

impl Scan {
    fn token(&self, index: usize) -> Option<&Token> {
        self.tokens.get(index).map(|(token, _)| token)
    }

    fn ident(&self, index: usize) -> Option<&str> {
        match self.token(index) {
            Some(Token::Ident(name)) => Some(name),
            _ => None,
        }
    }

    fn punct(&self, index: usize, c: char) -> bool {
        self.token(index) == Some(&Token::Punct(c))
    }

    /// The keyword and name of the declaration whose `{` is the open bracket at `open`: the
    /// tokens before it read `struct Name {` or `enum Name {`.
    fn declaration(&self, open: usize) -> Option<(&str, &str)> {
        let brace = self.open[open].1;
        let name = self.ident(brace.checked_sub(1)?)?;
        let keyword = self.ident(brace.checked_sub(2)?)?;
        Some((keyword, name))
    }

    /// The innermost open `{` below the open bracket at `open`.
    fn enclosing_brace(&self, open: usize) -> Option<usize> {
        (0..open).rev().find(|index| self.open[*index].0 == '{')
    }
}

/// The completions at `offset`: `word` is where the word being typed starts (what an item
/// replaces); `snippets` whether the client takes snippets.
pub(super) fn complete(
    text: &Text,
    offset: usize,
    file: &SchemaFile,
    encoding: Encoding,
    snippets: bool,
) -> Vec<CompletionItem> {
    let source = text.as_str();
    let before = &source[..offset];
    let scan = scan(before);
    // The word being typed: the identifier or string contents right before the cursor.
    let (context, word) = match scan.string {
        Some(start) => (string_context(&scan, before, source), start),
        None => {
            let partial = before
                .char_indices()
                .rev()
                .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
                .last()
                .map_or(offset, |(start, _)| start);
            let typed = partial < offset;
            (context(&scan, typed, source, offset, file), partial)
        }
    };
    let edit_range = text.range(&(word..offset), encoding);
    let item = |label: String, kind, detail: Option<String>, insert: Option<String>| {
        let snippet = insert.is_some();
        let new_text = insert.unwrap_or_else(|| label.clone());
        CompletionItem {
            label,
            kind: Some(kind),
            detail,
            insert_text_format: snippet.then_some(InsertTextFormat::SNIPPET),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                edit_range, new_text,
            ))),
            ..CompletionItem::default()
        }
    };
    match context {
        Context::Type { payload } => types(file, payload, &item),
        Context::AttributeName(place) => place
            .known()
            .iter()
            .filter(|name| **name != "doc")
            .map(|name| {
                let insert = snippets
                    .then(|| attribute_snippet(name, place))
                    .flatten()
                    .map(str::to_string);
                item(
                    name.to_string(),
                    CompletionItemKind::PROPERTY,
                    Some(format!("attribute of {}", describe(place))),
                    insert,
                )
            })
            .collect(),
        Context::AttributeOption(attribute) => {
            let options: &[&str] = match attribute.as_str() {
                "union" => &["tag", "untagged", "tried_in_order"],
                "length" => &["min", "max"],
                "range" => &["min", "max", "exclusive_min", "exclusive_max"],
                "items" => &["min", "max", "unique"],
                "other" => &["fold"],
                "on_invalid" => &["default"],
                _ => &[],
            };
            options
                .iter()
                .map(|option| {
                    let insert = match *option {
                        "tag" | "default" if snippets => Some(format!("{option} = \"$1\"")),
                        "untagged" | "tried_in_order" | "unique" | "fold" => None,
                        _ if snippets => Some(format!("{option} = $1")),
                        _ => None,
                    };
                    item(
                        option.to_string(),
                        CompletionItemKind::PROPERTY,
                        Some(format!("option of #[{attribute}]")),
                        insert,
                    )
                })
                .collect()
        }
        Context::AttributeValue(attribute, place) => values(&attribute, place, file)
            .into_iter()
            .map(|(value, detail)| item(value, CompletionItemKind::VALUE, Some(detail), None))
            .collect(),
        Context::None => Vec::new(),
    }
}

/// The context of a cursor inside a string: an attribute's value when the string follows
/// `name =` inside `#[...]` or `#![...]`.
fn string_context(scan: &Scan, _before: &str, _source: &str) -> Context {
    let last = scan.tokens.len();
    let (Some(name), true) = (
        last.checked_sub(2).and_then(|index| scan.ident(index)),
        last.checked_sub(1)
            .is_some_and(|index| scan.punct(index, '=')),
    ) else {
        return Context::None;
    };
    let Some(open) = scan.open.len().checked_sub(1) else {
        return Context::None;
    };
    let (bracket, at) = scan.open[open];
    if bracket != '[' {
        return Context::None;
    }
    match attribute_place(scan, open, at) {
        Some(place) => Context::AttributeValue(name.to_string(), place),
        None => Context::None,
    }
}

/// The place of the attribute whose `[` is the open bracket at `open` (token `at`), or `None`
/// when that bracket opens no attribute.
fn attribute_place(scan: &Scan, open: usize, at: usize) -> Option<Place> {
    let inner = at >= 2 && scan.punct(at - 1, '!') && scan.punct(at - 2, '#');
    if inner {
        return Some(Place::File);
    }
    if !(at >= 1 && scan.punct(at - 1, '#')) {
        return None;
    }
    Some(match scan.enclosing_brace(open) {
        Some(brace) => match scan.declaration(brace) {
            Some(("struct", _)) => Place::Field,
            Some(("enum", _)) => Place::Variant,
            _ => return None,
        },
        None => Place::Struct,
    })
}

/// The context of a cursor outside strings; `typed` when a word is being typed.
fn context(scan: &Scan, typed: bool, source: &str, offset: usize, file: &SchemaFile) -> Context {
    // The tokens before the word being typed.
    let end = scan.tokens.len() - usize::from(typed);
    let previous = end.checked_sub(1);
    let Some(open) = scan.open.len().checked_sub(1) else {
        return Context::None;
    };
    let (bracket, at) = scan.open[open];
    let right_after_open = previous == Some(at);
    let after = |c: char| previous.is_some_and(|previous| scan.punct(previous, c));
    match bracket {
        '[' if right_after_open => match attribute_place(scan, open, at) {
            // A top-level attribute: the declaration after it says which kind.
            Some(Place::Struct) => Context::AttributeName(next_declaration(source, offset)),
            Some(place) => Context::AttributeName(place),
            None => Context::None,
        },
        '(' if right_after_open || after(',') => {
            let attribute = at.checked_sub(1).and_then(|index| scan.ident(index));
            let in_attribute = open
                .checked_sub(1)
                .is_some_and(|outer| scan.open[outer].0 == '[');
            match (attribute, in_attribute) {
                (Some(attribute), true) => Context::AttributeOption(attribute.to_string()),
                // `Variant(` inside an enum, or `struct Name(` at the top.
                (Some(_), false) if right_after_open => match scan.enclosing_brace(open) {
                    Some(brace) => match scan.declaration(brace) {
                        Some(("enum", name)) => Context::Type {
                            payload: !untagged(file, name),
                        },
                        _ => Context::None,
                    },
                    None => Context::Type { payload: false },
                },
                _ => Context::None,
            }
        }
        '<' if right_after_open || after(',') => Context::Type { payload: false },
        '{' if after(':') => match scan.declaration(open) {
            Some(("struct", _)) => Context::Type { payload: false },
            _ => Context::None,
        },
        _ => Context::None,
    }
}

/// Whether the enum `name` is an untagged union, whose variants hold any type.
fn untagged(file: &SchemaFile, name: &str) -> bool {
    file.items
        .iter()
        .any(|item| item.name.value == name && matches!(item.kind, ItemKind::Untagged(_)))
}

/// The place of an attribute written above a declaration: the first `struct` or `enum` after
/// the cursor says which.
fn next_declaration(source: &str, offset: usize) -> Place {
    let rest = &source[offset..];
    let words = rest.split(|c: char| !(c.is_alphanumeric() || c == '_'));
    for word in words {
        match word {
            "struct" => return Place::Struct,
            "enum" => return Place::Enum,
            _ => {}
        }
    }
    Place::Struct
}

fn describe(place: Place) -> &'static str {
    match place {
        Place::File => "the file",
        Place::Struct => "a struct",
        Place::Newtype => "a newtype",
        Place::Field => "a field",
        Place::Enum => "an enum",
        Place::Variant => "a variant",
    }
}

/// How an attribute is written, as a snippet with its value to fill in; `None` for a flag.
fn attribute_snippet(name: &str, place: Place) -> Option<&'static str> {
    Some(match name {
        "rename" => "rename = \"$1\"",
        "rename_all" => "rename_all = \"$1\"",
        "rename_fields" => "rename_fields = \"$1\"",
        "rename_variants" => "rename_variants = \"$1\"",
        "id" => "id = \"$1\"",
        "title" => "title = \"$1\"",
        "version" => "version = \"$1\"",
        "entry" => "entry = \"$1\"",
        "example" => "example = \"$1\"",
        "pattern" => "pattern = \"$1\"",
        "format" => "format = \"$1\"",
        "on_invalid" => "on_invalid = \"$1\"",
        "default" => "default = \"$1\"",
        "flatten" if place == Place::Enum => "flatten = \"$1\"",
        "union" => "union(tag = \"$1\")",
        "length" => "length(min = $1, max = $2)",
        "range" => "range(min = $1, max = $2)",
        "items" => "items(min = $1, max = $2)",
        _ => return None,
    })
}

/// The values an attribute takes, each with a word on it.
fn values(attribute: &str, place: Place, file: &SchemaFile) -> Vec<(String, String)> {
    let declared = |wanted: fn(&ItemKind) -> bool, what: &str| {
        file.items
            .iter()
            .filter(|item| wanted(&item.kind))
            .map(|item| (item.name.value.clone(), what.to_string()))
            .collect()
    };
    match attribute {
        "rename_all" | "rename_fields" | "rename_variants" => RenameRule::ALL
            .iter()
            .map(|(spelling, _)| (spelling.to_string(), "rename rule".to_string()))
            .collect(),
        "format" => Format::ALL
            .iter()
            .map(|(name, _)| (name.to_string(), "string format".to_string()))
            .collect(),
        "on_invalid" => vec![
            (
                "absent".to_string(),
                "an optional field reads an invalid value as absent".to_string(),
            ),
            (
                "default".to_string(),
                "a field with a default reads an invalid value as the default".to_string(),
            ),
        ],
        "entry" if place == Place::File => declared(|_| true, "declared type"),
        "flatten" => declared(|kind| matches!(kind, ItemKind::Struct(_)), "struct"),
        _ => Vec::new(),
    }
}

/// The types that may be written here: declared ones (structs and unions alone for a
/// payload), and the built-in ones where a value's type is.
fn types(
    file: &SchemaFile,
    payload: bool,
    item: &dyn Fn(String, CompletionItemKind, Option<String>, Option<String>) -> CompletionItem,
) -> Vec<CompletionItem> {
    let mut out: Vec<CompletionItem> = file
        .items
        .iter()
        .filter(|declared| {
            !payload || matches!(declared.kind, ItemKind::Struct(_) | ItemKind::Union(_))
        })
        .map(|declared| {
            let (kind, detail) = match &declared.kind {
                ItemKind::Struct(_) => (CompletionItemKind::STRUCT, "struct"),
                ItemKind::Newtype(_) => (CompletionItemKind::STRUCT, "newtype"),
                ItemKind::Union(_) => (CompletionItemKind::ENUM, "tagged union"),
                ItemKind::Untagged(_) => (CompletionItemKind::ENUM, "untagged union"),
                ItemKind::Enum(_) => (CompletionItemKind::ENUM, "enum"),
            };
            let mut completion = item(
                declared.name.value.clone(),
                kind,
                Some(detail.to_string()),
                None,
            );
            if let Some(first) = declared.docs.first() {
                completion.documentation = Some(Documentation::String(first.trim().to_string()));
            }
            completion
        })
        .collect();
    if !payload {
        out.extend(BUILTIN_NAMES.iter().map(|name| {
            let detail = match takes_arguments(name) {
                true => "built-in, with arguments",
                false => "built-in",
            };
            item(
                name.to_string(),
                CompletionItemKind::KEYWORD,
                Some(detail.to_string()),
                None,
            )
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> (Context, SchemaFile) {
        let offset = text.find('|').expect("a cursor");
        let text = text.replace('|', "");
        let (file, _) = crate::syntax::parse(&text);
        let scan = scan(&text[..offset]);
        let context = match scan.string {
            Some(_) => string_context(&scan, &text[..offset], &text),
            None => {
                let typed = text[..offset]
                    .chars()
                    .last()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_');
                context(&scan, typed, &text, offset, &file)
            }
        };
        (context, file)
    }

    #[test]
    fn the_cursor_is_placed_by_the_brackets_strings_and_comments_before_it() {
        let cases = [
            ("struct A { b: | }", Context::Type { payload: false }),
            ("struct A { b: Vec<Str| }", Context::Type { payload: false }),
            (
                "struct A { b: Map<String, | }",
                Context::Type { payload: false },
            ),
            (
                "#[union(tag = \"t\")]\nenum U { V(|) }\nstruct S {}",
                Context::Type { payload: true },
            ),
            (
                "struct A { #[|] b: u8 }",
                Context::AttributeName(Place::Field),
            ),
            (
                "enum E { #[re|] V }",
                Context::AttributeName(Place::Variant),
            ),
            ("#![|]", Context::AttributeName(Place::File)),
            ("#[|]\nenum E { V }", Context::AttributeName(Place::Enum)),
            ("#[|]\nstruct S {}", Context::AttributeName(Place::Struct)),
            (
                "#[union(|)] enum E {}",
                Context::AttributeOption("union".to_string()),
            ),
            (
                "struct A { #[length(min = 1, |)] b: String }",
                Context::AttributeOption("length".to_string()),
            ),
            (
                "#![rename_fields = \"cam|\"]",
                Context::AttributeValue("rename_fields".to_string(), Place::File),
            ),
            (
                "struct A { #[format = \"|\"] b: String }",
                Context::AttributeValue("format".to_string(), Place::Field),
            ),
            ("// struct A { b: |", Context::None),
            ("struct A { b: u8, /* c: */ |", Context::None),
            ("struct A { b: \"{\" |", Context::None),
        ];
        for (text, expected) in cases {
            assert_eq!(at(text).0, expected, "{text}");
        }
    }

    #[test]
    fn the_options_of_other_and_on_invalid_are_offered_inside_their_parentheses() {
        for (source, option, insert) in [
            ("enum E { #[other(|)] V }", "fold", None),
            (
                "struct A { #[on_invalid(|)] b: u8 }",
                "default",
                Some("default = \"$1\""),
            ),
        ] {
            let offset = source.find('|').expect("a cursor");
            let source = source.replace('|', "");
            let (file, _) = crate::syntax::parse(&source);
            let text = Text::new(source.clone());
            let items = complete(&text, offset, &file, Encoding::Utf8, true);
            let labels: Vec<&str> = items.iter().map(|item| item.label.as_str()).collect();
            assert_eq!(labels, [option], "{source}");
            let Some(CompletionTextEdit::Edit(edit)) = &items[0].text_edit else {
                panic!("{source}: no edit");
            };
            assert_eq!(edit.new_text, insert.unwrap_or(option), "{source}");
        }
    }

    #[test]
    fn a_payload_of_an_untagged_union_may_be_any_type() {
        let (context, _) = at("#[union(untagged)]\nenum U { V(|) }");
        assert_eq!(context, Context::Type { payload: false });
    }
}
