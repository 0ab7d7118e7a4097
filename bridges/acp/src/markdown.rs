//! Markdown pieces for the text an ACP client renders (clients SHOULD render text content as
//! Markdown): fenced blocks and code spans that nothing inside them can close early.

/// Wraps `text` in a fenced code block with the `info` string.
///
/// CommonMark closes a backtick fence only with a run of backticks at least as long as the
/// opening one, so a fence one backtick longer than the longest run in `text` (and at least the
/// usual three) cannot be closed by anything `text` holds, whatever a command printed.
pub(crate) fn fenced(info: &str, text: &str) -> String {
    let fence = "`".repeat(longest_backtick_run(text).max(2) + 1);
    format!("{fence}{info}\n{text}\n{fence}")
}

/// Writes `text` as an inline code span that shows it verbatim.
///
/// The delimiter is one backtick longer than the longest run inside. CommonMark strips one
/// space from each end when the content starts and ends with one (and is not all spaces), and a
/// backtick at either end would join the delimiter, so such content is padded with a space on
/// each side. Line breaks become spaces: inside a code span CommonMark renders them as spaces
/// anyway, and a raw line break would let the next line start a new block (a heading, a list
/// item) and break out of the span. Empty text becomes a one-space span, since an empty span
/// does not exist in Markdown.
pub(crate) fn code_span(text: &str) -> String {
    let flat = text.replace("\r\n", " ").replace(['\r', '\n'], " ");
    if flat.is_empty() {
        return "` `".to_owned();
    }
    let delimiter = "`".repeat(longest_backtick_run(&flat) + 1);
    let stripped_by_markdown =
        flat.starts_with(' ') && flat.ends_with(' ') && flat.chars().any(|c| c != ' ');
    if flat.starts_with('`') || flat.ends_with('`') || stripped_by_markdown {
        format!("{delimiter} {flat} {delimiter}")
    } else {
        format!("{delimiter}{flat}{delimiter}")
    }
}

/// Length of the longest run of consecutive backticks in `text`.
fn longest_backtick_run(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::{code_span, fenced};

    #[test]
    fn a_fence_is_three_backticks_for_plain_text() {
        assert_eq!(fenced("console", "ls\nsrc"), "```console\nls\nsrc\n```");
    }

    #[test]
    fn a_fence_outgrows_every_backtick_run_in_the_text() {
        let text = "before\n```\nescaped?\n`````\nafter";
        assert_eq!(
            fenced("console", text),
            format!("``````console\n{text}\n``````")
        );
        assert_eq!(fenced("text", "a `b` c"), "```text\na `b` c\n```");
    }

    #[test]
    fn code_spans_show_any_text_verbatim() {
        assert_eq!(code_span("src/main.rs"), "`src/main.rs`");
        assert_eq!(code_span("a`b"), "``a`b``");
        assert_eq!(code_span("`tick"), "`` `tick ``");
        assert_eq!(code_span("tick`"), "`` tick` ``");
        assert_eq!(code_span(" padded "), "`  padded  `");
        assert_eq!(code_span(" lead"), "` lead`");
        assert_eq!(code_span("   "), "`   `");
        assert_eq!(code_span(""), "` `");
        assert_eq!(code_span("*_[x](y)<b>#"), "`*_[x](y)<b>#`");
    }

    #[test]
    fn line_breaks_in_a_code_span_become_spaces() {
        assert_eq!(code_span("a\n# b\r\nc\rd"), "`a # b c d`");
    }
}
