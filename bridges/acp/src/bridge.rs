//! The bridge: one ACP session update per view, shaped by what the client advertised.

use std::collections::HashSet;

use agent_client_protocol_schema::v1 as acp;

use crate::views::{ToolCallView, ToolResultView};

/// The key in the client capabilities' `_meta` by which a client says it renders display-only
/// terminals from `terminal_*` `_meta` entries (`"_meta": {"terminal_output": true}`, as Zed
/// advertises it).
pub const TERMINAL_OUTPUT_CAPABILITY: &str = "terminal_output";

/// Describes render-intent views as ACP v1 session updates for one client session.
///
/// It only describes: nothing is executed, and no request is sent to the client. The one state
/// it keeps is which tool calls' terminals it announced, so a terminal result names only a
/// terminal the client was told about.
#[derive(Debug)]
pub struct AcpBridge {
    /// Whether the client renders display-only terminals from `_meta` entries.
    terminal_output: bool,
    /// Tool calls whose terminal was announced and whose result has not been described yet.
    announced: HashSet<acp::ToolCallId>,
}

impl AcpBridge {
    /// A bridge for a client with these capabilities: it has terminal output when its `_meta`
    /// holds `"terminal_output": true` (any other value, or none, means it has not).
    pub fn new(capabilities: &acp::ClientCapabilities) -> Self {
        let terminal_output = capabilities
            .meta
            .as_ref()
            .and_then(|meta| meta.get(TERMINAL_OUTPUT_CAPABILITY))
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(false);
        Self::with_terminal_output(terminal_output)
    }

    /// A bridge for a client that does, or does not, have terminal output; for callers that
    /// have no `ClientCapabilities` at hand, such as a command-line switch.
    pub fn with_terminal_output(terminal_output: bool) -> Self {
        Self {
            terminal_output,
            announced: HashSet::new(),
        }
    }

    /// Whether this bridge describes terminals for a client with terminal output.
    pub fn terminal_output(&self) -> bool {
        self.terminal_output
    }

    /// The `tool_call` update that announces a call rendered as `view`. For a terminal card
    /// and a client with terminal output it also announces a display-only terminal whose id is
    /// the tool call's id.
    pub fn call_update(
        &mut self,
        tool_call_id: impl Into<acp::ToolCallId>,
        view: &ToolCallView,
    ) -> acp::SessionUpdate {
        let id = tool_call_id.into();
        let terminals = self.terminal_output.then_some(&mut self.announced);
        acp::SessionUpdate::ToolCall(
            view.dispatch(&mut crate::call::CallCard { id: &id, terminals }),
        )
    }

    /// The `tool_call_update` that finishes the call with the result rendered as `view`: its
    /// status (completed or failed), and its content replaced. A terminal result uses the
    /// display-only terminal only when this bridge announced it for this call; otherwise it
    /// falls back to text, as for a client without terminal output.
    pub fn result_update(
        &mut self,
        tool_call_id: impl Into<acp::ToolCallId>,
        view: &ToolResultView,
    ) -> acp::SessionUpdate {
        let id = tool_call_id.into();
        // The result ends the call, so its terminal is forgotten whatever card it has.
        let announced = self.announced.remove(&id);
        acp::SessionUpdate::ToolCallUpdate(
            view.dispatch(&mut crate::result::ResultCard { id: &id, announced }),
        )
    }
}
