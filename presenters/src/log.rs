//! Session logs as a bridge's demo reads them: one JSON object per line, either a tool call to
//! present or views already presented.

use std::fmt;

use render_intent::{ToolCallView, ToolResultView};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::call::ToolCall;
use crate::tool::present;

/// A call card and, once the call has finished, its result card: what a bridge renders for one
/// tool call. On the wire, `{"call": <ToolCallView>, "result": <ToolResultView>}`, `result`
/// absent while the call runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Views {
    /// The call card.
    pub call: ToolCallView,
    /// The result card, absent while the call runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ToolResultView>,
}

impl From<(ToolCallView, Option<ToolResultView>)> for Views {
    fn from((call, result): (ToolCallView, Option<ToolResultView>)) -> Self {
        Self { call, result }
    }
}

/// One log line.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    /// `{"tool": ..., "args": ..., "result": ...}`: a tool call, presented on reading.
    Call(ToolCall),
    /// `{"call": ..., "result": ...}`: raw views, taken as they are (after strict decoding).
    Views(Views),
}

impl Entry {
    /// Reads one line. A line with a `tool` key is a tool call; any other is raw views.
    pub fn parse(line: &str) -> Result<Self, serde_json::Error> {
        let value: Value = serde_json::from_str(line)?;
        // Decoding again from the text, not the value, keeps the column in error messages.
        if value.get("tool").is_some() {
            serde_json::from_str(line).map(Self::Call)
        } else {
            serde_json::from_str(line).map(Self::Views)
        }
    }

    /// The entry's views: a tool call presented, or raw views as they are.
    pub fn views(&self) -> Views {
        match self {
            Self::Call(call) => present(call).into(),
            Self::Views(views) => views.clone(),
        }
    }
}

/// A log line that is neither a tool call nor raw views.
#[derive(Debug)]
pub struct LogError {
    /// The 1-based line number.
    pub line: usize,
    /// Why the line was refused.
    pub error: serde_json::Error,
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for LogError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Reads a whole log, skipping blank lines, into its entries; the first bad line is an error.
pub fn read_log(text: &str) -> Result<Vec<Entry>, LogError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            Entry::parse(line).map_err(|error| LogError {
                line: index + 1,
                error,
            })
        })
        .collect()
}

/// Reads a whole log and presents every entry, in order.
pub fn present_log(text: &str) -> Result<Vec<Views>, LogError> {
    Ok(read_log(text)?.iter().map(Entry::views).collect())
}
