//! Terminal results in both capability modes: the display-only terminal's `_meta` entries for a
//! client with terminal output, the fenced `console` fallback without it, and the failed status.

use cardc_bridge_acp::views::{ToolCallView, ToolResultView};
use cardc_bridge_acp::{AcpBridge, acp};
use serde_json::{Value, json};

/// The result update for `view` after the bridge announced the call `call-1` as a terminal.
fn after_terminal_call(bridge: &mut AcpBridge, view: Value) -> Value {
    let call = ToolCallView::from_json_value(&json!({"card": "terminal", "title": "run"}))
        .expect("a valid call card");
    bridge.call_update("call-1".to_owned(), &call);
    result(bridge, view)
}

/// The result update for `view` for the call `call-1`, as JSON.
fn result(bridge: &mut AcpBridge, view: Value) -> Value {
    let view = ToolResultView::from_json_value(&view).expect("a valid result card");
    serde_json::to_value(bridge.result_update("call-1".to_owned(), &view)).expect("serializes")
}

/// The fallback's text blocks, in order.
fn texts(update: &Value) -> Vec<&str> {
    update["content"]
        .as_array()
        .expect("the content is replaced")
        .iter()
        .map(|item| item["content"]["text"].as_str().expect("a text block"))
        .collect()
}

fn plain() -> AcpBridge {
    AcpBridge::with_terminal_output(false)
}

#[test]
fn terminal_output_is_read_from_the_client_capabilities_meta() {
    let zed: acp::v1::ClientCapabilities = serde_json::from_value(json!({
        "fs": {"readTextFile": true, "writeTextFile": true},
        "terminal": true,
        "_meta": {"terminal_output": true, "terminal-auth": true}
    }))
    .expect("capabilities parse");
    assert!(AcpBridge::new(&zed).terminal_output());
    for meta in [
        json!({"terminal_output": false}),
        json!({"terminal_output": "true"}),
        json!({}),
    ] {
        let capabilities: acp::v1::ClientCapabilities =
            serde_json::from_value(json!({"terminal": true, "_meta": meta})).expect("parse");
        assert!(!AcpBridge::new(&capabilities).terminal_output(), "{meta}");
    }
    assert!(!AcpBridge::new(&acp::v1::ClientCapabilities::new()).terminal_output());
}

#[test]
fn with_terminal_output_the_result_feeds_and_ends_the_announced_terminal() {
    let update = after_terminal_call(
        &mut AcpBridge::with_terminal_output(true),
        json!({"card": "terminal", "title": "cargo test", "output": "running 3 tests\nok\n", "exitCode": 101}),
    );
    assert_eq!(
        update,
        json!({
            "sessionUpdate": "tool_call_update",
            "toolCallId": "call-1",
            "status": "failed",
            "title": "cargo test",
            "content": [{"type": "terminal", "terminalId": "call-1"}],
            "_meta": {
                "terminal_info": {"terminal_id": "call-1"},
                "terminal_output": {"terminal_id": "call-1", "data": "running 3 tests\nok\n"},
                "terminal_exit": {"terminal_id": "call-1", "exit_code": 101, "signal": null}
            }
        })
    );
}

#[test]
fn with_terminal_output_an_unknown_status_is_null_and_absent_output_is_empty() {
    let update = after_terminal_call(
        &mut AcpBridge::with_terminal_output(true),
        json!({"card": "terminal"}),
    );
    assert_eq!(update["status"], "completed");
    assert_eq!(
        update["_meta"]["terminal_output"],
        json!({"terminal_id": "call-1", "data": ""})
    );
    assert_eq!(
        update["_meta"]["terminal_exit"],
        json!({"terminal_id": "call-1", "exit_code": null, "signal": null})
    );
}

#[test]
fn a_terminal_the_bridge_did_not_announce_falls_back_to_text() {
    let mut bridge = AcpBridge::with_terminal_output(true);
    let view = json!({"card": "terminal", "output": "ok\n", "exitCode": 0});
    let unannounced = result(&mut bridge, view.clone());
    assert!(unannounced.get("_meta").is_none(), "{unannounced}");
    assert_eq!(
        texts(&unannounced),
        ["```console\nok\n```", "Exited with code 0."]
    );

    // A generic call announces nothing either.
    let generic = ToolCallView::from_json_value(&json!({"card": "generic", "title": "t"}))
        .expect("a valid call card");
    bridge.call_update("call-1".to_owned(), &generic);
    assert!(result(&mut bridge, view.clone()).get("_meta").is_none());

    // The result ends the terminal: a second result for the call cannot name it again.
    assert!(
        after_terminal_call(&mut bridge, view.clone())
            .get("_meta")
            .is_some()
    );
    assert!(result(&mut bridge, view).get("_meta").is_none());
}

