//! Golden ACP updates for every valid payload of the wire corpus
//! (`tests/conformance/corpus/render_intent.jsonl`), so a reviewer sees every update the bridge
//! sends and any change to one shows up as a diff.
//!
//! `tests/golden/tool_call_view.snap` holds the `tool_call` update of each valid `ToolCallView`
//! and `tests/golden/tool_result_view.snap` the `tool_call_update` of each valid
//! `ToolResultView`, each sent for a tool call whose id is the case's name. Every case is
//! rendered for a client without terminal output (`plain`) and one with it (`terminalOutput`);
//! one entry with mode `both` stands for the two when they agree. In `terminalOutput` mode the
//! bridge first announces the call as a terminal card (that `tool_call` is not recorded), as a
//! harness does before a terminal result. Both are insta snapshots: after an intended change,
//! review them with `cargo insta review` or accept them with
//! `INSTA_UPDATE=always cargo test -p cardc-bridge-acp --test golden`.

use std::path::PathBuf;

use cardc_bridge_acp::AcpBridge;
use cardc_bridge_acp::views::{ToolCallView, ToolResultView};
use serde_json::{Value, json};

/// The valid payloads of the wire corpus read as `union`, with their case names.
fn corpus(union: &str) -> Vec<(String, Value)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/conformance/corpus/render_intent.jsonl");
    let text = std::fs::read_to_string(&path).expect("read the wire corpus");
    let cases: Vec<(String, Value)> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str::<Value>(line).expect("a corpus line is JSON"))
        .filter(|case| case["type"] == union && case["valid"] == true)
        .map(|case| {
            let name = case["name"].as_str().expect("a case has a name").to_owned();
            (name, case["payload"].clone())
        })
        .collect();
    assert!(!cases.is_empty(), "no valid {union} in the corpus");
    cases
}

/// One golden entry per mode, or one `both` entry when the two modes give the same update.
fn entries(name: &str, plain: Value, terminal_output: Value) -> Vec<Value> {
    if plain == terminal_output {
        return vec![json!({"name": name, "mode": "both", "update": plain})];
    }
    vec![
        json!({"name": name, "mode": "plain", "update": plain}),
        json!({"name": name, "mode": "terminalOutput", "update": terminal_output}),
    ]
}

fn call_goldens() -> Vec<Value> {
    let mut out = Vec::new();
    for (name, payload) in corpus("ToolCallView") {
        let view = ToolCallView::from_json_value(&payload).expect("a valid corpus case decodes");
        let update = |terminal_output: bool| {
            let update =
                AcpBridge::with_terminal_output(terminal_output).call_update(name.clone(), &view);
            serde_json::to_value(update).expect("an update serializes")
        };
        let (plain, terminal_output) = (update(false), update(true));
        out.extend(entries(&name, plain, terminal_output));
    }
    out
}

fn result_goldens() -> Vec<Value> {
    let announce = ToolCallView::from_json_value(&json!({"card": "terminal", "title": "run"}))
        .expect("a valid call card");
    let mut out = Vec::new();
    for (name, payload) in corpus("ToolResultView") {
        let view = ToolResultView::from_json_value(&payload).expect("a valid corpus case decodes");
        let update = |terminal_output: bool| {
            let mut bridge = AcpBridge::with_terminal_output(terminal_output);
            bridge.call_update(name.clone(), &announce);
            let update = bridge.result_update(name.clone(), &view);
            serde_json::to_value(update).expect("an update serializes")
        };
        let (plain, terminal_output) = (update(false), update(true));
        out.extend(entries(&name, plain, terminal_output));
    }
    out
}

/// Compares `entries` with the committed snapshot `name` in `tests/golden/`.
fn check(name: &str, entries: &[Value]) {
    let actual = serde_json::to_string_pretty(entries).expect("goldens serialize");
    insta::with_settings!({
        snapshot_path => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden"),
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, actual);
    });
}

#[test]
fn call_updates_match_the_golden_file() {
    check("tool_call_view", &call_goldens());
}

#[test]
fn result_updates_match_the_golden_file() {
    check("tool_result_view", &result_goldens());
}

#[test]
fn the_modes_differ_exactly_on_terminal_cards() {
    let goldens = call_goldens().into_iter().chain(result_goldens());
    for entry in goldens {
        let name = entry["name"].as_str().expect("an entry has a name");
        let is_terminal = name.starts_with("call-terminal") || name.starts_with("result-terminal");
        assert_eq!(
            entry["mode"] != "both",
            is_terminal,
            "{name} is rendered in mode {}",
            entry["mode"]
        );
    }
}
