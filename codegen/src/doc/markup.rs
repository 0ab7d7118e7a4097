//! Schema text as the doc pages write it: names and values escaped for HTML and for Markdown,
//! and doc comments read as CommonMark (pulldown-cmark) and written back as HTML or Markdown
//! that can hold no markup of the author's own. Raw HTML in a doc comment shows as text, a
//! link keeps its target only for `http`, `https`, `mailto` and in-page anchors, and an image
//! shows its alt text, so that a page fetches nothing and runs nothing a schema wrote.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use crate::text::hides_or_breaks_text;

/// Text with every character that hides or breaks text (see [`hides_or_breaks_text`]) written
/// as an escape a reader sees: `\n`, `\r`, or `\u{202e}`.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if hides_or_breaks_text(c) => out.push_str(&format!("\\u{{{:04x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// JSON text with every character that hides or breaks text written as a JSON escape
/// (`\u202e`): still the same JSON, and what a reader sees is what a parser reads. Such a
/// character can only be inside a string of JSON text, where the escape means the same.
pub fn visible_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '\n' => out.push('\n'),
            c if hides_or_breaks_text(c) => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// Text as HTML text or an attribute's value (quoted either way), after [`visible`].
pub fn html(text: &str) -> String {
    escape_html(&visible(text))
}

/// Prose or code as HTML text: as [`html`], but its line breaks kept.
fn html_lines(text: &str) -> String {
    text.split('\n').map(html).collect::<Vec<_>>().join("\n")
}

/// The five characters HTML gives a meaning, as character references.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Text for inside an HTML comment (the header): without `<` and `>`, it can neither end the
/// comment nor open another.
pub fn comment(text: &str) -> String {
    visible(text).replace('<', "&lt;").replace('>', "&gt;")
}

