//! Search results: the Markdown every client shows (capped or not, said plainly, with thousands
//! separators, nothing in a path or line able to break it), a location per shown match, and the
//! structured card under `_meta` for a UI that renders it.

use cardc_bridge_acp::views::ToolResultView;
use cardc_bridge_acp::{AcpBridge, SEARCH_RESULT_META_KEY};
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use serde_json::{Value, json};

/// The result update for `view` for the call `call-1`, as JSON.
fn result(view: &Value) -> Value {
    let view = ToolResultView::from_json_value(view).expect("a valid result card");
    let update = AcpBridge::with_terminal_output(false).result_update("call-1".to_owned(), &view);
    serde_json::to_value(update).expect("serializes")
}

/// The update's single Markdown block.
fn markdown(update: &Value) -> &str {
    let content = update["content"]
        .as_array()
        .expect("the content is replaced");
    assert_eq!(content.len(), 1, "{update}");
    content[0]["content"]["text"]
        .as_str()
        .expect("a text block")
}

/// What a CommonMark reader sees: the text of each code block and each code span, in order.
fn code(markdown: &str) -> (Vec<String>, Vec<String>) {
    let (mut blocks, mut spans) = (Vec::new(), Vec::new());
    let mut block: Option<String> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => block = Some(String::new()),
            Event::Text(text) => {
                if let Some(body) = block.as_mut() {
                    body.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(block.take()),
            Event::Code(text) => spans.push(text.to_string()),
            _ => {}
        }
    }
    (blocks, spans)
}

fn matches(files: Value, truncated: bool, total: u32) -> Value {
    json!({"card": "search", "kind": "matches", "files": files, "truncated": truncated, "total": total})
}

fn paths(paths: Value, truncated: bool, total: u32) -> Value {
    json!({"card": "search", "kind": "paths", "paths": paths, "truncated": truncated, "total": total})
}

#[test]
fn matches_are_grouped_by_file_as_path_line_text_rows() {
    let view = matches(
        json!([
            {"path": "src/main.rs", "matches": [{"lineNumber": 1, "line": "fn main() {"}, {"lineNumber": 12, "line": "    main_loop();"}]},
            {"path": "src/lib.rs", "matches": [{"lineNumber": 300, "line": "// main entry"}]}
        ]),
        false,
        3,
    );
    let update = result(&view);
    assert_eq!(
        markdown(&update),
        "3 matches in 2 files.\n\n```text\nsrc/main.rs:1: fn main() {\nsrc/main.rs:12:     main_loop();\n\nsrc/lib.rs:300: // main entry\n```"
    );
    assert_eq!(update["status"], "completed");
    assert_eq!(
        update["locations"],
        json!([
            {"path": "src/main.rs", "line": 1},
            {"path": "src/main.rs", "line": 12},
            {"path": "src/lib.rs", "line": 300}
        ])
    );
}

#[test]
fn the_card_itself_rides_under_the_cardc_meta_key() {
    let mut view = matches(
        json!([{"path": "a.rs", "matches": [{"lineNumber": 3, "line": "x"}]}]),
        true,
        412,
    );
    view["content"] = json!([{"type": "text", "text": "a.rs\n  Line 3: x"}]);
    let update = result(&view);
    assert_eq!(SEARCH_RESULT_META_KEY, "cardc.dev/searchResult");
    assert_eq!(update["_meta"], json!({ SEARCH_RESULT_META_KEY: view }));
    assert!(ToolResultView::from_json_value(&update["_meta"][SEARCH_RESULT_META_KEY]).is_ok());
}

