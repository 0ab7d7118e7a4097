//! The transcript's rules, one card at a time: width with wide characters, unified diffs,
//! terminal output and its status, the truncation line, and colour.

use std::ffi::OsStr;

use cardc_bridge_transcript::views::{ToolCallView, ToolResultView};
use cardc_bridge_transcript::{ColorChoice, MIN_WIDTH, Options, Style, Transcript};
use unicode_width::UnicodeWidthStr;

fn plain(width: usize) -> Transcript {
    Transcript::new(Options {
        width,
        style: Style::Plain,
    })
}

fn call(json: &str, width: usize) -> String {
    let view = ToolCallView::from_json_str(json).expect("a valid call view");
    plain(width).call(&view)
}

fn result(json: &str, width: usize) -> String {
    let view = ToolResultView::from_json_str(json).expect("a valid result view");
    plain(width).result(&view)
}

#[test]
fn wide_characters_count_two_columns_and_wrap_whole() {
    // 9 CJK characters are 18 columns; with the 2-column indent, 20 columns hold 9 of them
    // exactly and 21 hold no more, while 19 ASCII letters would not wrap at all at 21.
    let text =
        r#"{"card": "generic", "content": [{"type": "text", "text": "一二三四五六七八九十"}]}"#;
    assert_eq!(result(text, 21), "< result\n  一二三四五六七八九\n  十\n");
    let ascii =
        r#"{"card": "generic", "content": [{"type": "text", "text": "abcdefghijklmnopqrs"}]}"#;
    assert_eq!(result(ascii, 21), "< result\n  abcdefghijklmnopqrs\n");
    // A ZWJ emoji is one two-column cluster; a combining accent adds nothing.
    let emoji = r#"{"card": "generic", "content": [{"type": "text", "text": "e\u0301e\u0301 👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻"}]}"#;
    let rendered = result(emoji, 20);
    assert_eq!(
        rendered,
        "< result\n  e\u{301}e\u{301} 👩\u{200d}💻👩\u{200d}💻👩\u{200d}💻👩\u{200d}💻👩\u{200d}💻👩\u{200d}💻👩\u{200d}💻\n  👩\u{200d}💻👩\u{200d}💻\n"
    );
    assert!(rendered.lines().all(|row| row.width() <= 20));
}

#[test]
fn a_width_below_the_minimum_counts_as_the_minimum() {
    let long = format!(r#"{{"card": "generic", "title": "{}"}}"#, "x".repeat(40));
    assert_eq!(call(&long, 0), call(&long, MIN_WIDTH));
    assert_eq!(
        call(&long, 0).lines().count(),
        3,
        "40 columns of title at 18 a row"
    );
}

#[test]
fn a_new_file_is_a_diff_against_dev_null() {
    let view = r#"{"card": "diff", "title": "Write src/new.rs", "diffs": [
        {"path": "src/new.rs", "oldText": null, "newText": "pub fn new() {}\n\nfn x() {}\n"}]}"#;
    assert_eq!(
        call(view, 40),
        "> Write src/new.rs\n  --- /dev/null\n  +++ src/new.rs\n  @@ -0,0 +1,3 @@\n  +pub fn new() {}\n  +\n  +fn x() {}\n"
    );
    let empty = r#"{"card": "diff", "title": "Touch", "diffs": [{"path": ".keep", "oldText": null, "newText": ""}]}"#;
    assert_eq!(
        call(empty, 40),
        "> Touch\n  --- /dev/null\n  +++ .keep\n  (new empty file)\n"
    );
}

#[test]
fn an_edit_is_a_unified_diff_with_context() {
    let old: String = (1..=10).map(|n| format!("line {n}\n")).collect();
    let new = old.replace("line 5\n", "line five\n");
    let view = serde_json::json!({
        "card": "diff",
        "diffs": [{"path": "a.txt", "oldText": old, "newText": new}],
        "locations": [{"path": "a.txt", "line": 5}]
    });
    let view = ToolResultView::from_json_value(&view).expect("a diff result");
    assert_eq!(
        plain(40).result(&view),
        "< applied change\n  --- a.txt\n  +++ a.txt\n  @@ -2,7 +2,7 @@\n   line 2\n   line 3\n   line 4\n  -line 5\n  +line five\n   line 6\n   line 7\n   line 8\n  at a.txt:5\n"
    );
}