/// Text as Markdown text within a line, after [`visible`]: every character Markdown may read as
/// inline syntax is backslash-escaped (`<` and `&` too, so no HTML, entity or autolink), so the
/// text is neither markup, a link nor HTML; `>`, `!` and `.` mean nothing there and stay as
/// they are (`1.2.0 -> 2.0.0`).
pub fn markdown(text: &str) -> String {
    let text = visible(text);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '&' | '|' | '~' | '#'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// [`markdown`] for text that starts a line: a start that would open a block (a list item, a
/// heading, a quote, a rule) is escaped too.
pub fn markdown_line(text: &str) -> String {
    let text = visible(text);
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let mut out = markdown(&text);
    let opens_block = match text.chars().next() {
        Some('-' | '+' | '=' | '>') => Some(0),
        _ => (digits > 0 && text[digits..].starts_with(['.', ')'])).then_some(digits),
    };
    // `markdown` escapes no digit and none of these, so the byte offset is the same in `out`.
    if let Some(at) = opens_block {
        out.insert(at, '\\');
    }
    out
}

/// Text as a Markdown code span, after [`visible`]: between backtick runs longer than any
/// inside it, padded with a space where it starts or ends with a backtick or a space. Inside
/// one nothing is markup; only a table would split it at a `|`, and the pages use none.
pub fn code_span(text: &str) -> String {
    let text = visible(text);
    let longest = longest_run(&text, '`');
    let fence = "`".repeat(longest + 1);
    let pad = text.starts_with(['`', ' ']) || text.ends_with(['`', ' ']) || text.is_empty();
    let pad = if pad { " " } else { "" };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// The longest run of `c` in `text`.
fn longest_run(text: &str, c: char) -> usize {
    text.split(|other| other != c)
        .map(str::len)
        .max()
        .unwrap_or(0)
}

/// Whether a link target may stay a link: a web or mail address, or an anchor of the page.
fn safe_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let web = ["https://", "http://", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme));
    let anchor = url.strip_prefix('#').is_some_and(|name| {
        name.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    });
    (web || anchor) && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// A safe link target percent-encoded where Markdown or HTML could read a character otherwise.
fn encoded_url(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    for c in url.chars() {
        match c {
            '(' | ')' | '<' | '>' | '"' | '\'' | '`' | '\\' => {
                out.push_str(&format!("%{:02X}", u32::from(c)));
            }
            c if !c.is_ascii() || hides_or_breaks_text(c) => {
                let mut bytes = [0; 4];
                for byte in c.encode_utf8(&mut bytes).bytes() {
                    out.push_str(&format!("%{byte:02X}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// A doc comment's lines as one CommonMark text.
fn source(docs: &[String]) -> String {
    docs.join("\n")
}

/// A doc comment as HTML blocks (empty for none).
pub fn doc_html(docs: &[String]) -> String {
    let text = source(docs);
    let mut out = String::new();
    // What each open tag closes with, so every tag is closed as it was opened.
    let mut closes: Vec<&'static str> = Vec::new();
    for event in Parser::new(&text) {
        match event {
            Event::Start(tag) => {
                let (open, close) = html_tag(&tag);
                out.push_str(&open);
                closes.push(close);
            }
            Event::End(_) => out.push_str(closes.pop().unwrap_or_default()),
            Event::Text(text) => out.push_str(&html_lines(&text)),
            Event::Code(code) => {
                out.push_str("<code>");
                out.push_str(&html(&code));
                out.push_str("</code>");
            }
            Event::Html(raw)
            | Event::InlineHtml(raw)
            | Event::InlineMath(raw)
            | Event::DisplayMath(raw)
            | Event::FootnoteReference(raw) => out.push_str(&html_lines(&raw)),
            Event::SoftBreak => out.push('\n'),
            Event::HardBreak => out.push_str("<br>\n"),
            Event::Rule => out.push_str("<hr>\n"),
            Event::TaskListMarker(done) => out.push_str(if done { "[x] " } else { "[ ] " }),
        }
    }
    out
}

/// The HTML a tag opens with and closes with.
fn html_tag(tag: &Tag) -> (String, &'static str) {
    let fixed = |open: &str, close| (open.to_string(), close);
    match tag {
        Tag::Paragraph => fixed("<p>", "</p>\n"),
        // A heading inside a type's docs would outrank the page's own headings.
        Tag::Heading { .. } => fixed("<p><strong>", "</strong></p>\n"),
        Tag::BlockQuote(_) => fixed("<blockquote>\n", "</blockquote>\n"),
        Tag::CodeBlock(_) => fixed("<pre><code>", "</code></pre>\n"),
        Tag::HtmlBlock => fixed("<p>", "</p>\n"),
        Tag::List(None) => fixed("<ul>\n", "</ul>\n"),
        Tag::List(Some(start)) => (format!("<ol start=\"{start}\">\n"), "</ol>\n"),
        Tag::Item => fixed("<li>", "</li>\n"),
        Tag::Emphasis => fixed("<em>", "</em>"),
        Tag::Strong => fixed("<strong>", "</strong>"),
        Tag::Strikethrough => fixed("<del>", "</del>"),
        Tag::Link { dest_url, .. } if safe_url(dest_url) => (
            format!(
                "<a href=\"{}\" rel=\"noopener noreferrer\">",
                escape_html(&encoded_url(dest_url))
            ),
            "</a>",
        ),
        // An unsafe link, an image (which would be fetched) and anything else: its text alone.
        _ => fixed("<span>", "</span>"),
    }
}

/// A doc comment as Markdown blocks, each line after `indent` (empty for none).
pub fn doc_markdown(docs: &[String], indent: &str) -> String {
    let text = source(docs);
    let mut writer = MarkdownWriter {
        out: String::new(),
        prefixes: vec![indent.to_string()],
        fresh: true,
        lists: Vec::new(),
        closes: Vec::new(),
        code: None,
    };
    for event in Parser::new(&text) {
        writer.event(event);
    }
    writer.out
}

/// Writes CommonMark events back as Markdown, every text escaped.
struct MarkdownWriter {
    out: String,
    /// What each line starts with: the indent, then a `> ` per block quote and a list item's
    /// indent per item.
    prefixes: Vec<String>,
    /// Whether nothing was written in the current block yet (a new item, the start).
    fresh: bool,
    /// The next number of each open list, `None` for a bullet list.
    lists: Vec<Option<u64>>,
    /// What each open tag closes with.
    closes: Vec<Close>,
    /// Inside a code block, its text so far: written as it is when it ends, inside a fence
    /// longer than any backtick run it holds.
    code: Option<String>,
}

/// How a tag ends in Markdown.
enum Close {
    /// Writes this text.
    Text(String),
    /// Ends a block quote or an item: drops its line prefix.
    Prefix,
    /// Ends a list.
    List,
    /// Ends a code block: writes it, fenced.
    Fence,
}

impl MarkdownWriter {
    fn prefix(&self) -> String {
        self.prefixes.concat()
    }

    /// A line break, and the next line's prefix.
    fn newline(&mut self) {
        self.out.push('\n');
        self.out.push_str(&self.prefix());
    }

    /// A blank line before a block, unless it is the first of its container.
    fn block(&mut self) {
        if !self.fresh {
            self.out.push('\n');
            self.out.push_str(self.prefix().trim_end());
            self.newline();
        } else if self.out.is_empty() {
            self.out.push_str(&self.prefix());
        }
        self.fresh = false;
    }

    fn event(&mut self, event: Event) {
        match event {
            Event::Start(tag) => self.start(&tag),
            Event::End(end) => self.end(end),
            Event::Text(text) if self.code.is_some() => {
                if let Some(code) = &mut self.code {
                    code.push_str(&text);
                }
            }
            Event::Text(text) => self.text(&text),
            Event::Code(code) => {
                self.fresh = false;
                self.out.push_str(&code_span(&code));
            }
            Event::Html(raw)
            | Event::InlineHtml(raw)
            | Event::InlineMath(raw)
            | Event::DisplayMath(raw)
            | Event::FootnoteReference(raw) => {
                for (index, line) in raw.trim_end_matches('\n').split('\n').enumerate() {
                    if index > 0 {
                        self.newline();
                    }
                    self.text(line);
                }
            }
            Event::SoftBreak => self.newline(),
            Event::HardBreak => {
                self.out.push('\\');
                self.newline();
            }
            Event::Rule => {
                self.block();
                self.out.push_str("***");
            }
            Event::TaskListMarker(done) => {
                self.out
                    .push_str(if done { "\\[x\\] " } else { "\\[ \\] " })
            }
        }
    }

    /// Escaped text. A text may start a line (after a soft break), so what would open a block
    /// at its start is escaped too ([`markdown_line`]), harmless elsewhere.
    fn text(&mut self, text: &str) {
        self.fresh = false;
        self.out.push_str(&markdown_line(text));
    }

    fn start(&mut self, tag: &Tag) {
        let close = match tag {
            Tag::Paragraph | Tag::HtmlBlock => {
                self.block();
                Close::Text(String::new())
            }
            Tag::Heading { .. } => {
                self.block();
                self.out.push_str("**");
                Close::Text("**".to_string())
            }
            Tag::BlockQuote(_) => {
                self.block();
                self.out.push_str("> ");
                self.prefixes.push("> ".to_string());
                self.fresh = true;
                Close::Prefix
            }
            Tag::CodeBlock(_) => {
                self.block();
                self.code = Some(String::new());
                Close::Fence
            }
            Tag::List(start) => {
                self.block();
                self.fresh = true;
                self.lists.push(*start);
                Close::List
            }
            Tag::Item => {
                if !self.fresh {
                    self.newline();
                }
                let marker = match self.lists.last_mut() {
                    Some(Some(number)) => {
                        let marker = format!("{number}. ");
                        *number += 1;
                        marker
                    }
                    _ => "- ".to_string(),
                };
                self.out.push_str(&marker);
                self.prefixes.push(" ".repeat(marker.len()));
                self.fresh = true;
                Close::Prefix
            }
            Tag::Emphasis => {
                self.fresh = false;
                self.out.push('*');
                Close::Text("*".to_string())
            }
            Tag::Strong => {
                self.fresh = false;
                self.out.push_str("**");
                Close::Text("**".to_string())
            }
            Tag::Link { dest_url, .. } if safe_url(dest_url) => {
                self.fresh = false;
                self.out.push('[');
                Close::Text(format!("]({})", encoded_url(dest_url)))
            }
            _ => Close::Text(String::new()),
        };
        self.closes.push(close);
    }

    fn end(&mut self, _end: TagEnd) {
        match self.closes.pop() {
            Some(Close::Text(text)) => self.out.push_str(&text),
            Some(Close::Prefix) => {
                self.prefixes.pop();
            }
            Some(Close::List) => {
                self.lists.pop();
                self.fresh = false;
            }
            Some(Close::Fence) => {
                let code = self.code.take().unwrap_or_default();
                let fence = "`".repeat(longest_run(&code, '`').max(2) + 1);
                self.out.push_str(&fence);
                for line in code.strip_suffix('\n').unwrap_or(&code).split('\n') {
                    self.newline();
                    self.out.push_str(&visible(line));
                }
                self.newline();
                self.out.push_str(&fence);
            }
            None => {}
        }
    }
}
