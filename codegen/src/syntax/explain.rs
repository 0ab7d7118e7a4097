//! Clearer reports than the lexer's and syn's for mistakes they describe only in their own
//! terms: a keyword where a name goes (`type: String`), a raw identifier Rust refuses
//! (`r#self`), a literal where a type goes (`r#type: "message"`), and a backslash that starts
//! no escape of a Rust string (`"^\d+$"`, a pattern that wants a raw string).

use std::ops::Range;

use crate::diagnostics::Diagnostic;
use crate::naming::rust::{can_be_raw, rust_ident_text as rust_field_ident};

/// The report for a raw identifier Rust refuses (`r#self`, `r#crate`, `r#super`, `r#Self`),
/// when one starts at `offset`, where the lexer stopped; with its span.
pub(super) fn unrawable(text: &str, offset: usize) -> Option<Diagnostic> {
    let rest = text.get(offset..)?.strip_prefix("r#")?;
    let word = word_at(rest);
    if can_be_raw(word) {
        return None;
    }
    Some(Diagnostic::new(
        format!(
            "`r#{word}` is not an identifier: Rust does not allow `{word}` as a raw identifier"
        ),
        offset..offset + 2 + word.len(),
        "not a raw identifier",
        keyword_fix(word),
    ))
}

/// The report for a string literal starting at `offset`, where the lexer stopped, whose
/// backslashes start escapes a Rust string does not have (`"^\d+$"`, as a pattern is written
/// in other languages), with the literal's span and the byte offset of each such backslash: the
/// caller blanks them so that lexing goes on. `None` when the literal's escapes are all Rust's.
pub(super) fn unknown_escapes(
    text: &str,
    offset: usize,
) -> Option<(Diagnostic, Range<usize>, Vec<usize>)> {
    let literal = text.get(offset..)?.strip_prefix('"')?;
    let mut bad = Vec::new();
    let mut chars = literal.char_indices();
    let mut end = None;
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => {
                end = Some(at);
                break;
            }
            '\\' => {
                let rest = &literal[at + 1..];
                if !is_rust_escape(rest) {
                    bad.push(offset + 1 + at);
                }
                // Skip the escaped character, so that `\\` and `\"` are not read again.
                chars.next();
            }
            _ => {}
        }
    }
    let first = *bad.first()?;
    let content = &literal[..end.unwrap_or(literal.len())];
    let span = offset..offset + 1 + content.len() + usize::from(end.is_some());
    let escape_len = 1 + text[first + 1..].chars().next().map_or(0, char::len_utf8);
    Some((
        Diagnostic::new(
            format!(
                "`{}` is not an escape in a Rust string literal",
                &text[first..first + escape_len]
            ),
            first..first + escape_len,
            "not an escape",
            format!(
                "schema strings are Rust string literals, where a backslash starts an escape; \
                 write a raw string, in which a backslash is itself: {}",
                raw_string(content)
            ),
        ),
        span,
        bad,
    ))
}

/// Whether `rest`, the text after a backslash in a string literal, starts an escape Rust has:
/// `\n \r \t \\ \0 \' \"`, `\x` with two hex digits up to `7F`, `\u{...}`, or a line break
/// (a continued line).
fn is_rust_escape(rest: &str) -> bool {
    let mut chars = rest.chars();
    match chars.next() {
        Some('n' | 'r' | 't' | '\\' | '0' | '\'' | '"' | '\n') => true,
        Some('x') => {
            let digits = chars.as_str().get(..2).unwrap_or_default();
            u8::from_str_radix(digits, 16).is_ok_and(|byte| byte <= 0x7F)
        }
        Some('u') => chars.as_str().starts_with('{'),
        _ => false,
    }
}

/// `content` as a raw string literal, with enough `#`s that a `"` in it does not end it.
fn raw_string(content: &str) -> String {
    let mut hashes = String::new();
    while content.contains(&format!("\"{hashes}")) {
        hashes.push('#');
    }
    format!("`r{hashes}\"{content}\"{hashes}`")
}

/// The report for a syn error at `span`, when the text there is a Rust keyword written where a
/// name goes, or a literal written where a type goes.
pub(super) fn syn_error(text: &str, span: &Range<usize>) -> Option<Diagnostic> {
    let found = text.get(span.clone())?;
    let before = text.get(..span.start)?.trim_end();
    let after = text.get(span.end..)?.trim_start();
    let is_literal =
        found.starts_with(['"', '\'']) || found.starts_with(|c: char| c.is_ascii_digit());
    if before.ends_with(':') && (is_literal || found == "true" || found == "false") {
        return Some(literal_type(found, span.clone()));
    }
    if found == "Self" {
        return Some(self_as_name(before, span.clone()));
    }
    if after.starts_with(':') && word_at(found) == found && rust_field_ident(found) != found {
        return Some(Diagnostic::new(
            format!("`{found}` is a Rust keyword, so it cannot name a field as it is"),
            span.clone(),
            "a keyword",
            keyword_fix(found),
        ));
    }
    None
}

/// The report for `Self` where a type, variant or enum value name goes (`before` is the text
/// before it): the schema is read as Rust, where `Self` is a keyword that cannot be raw.
fn self_as_name(before: &str, span: Range<usize>) -> Diagnostic {
    let (what, hint) = if matches!(word_at_end(before), "struct" | "enum") {
        ("type", "rename the type".to_string())
    } else {
        (
            "variant",
            "rename the variant, and keep `Self` on the wire with `#[rename = \"Self\"]`"
                .to_string(),
        )
    };
    Diagnostic::new(
        format!("`Self` is a Rust keyword, so it cannot name a {what}"),
        span,
        "a keyword",
        format!("a schema is read as Rust, where `Self` is no name even as `r#Self`: {hint}"),
    )
}

/// The last word of `text` (`enum` in `pub enum`).
fn word_at_end(text: &str) -> &str {
    let start = text
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
        .map_or(0, |(at, c)| at + c.len_utf8());
    &text[start..]
}

/// How to name a field after a keyword: raw where Rust allows it, else renamed.
fn keyword_fix(word: &str) -> String {
    let ident = rust_field_ident(word);
    if word == "_" {
        // `__` would be no snake_case name either.
        "name the field in words, such as `blank`, and keep `_` on the wire with \
         `#[rename = \"_\"]`"
            .to_string()
    } else if ident.starts_with("r#") {
        format!("write it as `{ident}`: the field is still `{word}` on the wire and in TypeScript")
    } else {
        format!(
            "name the field `{word}_` and keep `{word}` on the wire with `#[rename = \"{word}\"]`"
        )
    }
}

fn literal_type(literal: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        format!("a literal is not a type: `{literal}`"),
        span,
        "a literal, not a type",
        format!("a field that always holds this one value is a constant: write `Const<{literal}>`"),
    )
}

/// The identifier characters at the start of `text`.
fn word_at(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}
