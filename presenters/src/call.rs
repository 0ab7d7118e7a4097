//! A tool call as a session log records it: the input every presenter reads.

use render_intent::{ContentBlock, TextContent};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One tool call: the tool's name, its arguments, and its result once it has one.
///
/// On the wire this is one log line, `{"tool": ..., "args": ..., "result": ...}`. While the
/// call streams, `result` is absent; a replayed log carries it. Unknown keys are refused so that
/// a misspelt key (say `exit_code` for `exitCode`) is reported rather than silently dropped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolCall {
    /// The tool's name, such as `edit` or `grep`; see [`crate::Tool`].
    pub tool: String,
    /// The arguments exactly as the model sent them, any JSON.
    pub args: Value,
    /// The finished result, absent while the call is still running.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ToolResult>,
}

/// A finished tool call: the model-facing content plus what a UI needs beside it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ToolResult {
    /// What the model saw: the tool's text (or image) output.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub content: Vec<ContentBlock>,
    /// Whether the tool failed; the content then holds the error text.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub is_error: bool,
    /// The shell command's exit code, for `bash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// The signal that ended the shell command, such as `SIGTERM`, for `bash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<String>,
    /// The tool's JSON presentation payload, persisted beside the text: the applied change for
    /// `write`/`edit`, the structured search for `grep`/`glob`. Presenters read it defensively,
    /// so any JSON (or none, as in older logs) is accepted here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub presentation_meta: Option<Value>,
}

impl ToolResult {
    /// A successful result whose content is one text block.
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            content: vec![text_block(text)],
            ..Self::default()
        }
    }

    /// The text blocks of the content joined by newlines; images are left out.
    pub fn joined_text(&self) -> String {
        let texts: Vec<&str> = self
            .content
            .iter()
            .filter_map(|block| match block {
                ContentBlock::Text(text) => Some(text.text.as_str()),
                ContentBlock::Image(_) => None,
            })
            .collect();
        texts.join("\n")
    }

    /// The content as a view's optional `content`: absent rather than an empty list.
    pub(crate) fn content_or_none(&self) -> Option<Vec<ContentBlock>> {
        (!self.content.is_empty()).then(|| self.content.clone())
    }
}

/// A text content block.
pub(crate) fn text_block(text: impl Into<String>) -> ContentBlock {
    ContentBlock::Text(TextContent { text: text.into() })
}
