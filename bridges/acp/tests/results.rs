//! Generic and diff result cards: each finishes the call as completed and replaces exactly the
//! fields the card has.

use cardc_bridge_acp::AcpBridge;
use cardc_bridge_acp::views::ToolResultView;
use serde_json::{Value, json};

/// The result update for `view` for the call `call-1`, as JSON.
fn result(view: Value) -> Value {
    let view = ToolResultView::from_json_value(&view).expect("a valid result card");
    let update = AcpBridge::with_terminal_output(true).result_update("call-1".to_owned(), &view);
    serde_json::to_value(update).expect("serializes")
}

#[test]
fn a_generic_result_completes_the_call_and_replaces_title_and_content() {
    assert_eq!(
        result(json!({
            "card": "generic", "title": "Todo list updated",
            "content": [
                {"type": "text", "text": "3 items, 1 done"},
                {"type": "image", "data": "R0lGODlhAQABAAAAACw=", "mimeType": "image/gif"}
            ]
        })),
        json!({
            "sessionUpdate": "tool_call_update",
            "toolCallId": "call-1",
            "status": "completed",
            "title": "Todo list updated",
            "content": [
                {"type": "content", "content": {"type": "text", "text": "3 items, 1 done"}},
                {"type": "content", "content": {"type": "image", "data": "R0lGODlhAQABAAAAACw=", "mimeType": "image/gif"}}
            ]
        })
    );
}

#[test]
fn a_generic_result_leaves_out_what_the_card_leaves_out() {
    assert_eq!(
        result(json!({"card": "generic"})),
        json!({"sessionUpdate": "tool_call_update", "toolCallId": "call-1", "status": "completed"})
    );
    // Present but empty content still replaces the call's content, with nothing.
    assert_eq!(
        result(json!({"card": "generic", "content": []}))["content"],
        json!([])
    );
}

#[test]
fn a_diff_result_shows_the_applied_hunks_with_their_locations() {
    assert_eq!(
        result(json!({
            "card": "diff", "title": "Edited src/lib.rs",
            "diffs": [
                {"path": "src/lib.rs", "oldText": "let y = 2;\n", "newText": "let y = 3;\n"},
                {"path": "src/new.rs", "oldText": null, "newText": "fn new() {}\n"}
            ],
            "locations": [{"path": "src/lib.rs", "line": 42}, {"path": "src/new.rs", "line": 1}],
            "content": [{"type": "text", "text": "Edited src/lib.rs (1 replacement)"}]
        })),
        json!({
            "sessionUpdate": "tool_call_update",
            "toolCallId": "call-1",
            "status": "completed",
            "title": "Edited src/lib.rs",
            "content": [
                {"type": "diff", "path": "src/lib.rs", "oldText": "let y = 2;\n", "newText": "let y = 3;\n"},
                {"type": "diff", "path": "src/new.rs", "newText": "fn new() {}\n"}
            ],
            "locations": [{"path": "src/lib.rs", "line": 42}, {"path": "src/new.rs", "line": 1}]
        })
    );
}

#[test]
fn a_diff_result_without_hunks_shows_its_text_instead_of_an_empty_card() {
    let update = result(json!({
        "card": "diff", "diffs": [],
        "content": [{"type": "text", "text": "No changes: the file already had this text."}]
    }));
    assert_eq!(
        update["content"],
        json!([{"type": "content", "content": {"type": "text", "text": "No changes: the file already had this text."}}])
    );
    assert_eq!(update["locations"], json!([]));
    assert_eq!(
        result(json!({"card": "diff", "diffs": []}))["content"],
        json!([])
    );
}

#[test]
fn a_diff_result_without_locations_follows_each_changed_file_once() {
    let update = result(json!({
        "card": "diff",
        "diffs": [
            {"path": "a.rs", "oldText": "ctx\nold0\n", "newText": "ctx\nnew0\n"},
            {"path": "a.rs", "oldText": "ctx\nold1\n", "newText": "ctx\nnew1\n"}
        ]
    }));
    assert_eq!(update["locations"], json!([{"path": "a.rs"}]));
}
