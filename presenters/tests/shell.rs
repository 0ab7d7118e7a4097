//! `bash` in the foreground and background, and the job controls.

use cardc_presenters::{ToolCall, ToolResult, present};
use render_intent::{
    ContentBlock, GenericCallView, GenericResultView, ImageContent, TerminalCallView,
    TerminalResultView, TextContent, ToolCallKind, ToolCallView, ToolResultView,
};
use serde_json::{Value, json};

fn call(tool: &str, args: Value, result: Option<ToolResult>) -> ToolCall {
    ToolCall {
        tool: tool.to_owned(),
        args,
        result,
    }
}

fn text(text: &str) -> ContentBlock {
    ContentBlock::Text(TextContent {
        text: text.to_owned(),
    })
}

#[test]
fn a_foreground_command_is_a_terminal_card_with_command_description_and_cwd() {
    let (view, result) = present(&call(
        "bash",
        json!({"command": "cargo test", "description": "Run the tests", "cwd": "/repo", "timeout": 60000}),
        None,
    ));
    assert_eq!(
        view,
        ToolCallView::Terminal(TerminalCallView {
            title: "cargo test".to_owned(),
            description: Some("Run the tests".to_owned()),
            cwd: Some("/repo".to_owned()),
        })
    );
    assert_eq!(result, None, "no result card while the command runs");
    let (view, _) = present(&call("bash", json!({"command": "ls"}), None));
    assert_eq!(
        view,
        ToolCallView::Terminal(TerminalCallView {
            title: "ls".to_owned(),
            description: None,
            cwd: None,
        })
    );
}

#[test]
fn a_foreground_result_is_a_terminal_card_with_output_exit_code_and_signal() {
    let cases = [
        (
            ToolResult {
                exit_code: Some(0),
                ..ToolResult::text("ok")
            },
            Some("ok"),
            Some(0),
            None,
        ),
        (
            ToolResult {
                is_error: true,
                exit_code: Some(2),
                ..ToolResult::text("no such file")
            },
            Some("no such file"),
            Some(2),
            None,
        ),
        (
            ToolResult {
                is_error: true,
                signal: Some("SIGKILL".to_owned()),
                ..ToolResult::default()
            },
            None,
            None,
            Some("SIGKILL"),
        ),
    ];
    for (result, output, exit_code, signal) in cases {
        let (_, view) = present(&call("bash", json!({"command": "x"}), Some(result)));
        assert_eq!(
            view,
            Some(ToolResultView::Terminal(TerminalResultView {
                title: None,
                output: output.map(str::to_owned),
                exit_code,
                signal: signal.map(str::to_owned),
            }))
        );
    }
}

#[test]
fn terminal_output_joins_the_text_blocks_and_leaves_images_out() {
    let result = ToolResult {
        content: vec![
            text("first"),
            ContentBlock::Image(ImageContent {
                data: "iVBORw0KGgo=".to_owned(),
                mime_type: "image/png".to_owned(),
            }),
            text("second"),
        ],
        ..ToolResult::default()
    };
    let (_, view) = present(&call("bash", json!({"command": "x"}), Some(result)));
    let Some(ToolResultView::Terminal(view)) = view else {
        panic!("a foreground result is a terminal card");
    };
    assert_eq!(view.output.as_deref(), Some("first\nsecond"));
}

#[test]
fn a_background_command_is_a_generic_card_on_both_sides() {
    let (view, result) = present(&call(
        "bash",
        json!({"command": "npm run dev", "description": "Dev server", "run_in_background": true}),
        Some(ToolResult::text("Started job job-1")),
    ));
    assert_eq!(
        view,
        ToolCallView::Generic(GenericCallView {
            title: "Run in background: npm run dev".to_owned(),
            kind: Some(ToolCallKind::Execute),
            raw_input: None,
            content: Some(vec![text("Dev server")]),
            locations: None,
        })
    );
    assert_eq!(
        result,
        Some(ToolResultView::Generic(GenericResultView {
            title: None,
            content: Some(vec![text("Started job job-1")]),
        }))
    );
    let (view, _) = present(&call(
        "bash",
        json!({"command": "sleep 9", "run_in_background": true}),
        None,
    ));
    let ToolCallView::Generic(view) = view else {
        panic!("a background command is a generic card");
    };
    assert_eq!(view.content, None);
}

#[test]
fn the_job_controls_own_generic_cards() {
    for (tool, args, title) in [
        ("job_list", json!({}), "List background jobs"),
        (
            "job_output",
            json!({"job_id": "job-3"}),
            "Output of job job-3",
        ),
        ("job_kill", json!({"job_id": "job-3"}), "Stop job job-3"),
    ] {
        let (view, result) = present(&call(tool, args, Some(ToolResult::text("done"))));
        assert_eq!(
            view,
            ToolCallView::Generic(GenericCallView {
                title: title.to_owned(),
                kind: Some(ToolCallKind::Execute),
                raw_input: None,
                content: None,
                locations: None,
            }),
            "{tool}"
        );
        assert_eq!(
            result,
            Some(ToolResultView::Generic(GenericResultView {
                title: None,
                content: Some(vec![text("done")]),
            }))
        );
    }
}
