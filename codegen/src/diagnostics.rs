//! Schema errors: collected by every stage, then rendered the same way by every front end.
//!
//! A [`Diagnostic`] holds byte ranges into the schema text rather than syn spans, so it
//! outlives the parse and renders identically in the CLI, in `build.rs` and inside the derive
//! macro (where compiler spans would point at the attribute, not at the schema file).

use std::borrow::Cow;
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};

use crate::text::hides_or_breaks_text;

/// One problem in a schema, located by a byte range in the schema text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The headline: what is wrong.
    pub message: String,
    /// Where it is wrong.
    pub span: Range<usize>,
    /// A short label printed under the caret.
    pub label: String,
    /// How to fix it.
    pub hint: String,
    /// Other places that explain the problem (the first declaration of a duplicate, say).
    pub related: Vec<(Range<usize>, String)>,
    /// Edits that fix it, when the fix is certain enough to apply with one keystroke (the
    /// did-you-mean type, a missing `#[union(...)]`); an editor offers each as a quick fix,
    /// and the hint says the same in words.
    pub fixes: Vec<Fix>,
}

/// One way to fix a problem: a title for a menu and the edits to the schema text it makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does, in a few words: "Replace with `Block`".
    pub title: String,
    /// Byte ranges of the schema text and what each becomes, none overlapping another.
    pub edits: Vec<(Range<usize>, String)>,
}

impl Fix {
    /// A fix that replaces one range with `text`.
    pub fn replace(title: impl Into<String>, span: Range<usize>, text: impl Into<String>) -> Fix {
        Fix {
            title: title.into(),
            edits: vec![(span, text.into())],
        }
    }
}

impl Diagnostic {
    /// A diagnostic with a message, the span it points at, a caret label and a hint.
    pub fn new(
        message: impl Into<String>,
        span: Range<usize>,
        label: impl Into<String>,
        hint: impl Into<String>,
    ) -> Self {
        Diagnostic {
            message: message.into(),
            span,
            label: label.into(),
            hint: hint.into(),
            related: Vec::new(),
            fixes: Vec::new(),
        }
    }

    /// Adds an edit that fixes the problem.
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fixes.push(fix);
        self
    }

    /// Adds a secondary location, such as the earlier declaration a duplicate clashes with.
    pub fn with_related(mut self, span: Range<usize>, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }
}

/// A schema file's name and text, for rendering diagnostics against it.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The path as the user gave it; printed in every location.
    pub name: &'a str,
    /// The full schema text.
    pub text: &'a str,
}

