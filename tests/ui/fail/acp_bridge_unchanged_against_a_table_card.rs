//! The ACP bridge's unchanged source, compiled against the schema with a `table` card: each
//! union's impl in the bridge lacks a `table` method, and the error names it there.
#![allow(dead_code, unused_imports)]

/// The render-intent types, from the schema this case compiles the bridge against.
mod views {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/render_intent_with_table.cards"]
    pub struct RenderIntent;
}

use agent_client_protocol_schema as acp;

#[path = "../../../bridges/acp/src/bridge.rs"]
mod bridge;
#[path = "../../../bridges/acp/src/call.rs"]
mod call;
#[path = "../../../bridges/acp/src/content.rs"]
mod content;
#[path = "../../../bridges/acp/src/markdown.rs"]
mod markdown;
#[path = "../../../bridges/acp/src/result.rs"]
mod result;
#[path = "../../../bridges/acp/src/search.rs"]
mod search;
#[path = "../../../bridges/acp/src/terminal.rs"]
mod terminal;

fn main() {
    let mut bridge = bridge::AcpBridge::with_terminal_output(true);
    let call = views::ToolCallView::from_json_str(r#"{"card": "terminal", "title": "ls"}"#).unwrap();
    let result = views::ToolResultView::from_json_str(r#"{"card": "terminal", "exitCode": 0}"#).unwrap();
    let _ = bridge.call_update("call-1".to_owned(), &call);
    let _ = bridge.result_update("call-1".to_owned(), &result);
}
