//! The text between tokens that syn drops: ordinary comments (`//`, `/* */`) and blank lines,
//! recovered from the source by byte offset. The tokens' own spans (proc-macro2's
//! `span-locations`) mark where every token stands; whatever lies between two of them is
//! whitespace and comments, which this scanner reads without knowing the grammar.
//!
//! A comment on the same line as the token before it trails that token; any other belongs to
//! the token after it (or to the end of the file), so that it moves with that token when the
//! formatter reorders attributes.

use std::collections::BTreeMap;
use std::ops::Range;

use proc_macro2::{TokenStream, TokenTree};

/// One ordinary comment, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Comment {
    /// The comment's text, from `//` or `/*` on, without trailing whitespace.
    pub text: String,
    /// A `//` comment, which ends its line.
    pub line: bool,
    /// The source had a blank line before it.
    pub blank_before: bool,
    /// The source had a line break after it.
    pub newline_after: bool,
}

/// The comments standing before a token on lines of their own (or before it on its line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Leading {
    /// The comments, in order.
    pub comments: Vec<Comment>,
    /// The source had a blank line right before the token (after the last comment, if any).
    pub blank_before_token: bool,
}

/// Every comment and blank line of a schema, keyed by the byte offset of a token's start.
#[derive(Debug, Default)]
pub(super) struct Trivia {
    /// What stands before each token, in the order of the text (the writer asks about ranges).
    pub leading: BTreeMap<usize, Leading>,
    /// The comments after each token on its own line, in the order of the text.
    pub trailing: BTreeMap<usize, Vec<Comment>>,
    /// What stands after the last token.
    pub end: Leading,
}

impl Trivia {
    /// Scans the gaps between the tokens of `tokens`, which were lexed from `text`.
    pub fn scan(text: &str, tokens: TokenStream) -> Trivia {
        let mut leaves = Vec::new();
        collect_leaves(text, tokens, &mut leaves);
        leaves.sort_by_key(|leaf| leaf.start);
        let mut trivia = Trivia::default();
        let mut previous: Option<Range<usize>> = None;
        for leaf in leaves.iter().map(Some).chain([None]) {
            let gap_start = previous.as_ref().map_or(0, |previous| previous.end);
            let gap_end = leaf.map_or(text.len(), |leaf| leaf.start);
            let gap = text.get(gap_start..gap_end).unwrap_or_default();
            let (mut comments, newlines_at_end) = scan_gap(gap);
            if let Some(previous) = &previous {
                let same_line = comments
                    .iter()
                    .take_while(|(_, newlines_before)| *newlines_before == 0)
                    .count();
                let trailing: Vec<Comment> = comments
                    .drain(..same_line)
                    .map(|(comment, _)| comment)
                    .collect();
                if !trailing.is_empty() {
                    trivia.trailing.insert(previous.start, trailing);
                }
            }
            let leading = Leading {
                blank_before_token: newlines_at_end >= 2,
                comments: comments.into_iter().map(|(comment, _)| comment).collect(),
            };
            match leaf {
                Some(leaf) => {
                    trivia.leading.insert(leaf.start, leading);
                }
                None => trivia.end = leading,
            }
            previous = leaf.cloned();
        }
        trivia
    }
}

/// The byte ranges of the leaf tokens: every identifier, punctuation mark, literal and
/// delimiter, and each doc comment whole (proc-macro2 gives all the tokens of `#[doc = ".."]`
/// the comment's span).
fn collect_leaves(text: &str, tokens: TokenStream, leaves: &mut Vec<Range<usize>>) {
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        let range = token.span().byte_range();
        match token {
            TokenTree::Punct(punct) if punct.as_char() == '#' && is_comment(text, &range) => {
                while tokens
                    .peek()
                    .is_some_and(|next| next.span().byte_range() == range)
                {
                    tokens.next();
                }
                leaves.push(range);
            }
            TokenTree::Group(group) => {
                leaves.push(group.span_open().byte_range());
                collect_leaves(text, group.stream(), leaves);
                leaves.push(group.span_close().byte_range());
            }
            _ => leaves.push(range),
        }
    }
}

