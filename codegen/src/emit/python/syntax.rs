//! How schema text is written in Python source: string literals, docstrings and comments, each
//! escaped so that the source says exactly the schema's text and nothing else.

use crate::text::hides_or_breaks_text;

/// The escape of a character that hides or breaks text: `\x0a`, `\u2028`.
fn char_escape(c: char) -> String {
    let code = u32::from(c);
    if code <= 0xff {
        format!("\\x{code:02x}")
    } else if code <= 0xffff {
        format!("\\u{code:04x}")
    } else {
        format!("\\U{code:08x}")
    }
}

/// A Python string literal holding exactly `value`: in double quotes, or in single quotes
/// when it holds more double quotes than single ones (the quotes `ruff format` picks), with
/// the backslash, that quote, every line break and every character that hides or breaks text
/// escaped.
pub(super) fn string_literal(value: &str) -> String {
    let doubles = value.matches('"').count();
    let singles = value.matches('\'').count();
    let quote = if doubles > singles { '\'' } else { '"' };
    let mut out = String::with_capacity(value.len() + 2);
    out.push(quote);
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if hides_or_breaks_text(c) => out.push_str(&char_escape(c)),
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// One line of a docstring: its text escaped for a `"""` string (the backslash and every
/// quote, so that no run of three ends it, and every character that hides or breaks text),
/// trailing spaces and tabs gone (a trailing line break is escaped, not dropped).
pub(super) fn docstring_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim_end_matches([' ', '\t']).chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if hides_or_breaks_text(c) => out.push_str(&char_escape(c)),
            c => out.push(c),
        }
    }
    out
}

/// Schema text made safe in a `#` comment: every character that hides or breaks text (a line
/// break would end the comment) written as its escape, trailing spaces and tabs gone.
pub(super) fn comment_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim_end_matches([' ', '\t']).chars() {
        if hides_or_breaks_text(c) {
            out.push_str(&char_escape(c));
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
    fn literals_escape_what_would_end_or_hide_them() {
        assert_eq!(string_literal("a\"b\\c\nd'"), r#""a\"b\\c\nd'""#);
        assert_eq!(string_literal("say \"hi\""), r#"'say "hi"'"#);
        assert_eq!(string_literal("\u{2028}\u{202e}"), r#""\u2028\u202e""#);
        assert_eq!(docstring_line("say \"\"\" end \\"), r#"say \"\"\" end \\"#);
        assert_eq!(comment_text("a\nb\r"), r"a\x0ab\x0d");
    }
}
