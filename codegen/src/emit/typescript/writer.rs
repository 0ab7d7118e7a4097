//! A line writer with two-space indentation and JSDoc blocks.

use crate::text::hides_or_breaks_text;

/// Accumulates the output text line by line.
#[derive(Debug, Default)]
pub(super) struct Writer {
    /// The text written so far.
    out: String,
    /// The current indentation depth, in steps of two spaces.
    depth: usize,
}

impl Writer {
    /// Writes one line at the current indentation; an empty line gets no indentation.
    pub(super) fn line(&mut self, text: &str) {
        if !text.is_empty() {
            for _ in 0..self.depth {
                self.out.push_str("  ");
            }
            self.out.push_str(text);
        }
        self.out.push('\n');
    }

    /// Writes text line by line at the current indentation.
    pub(super) fn text(&mut self, text: &str) {
        for line in text.lines() {
            self.line(line);
        }
    }

    /// Writes an empty line.
    pub(super) fn blank(&mut self) {
        self.out.push('\n');
    }

    /// Indents the lines written after this call by one more step.
    pub(super) fn indent(&mut self) {
        self.depth += 1;
    }

    /// Undoes one [`Writer::indent`].
    pub(super) fn dedent(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Writes a JSDoc block: nothing when every line is empty, `/** line */` for one line,
    /// and a `/**` … ` */` block otherwise.
    pub(super) fn docs(&mut self, lines: &[String]) {
        if lines.iter().all(|line| line.trim().is_empty()) {
            return;
        }
        match lines {
            [only] => self.doc_line(only),
            _ => self.doc_block(lines),
        }
    }

    /// Writes a one-line JSDoc comment, `/** text */`, whatever the text holds.
    pub(super) fn doc_line(&mut self, text: &str) {
        self.line(&format!("/** {} */", comment_text(text)));
    }

    /// Writes a `//` comment line, whatever the text holds.
    pub(super) fn comment(&mut self, text: &str) {
        self.line(&format!("// {}", comment_text(text)));
    }

    /// Writes a JSDoc block in its multi-line form, whatever the number of lines.
    pub(super) fn doc_block(&mut self, lines: &[String]) {
        self.line("/**");
        for line in lines {
            let text = comment_text(line);
            if text.is_empty() {
                self.line(" *");
            } else {
                self.line(&format!(" * {text}"));
            }
        }
        self.line(" */");
    }

    /// The text written so far.
    pub(super) fn finish(self) -> String {
        self.out
    }
}

/// Schema text made safe inside any TypeScript comment, `//` or `/** */`: the one escaper for
/// comment text. `*/` would end a block comment early, so it is written `*\/`. Every
/// JavaScript line terminator (`\n`, `\r`, U+2028, U+2029) would end a line comment, so it is
/// written as its escape, `\u{2028}`, and so are the other control characters and the
/// bidirectional controls, which would make the text read otherwise than it runs. A backslash
/// goes after the `<` of `</script` (in any case) and of `<!--`, so that the output may be
/// inlined in an HTML `<script>` element, which `</script` would end wherever it stood.
/// Trailing spaces go.
pub(super) fn comment_text(text: &str) -> String {
    let mut visible = String::with_capacity(text.len());
    for c in text.trim_end().chars() {
        if hides_or_breaks_text(c) {
            visible.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            visible.push(c);
        }
    }
    let visible = visible.replace("*/", "*\\/");
    let mut out = String::with_capacity(visible.len());
    for (index, c) in visible.char_indices() {
        out.push(c);
        if c == '<' && ends_script(&visible[index + 1..]) {
            out.push('\\');
        }
    }
    out
}

/// Whether the text after a `<` would make it the start of `</script` or `<!--`, which HTML
/// reads inside a `<script>` element.
fn ends_script(after: &str) -> bool {
    let bytes = after.as_bytes();
    bytes.starts_with(b"!--")
        || (bytes.len() >= 7 && bytes[0] == b'/' && bytes[1..7].eq_ignore_ascii_case(b"script"))
}