/// Whether the text at `range` is a comment (a doc comment, when it is a token's).
pub(super) fn is_comment(text: &str, range: &Range<usize>) -> bool {
    text.get(range.clone())
        .is_some_and(|source| source.starts_with("//") || source.starts_with("/*"))
}

/// The comments of one gap between tokens, each with the line breaks before it, and the line
/// breaks after the last one.
fn scan_gap(gap: &str) -> (Vec<(Comment, usize)>, usize) {
    let mut comments = Vec::new();
    let mut newlines = 0;
    let mut rest = gap.strip_prefix('\u{feff}').unwrap_or(gap);
    loop {
        let trimmed = rest.trim_start();
        newlines += rest[..rest.len() - trimmed.len()].matches('\n').count();
        rest = trimmed;
        let (length, line) = if rest.starts_with("//") {
            (rest.find('\n').unwrap_or(rest.len()), true)
        } else if rest.starts_with("/*") {
            (block_comment_length(rest), false)
        } else {
            break;
        };
        if let Some((previous, _)) = comments.last_mut() {
            let previous: &mut Comment = previous;
            previous.newline_after = newlines > 0;
        }
        comments.push((
            Comment {
                text: rest[..length].trim_end().to_string(),
                line,
                blank_before: newlines >= 2,
                newline_after: false,
            },
            newlines,
        ));
        newlines = 0;
        rest = &rest[length..];
    }
    if let Some((last, _)) = comments.last_mut() {
        last.newline_after = newlines > 0;
    }
    (comments, newlines)
}

/// The length of the block comment `text` starts with; block comments nest, as in Rust.
fn block_comment_length(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut at = 0;
    while at + 1 < bytes.len() {
        match (bytes[at], bytes[at + 1]) {
            (b'/', b'*') => {
                depth += 1;
                at += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                at += 2;
                if depth == 0 {
                    return at;
                }
            }
            _ => at += 1,
        }
    }
    // Unterminated: the lexer refuses it first, so this is only the rest of the text.
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(text: &str) -> Trivia {
        Trivia::scan(text, text.parse().expect("lexes"))
    }

    #[test]
    fn a_comment_on_a_tokens_line_trails_it_and_one_on_its_own_line_leads_the_next() {
        let text =
            "struct A { // after the brace\n\n    // before the field\n    a: u8, /* x */\n}\n";
        let trivia = scan(text);
        let brace = text.find('{').expect("brace");
        assert_eq!(
            trivia.trailing[&brace][0].text, "// after the brace",
            "{trivia:?}"
        );
        let field = text.find("a:").expect("field");
        let leading = &trivia.leading[&field];
        assert_eq!(leading.comments.len(), 1);
        assert_eq!(leading.comments[0].text, "// before the field");
        assert!(leading.comments[0].blank_before);
        assert!(!leading.blank_before_token);
        let comma = text.find(',').expect("comma");
        assert_eq!(trivia.trailing[&comma][0].text, "/* x */");
    }

    #[test]
    fn nested_block_comments_and_the_end_of_the_file_are_read() {
        let text = "struct A {}\n/* a /* nested */ comment */\n\n// last";
        let trivia = scan(text);
        let texts: Vec<&str> = trivia
            .end
            .comments
            .iter()
            .map(|c| c.text.as_str())
            .collect();
        assert_eq!(texts, ["/* a /* nested */ comment */", "// last"]);
        assert!(trivia.end.comments[1].blank_before);
    }

    #[test]
    fn a_doc_comment_is_one_token_and_no_trivia() {
        let text = "/// doc\n// plain\nstruct A {}\n";
        let trivia = scan(text);
        assert!(trivia.trailing.is_empty(), "{trivia:?}");
        let keyword = text.find("struct").expect("keyword");
        assert_eq!(trivia.leading[&keyword].comments[0].text, "// plain");
    }
}
