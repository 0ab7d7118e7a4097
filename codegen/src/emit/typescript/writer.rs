//! A line writer with two-space indentation and JSDoc blocks.

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
            [only] => self.line(&format!("/** {} */", doc_text(only))),
            _ => self.doc_block(lines),
        }
    }

    /// Writes a JSDoc block in its multi-line form, whatever the number of lines.
    pub(super) fn doc_block(&mut self, lines: &[String]) {
        self.line("/**");
        for line in lines {
            let text = doc_text(line);
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

/// Makes one doc line safe inside a block comment: `*/` would end the comment early, and a
/// line break would escape the ` * ` prefix.
pub(super) fn doc_text(line: &str) -> String {
    single_line(line).trim_end().replace("*/", "*\\/")
}

/// The text with every JavaScript line terminator turned into a space, so that it stays on the
/// line of the comment that holds it.
pub(super) fn single_line(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\r' | '\u{2028}' | '\u{2029}' => ' ',
            c => c,
        })
        .collect()
}
