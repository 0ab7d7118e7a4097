//! Reading the search payload back: every malformed, absent or other-shape payload yields no
//! search view, and the result falls back to the generic card.

use cardc_presenters::search::search_view_from_meta;
use cardc_presenters::{ToolCall, ToolResult, present};
use render_intent::{ContentBlock, GenericResultView, TextContent, ToolResultView};
use serde_json::{Value, json};

fn matches_meta() -> Value {
    json!({
        "kind": "matches",
        "files": [
            {"path": "a.rs", "matches": [{"lineNumber": 1, "line": "x"}, {"lineNumber": 5, "line": "y"}]},
            {"path": "b.rs", "matches": [{"lineNumber": 2, "line": "z"}]}
        ],
        "truncated": true,
        "total": 10
    })
}

fn paths_meta() -> Value {
    json!({"kind": "paths", "paths": ["a.rs", "b.rs"], "truncated": false, "total": 2})
}

fn with(mut meta: Value, key: &str, value: Value) -> Value {
    meta[key] = value;
    meta
}

fn without(mut meta: Value, key: &str) -> Value {
    if let Some(object) = meta.as_object_mut() {
        object.remove(key);
    }
    meta
}

fn files(files: Value) -> Value {
    with(matches_meta(), "files", files)
}

fn generic(text: &str) -> Option<ToolResultView> {
    Some(ToolResultView::Generic(GenericResultView {
        title: None,
        content: Some(vec![ContentBlock::Text(TextContent {
            text: text.to_owned(),
        })]),
    }))
}

fn present_result(tool: &str, result: ToolResult) -> Option<ToolResultView> {
    present(&ToolCall {
        tool: tool.to_owned(),
        args: json!({"pattern": "x"}),
        result: Some(result),
    })
    .1
}

fn malformed() -> Vec<(&'static str, Value)> {
    vec![
        ("null", json!(null)),
        ("a boolean", json!(true)),
        ("a number", json!(3)),
        ("a string", json!("matches")),
        ("an empty array", json!([])),
        (
            "an array led by the tag",
            json!(["paths", ["a.rs"], false, 1]),
        ),
        ("an empty object", json!({})),
        ("no kind", without(paths_meta(), "kind")),
        (
            "an unknown kind",
            with(paths_meta(), "kind", json!("files")),
        ),
        (
            "a kind in another case",
            with(paths_meta(), "kind", json!("Paths")),
        ),
        ("a numeric kind", with(paths_meta(), "kind", json!(1))),
        ("a card key", with(paths_meta(), "card", json!("search"))),
        ("a content key", with(paths_meta(), "content", json!([]))),
        ("an unknown key", with(paths_meta(), "page", json!(1))),
        ("no truncated", without(paths_meta(), "truncated")),
        (
            "a string truncated",
            with(paths_meta(), "truncated", json!("false")),
        ),
        (
            "a null truncated",
            with(paths_meta(), "truncated", json!(null)),
        ),
        ("no total", without(paths_meta(), "total")),
        ("a negative total", with(paths_meta(), "total", json!(-1))),
        (
            "a fractional total",
            with(paths_meta(), "total", json!(2.5)),
        ),
        (
            "a fractional total",
            with(paths_meta(), "total", json!(2.5)),
        ),
        ("a string total", with(paths_meta(), "total", json!("2"))),
        (
            "a total past u32",
            with(paths_meta(), "total", json!(4_294_967_296_u64)),
        ),
        ("no paths", without(paths_meta(), "paths")),
        (
            "paths not a list",
            with(paths_meta(), "paths", json!("a.rs")),
        ),
        (
            "a non-string path",
            with(paths_meta(), "paths", json!(["a.rs", 7])),
        ),
        ("a null path", with(paths_meta(), "paths", json!([null]))),
        (
            "paths on a matches kind",
            with(paths_meta(), "kind", json!("matches")),
        ),
        (
            "files on a paths kind",
            with(matches_meta(), "kind", json!("paths")),
        ),
        ("no files", without(matches_meta(), "files")),
        ("files not a list", files(json!({"a.rs": []}))),
        (
            "a file without a path",
            files(json!([{"matches": [{"lineNumber": 1, "line": "x"}]}])),
        ),
        ("a file without matches", files(json!([{"path": "a.rs"}]))),
        (
            "a file with an unknown key",
            files(
                json!([{"path": "a.rs", "matches": [{"lineNumber": 1, "line": "x"}], "count": 1}]),
            ),
        ),
        (
            "matches not a list",
            files(json!([{"path": "a.rs", "matches": {"lineNumber": 1, "line": "x"}}])),
        ),
        (
            "a match without a line",
            files(json!([{"path": "a.rs", "matches": [{"lineNumber": 1}]}])),
        ),
        (
            "a match with a numeric line",
            files(json!([{"path": "a.rs", "matches": [{"lineNumber": 1, "line": 1}]}])),
        ),
        (
            "a snake_case line number",
            files(json!([{"path": "a.rs", "matches": [{"line_number": 1, "line": "x"}]}])),
        ),
        (
            "a string line number",
            files(json!([{"path": "a.rs", "matches": [{"lineNumber": "1", "line": "x"}]}])),
        ),
        (
            "line number 0",
            files(json!([{"path": "a.rs", "matches": [{"lineNumber": 0, "line": "x"}]}])),
        ),
        (
            "a file with an empty match list",
            files(
                json!([{"path": "a.rs", "matches": [{"lineNumber": 1, "line": "x"}]}, {"path": "b.rs", "matches": []}]),
            ),
        ),
        (
            "a file listed twice",
            files(
                json!([{"path": "a.rs", "matches": [{"lineNumber": 1, "line": "x"}]}, {"path": "a.rs", "matches": [{"lineNumber": 2, "line": "y"}]}]),
            ),
        ),
        (
            "a total below the shown paths",
            with(paths_meta(), "total", json!(1)),
        ),
        (
            "a total below the shown matches",
            with(matches_meta(), "total", json!(2)),
        ),
        (
            "truncated with nothing dropped",
            with(paths_meta(), "truncated", json!(true)),
        ),
        (
            "untruncated with results dropped",
            with(matches_meta(), "truncated", json!(false)),
        ),
    ]
}

