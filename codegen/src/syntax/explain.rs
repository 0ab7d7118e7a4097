//! Clearer reports than the lexer's and syn's for mistakes they describe only in their own
//! terms: a keyword where a name goes (`type: String`), a raw identifier Rust refuses
//! (`r#self`), and a literal where a type goes (`r#type: "message"`).

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
