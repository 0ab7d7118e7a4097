//! Result cards: each `ToolResultView` becomes the `ToolCallUpdate` that finishes the call.
//!
//! Every update sets the status: completed, or failed for a terminal whose command failed (the
//! other cards carry no failure). A field the card leaves out leaves the call's value as it was;
//! a field it has replaces the call's (ACP replaces collections, never extends them).

use agent_client_protocol_schema::v1 as acp;

use crate::views::{
    DiffResultView, GenericResultView, SearchResultView, TerminalResultView, ToolResultViewBridge,
};

/// Renders one result card. The generated trait has one required method per card, so a new
/// card fails to compile here until it is described.
pub(crate) struct ResultCard<'a> {
    /// The tool call's id.
    pub(crate) id: &'a acp::ToolCallId,
    /// Whether this bridge announced the call's terminal to a client with terminal output.
    pub(crate) announced: bool,
}

impl ToolResultViewBridge for ResultCard<'_> {
    type Output = acp::ToolCallUpdate;

    fn generic(&mut self, value: &GenericResultView) -> acp::ToolCallUpdate {
        let fields = completed()
            .title(value.title.clone())
            .content(value.content.as_deref().map(crate::content::blocks));
        acp::ToolCallUpdate::new(self.id.clone(), fields)
    }

    fn terminal(&mut self, value: &TerminalResultView) -> acp::ToolCallUpdate {
        crate::terminal::result(self.id, value, self.announced)
    }

    /// The applied change as diffs. The card's `content` is the text for UIs without a diff
    /// card, and ACP clients render diffs, so it is sent only when there is no diff to show.
    fn diff(&mut self, value: &DiffResultView) -> acp::ToolCallUpdate {
        let content = if value.diffs.is_empty() {
            value
                .content
                .as_deref()
                .map(crate::content::blocks)
                .unwrap_or_default()
        } else {
            crate::content::diffs(&value.diffs)
        };
        let fields = completed()
            .title(value.title.clone())
            .content(content)
            .locations(crate::content::diff_locations(
                &value.diffs,
                value.locations.as_deref(),
            ));
        acp::ToolCallUpdate::new(self.id.clone(), fields)
    }

    fn search(&mut self, value: &SearchResultView) -> acp::ToolCallUpdate {
        value.dispatch(&mut crate::search::SearchCard { id: self.id })
    }
}

/// The fields every finished call starts from.
fn completed() -> acp::ToolCallUpdateFields {
    acp::ToolCallUpdateFields::new().status(acp::ToolCallStatus::Completed)
}