#[test]
fn a_capped_result_says_so_with_thousands_separators() {
    let files: Vec<Value> = (0..25)
        .map(|file| {
            let rows: Vec<Value> = (1..=10)
                .map(|line| json!({"lineNumber": line, "line": "TODO"}))
                .collect();
            json!({"path": format!("src/f{file}.rs"), "matches": rows})
        })
        .collect();
    let update = result(&matches(Value::Array(files), true, 1204));
    let text = markdown(&update);
    assert!(
        text.starts_with("Capped: showing 250 of 1,204 matches.\n\n```text\n"),
        "{text}"
    );
    assert_eq!(update["locations"].as_array().map(Vec::len), Some(250));

    let glob = result(&paths(json!(["a.rs", "b.rs"]), true, 1_000_000));
    assert_eq!(
        markdown(&glob),
        "Capped: showing 2 of 1,000,000 paths.\n\n- `a.rs`\n- `b.rs`"
    );
}

#[test]
fn a_capped_result_that_shows_nothing_still_says_what_it_found() {
    assert_eq!(
        markdown(&result(&paths(json!([]), true, 1))),
        "Capped: showing 0 of 1 path."
    );
    assert_eq!(
        markdown(&result(&matches(json!([]), true, u32::MAX))),
        "Capped: showing 0 of 4,294,967,295 matches."
    );
}

#[test]
fn counts_that_disagree_with_the_rows_never_claim_completeness_or_read_backwards() {
    // More found than shown, though not flagged: still capped.
    let untold = result(&paths(json!(["a"]), false, 5));
    assert_eq!(markdown(&untold), "Capped: showing 1 of 5 paths.\n\n- `a`");
    // Flagged, but the total is below what is shown: the total reads as the shown count.
    let low = result(&paths(json!(["a", "b", "c"]), true, 1));
    assert!(markdown(&low).starts_with("Capped: showing 3 of 3 paths."));
    // Not flagged and fewer counted than shown: the rows are all there is.
    let plain = result(&paths(json!(["a", "b", "c"]), false, 1));
    assert!(markdown(&plain).starts_with("3 paths.\n\n"));
}

#[test]
fn no_results_and_single_results_read_naturally() {
    assert_eq!(
        markdown(&result(&matches(json!([]), false, 0))),
        "No matches found."
    );
    assert_eq!(
        markdown(&result(&paths(json!([]), false, 0))),
        "No paths found."
    );
    let one = result(&matches(
        json!([{"path": "a", "matches": [{"lineNumber": 1, "line": "#!/bin/sh"}]}]),
        false,
        1,
    ));
    assert!(markdown(&one).starts_with("1 match in 1 file.\n\n"));
    assert_eq!(
        markdown(&result(&paths(json!(["a.rs"]), false, 1))),
        "1 path.\n\n- `a.rs`"
    );
    // A file listed without matches shows no rows and is not counted.
    let empty_file = result(&matches(json!([{"path": "a.rs", "matches": []}]), false, 0));
    assert_eq!(markdown(&empty_file), "No matches found.");
    assert_eq!(empty_file["locations"], json!([]));
}

#[test]
fn markdown_in_paths_and_lines_shows_as_text() {
    let hostile_line = "```\n# heading? *bold?* <script>alert(1)</script> [x](y) & | ~~~";
    let update = result(&matches(
        json!([{"path": "docs/*_[x].md", "matches": [{"lineNumber": 7, "line": hostile_line}]}]),
        false,
        1,
    ));
    let (blocks, spans) = code(markdown(&update));
    assert_eq!(blocks, [format!("docs/*_[x].md:7: {hostile_line}\n")]);
    assert!(spans.is_empty());

    let hostile_paths = [
        "a_b_c.rs",
        "*star*.md",
        "`tick`.rs",
        "x``y",
        "<b>&amp;</b>",
        "# not a heading",
        "- not an item",
        "new\nline",
        "",
        "C:\\Windows\\x.ini",
        "données/é.txt",
    ];
    let update = result(&paths(json!(hostile_paths), false, 11));
    let (blocks, spans) = code(markdown(&update));
    assert!(blocks.is_empty());
    let expected: Vec<String> = hostile_paths
        .iter()
        .map(|path| match *path {
            "" => " ".to_owned(),
            path => path.replace('\n', " "),
        })
        .collect();
    assert_eq!(spans, expected);
    assert_eq!(
        update["locations"].as_array().map(Vec::len),
        Some(hostile_paths.len())
    );
}
