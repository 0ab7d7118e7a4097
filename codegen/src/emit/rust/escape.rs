//! Rust spelling of schema text: the one place that decides how schema text becomes comment
//! text and string literals, for every item the emitter writes. How a name becomes a Rust identifier is
//! [`crate::naming::rust::rust_ident_text`], which the syntax layer reads too.

use crate::text::hides_or_breaks_text;

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

/// A string as a Rust string literal, escaped: a schema string never becomes code.
pub(super) fn string_literal(text: &str) -> String {
    proc_macro2::Literal::string(text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_text_keeps_one_line_and_passes_the_lints() {
        assert_eq!(
            comment_text("a\nconst X: u8 = 1;\r\u{202e}\u{2028}\0\tb */"),
            "a\\u{a}const X: u8 = 1;\\u{d}\\u{202e}\\u{2028}\\u{0}\tb */"
        );
    }
}
