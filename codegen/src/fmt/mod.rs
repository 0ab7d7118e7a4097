//! Formatting: one canonical layout for schema files, the compiled contract unchanged.
//!
//! The syntax layer parses the schema (and refuses one that does not parse, with its usual
//! diagnostics); the layout is walked over syn's tree of the same tokens. syn keeps no ordinary
//! comments and no blank lines, so [`trivia`] reads them back from the text between the
//! tokens' spans, and [`writer`] puts each where it stood relative to its tokens. See
//! `docs/src/guide/fmt.md` for the style.

mod layout;
mod trivia;
mod writer;

use proc_macro2::TokenStream;

use crate::diagnostics::Diagnostic;
use crate::syntax;

/// The byte order mark a file may start with, which the formatter keeps.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// The schema text in the canonical layout, or the problems that keep it from parsing (every
/// one the syntax layer finds, as `generate` reports them).
pub fn format(text: &str) -> Result<String, Vec<Diagnostic>> {
    let (_, errors) = syntax::parse(text);
    if !errors.is_empty() {
        return Err(errors);
    }
    // The syntax layer read these very tokens, so neither step can fail; should one, the
    // schema is refused rather than rewritten.
    let unreadable = |message: String| {
        vec![Diagnostic::new(
            format!("cannot format the schema: {message}"),
            0..0,
            "here",
            "report this: the schema parses, but the formatter cannot read it",
        )]
    };
    let tokens: TokenStream = text
        .parse()
        .map_err(|error: proc_macro2::LexError| unreadable(error.to_string()))?;
    let file: syn::File =
        syn::parse2(tokens.clone()).map_err(|error| unreadable(error.to_string()))?;
    let mut writer = writer::Writer::new(trivia::Trivia::scan(text, tokens));
    layout::file(&mut writer, text, &file);
    let mut formatted = writer.finish();
    if text.starts_with(BYTE_ORDER_MARK) {
        formatted.insert(0, BYTE_ORDER_MARK);
    }
    Ok(formatted)
}

#[cfg(test)]
mod tests;
