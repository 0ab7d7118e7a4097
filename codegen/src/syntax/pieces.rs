//! A schema parsed piece by piece: the file settings and each declaration lexed and parsed
//! alone (see [`split`](super::split)), their ranges moved to where each stands, and put
//! together into what parsing the whole file gives, reports and all. A [`ParseCache`] keeps
//! each piece's parse by its text, and the last version's text and pieces, so that parsing the
//! next version of a document (the language server's, after an edit) cuts it again only
//! around the change and parses only the pieces that changed.

use std::collections::HashMap;

use proc_macro2::TokenStream;

use super::ast::SchemaFile;
use super::shift::Shift;
use super::split::{self, Kind, Piece};
use super::{nesting, parse_tokens, parse_whole};
use crate::diagnostics::Diagnostic;

/// The parses of one document's pieces, by their text: what the last parse through it read,
/// and nothing older.
#[derive(Debug, Default)]
pub struct ParseCache {
    parsed: HashMap<String, Parsed>,
    /// The last version's text and its pieces, when it was cut into them.
    pub(super) last: Option<(String, Vec<Piece>)>,
}

impl ParseCache {
    /// The pieces of `text`, found by scanning only around what changed since the last
    /// version; that version becomes `text`.
    fn split(&mut self, text: &str) -> Option<Vec<Piece>> {
        let pieces = match &self.last {
            Some((last, pieces)) => split::split_edited(last, pieces, text),
            None => split::split(text),
        };
        self.last = pieces.clone().map(|pieces| (text.to_string(), pieces));
        pieces
    }
}

/// One piece lexed and parsed alone, its ranges counted from its start.
#[derive(Debug, Clone)]
enum Parsed {
    /// It does not lex alone: the whole file's lexer reports it, and reads on where it can.
    Unlexed,
    /// It nests too deeply, which ends the whole file's parse.
    TooDeep(Diagnostic),
    /// Its declarations or settings and its problems.
    Read {
        file: Box<SchemaFile>,
        errors: Vec<Diagnostic>,
        /// Whether a mistake made the parser skip ahead: in the whole file, after file
        /// settings it would skip into the next piece, and after anything it would skip
        /// through a `use` that follows (no `use` stops it).
        skipped: bool,
        /// The report of tokens left over in a group, which the whole file gives last, and
        /// for its first such group only.
        left_over: Vec<Diagnostic>,
    },
}

/// Parses `text` piece by piece, through `cache` when given; the whole file at once when it is
/// not a clean sequence of pieces, or a piece needs what only the whole file's parse does.
pub(super) fn parse(
    text: &str,
    mut cache: Option<&mut ParseCache>,
) -> (SchemaFile, Vec<Diagnostic>) {
    let pieces = match cache.as_deref_mut() {
        Some(cache) => cache.split(text),
        None => split::split(text),
    };
    let Some(pieces) = pieces else {
        return parse_whole(text);
    };
    let text_of = |piece: &Piece| &text[piece.range.clone()];
    let parsed: Vec<Parsed> = match cache {
        None => pieces
            .iter()
            .map(|piece| parse_piece(text_of(piece)))
            .collect(),
        Some(cache) => {
            let mut kept: HashMap<String, Parsed> = HashMap::with_capacity(pieces.len());
            let parsed = pieces
                .iter()
                .map(|piece| {
                    let text = text_of(piece);
                    let parsed = match cache.parsed.remove(text) {
                        Some(parsed) => parsed,
                        None => kept.get(text).cloned().unwrap_or_else(|| parse_piece(text)),
                    };
                    kept.insert(text.to_string(), parsed.clone());
                    parsed
                })
                .collect();
            cache.parsed = kept;
            parsed
        }
    };
    // The whole file's lexer stops the parse at the first problem it finds, before any nesting
    // is measured; then the first piece nested too deeply does.
    if parsed
        .iter()
        .any(|parsed| matches!(parsed, Parsed::Unlexed))
    {
        return parse_whole(text);
    }
    for (piece, parsed) in pieces.iter().zip(&parsed) {
        if let Parsed::TooDeep(too_deep) = parsed {
            let mut too_deep = too_deep.clone();
            too_deep.shift(piece.range.start);
            return (SchemaFile::default(), vec![too_deep]);
        }
    }
    let mut file = SchemaFile::default();
    let mut errors = Vec::new();
    let mut first_left_over = Vec::new();
    let next_kinds = pieces.iter().skip(1).map(|piece| Some(piece.kind));
    for ((piece, next), parsed) in pieces.iter().zip(next_kinds.chain([None])).zip(parsed) {
        let Parsed::Read {
            file: read,
            errors: mut problems,
            skipped,
            mut left_over,
        } = parsed
        else {
            continue;
        };
        if skipped && (piece.kind == Kind::Settings || next == Some(Kind::Use)) {
            return parse_whole(text);
        }
        let mut read = *read;
        read.shift(piece.range.start);
        problems.shift(piece.range.start);
        errors.append(&mut problems);
        if first_left_over.is_empty() {
            left_over.shift(piece.range.start);
            first_left_over = left_over;
        }
        file.uses.append(&mut read.uses);
        file.items.append(&mut read.items);
        file.unparsed.append(&mut read.unparsed);
        if piece.kind == Kind::Settings {
            file.docs = read.docs;
            file.docs_span = read.docs_span;
            file.settings = read.settings;
        }
    }
    errors.append(&mut first_left_over);
    (file, errors)
}

/// One piece's text, lexed and parsed alone.
fn parse_piece(text: &str) -> Parsed {
    let Ok(tokens) = text.parse::<TokenStream>() else {
        return Parsed::Unlexed;
    };
    if let Some(too_deep) = nesting::too_deep(tokens.clone()) {
        return Parsed::TooDeep(too_deep);
    }
    let mut file = SchemaFile::default();
    let mut errors = Vec::new();
    let read = parse_tokens(tokens, text, &mut file, &mut errors);
    Parsed::Read {
        file: Box::new(file),
        errors,
        skipped: read.skipped,
        left_over: read.left_over,
    }
}