#[test]
fn without_terminal_output_the_output_is_a_console_block_with_trailing_whitespace_trimmed() {
    let update = after_terminal_call(
        &mut plain(),
        json!({"card": "terminal", "title": "ls", "output": "  Cargo.toml\nsrc\t \n\n \r\n", "exitCode": 0}),
    );
    assert_eq!(
        update,
        json!({
            "sessionUpdate": "tool_call_update",
            "toolCallId": "call-1",
            "status": "completed",
            "title": "ls",
            "content": [
                {"type": "content", "content": {"type": "text", "text": "```console\n  Cargo.toml\nsrc\n```"}},
                {"type": "content", "content": {"type": "text", "text": "Exited with code 0."}}
            ]
        })
    );
}

#[test]
fn output_holding_a_fence_cannot_close_the_console_block() {
    let output = "```\n# not a heading\n`````\n";
    let update = result(
        &mut plain(),
        json!({"card": "terminal", "output": output, "exitCode": 0}),
    );
    assert_eq!(
        texts(&update)[0],
        "``````console\n```\n# not a heading\n`````\n``````"
    );
}

#[test]
fn a_commonmark_parser_reads_back_exactly_the_trimmed_output() {
    let outputs = [
        "plain\n",
        "```\nrm -rf /\n```\n",
        "````` five\n``` three\n",
        "~~~\n<script>alert(1)</script> & *not bold*\n",
        "    indented\n\ttabbed\n",
        "`",
        "ends with a fence ```",
    ];
    for output in outputs {
        let update = result(
            &mut plain(),
            json!({"card": "terminal", "output": output, "exitCode": 0}),
        );
        let markdown = texts(&update)[0];
        let mut blocks = Vec::new();
        let mut inside = None;
        for event in pulldown_cmark::Parser::new(markdown) {
            match event {
                pulldown_cmark::Event::Start(pulldown_cmark::Tag::CodeBlock(
                    pulldown_cmark::CodeBlockKind::Fenced(info),
                )) => inside = Some((info.to_string(), String::new())),
                pulldown_cmark::Event::Text(text) => {
                    if let Some((_, body)) = inside.as_mut() {
                        body.push_str(&text);
                    }
                }
                pulldown_cmark::Event::End(pulldown_cmark::TagEnd::CodeBlock) => {
                    blocks.extend(inside.take());
                }
                other => panic!("{output:?} rendered more than one code block: {other:?}"),
            }
        }
        let expected = format!("{}\n", output.trim_end());
        assert_eq!(blocks, [("console".to_owned(), expected)], "{markdown}");
    }
}

#[test]
fn no_output_means_no_block_and_no_status_means_no_words() {
    let empty = result(
        &mut plain(),
        json!({"card": "terminal", "output": " \n", "exitCode": 1}),
    );
    assert_eq!(texts(&empty), ["Exited with code 1."]);
    let nothing = result(&mut plain(), json!({"card": "terminal"}));
    assert_eq!(nothing["content"], json!([]));
    assert_eq!(nothing["status"], "completed");
}

#[test]
fn the_exit_status_in_words() {
    let cases = [
        (json!({"exitCode": 0}), "Exited with code 0."),
        (json!({"exitCode": -1}), "Exited with code -1."),
        (
            json!({"signal": "SIGKILL"}),
            "Terminated by signal SIGKILL.",
        ),
        (
            json!({"exitCode": 130, "signal": "SIGINT"}),
            "Terminated by signal SIGINT (exit code 130).",
        ),
        (json!({"exitCode": 2, "signal": ""}), "Exited with code 2."),
    ];
    for (mut view, words) in cases {
        view["card"] = json!("terminal");
        assert_eq!(texts(&result(&mut plain(), view)), [words]);
    }
}

#[test]
fn a_non_zero_exit_code_or_a_signal_fails_the_call_in_both_modes() {
    let cases = [
        (json!({"exitCode": 0}), "completed"),
        (json!({"exitCode": 1}), "failed"),
        (json!({"exitCode": -9}), "failed"),
        (json!({"exitCode": 2147483647}), "failed"),
        (json!({"signal": "SIGTERM"}), "failed"),
        (json!({"exitCode": 0, "signal": "SIGPIPE"}), "failed"),
        (json!({"signal": ""}), "completed"),
        (json!({"output": "no status"}), "completed"),
    ];
    for (mut view, status) in cases {
        view["card"] = json!("terminal");
        let fallback = result(&mut plain(), view.clone());
        let terminal =
            after_terminal_call(&mut AcpBridge::with_terminal_output(true), view.clone());
        assert_eq!(fallback["status"], status, "{view}");
        assert_eq!(terminal["status"], status, "{view}");
    }
}

#[test]
fn an_empty_signal_name_is_no_signal_in_terminal_exit() {
    let update = after_terminal_call(
        &mut AcpBridge::with_terminal_output(true),
        json!({"card": "terminal", "exitCode": -9, "signal": ""}),
    );
    assert_eq!(
        update["_meta"]["terminal_exit"],
        json!({"terminal_id": "call-1", "exit_code": -9, "signal": null})
    );
}
