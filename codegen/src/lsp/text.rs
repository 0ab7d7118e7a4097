//! A document's text and the positions an editor counts in it: byte offsets, which every span
//! of the pipeline is, to and from LSP positions in the encoding agreed at initialization.

use std::ops::Range;

use line_index::{LineCol, LineIndex, TextSize, WideEncoding, WideLineCol};
use lsp_types::{Position, PositionEncodingKind, TextDocumentContentChangeEvent};

/// How positions count a line's characters: the client's choice among those it offers, UTF-8
/// (no conversion) first, then UTF-32, then the protocol's default, UTF-16.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Encoding {
    /// Bytes.
    Utf8,
    /// UTF-16 code units, the protocol's default.
    Utf16,
    /// Characters.
    Utf32,
}

impl Encoding {
    /// The encoding to use among those the client offers (none offered means UTF-16).
    pub(super) fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        let offered = offered.unwrap_or_default();
        if offered.contains(&PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else if offered.contains(&PositionEncodingKind::UTF32) {
            Encoding::Utf32
        } else {
            Encoding::Utf16
        }
    }

    /// Its name in the protocol.
    pub(super) fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf32 => PositionEncodingKind::UTF32,
        }
    }

    fn wide(self) -> Option<WideEncoding> {
        match self {
            Encoding::Utf8 => None,
            Encoding::Utf16 => Some(WideEncoding::Utf16),
            Encoding::Utf32 => Some(WideEncoding::Utf32),
        }
    }
}

/// A document's text with the index of its lines.
#[derive(Debug, Clone)]
pub(super) struct Text {
    text: String,
    lines: LineIndex,
}

impl Text {
    /// The text, indexed.
    pub(super) fn new(text: String) -> Text {
        let lines = LineIndex::new(&text);
        Text { text, lines }
    }

    /// The text itself.
    pub(super) fn as_str(&self) -> &str {
        &self.text
    }

    /// The position of a byte offset; an offset past the end, or inside a character, is moved
    /// back to the nearest character boundary, so a span the pipeline reports always maps.
    pub(super) fn position(&self, offset: usize, encoding: Encoding) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line_col = self
            .lines
            .try_line_col(size(offset))
            .unwrap_or(LineCol { line: 0, col: 0 });
        let (line, character) = match encoding.wide() {
            None => (line_col.line, line_col.col),
            Some(wide) => self
                .lines
                .to_wide(wide, line_col)
                .map_or((line_col.line, line_col.col), |wide| (wide.line, wide.col)),
        };
        Position { line, character }
    }

    /// The LSP range of a byte range.
    pub(super) fn range(&self, span: &Range<usize>, encoding: Encoding) -> lsp_types::Range {
        lsp_types::Range {
            start: self.position(span.start, encoding),
            end: self.position(span.end.max(span.start), encoding),
        }
    }

    /// The byte offset of a position: a line past the last is the end of the text, a character
    /// past its line's end is that end (before its line break), as the protocol says.
    pub(super) fn offset(&self, position: Position, encoding: Encoding) -> usize {
        let Some(line) = self.lines.line(position.line) else {
            return self.text.len();
        };
        let (start, end) = (usize::from(line.start()), usize::from(line.end()));
        let content = self.text[start..end].trim_end_matches(['\n', '\r']);
        let utf8 = match encoding.wide() {
            None => LineCol {
                line: position.line,
                col: position.character,
            },
            Some(wide) => self
                .lines
                .to_utf8(
                    wide,
                    WideLineCol {
                        line: position.line,
                        col: position.character,
                    },
                )
                .unwrap_or(LineCol {
                    line: position.line,
                    col: u32::MAX,
                }),
        };
        let mut offset = start + (utf8.col as usize).min(content.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// Applies a client's changes in order (each range is in the text its predecessors left);
    /// the text is replaced whole by a change without a range.
    pub(super) fn apply(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        encoding: Encoding,
    ) {
        for change in changes {
            match change.range {
                None => self.text = change.text,
                Some(range) => {
                    let start = self.offset(range.start, encoding);
                    let end = self.offset(range.end, encoding).max(start);
                    self.text.replace_range(start..end, &change.text);
                }
            }
            self.lines = LineIndex::new(&self.text);
        }
    }

    /// The offset where the line holding `offset` starts, and the whitespace that indents it.
    pub(super) fn indent_at(&self, offset: usize) -> (usize, &str) {
        let start = self.text[..offset.min(self.text.len())]
            .rfind('\n')
            .map_or(0, |newline| newline + 1);
        let line = &self.text[start..];
        let width = line.len() - line.trim_start_matches([' ', '\t']).len();
        (start, &line[..width])
    }
}

fn size(offset: usize) -> TextSize {
    TextSize::from(u32::try_from(offset).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_what_the_encoding_counts() {
        let text = Text::new("é😀x\nab".to_string());
        let x = "é😀".len();
        assert_eq!(text.position(x, Encoding::Utf8).character, 6);
        assert_eq!(text.position(x, Encoding::Utf16).character, 3);
        assert_eq!(text.position(x, Encoding::Utf32).character, 2);
        for encoding in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
            let position = text.position(x, encoding);
            assert_eq!(text.offset(position, encoding), x, "{encoding:?}");
        }
        let b = text.as_str().find('b').expect("b");
        assert_eq!(text.position(b, Encoding::Utf16), Position::new(1, 1));
    }

    #[test]
    fn positions_past_the_text_are_clamped() {
        let text = Text::new("ab\ncd\n".to_string());
        assert_eq!(text.offset(Position::new(0, 99), Encoding::Utf16), 2);
        assert_eq!(text.offset(Position::new(9, 0), Encoding::Utf16), 6);
        assert_eq!(text.position(99, Encoding::Utf8), Position::new(2, 0));
        let inside = Text::new("é".to_string());
        assert_eq!(inside.position(1, Encoding::Utf16), Position::new(0, 0));
    }

    #[test]
    fn changes_apply_in_order() {
        let mut text = Text::new("struct A {}\n".to_string());
        let change = |line, from, to, new: &str| TextDocumentContentChangeEvent {
            range: Some(lsp_types::Range::new(
                Position::new(line, from),
                Position::new(line, to),
            )),
            range_length: None,
            text: new.to_string(),
        };
        text.apply(
            vec![change(0, 7, 8, "Block"), change(0, 14, 14, " x: u8 ")],
            Encoding::Utf16,
        );
        assert_eq!(text.as_str(), "struct Block { x: u8 }\n");
    }
}
