//! `todo_write`, and the fallbacks: unknown tools and arguments a presenter cannot read.

use cardc_presenters::{Tool, ToolCall, ToolResult, present};
use render_intent::{
    ContentBlock, GenericCallView, GenericResultView, TextContent, ToolCallKind, ToolCallView,
    ToolResultView,
};
use serde_json::{Value, json};

fn call(tool: &str, args: Value, result: Option<ToolResult>) -> ToolCall {
    ToolCall {
        tool: tool.to_owned(),
        args,
        result,
    }
}

fn text(text: &str) -> Vec<ContentBlock> {
    vec![ContentBlock::Text(TextContent {
        text: text.to_owned(),
    })]
}

fn fallback(tool: &str, args: Value) -> ToolCallView {
    ToolCallView::Generic(GenericCallView {
        title: tool.to_owned(),
        kind: None,
        raw_input: Some(args),
        content: None,
        locations: None,
    })
}

#[test]
fn todo_is_a_generic_card_listing_the_plan() {
    let (view, result) = present(&call(
        "todo_write",
        json!({"todos": [
            {"content": "Map the tools", "status": "completed", "activeForm": "Mapping"},
            {"content": "Test them", "status": "in_progress"},
            {"content": "Document them", "status": "pending"}
        ]}),
        Some(ToolResult::text("Todos updated")),
    ));
    assert_eq!(
        view,
        ToolCallView::Generic(GenericCallView {
            title: "Update todos (1/3 done)".to_owned(),
            kind: Some(ToolCallKind::Think),
            raw_input: None,
            content: Some(text(
                "- [x] Map the tools\n- [~] Test them\n- [ ] Document them"
            )),
            locations: None,
        })
    );
    assert_eq!(
        result,
        Some(ToolResultView::Generic(GenericResultView {
            title: None,
            content: Some(text("Todos updated")),
        }))
    );
}

#[test]
fn an_empty_todo_list_has_no_content() {
    let ToolCallView::Generic(view) = present(&call("todo_write", json!({"todos": []}), None)).0
    else {
        panic!("todo is a generic card");
    };
    assert_eq!(view.title, "Update todos (0/0 done)");
    assert_eq!(view.content, None);
}

#[test]
fn an_unknown_tool_gets_its_name_and_raw_input() {
    let args = json!({"url": "https://example.com", "nested": [1, null]});
    for name in ["web_fetch", "Read", "", "read "] {
        let (view, result) = present(&call(name, args.clone(), Some(ToolResult::text("fetched"))));
        assert_eq!(view, fallback(name, args.clone()));
        assert_eq!(
            result,
            Some(ToolResultView::Generic(GenericResultView {
                title: None,
                content: Some(text("fetched")),
            }))
        );
    }
}

#[test]
fn unreadable_arguments_get_the_fallback_cards_for_every_tool() {
    let unreadable = [
        json!(null),
        json!("src/lib.rs"),
        json!(["src/lib.rs", "x"]),
        json!(42),
    ];
    let wrong_types = json!({
        "file_path": 1, "content": 2, "command": true, "todos": "all", "pattern": [],
        "job_id": 3, "run_in_background": "yes"
    });
    for tool in Tool::ALL {
        for args in unreadable.iter().chain([&wrong_types]) {
            let (view, result) = present(&call(
                tool.name(),
                args.clone(),
                Some(ToolResult::text("out")),
            ));
            assert_eq!(view, fallback(tool.name(), args.clone()), "{tool:?} {args}");
            assert_eq!(
                result,
                Some(ToolResultView::Generic(GenericResultView {
                    title: None,
                    content: Some(text("out")),
                })),
                "{tool:?} {args}"
            );
        }
    }
}

#[test]
fn missing_required_arguments_get_the_fallback_card() {
    for (tool, args) in [
        ("read", json!({"offset": 3})),
        ("write", json!({"file_path": "a"})),
        ("edit", json!({"old_string": "a"})),
        ("bash", json!({"description": "no command"})),
        (
            "todo_write",
            json!({"todos": [{"content": "x", "status": "blocked"}]}),
        ),
        ("grep", json!({"path": "src"})),
        ("glob", json!({})),
    ] {
        assert_eq!(
            present(&call(tool, args.clone(), None)).0,
            fallback(tool, args)
        );
    }
}

#[test]
fn arguments_presenters_do_not_read_are_ignored() {
    let (view, _) = present(&call(
        "read",
        json!({"file_path": "a.rs", "pages": "1-3", "encoding": "utf-8"}),
        None,
    ));
    assert!(
        matches!(view, ToolCallView::Generic(GenericCallView { ref title, .. }) if title == "Read a.rs")
    );
}

#[test]
fn a_result_without_content_has_no_content() {
    let (_, result) = present(&call("job_list", json!({}), Some(ToolResult::default())));
    assert_eq!(
        result,
        Some(ToolResultView::Generic(GenericResultView {
            title: None,
            content: None,
        }))
    );
}

#[test]
fn tool_names_round_trip() {
    for tool in Tool::ALL {
        assert_eq!(Tool::from_name(tool.name()), Some(tool));
    }
    assert_eq!(Tool::from_name("Bash"), None);
}
