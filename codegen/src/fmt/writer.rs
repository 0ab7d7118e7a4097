//! The formatter's output: tokens laid out in lines by the layout, with each token's comments
//! written where they stood. A source token brings its leading comments before it and its
//! trailing ones to the end of its line; a `//` comment in the middle of a construct ends the
//! line, and the construct goes on one indentation deeper.

use super::trivia::{Comment, Leading, Trivia};

/// The indentation of one level.
const INDENT: &str = "    ";

/// Whether a blank line may stand before a line: the layout's say, the source's aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Blank {
    /// Always one (between declarations).
    Force,
    /// One where the source had one or more (between fields and variants).
    Keep,
    /// Never (after an opening brace, before a closing one, between attributes).
    Forbid,
}

/// Lays out text line by line.
pub(super) struct Writer {
    trivia: Trivia,
    out: String,
    /// Indentation levels of the lines written now.
    indent: usize,
    /// A comment broke the current construct: its lines go one level deeper.
    continued: bool,
    /// Nothing is written on the current line yet.
    line_start: bool,
    /// A space goes before the next token on this line.
    space: bool,
    /// A blank line goes before the next line written.
    blank: bool,
    /// Comments waiting for the end of the current line.
    trailing: Vec<Comment>,
}

impl Writer {
    /// A writer that puts the comments and blank lines of `trivia` back among the tokens.
    pub fn new(trivia: Trivia) -> Writer {
        Writer {
            trivia,
            out: String::new(),
            indent: 0,
            continued: false,
            line_start: true,
            space: false,
            blank: false,
            trailing: Vec::new(),
        }
    }

    /// One level deeper, or back.
    pub fn indent(&mut self, deeper: bool) {
        if deeper {
            self.indent += 1;
        } else {
            self.indent = self.indent.saturating_sub(1);
        }
    }

    /// A space before the next token, if it is on this line.
    pub fn space(&mut self) {
        self.space = true;
    }

    /// The column the next token on this line would start at.
    pub fn column(&self) -> usize {
        if self.line_start {
            return (self.indent + usize::from(self.continued)) * INDENT.len();
        }
        let line = self.out.rsplit('\n').next().unwrap_or_default();
        line.chars().count() + usize::from(self.space)
    }

    /// Whether anything is written yet.
    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// Whether the source had a blank line before the token at `at` (or before its comments).
    pub fn blank_in_source(&self, at: usize) -> bool {
        self.trivia
            .leading
            .get(&at)
            .is_some_and(|leading| match leading.comments.first() {
                Some(first) => first.blank_before,
                None => leading.blank_before_token,
            })
    }

    /// Whether the token at `at` has comments before it.
    pub fn has_comments_before(&self, at: usize) -> bool {
        self.trivia
            .leading
            .get(&at)
            .is_some_and(|leading| !leading.comments.is_empty())
    }

    /// Whether a comment stands between the token at `range.start` and the one at
    /// `range.end` of the source.
    pub fn has_comments_within(&self, range: std::ops::Range<usize>) -> bool {
        use std::ops::Bound::{Excluded, Included};
        if range.start > range.end {
            return false;
        }
        self.trivia
            .leading
            .range((Excluded(range.start), Included(range.end)))
            .any(|(_, leading)| !leading.comments.is_empty())
            || self.trivia.trailing.range(range).next().is_some()
    }

    /// Ends the current line, if anything is on it: the layout's line break.
    pub fn newline(&mut self) {
        if !self.line_start {
            self.end_line();
        }
        self.continued = false;
    }

    /// Starts a new line for the token at `at`: ends the current one, then writes the comments
    /// that stand before the token on lines of their own, with the blank lines `blank` allows.
    pub fn line(&mut self, at: usize, blank: Blank) {
        self.newline();
        let leading = self.trivia.leading.remove(&at).unwrap_or_default();
        self.leading(leading, blank);
    }

    /// Writes the comments after the last token, and returns the text.
    pub fn finish(mut self) -> String {
        self.newline();
        let end = std::mem::take(&mut self.trivia.end);
        self.leading(end, Blank::Keep);
        self.newline();
        self.out
    }

    /// Writes a token; `at` is where it starts in the source, `None` for one the layout adds
    /// (a trailing comma).
    pub fn token(&mut self, at: Option<usize>, text: &str) {
        if let Some(at) = at {
            self.flush_trailing_here();
            if let Some(leading) = self.trivia.leading.remove(&at) {
                self.leading(leading, Blank::Forbid);
            }
        }
        self.put(text);
        if let Some(trailing) = at.and_then(|at| self.trivia.trailing.remove(&at)) {
            self.trailing.extend(trailing);
        }
    }

    fn leading(&mut self, leading: Leading, blank: Blank) {
        let no_comments = leading.comments.is_empty();
        for (index, comment) in leading.comments.into_iter().enumerate() {
            if self.line_start {
                self.blank |= match (index, blank) {
                    (0, Blank::Force) => true,
                    (0, Blank::Forbid) => false,
                    _ => comment.blank_before,
                };
                self.put(&comment.text);
                if comment.line || comment.newline_after {
                    self.end_line();
                } else {
                    self.space = true;
                }
            } else {
                self.space = true;
                self.put(&comment.text);
                if comment.line {
                    self.end_line();
                    self.continued = true;
                } else {
                    self.space = true;
                }
            }
        }
        if self.line_start {
            self.blank |= match blank {
                Blank::Forbid if no_comments => false,
                Blank::Force if no_comments => true,
                // After comments, a blank line stays where the source had one, except before a
                // closing brace.
                _ => leading.blank_before_token && blank != Blank::Forbid,
            };
        }
    }

    /// Writes the waiting trailing comments before a token that stays on their line.
    fn flush_trailing_here(&mut self) {
        if self.trailing.is_empty() || self.line_start {
            return;
        }
        let mut ends_line = false;
        for comment in std::mem::take(&mut self.trailing) {
            self.out.push(' ');
            self.out.push_str(&comment.text);
            ends_line |= comment.line;
        }
        if ends_line {
            self.end_line();
            self.continued = true;
        } else {
            self.space = true;
        }
    }

    fn put(&mut self, text: &str) {
        if self.line_start {
            if self.blank && !self.out.is_empty() {
                self.out.push('\n');
            }
            self.blank = false;
            for _ in 0..self.indent + usize::from(self.continued) {
                self.out.push_str(INDENT);
            }
        } else if self.space {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.line_start = false;
        self.space = false;
    }

    fn end_line(&mut self) {
        for comment in std::mem::take(&mut self.trailing) {
            self.out.push(' ');
            self.out.push_str(&comment.text);
        }
        self.out.push('\n');
        self.line_start = true;
        self.space = false;
    }
}
