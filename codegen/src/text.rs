//! The characters that hide or break text wherever schema text is shown: in the outputs'
//! comments and strings, and in a terminal's reports. Each place decides how to write one.

/// Whether a character of schema text is written as an escape in the comments of every output
/// (and in TypeScript strings) and in diagnostics: a control character other than tab (line
/// breaks, bare carriage returns and terminal escapes among them), a Unicode line or paragraph
/// separator, which editors and JavaScript read as a line break, or a bidirectional control,
/// which makes text read otherwise than it runs (and which rustc refuses in comments).
pub fn hides_or_breaks_text(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}
