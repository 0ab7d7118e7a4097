//! Call cards: each `ToolCallView` becomes a `tool_call` update with the right kind, raw input,
//! content and locations, in both capability modes where they differ.

use cardc_bridge_acp::AcpBridge;
use cardc_bridge_acp::views::ToolCallView;
use serde_json::{Value, json};

/// The `tool_call` update for the call card `view`, as JSON.
fn call(bridge: &mut AcpBridge, view: Value) -> Value {
    let view = ToolCallView::from_json_value(&view).expect("a valid call card");
    serde_json::to_value(bridge.call_update("call-1".to_owned(), &view)).expect("serializes")
}

#[test]
fn a_generic_call_carries_kind_raw_input_content_and_locations() {
    let update = call(
        &mut AcpBridge::with_terminal_output(false),
        json!({
            "card": "generic", "title": "Read src/main.rs", "kind": "read",
            "rawInput": {"file_path": "src/main.rs", "offset": 3},
            "content": [
                {"type": "text", "text": "reading"},
                {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}
            ],
            "locations": [{"path": "src/main.rs", "line": 3}, {"path": "src/lib.rs"}]
        }),
    );
    assert_eq!(
        update,
        json!({
            "sessionUpdate": "tool_call",
            "toolCallId": "call-1",
            "title": "Read src/main.rs",
            "kind": "read",
            "content": [
                {"type": "content", "content": {"type": "text", "text": "reading"}},
                {"type": "content", "content": {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}}
            ],
            "locations": [{"path": "src/main.rs", "line": 3}, {"path": "src/lib.rs"}],
            "rawInput": {"file_path": "src/main.rs", "offset": 3}
        })
    );
}

#[test]
fn a_bare_generic_call_has_only_its_title() {
    let update = call(
        &mut AcpBridge::with_terminal_output(true),
        json!({"card": "generic", "title": "List background jobs"}),
    );
    assert_eq!(
        update,
        json!({"sessionUpdate": "tool_call", "toolCallId": "call-1", "title": "List background jobs"})
    );
}

#[test]
fn a_null_raw_input_stays_null() {
    let update = call(
        &mut AcpBridge::with_terminal_output(false),
        json!({"card": "generic", "title": "t", "rawInput": null}),
    );
    assert_eq!(update["rawInput"], Value::Null);
    assert!(
        update
            .as_object()
            .is_some_and(|o| o.contains_key("rawInput"))
    );
}

#[test]
fn every_kind_maps_to_the_acp_kind_of_the_same_name() {
    let kinds = [
        "read", "edit", "delete", "move", "search", "execute", "think", "fetch",
    ];
    for kind in kinds {
        let update = call(
            &mut AcpBridge::with_terminal_output(false),
            json!({"card": "generic", "title": "t", "kind": kind}),
        );
        assert_eq!(update["kind"], json!(kind));
    }
    // `other` is ACP's default kind, which its serializer leaves out.
    let other = call(
        &mut AcpBridge::with_terminal_output(false),
        json!({"card": "generic", "title": "t", "kind": "other"}),
    );
    assert!(other.get("kind").is_none(), "{other}");
}

#[test]
fn a_terminal_call_without_terminal_output_is_an_execute_call_with_its_raw_input() {
    let update = call(
        &mut AcpBridge::with_terminal_output(false),
        json!({"card": "terminal", "title": "cargo test", "description": "Run the tests", "cwd": "/work"}),
    );
    assert_eq!(
        update,
        json!({
            "sessionUpdate": "tool_call",
            "toolCallId": "call-1",
            "title": "cargo test",
            "kind": "execute",
            "rawInput": {"command": "cargo test", "description": "Run the tests", "cwd": "/work"}
        })
    );
}

#[test]
fn a_terminal_call_with_terminal_output_announces_a_terminal_named_after_the_call() {
    let update = call(
        &mut AcpBridge::with_terminal_output(true),
        json!({"card": "terminal", "title": "cargo test", "description": "Run the tests", "cwd": "/work"}),
    );
    assert_eq!(
        update,
        json!({
            "sessionUpdate": "tool_call",
            "toolCallId": "call-1",
            "title": "cargo test",
            "kind": "execute",
            "content": [{"type": "terminal", "terminalId": "call-1"}],
            "rawInput": {"command": "cargo test", "description": "Run the tests", "cwd": "/work"},
            "_meta": {"terminal_info": {"terminal_id": "call-1", "cwd": "/work"}}
        })
    );
}

#[test]
fn a_terminal_without_cwd_or_description_leaves_them_out() {
    let update = call(
        &mut AcpBridge::with_terminal_output(true),
        json!({"card": "terminal", "title": "ls"}),
    );
    assert_eq!(update["rawInput"], json!({"command": "ls"}));
    assert_eq!(
        update["_meta"],
        json!({"terminal_info": {"terminal_id": "call-1"}})
    );
}

#[test]
fn a_diff_call_has_one_diff_per_file_and_a_new_file_has_no_old_text() {
    let update = call(
        &mut AcpBridge::with_terminal_output(false),
        json!({
            "card": "diff", "title": "Edit two files",
            "diffs": [
                {"path": "src/new.rs", "oldText": null, "newText": "pub fn new() {}\n"},
                {"path": "src/lib.rs", "oldText": "a\n", "newText": "b\n"}
            ],
            "locations": [{"path": "src/lib.rs", "line": 7}]
        }),
    );
    assert_eq!(
        update,
        json!({
            "sessionUpdate": "tool_call",
            "toolCallId": "call-1",
            "title": "Edit two files",
            "kind": "edit",
            "content": [
                {"type": "diff", "path": "src/new.rs", "newText": "pub fn new() {}\n"},
                {"type": "diff", "path": "src/lib.rs", "oldText": "a\n", "newText": "b\n"}
            ],
            "locations": [{"path": "src/lib.rs", "line": 7}]
        })
    );
}

#[test]
fn a_diff_call_without_locations_follows_each_changed_file_once() {
    let update = call(
        &mut AcpBridge::with_terminal_output(false),
        json!({
            "card": "diff", "title": "Replace all",
            "diffs": [
                {"path": "a.rs", "oldText": "x", "newText": "y"},
                {"path": "b.rs", "oldText": "x", "newText": "y"},
                {"path": "a.rs", "oldText": "z", "newText": "w"}
            ]
        }),
    );
    assert_eq!(
        update["locations"],
        json!([{"path": "a.rs"}, {"path": "b.rs"}])
    );
    let empty = call(
        &mut AcpBridge::with_terminal_output(false),
        json!({"card": "diff", "title": "t", "diffs": [{"path": "a.rs", "oldText": "x", "newText": "y"}], "locations": []}),
    );
    assert!(empty.get("locations").is_none(), "{empty}");
}