impl Source<'_> {
    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(self.text, offset);
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }

    /// Renders diagnostics as codespan reports, plain text, one after another: the first
    /// [`MAX_REPORTS`], then a `note:` line counting the rest.
    pub fn render(&self, diagnostics: &[Diagnostic]) -> String {
        let mut text = self.render_all(&diagnostics[..diagnostics.len().min(MAX_REPORTS)]);
        if let Some(rest) = not_shown(diagnostics.len()) {
            text.push_str(&format!("note: {rest}\n"));
        }
        text
    }

    /// One [`render_located`](Self::render_located) text per diagnostic, for hosts that show
    /// each problem on its own (one `compile_error!` each): the first [`MAX_REPORTS`], then a
    /// text counting the rest.
    pub fn render_each_located(&self, diagnostics: &[Diagnostic]) -> Vec<String> {
        diagnostics
            .iter()
            .take(MAX_REPORTS)
            .map(|diagnostic| self.render_located(diagnostic))
            .chain(not_shown(diagnostics.len()))
            .collect()
    }

    fn render_all(&self, diagnostics: &[Diagnostic]) -> String {
        let name = escaped(self.name);
        let file = SimpleFile::new(name.as_ref(), shown(self.text));
        let config = render_config();
        let mut text = String::new();
        for diagnostic in diagnostics {
            let report = self.report(diagnostic);
            match term::emit_into_string(&config, &file, &report) {
                Ok(rendered) => text.push_str(&rendered),
                // A span past the end of the text is a cardc bug; still show the message.
                Err(_) => text.push_str(&self.one_line(diagnostic)),
            }
        }
        text
    }

    /// Renders one diagnostic with its location in the headline, `file:line:col: message`,
    /// then the source snippet, caret and hint. This is the form for hosts that print their own
    /// `error:` prefix and rewrite `-->` lines, such as `compile_error!` under trybuild.
    pub fn render_located(&self, diagnostic: &Diagnostic) -> String {
        let (line, column) = self.line_col(diagnostic.span.start);
        let full = self.render_all(std::slice::from_ref(diagnostic));
        // The report's own headline and `-->` line are replaced by the located headline.
        let body: Vec<&str> = full.lines().skip(2).collect();
        format!(
            "{}:{line}:{column}: {}\n{}",
            escaped(self.name),
            escaped(&diagnostic.message),
            body.join("\n")
        )
    }

    /// Renders one diagnostic on one line: `file:line:col: message`.
    pub fn one_line(&self, diagnostic: &Diagnostic) -> String {
        let (line, column) = self.line_col(diagnostic.span.start);
        format!(
            "{}:{line}:{column}: error: {} (hint: {})\n",
            escaped(self.name),
            escaped(&diagnostic.message),
            escaped(&diagnostic.hint)
        )
    }

    fn report(&self, diagnostic: &Diagnostic) -> Report<()> {
        let mut labels = vec![
            Label::primary((), self.clamp(&diagnostic.span))
                .with_message(escaped(&diagnostic.label)),
        ];
        labels.extend(diagnostic.related.iter().map(|(span, label)| {
            Label::secondary((), self.clamp(span)).with_message(escaped(label))
        }));
        Report::error()
            .with_message(escaped(&diagnostic.message))
            .with_labels(labels)
            .with_notes(vec![format!("hint: {}", escaped(&diagnostic.hint))])
    }

    /// Keeps a range inside the text and on character boundaries, so rendering never fails.
    fn clamp(&self, span: &Range<usize>) -> Range<usize> {
        let start = floor_char_boundary(self.text, span.start);
        let end = floor_char_boundary(self.text, span.end.max(span.start));
        start..end
    }
}

/// The most problems reported for one schema, in every front end; the rest are counted. The
/// first ones, in file order, are what to fix first, and a mangled file with thousands of
/// problems would otherwise bury them (and cost time to render).
pub const MAX_REPORTS: usize = 50;

/// The line that counts the problems past [`MAX_REPORTS`], when there are any.
fn not_shown(total: usize) -> Option<String> {
    (total > MAX_REPORTS).then(|| {
        format!(
            "{} more problem(s) not shown; the first {MAX_REPORTS} are above",
            total - MAX_REPORTS
        )
    })
}

/// The report style shared by every front end: carets rather than box-drawing underlines, so
/// that reports read the same in a terminal, a CI log and a `compile_error!`.
fn render_config() -> Config {
    Config {
        chars: term::Chars::ascii(),
        ..Config::default()
    }
}