#[test]
fn a_wrapped_diff_line_keeps_its_gutter_and_a_missing_newline_is_said() {
    let view = r#"{"card": "diff", "title": "t", "diffs": [{"path": "p", "oldText": "short\n", "newText": "a line long enough to wrap"}]}"#;
    assert_eq!(
        call(view, 20),
        "> t\n  --- p\n  +++ p\n  @@ -1 +1 @@\n  -short\n  +a line long enoug\n  +h to wrap\n  \\ No newline at en\n  d of file\n"
    );
    // Fragments that both lack a final newline, as an edit's usually do, are not marked.
    let fragments = r#"{"card": "diff", "title": "t", "diffs": [{"path": "p", "oldText": "a", "newText": "b"}]}"#;
    assert_eq!(
        call(fragments, 40),
        "> t\n  --- p\n  +++ p\n  @@ -1 +1 @@\n  -a\n  +b\n"
    );
    let same = r#"{"card": "diff", "title": "t", "diffs": [{"path": "p", "oldText": "x\n", "newText": "x\n"}]}"#;
    assert_eq!(call(same, 40), "> t\n  --- p\n  +++ p\n  (no changes)\n");
}

#[test]
fn terminal_output_keeps_its_whitespace() {
    let view = r#"{"card": "terminal", "title": "ls -l", "output": "total 2\n\n  indented\ttab\n   \ntrailing  \n\n", "exitCode": 0}"#;
    assert_eq!(
        result(view, 40),
        "< ls -l\n  total 2\n\n    indented      tab\n     \n  trailing  \n\n  succeeded (exit code 0)\n"
    );
    let crlf = r#"{"card": "terminal", "output": "a\r\nb\rc\n"}"#;
    assert_eq!(
        result(crlf, 40),
        "< output\n  a\n  b␍c\n  exit status unknown\n"
    );
}

