//! Call cards: what a tool is about to do.

use crate::content::{blocks, locations};
use crate::diff::file_diffs;
use crate::layout::{BODY, Card, Lead, Side};
use crate::style::Paint;
use crate::text::shown_path;
use crate::transcript::Transcript;

impl crate::views::ToolCallViewBridge for Transcript {
    type Output = String;

    /// `> title [kind]`, the content, the locations, and the raw input as compact JSON.
    fn generic(&mut self, value: &crate::views::GenericCallView) -> String {
        let mut card = Card::new(self.options);
        card.header(Side::Call, &value.title, value.kind.map(kind_word));
        blocks(&mut card, value.content.as_deref().unwrap_or_default());
        locations(&mut card, value.locations.as_deref().unwrap_or_default());
        if let Some(input) = &value.raw_input {
            let lead = Lead::new("  input: ", "         ", Paint::Dim);
            card.line(lead, &[(&input.to_string(), Paint::Dim)]);
        }
        card.finish()
    }

    /// The command as a shell prompt shows it: `# description` above, `$ command`, and the
    /// working directory below. The card only describes; nothing is run.
    fn terminal(&mut self, value: &crate::views::TerminalCallView) -> String {
        let mut card = Card::new(self.options);
        if let Some(description) = &value.description {
            card.block(Lead::same("# ", Paint::Dim), &[(description, Paint::Dim)]);
        }
        let command = if value.title.is_empty() {
            ("(no command)", Paint::Dim)
        } else {
            (value.title.as_str(), Paint::Bold)
        };
        card.block(Lead::new("$ ", "  ", Paint::Cyan), &[command]);
        if let Some(cwd) = &value.cwd {
            card.line(BODY, &[("in ", Paint::Dim), (shown_path(cwd), Paint::Dim)]);
        }
        card.finish()
    }

    /// `> title`, a unified diff per file, and the locations.
    fn diff(&mut self, value: &crate::views::DiffCallView) -> String {
        let mut card = Card::new(self.options);
        card.header(Side::Call, &value.title, None);
        file_diffs(&mut card, &value.diffs);
        locations(&mut card, value.locations.as_deref().unwrap_or_default());
        card.finish()
    }
}

/// A call kind's wire name.
fn kind_word(kind: crate::views::ToolCallKind) -> &'static str {
    match kind {
        crate::views::ToolCallKind::Read => "read",
        crate::views::ToolCallKind::Edit => "edit",
        crate::views::ToolCallKind::Delete => "delete",
        crate::views::ToolCallKind::Move => "move",
        crate::views::ToolCallKind::Search => "search",
        crate::views::ToolCallKind::Execute => "execute",
        crate::views::ToolCallKind::Think => "think",
        crate::views::ToolCallKind::Fetch => "fetch",
        crate::views::ToolCallKind::Other => "other",
    }
}
