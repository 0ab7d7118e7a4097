//! Result cards: what a tool call produced.
//!
//! The diff and search cards also carry the model-facing text as `content`, for UIs without
//! those cards; the transcript renders the card itself, so it leaves that text out.

use crate::content::{blocks, locations};
use crate::diff::file_diffs;
use crate::layout::{Card, Side};
use crate::terminal::{output, status};
use crate::transcript::Transcript;

impl crate::views::ToolResultViewBridge for Transcript {
    type Output = String;

    /// `< title` (`< result` without one) and the content.
    fn generic(&mut self, value: &crate::views::GenericResultView) -> String {
        let mut card = Card::new(self.options);
        card.header(
            Side::Result,
            value.title.as_deref().unwrap_or("result"),
            None,
        );
        blocks(&mut card, value.content.as_deref().unwrap_or_default());
        card.finish()
    }

    /// `< title` (`< output` without one), the output with its whitespace, and the exit
    /// status in words.
    fn terminal(&mut self, value: &crate::views::TerminalResultView) -> String {
        let mut card = Card::new(self.options);
        card.header(
            Side::Result,
            value.title.as_deref().unwrap_or("output"),
            None,
        );
        output(&mut card, value.output.as_deref());
        status(&mut card, value.exit_code, value.signal.as_deref());
        card.finish()
    }

    /// `< title` (`< applied change` without one), a unified diff per hunk, the locations.
    fn diff(&mut self, value: &crate::views::DiffResultView) -> String {
        let mut card = Card::new(self.options);
        card.header(
            Side::Result,
            value.title.as_deref().unwrap_or("applied change"),
            None,
        );
        file_diffs(&mut card, &value.diffs);
        locations(&mut card, value.locations.as_deref().unwrap_or_default());
        card.finish()
    }

    /// The summary, the matches grouped by file or the paths, and the truncation line.
    fn search(&mut self, value: &crate::views::SearchResultView) -> String {
        let mut card = Card::new(self.options);
        value.dispatch(&mut card);
        card.finish()
    }
}
