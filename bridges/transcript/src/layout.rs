//! A card being rendered: rows of a fixed width, each a lead (indent, marker or gutter) and a
//! hard-wrapped body.
//!
//! Every logical line is cleaned ([`crate::text::clean`]) and wrapped to the width at display
//! columns, never cut, like a terminal wraps a long line. A continuation row gets the lead's
//! `rest` form: the same indent, or the same `+`/`-` gutter for a diff line, so every row of a
//! wrapped removed line still says it was removed.

use crate::style::{Paint, Style};
use crate::text::{Span, clean, wrap};
use crate::transcript::{MIN_WIDTH, Options};

/// The body indent of every card.
pub(crate) const BODY: Lead<'static> = Lead::same("  ", Paint::Plain);

/// What starts each row of a line: `first` on its first row, `rest` on the continuation rows.
/// Leads are the renderer's own ASCII, so their width is their length.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lead<'a> {
    first: &'a str,
    rest: &'a str,
    paint: Paint,
}

impl<'a> Lead<'a> {
    /// A lead whose continuation rows start differently from its first row.
    pub(crate) const fn new(first: &'a str, rest: &'a str, paint: Paint) -> Self {
        Self { first, rest, paint }
    }

    /// A lead that starts every row the same way.
    pub(crate) const fn same(lead: &'a str, paint: Paint) -> Self {
        Self::new(lead, lead, paint)
    }
}

/// Which side of a tool call a card shows.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Side {
    /// The call card, `> title`.
    Call,
    /// The result card, `< title`.
    Result,
}

/// The rows rendered so far, at a fixed width and style.
#[derive(Debug)]
pub(crate) struct Card {
    width: usize,
    style: Style,
    out: String,
}

impl Card {
    /// An empty card; a width under [`MIN_WIDTH`] is raised to it.
    pub(crate) fn new(options: Options) -> Self {
        Self {
            width: options.width.max(MIN_WIDTH),
            style: options.style,
            out: String::new(),
        }
    }

    /// The header row: the side's marker, the title in bold (`(untitled)` when empty) and an
    /// optional dim note in brackets, such as the call's kind.
    pub(crate) fn header(&mut self, side: Side, title: &str, note: Option<&str>) {
        let marker = match side {
            Side::Call => "> ",
            Side::Result => "< ",
        };
        let mut spans = vec![if title.is_empty() {
            ("(untitled)", Paint::Dim)
        } else {
            (title, Paint::Bold)
        }];
        let note = note.map(|note| format!(" [{note}]"));
        spans.extend(note.as_deref().map(|note| (note, Paint::Dim)));
        self.block(Lead::new(marker, "  ", Paint::Cyan), &spans);
    }

    /// One logical line, however many rows it wraps to; an empty line is one row.
    pub(crate) fn line(&mut self, lead: Lead<'_>, spans: &[(&str, Paint)]) {
        // Tab stops count from the body's first column, where the text's own column 0 was.
        let mut column = 0;
        let cleaned: Vec<Span> = spans
            .iter()
            .map(|(text, paint)| (clean(text, &mut column), *paint))
            .collect();
        let available = |lead: &str| self.width.saturating_sub(lead.len()).max(1);
        let rows = wrap(&cleaned, available(lead.first), available(lead.rest));
        for (index, row) in rows.iter().enumerate() {
            let start = if index == 0 { lead.first } else { lead.rest };
            self.row(start, lead.paint, row);
        }
    }

    /// Multi-line text, each line wrapped; only the very first row gets `lead.first`. Text
    /// without lines (`""`) renders nothing.
    pub(crate) fn block(&mut self, lead: Lead<'_>, spans: &[(&str, Paint)]) {
        // Split each span at newlines, then regroup the pieces into logical lines, so a title
        // with a newline wraps like any other text and a note stays on the last line.
        let mut lines: Vec<Vec<(&str, Paint)>> = vec![Vec::new()];
        for (text, paint) in spans {
            for piece in text.split_inclusive('\n') {
                // A CR is a line ending only before LF; a lone CR stays, to be shown as `␍`.
                let (piece, ends) = match piece.strip_suffix('\n') {
                    Some(piece) => (piece.strip_suffix('\r').unwrap_or(piece), true),
                    None => (piece, false),
                };
                if let Some(line) = lines.last_mut() {
                    line.push((piece, *paint));
                }
                if ends {
                    lines.push(Vec::new());
                }
            }
        }
        // As `str::lines`: nothing after a final newline, and no lines at all for no text.
        if lines
            .last()
            .is_some_and(|line| line.iter().all(|(text, _)| text.is_empty()))
        {
            lines.pop();
        }
        for (index, line) in lines.iter().enumerate() {
            let lead = if index == 0 {
                lead
            } else {
                Lead::same(lead.rest, lead.paint)
            };
            self.line(lead, line);
        }
    }

    /// One row: the lead, then the body. A row without a body drops the lead's trailing
    /// spaces, so blank lines are blank; the body's own spaces are always kept.
    fn row(&mut self, lead: &str, paint: Paint, body: &[Span]) {
        let empty = body.iter().all(|(text, _)| text.is_empty());
        let lead = if empty { lead.trim_end() } else { lead };
        self.style.paint(paint, lead, &mut self.out);
        for (text, paint) in body {
            self.style.paint(*paint, text, &mut self.out);
        }
        self.out.push('\n');
    }

    /// The rendered rows, each ending in a newline.
    pub(crate) fn finish(self) -> String {
        self.out
    }
}
