//! Rust spelling of schema names and text: the one place that decides how a name becomes an
//! identifier and how schema text becomes comment text, for every item the emitter writes.
//!
//! Free of checker types on purpose: the checker calls [`ident_text`] for fields, the emitter
//! for the bridge methods it makes from variant names, and both must agree.

use crate::emit::hides_or_breaks_text;

/// Every Rust keyword that `r#` can escape, strict or reserved in some edition from 2015 to
/// 2024. An
/// identifier is written raw whatever the crate's edition, since a raw identifier means the
/// same in all of them. `union` is a weak keyword, raw too so that no reader takes it for an
/// item; the other weak keywords (`auto`, `macro_rules`, `raw`, `safe`, `'static`) are
/// keywords only in positions a field or method name never takes.
#[rustfmt::skip]
const RAW_KEYWORDS: &[&str] = &[
    // Strict, 2015.
    "as", "break", "const", "continue", "else", "enum", "extern", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static",
    "struct", "trait", "true", "type", "unsafe", "use", "where", "while",
    // Strict (`async`, `await`, `dyn`) or reserved (`try`) since 2018, and `gen` since 2024.
    "async", "await", "dyn", "try", "gen",
    // Reserved.
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized",
    "virtual", "yield",
    // Weak, but an item keyword.
    "union",
];

/// The keywords that cannot be raw identifiers: a name spelt like one gets a trailing `_`.
const NOT_RAW: &[&str] = &["self", "super", "crate", "Self", "_"];

/// The identifier text for a name: `r#type` for a keyword, `self_` for a keyword that cannot
/// be raw, the name itself otherwise. [`super::ident`] turns the text into an identifier.
pub fn ident_text(name: &str) -> String {
    if NOT_RAW.contains(&name) {
        format!("{name}_")
    } else if RAW_KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_owned()
    }
}

/// Schema text made safe as the rest of one `//` or `///` line: every character rustc would
/// end the line at, refuse in a comment (a bare carriage return in a doc comment) or refuse
/// under its default lints (the bidirectional controls of `text_direction_codepoint_in_comment`)
/// is written as its escape, `\u{d}`, as is every other character [`hides_or_breaks_text`]
/// names.
pub fn comment_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if hides_or_breaks_text(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_become_raw_or_get_an_underscore() {
        assert_eq!(ident_text("type"), "r#type");
        assert_eq!(ident_text("gen"), "r#gen");
        assert_eq!(ident_text("pub"), "r#pub");
        assert_eq!(ident_text("super"), "super_");
        assert_eq!(ident_text("crate"), "crate_");
        assert_eq!(ident_text("self"), "self_");
        assert_eq!(ident_text("title"), "title");
    }

    #[test]
    fn comment_text_keeps_one_line_and_passes_the_lints() {
        assert_eq!(
            comment_text("a\nconst X: u8 = 1;\r\u{202e}\u{2028}\0\tb */"),
            "a\\u{a}const X: u8 = 1;\\u{d}\\u{202e}\\u{2028}\\u{0}\tb */"
        );
    }
}
