//! The real render-intent schema, compiled and emitted: a valid 2020-12 document that accepts the
//! render-intent wire contract (the book's `docs/src/example-application.md`, "The render-intent
//! contract") and nothing else.

use serde_json::json;

use super::validate::{assert_cases, validator};
use crate::emit::json_schema::document;
use crate::ir::Schema;

/// The checked IR of `schema/render_intent.cards`.
fn render_intent() -> Schema {
    let text = include_str!("../../../../../schema/render_intent.cards");
    crate::compile("schema/render_intent.cards", text).expect("the render-intent schema checks")
}

#[test]
fn document_is_a_valid_schema() {
    let doc = document(&render_intent());
    if let Err(error) = jsonschema::meta::validate(&doc) {
        panic!("{error}");
    }
}

#[test]
fn tool_call_view_instances() {
    let view = validator(&render_intent(), "ToolCallView");
    let diff = json!({ "path": "a.rs", "oldText": null, "newText": "x" });
    assert_cases(
        &view,
        &[
            (
                true,
                json!({ "card": "generic", "title": "t", "rawInput": null }),
            ),
            (
                true,
                json!({ "card": "generic", "title": "t", "kind": "edit" }),
            ),
            (
                true,
                json!({ "card": "terminal", "title": "ls", "description": "list" }),
            ),
            (
                true,
                json!({ "card": "diff", "title": "t", "diffs": [diff] }),
            ),
            (false, json!({ "card": "search", "title": "t" })),
            (
                false,
                json!({ "card": "generic", "title": "t", "output": "x" }),
            ),
            (
                false,
                json!({ "card": "generic", "title": "t", "kind": null }),
            ),
            (
                false,
                json!({ "card": "diff", "title": "t", "diffs": [{ "path": "a" }] }),
            ),
            (
                false,
                json!({ "card": "generic", "title": "t", "locations": [{ "path": "a", "line": -1 }] }),
            ),
        ],
    );
}

#[test]
fn tool_result_view_instances() {
    let view = validator(&render_intent(), "ToolResultView");
    let text = json!({ "type": "text", "text": "hi" });
    let matches = json!({ "path": "a.rs", "matches": [{ "lineNumber": 3, "line": "x" }] });
    assert_cases(
        &view,
        &[
            (true, json!({ "card": "generic" })),
            (
                true,
                json!({ "card": "terminal", "exitCode": -1, "signal": "SIGTERM" }),
            ),
            (
                true,
                json!({ "card": "search", "kind": "matches", "files": [matches],
                        "truncated": false, "total": 1, "content": [text] }),
            ),
            (
                true,
                json!({ "card": "search", "kind": "paths", "paths": ["a"], "truncated": true, "total": 9 }),
            ),
            (
                false,
                json!({ "card": "search", "kind": "files", "paths": [], "truncated": true, "total": 0 }),
            ),
            (
                false,
                json!({ "kind": "paths", "paths": [], "truncated": true, "total": 0 }),
            ),
            (
                false,
                json!({ "card": "generic", "content": [{ "type": "video" }] }),
            ),
            (
                false,
                json!({ "card": "terminal", "exitCode": 2147483648_u32 }),
            ),
            (false, json!({ "card": "card" })),
        ],
    );
}