/// A message, label, hint or file name as a terminal shows it: every character that would hide or
/// break the text (a terminal escape, a line break, a bidi control from a schema string) as its
/// escape, `\u{1b}`.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hides_or_breaks_text) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hides_or_breaks_text(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The schema text as a report's source lines show it: every character that would hide or break
/// the text, but the line breaks the lines are made of, replaced by a visible one of the same
/// UTF-8 length (`?`, `¿` or `\u{fffd}`), so that every span still points at the same bytes and
/// columns still count the same characters.
fn shown(text: &str) -> Cow<'_, str> {
    let hidden = |(index, c): (usize, char)| {
        hides_or_breaks_text(c) && c != '\n' && !(c == '\r' && text[index + 1..].starts_with('\n'))
    };
    if !text.char_indices().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (index, c) in text.char_indices() {
        if hidden((index, c)) {
            out.push(match c.len_utf8() {
                1 => '?',
                2 => '\u{bf}',
                _ => '\u{fffd}',
            });
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A duplicate tag value holding terminal escapes, a line separator and bidi controls,
    /// both as Rust escapes (so they reach the message) and raw (so they reach the source line),
    /// and a file name with an escape, reach the report only as visible text, with the caret
    /// still under the whole string.
    #[test]
    fn no_schema_text_reaches_the_terminal_raw() {
        let rename = "\\u{1b}[2J\\u{2028}\u{1b}]0;owned\u{7}\u{2028}\u{202e}\u{9b}";
        let text = format!(
            "#[union(tag = \"t\")]\nenum U {{\n    #[rename = \"{rename}\"]\n    A(S),\n    \
             #[rename = \"{rename}\"]\n    B(S),\n}}\nstruct S {{}}\n"
        );
        let errors = crate::compile("x.cards", &text).expect_err("a duplicate tag value");
        let source = Source {
            name: "x\u{1b}[31m.cards",
            text: &text,
        };
        for rendered in [
            source.render(&errors),
            source.render_located(&errors[0]),
            source.one_line(&errors[0]),
        ] {
            assert!(
                !rendered
                    .chars()
                    .any(|c| hides_or_breaks_text(c) && c != '\n'),
                "{rendered:?}"
            );
            assert!(rendered.contains("x\\u{1b}[31m.cards"), "{rendered}");
        }
        let rendered = source.render(&errors);
        assert!(
            rendered.contains("duplicate tag value `\\u{1b}[2J\\u{2028}\\u{1b}]0;owned\\u{7}"),
            "{rendered}"
        );
        let line = "\"\\u{1b}[2J\\u{2028}?]0;owned?\u{fffd}\u{fffd}\u{bf}\"";
        assert!(rendered.contains(line), "{rendered}");
        let carets = format!("{} also travels as", "^".repeat(line.chars().count()));
        assert!(rendered.contains(&carets), "{rendered}");
    }

    #[test]
    fn line_col_counts_characters_not_bytes() {
        let source = Source {
            name: "x.cards",
            text: "struct A {}\n/// é\nstruct B {}\n",
        };
        assert_eq!(source.line_col(0), (1, 1));
        assert_eq!(source.line_col(12), (2, 1));
        let b = source.text.find("struct B").expect("present");
        assert_eq!(source.line_col(b), (3, 1));
        let after_e = source.text.find('é').expect("present") + 'é'.len_utf8();
        assert_eq!(source.line_col(after_e), (2, 6));
    }

    #[test]
    fn render_shows_location_source_line_caret_and_hint() {
        let text = "struct A {\n    b: Missing,\n}\n";
        let source = Source {
            name: "schema/x.cards",
            text,
        };
        let start = text.find("Missing").expect("present");
        let diagnostic = Diagnostic::new(
            "unknown type `Missing`",
            start..start + 7,
            "not declared in this schema",
            "declare it",
        );
        let rendered = source.render(&[diagnostic]);
        assert!(
            rendered.contains("error: unknown type `Missing`"),
            "{rendered}"
        );
        assert!(rendered.contains("schema/x.cards:2:8"), "{rendered}");
        assert!(rendered.contains("    b: Missing,"), "{rendered}");
        assert!(rendered.contains("^^^^^^^ not declared"), "{rendered}");
        assert!(rendered.contains("= hint: declare it"), "{rendered}");
    }

    #[test]
    fn reports_past_the_cap_are_counted_not_rendered() {
        let text = "struct A {}\n";
        let source = Source {
            name: "x.cards",
            text,
        };
        let many: Vec<Diagnostic> = (0..MAX_REPORTS + 7)
            .map(|i| Diagnostic::new(format!("problem {i}"), 0..6, "here", "fix it"))
            .collect();
        let rendered = source.render(&many);
        assert_eq!(rendered.matches("error: problem").count(), MAX_REPORTS);
        assert!(rendered.contains(&format!("error: problem {}\n", MAX_REPORTS - 1)));
        assert!(rendered.ends_with(&format!(
            "note: 7 more problem(s) not shown; the first {MAX_REPORTS} are above\n"
        )));
        let each = source.render_each_located(&many);
        assert_eq!(each.len(), MAX_REPORTS + 1);
        assert!(
            each[0].starts_with("x.cards:1:1: problem 0\n"),
            "{}",
            each[0]
        );
        assert_eq!(
            each[MAX_REPORTS],
            format!("7 more problem(s) not shown; the first {MAX_REPORTS} are above")
        );
        let exactly: Vec<Diagnostic> = many[..MAX_REPORTS].to_vec();
        assert!(!source.render(&exactly).contains("not shown"));
        assert_eq!(source.render_each_located(&exactly).len(), MAX_REPORTS);
    }

    #[test]
    fn out_of_range_spans_are_clamped_not_panicking() {
        let source = Source {
            name: "x.cards",
            text: "é",
        };
        let diagnostic = Diagnostic::new("m", 1..99, "l", "h");
        assert!(source.render(&[diagnostic]).contains("error: m"));
    }
}