#[test]
fn exit_status_in_words() {
    let status = |fields: &str| {
        let text = result(
            &format!(r#"{{"card": "terminal", "output": "x"{fields}}}"#),
            60,
        );
        text.lines().last().expect("a status row").trim().to_owned()
    };
    assert_eq!(status(r#", "exitCode": 0"#), "succeeded (exit code 0)");
    assert_eq!(status(r#", "exitCode": 1"#), "failed with exit code 1");
    assert_eq!(status(r#", "exitCode": -1"#), "failed with exit code -1");
    assert_eq!(status(""), "exit status unknown");
}

#[test]
fn a_signal_is_a_failure_whatever_the_exit_code() {
    let status = |fields: &str| {
        let text = result(&format!(r#"{{"card": "terminal"{fields}}}"#), 60);
        text.lines().last().expect("a status row").trim().to_owned()
    };
    assert_eq!(
        status(r#", "signal": "SIGKILL""#),
        "ended by signal SIGKILL"
    );
    assert_eq!(
        status(r#", "exitCode": 130, "signal": "SIGINT""#),
        "ended by signal SIGINT (exit code 130)"
    );
    assert_eq!(
        status(r#", "exitCode": 0, "signal": "SIGTERM""#),
        "ended by signal SIGTERM (exit code 0)"
    );
    assert_eq!(status(r#", "signal": """#), "ended by an unnamed signal");
}

#[test]
fn a_capped_search_says_how_many_it_shows_of_how_many() {
    let matches = r#"{"card": "search", "kind": "matches", "truncated": true, "total": 1204, "files": [
        {"path": "src/a.rs", "matches": [{"lineNumber": 3, "line": "fn a() {}"}, {"lineNumber": 120, "line": "a();"}]},
        {"path": "src/b.rs", "matches": [{"lineNumber": 9, "line": "\tb();"}]}]}"#;
    assert_eq!(
        result(matches, 60),
        "< search: 3 matches in 2 files\n  src/a.rs\n      3: fn a() {}\n    120: a();\n  src/b.rs\n    9:         b();\n  showing 3 of 1,204 matches\n"
    );
    let paths = r#"{"card": "search", "kind": "paths", "paths": ["a", "b"], "truncated": true, "total": 4294967295}"#;
    assert_eq!(
        result(paths, 60),
        "< search: 2 paths\n  a\n  b\n  showing 2 of 4,294,967,295 paths\n"
    );
    // A total above what is shown is a capped page even when `truncated` says otherwise.
    let dishonest =
        r#"{"card": "search", "kind": "paths", "paths": ["a"], "truncated": false, "total": 1000}"#;
    assert!(result(dishonest, 60).ends_with("  showing 1 of 1,000 paths\n"));
    let complete =
        r#"{"card": "search", "kind": "paths", "paths": ["a"], "truncated": false, "total": 1}"#;
    assert_eq!(result(complete, 60), "< search: 1 path\n  a\n");
}

#[test]
fn a_wrapped_match_continues_under_its_text() {
    let view = r#"{"card": "search", "kind": "matches", "truncated": false, "total": 1, "files": [
        {"path": "p", "matches": [{"lineNumber": 7, "line": "abcdefghijklmnopqrstuvwxyz"}]}]}"#;
    assert_eq!(
        result(view, 20),
        "< search: 1 match in\n   1 file\n  p\n    7: abcdefghijklm\n       nopqrstuvwxyz\n"
    );
}

#[test]
fn images_are_a_placeholder_with_mime_type_and_size() {
    let view = r#"{"card": "generic", "title": "Read logo.png", "kind": "read", "content": [
        {"type": "text", "text": "A logo:"},
        {"type": "image", "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "mimeType": "image/png"},
        {"type": "image", "data": "not base64 !!", "mimeType": ""}]}"#;
    assert_eq!(
        call(view, 60),
        "> Read logo.png [read]\n  A logo:\n  [image: image/png, 70 bytes]\n  [image: no MIME type, 13 characters, not base64]\n"
    );
}

#[test]
fn escape_sequences_in_views_are_shown_not_sent() {
    let view =
        r#"{"card": "terminal", "output": "\u001b[31mred\u001b[0m\u0007\u009b2J", "exitCode": 0}"#;
    let text = result(view, 60);
    assert_eq!(
        text,
        "< output\n  ␛[31mred␛[0m␇<U+009B>2J\n  succeeded (exit code 0)\n"
    );
    let painted = Transcript::new(Options {
        width: 60,
        style: Style::Ansi,
    })
    .result(&ToolResultView::from_json_str(view).expect("valid"));
    assert!(
        painted.contains("␛[31mred"),
        "the view's own escapes stay text"
    );
}

#[test]
fn colour_paints_only_with_the_ansi_style() {
    let view = ToolCallView::from_json_str(
        r#"{"card": "diff", "title": "Edit", "diffs": [{"path": "a", "oldText": "x\n", "newText": "y\n"}]}"#,
    )
    .expect("a valid call view");
    let painted = Transcript::new(Options {
        width: 40,
        style: Style::Ansi,
    })
    .call(&view);
    assert_eq!(
        painted,
        "\x1b[36m> \x1b[0m\x1b[1mEdit\x1b[0m\n  \x1b[1m--- a\x1b[0m\n  \x1b[1m+++ a\x1b[0m\n  \x1b[36m@@ -1 +1 @@\x1b[0m\n\x1b[31m  -\x1b[0m\x1b[31mx\x1b[0m\n\x1b[32m  +\x1b[0m\x1b[32my\x1b[0m\n"
    );
    let plain = plain(40).call(&view);
    assert!(!plain.contains('\x1b'));
    assert_eq!(
        plain,
        "> Edit\n  --- a\n  +++ a\n  @@ -1 +1 @@\n  -x\n  +y\n"
    );
}

#[test]
fn colour_choice_follows_the_terminal_and_no_color() {
    let set = Some(OsStr::new("1"));
    let empty = Some(OsStr::new(""));
    assert_eq!(ColorChoice::Auto.resolve(true, None), Style::Ansi);
    assert_eq!(ColorChoice::Auto.resolve(true, empty), Style::Ansi);
    assert_eq!(ColorChoice::Auto.resolve(true, set), Style::Plain);
    assert_eq!(ColorChoice::Auto.resolve(false, None), Style::Plain);
    assert_eq!(ColorChoice::Always.resolve(false, set), Style::Ansi);
    assert_eq!(ColorChoice::Never.resolve(true, None), Style::Plain);
}