#[test]
fn well_formed_payloads_read_back() {
    assert!(search_view_from_meta(&matches_meta()).is_some());
    assert!(search_view_from_meta(&paths_meta()).is_some());
    let empty = json!({"kind": "matches", "files": [], "truncated": false, "total": 0});
    assert!(search_view_from_meta(&empty).is_some());
    let capped_to_nothing = json!({"kind": "paths", "paths": [], "truncated": true, "total": 4});
    assert!(search_view_from_meta(&capped_to_nothing).is_some());
    // An integer is any number with a zero fraction, as the contract's JSON Schema says.
    let float_total = with(paths_meta(), "total", json!(2.0));
    assert_eq!(
        search_view_from_meta(&float_total),
        search_view_from_meta(&paths_meta())
    );
}

#[test]
fn every_malformed_payload_reads_as_no_search_view() {
    for (name, meta) in malformed() {
        assert_eq!(search_view_from_meta(&meta), None, "{name}: {meta}");
    }
}

#[test]
fn every_malformed_payload_falls_back_to_the_generic_card() {
    for tool in ["grep", "glob"] {
        for (name, meta) in malformed() {
            let result = ToolResult {
                presentation_meta: Some(meta),
                ..ToolResult::text("the model's text")
            };
            assert_eq!(
                present_result(tool, result),
                generic("the model's text"),
                "{tool}: {name}"
            );
        }
    }
}

#[test]
fn an_absent_payload_falls_back_to_the_generic_card() {
    for tool in ["grep", "glob"] {
        assert_eq!(
            present_result(tool, ToolResult::text("older log")),
            generic("older log")
        );
    }
    let parsed: ToolCall =
        serde_json::from_str(r#"{"tool": "grep", "args": {"pattern": "x"}, "result": {"content": [{"type": "text", "text": "t"}], "presentationMeta": null}}"#)
            .expect("a null payload is a valid log line");
    assert_eq!(present(&parsed).1, generic("t"));
}

#[test]
fn the_other_tools_payload_falls_back_to_the_generic_card() {
    let grep_given_glob = ToolResult {
        presentation_meta: Some(paths_meta()),
        ..ToolResult::text("grep text")
    };
    assert_eq!(
        present_result("grep", grep_given_glob),
        generic("grep text")
    );
    let glob_given_grep = ToolResult {
        presentation_meta: Some(matches_meta()),
        ..ToolResult::text("glob text")
    };
    assert_eq!(
        present_result("glob", glob_given_grep),
        generic("glob text")
    );
    let glob_given_a_diff = ToolResult {
        presentation_meta: Some(json!({"diffs": [], "locations": []})),
        ..ToolResult::text("glob text")
    };
    assert_eq!(
        present_result("glob", glob_given_a_diff),
        generic("glob text")
    );
}

#[test]
fn a_failed_search_falls_back_to_the_generic_card_even_with_a_payload() {
    for (tool, meta) in [("grep", matches_meta()), ("glob", paths_meta())] {
        let result = ToolResult {
            is_error: true,
            presentation_meta: Some(meta),
            ..ToolResult::text("regex parse error")
        };
        assert_eq!(present_result(tool, result), generic("regex parse error"));
    }
}
