//! Call cards: each `ToolCallView` becomes the `ToolCall` that announces the call.

use std::collections::HashSet;

use agent_client_protocol_schema::v1 as acp;

use crate::views::{
    DiffCallView, GenericCallView, TerminalCallView, ToolCallKind, ToolCallViewBridge,
};

/// Renders one call card. The generated trait has one required method per card, so a new card
/// fails to compile here until it is described.
pub(crate) struct CallCard<'a> {
    /// The tool call's id.
    pub(crate) id: &'a acp::ToolCallId,
    /// The ids whose terminal this bridge announced, when the client has terminal output; a
    /// terminal call adds its own.
    pub(crate) terminals: Option<&'a mut HashSet<acp::ToolCallId>>,
}

impl ToolCallViewBridge for CallCard<'_> {
    type Output = acp::ToolCall;

    fn generic(&mut self, value: &GenericCallView) -> acp::ToolCall {
        acp::ToolCall::new(self.id.clone(), value.title.clone())
            .kind(value.kind.map_or(acp::ToolKind::Other, tool_kind))
            .raw_input(value.raw_input.clone())
            .content(
                value
                    .content
                    .as_deref()
                    .map(crate::content::blocks)
                    .unwrap_or_default(),
            )
            .locations(
                value
                    .locations
                    .as_deref()
                    .map(crate::content::locations)
                    .unwrap_or_default(),
            )
    }

    fn terminal(&mut self, value: &TerminalCallView) -> acp::ToolCall {
        let call = acp::ToolCall::new(self.id.clone(), value.title.clone())
            .kind(acp::ToolKind::Execute)
            .raw_input(crate::terminal::raw_input(value));
        match self.terminals.as_deref_mut() {
            Some(announced) => {
                announced.insert(self.id.clone());
                let (meta, terminal) = crate::terminal::announce(self.id, value);
                call.content(vec![terminal]).meta(meta)
            }
            None => call,
        }
    }

    fn diff(&mut self, value: &DiffCallView) -> acp::ToolCall {
        acp::ToolCall::new(self.id.clone(), value.title.clone())
            .kind(acp::ToolKind::Edit)
            .content(crate::content::diffs(&value.diffs))
            .locations(crate::content::diff_locations(
                &value.diffs,
                value.locations.as_deref(),
            ))
    }
}

/// ACP's kind for each render-intent kind; the names are ACP's own, one for one.
fn tool_kind(kind: ToolCallKind) -> acp::ToolKind {
    match kind {
        ToolCallKind::Read => acp::ToolKind::Read,
        ToolCallKind::Edit => acp::ToolKind::Edit,
        ToolCallKind::Delete => acp::ToolKind::Delete,
        ToolCallKind::Move => acp::ToolKind::Move,
        ToolCallKind::Search => acp::ToolKind::Search,
        ToolCallKind::Execute => acp::ToolKind::Execute,
        ToolCallKind::Think => acp::ToolKind::Think,
        ToolCallKind::Fetch => acp::ToolKind::Fetch,
        ToolCallKind::Other => acp::ToolKind::Other,
    }
}
