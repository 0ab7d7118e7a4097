//! The evolution corpus through a bridge: a renderer written against version 1's types
//! (`evolution_v1`) reads every update version 2 writes (`tests/schemas/evolution_v2/
//! evolution_v2.jsonl`) and renders it: version 2's new card through the catch-all's required
//! method, its new role and status as version 1's `Other`, its new field kept unread.

use cardc_golden::evolution_v1::{
    MessageUpdate, Role, Status, ToolCallUpdate, Turn, Update, UpdateBridge,
};
use serde_json::Value;

/// Renders an update as one line of text.
struct Lines;

impl UpdateBridge for Lines {
    type Output = String;

    fn message(&mut self, value: &MessageUpdate) -> String {
        let role = match &value.role {
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::Other(other) => other.as_str(),
        };
        format!("{role}: {}", value.text)
    }

    fn tool_call(&mut self, value: &ToolCallUpdate) -> String {
        let status = match &value.status {
            Status::Pending => "pending",
            Status::Running => "running",
            Status::Completed => "completed",
            Status::Failed => "failed",
            Status::Other(other) => other.as_str(),
        };
        format!("[{status}] {}", value.title)
    }

    fn done(&mut self) -> String {
        "done".to_string()
    }

    fn unknown(&mut self, value: &cardc::Unknown<Update>) -> String {
        format!("(a {} update this editor cannot show)", value.tag())
    }
}

/// Every valid update and turn version 2's corpus holds, as (name, type, JSON text).
fn written_by_v2() -> Vec<(String, String, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../schemas/evolution_v2/evolution_v2.jsonl");
    let text = std::fs::read_to_string(&path).expect("the evolution corpus");
    text.lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("a corpus line"))
        .filter(|case| case["valid"] == true)
        .map(|case| {
            (
                case["name"].as_str().unwrap_or_default().to_string(),
                case["type"].as_str().unwrap_or_default().to_string(),
                case["payload"].to_string(),
            )
        })
        .collect()
}

#[test]
fn a_version_1_bridge_renders_every_update_version_2_writes() {
    let mut cases = written_by_v2();
    cases.sort_by(|a, b| a.0.cmp(&b.0));
    let mut rendered = Vec::new();
    for (name, type_name, text) in cases {
        let updates = match type_name.as_str() {
            "Update" => vec![cardc::decode_str::<Update>(&text)],
            "Turn" => match cardc::decode_str::<Turn>(&text) {
                Ok(turn) => turn.updates.into_iter().map(Ok).collect(),
                Err(error) => vec![Err(error)],
            },
            _ => continue,
        };
        for update in updates {
            let update = update.unwrap_or_else(|error| panic!("{name}: {error}"));
            rendered.push(format!("{name}: {}", update.dispatch(&mut Lines)));
        }
    }
    // What every bridge of version 1 renders (the TypeScript and Python ones too: see
    // `tests/conformance/tests/evolution.rs`): the new card and an unknown one through the
    // catch-all, the new role and status as the strings kept.
    let expected = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../schemas/evolution_v2/rendered_by_v1.txt"),
    )
    .expect("the rendered lines");
    assert_eq!(rendered.join("\n") + "\n", expected);
}

/// Version 2's new field reads into version 1's open object and writes back where it was,
/// after the fields version 1 knows.
#[test]
fn a_field_version_1_does_not_know_is_kept_and_written_back() {
    let text = r#"{"type":"message","role":"user","text":"hi","format":"plain","language":"fr"}"#;
    let update: Update = cardc::decode_str(text).expect("reads");
    assert_eq!(serde_json::to_string(&update).expect("writes"), text);
}
