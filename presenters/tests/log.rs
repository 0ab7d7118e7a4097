//! The log lines a bridge's demo reads: tool calls to present, and raw views.

use cardc_presenters::log::{Entry, Views, present_log, read_log};
use cardc_presenters::{ToolCall, present};
use render_intent::{TerminalCallView, ToolCallView, ToolResultView};
use serde_json::json;

#[test]
fn a_log_mixes_tool_calls_and_raw_views() {
    let log = r#"
{"tool": "bash", "args": {"command": "ls"}, "result": {"content": [{"type": "text", "text": "a\nb"}], "exitCode": 0}}

{"call": {"card": "terminal", "title": "ls"}, "result": {"card": "terminal", "output": "a\nb", "exitCode": 0}}
{"call": {"card": "diff", "title": "Write a", "diffs": [{"path": "a", "oldText": null, "newText": "x"}]}}
"#;
    let views = present_log(log).expect("a valid log");
    assert_eq!(views.len(), 3);
    assert_eq!(
        views[0], views[1],
        "a presented call equals the same views given raw"
    );
    assert!(matches!(views[2].call, ToolCallView::Diff(_)));
    assert_eq!(views[2].result, None);
}

#[test]
fn a_line_with_a_tool_key_is_a_tool_call() {
    let entry = Entry::parse(r#"{"tool": "bash", "args": {"command": "ls"}}"#).expect("a call");
    let Entry::Call(call) = &entry else {
        panic!("a tool call, got {entry:?}");
    };
    assert_eq!(call.tool, "bash");
    assert_eq!(
        entry.views(),
        Views {
            call: ToolCallView::Terminal(TerminalCallView {
                title: "ls".to_owned(),
                description: None,
                cwd: None,
            }),
            result: None,
        }
    );
}

#[test]
fn bad_lines_are_reported_with_their_line_number() {
    let cases = [
        ("not json", 1),
        ("\n{\"tool\": \"bash\"}", 2),
        ("{\"tool\": \"bash\", \"args\": {}, \"id\": 1}", 1),
        (
            "{\"tool\": \"bash\", \"args\": {}, \"result\": {\"exit_code\": 1}}",
            1,
        ),
        (
            "{\"tool\": \"bash\", \"args\": {}, \"result\": {\"content\": \"text\"}}",
            1,
        ),
        ("\n\n{\"call\": {\"card\": \"table\", \"title\": \"x\"}}", 3),
        (
            "{\"call\": {\"card\": \"generic\", \"title\": \"x\", \"output\": \"y\"}}",
            1,
        ),
        (
            "{\"call\": {\"card\": \"generic\", \"title\": \"x\"}, \"result\": {\"card\": \"search\"}}",
            1,
        ),
        ("{\"card\": \"generic\", \"title\": \"x\"}", 1),
        ("[]", 1),
    ];
    for (log, line) in cases {
        let error = read_log(log).expect_err(log);
        assert_eq!(error.line, line, "{log}");
        assert!(
            error.to_string().starts_with(&format!("line {line}: ")),
            "{error}"
        );
    }
}

#[test]
fn a_tool_call_round_trips_through_its_log_line() {
    let call: ToolCall = serde_json::from_value(json!({
        "tool": "bash",
        "args": {"command": "false", "z": 1, "a": 2},
        "result": {"content": [{"type": "text", "text": "x"}], "isError": true, "exitCode": 1,
                   "signal": "SIGHUP", "presentationMeta": {"any": ["json"]}}
    }))
    .expect("a valid call");
    let line = serde_json::to_string(&call).expect("calls serialize");
    assert_eq!(
        line,
        r#"{"tool":"bash","args":{"command":"false","z":1,"a":2},"result":{"content":[{"type":"text","text":"x"}],"isError":true,"exitCode":1,"signal":"SIGHUP","presentationMeta":{"any":["json"]}}}"#
    );
    let Entry::Call(back) = Entry::parse(&line).expect("the line reads back") else {
        panic!("a tool call");
    };
    assert_eq!(back, call);
    assert!(matches!(
        present(&back).1,
        Some(ToolResultView::Terminal(_))
    ));
}
