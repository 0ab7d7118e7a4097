//! The render-intent types written by hand with plain serde derive: what a Rust team would
//! write without cardc. Unions are serde's internally tagged enums (`#[serde(tag)]`), which
//! buffer the whole object before they read the tag; optional fields are plain `Option`s.
//!
//! The build-time benchmark compiles this very file as its hand-written crate.

use serde::{Deserialize, Serialize};

/// A file a tool touched.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FileLocation {
    /// Path of the file.
    pub path: String,
    /// Line in the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
}

/// One file change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FileDiff {
    /// Path of the changed file.
    pub path: String,
    /// The text before the change; `null` for a new file.
    pub old_text: Option<String>,
    /// The text after the change.
    pub new_text: String,
}

/// A block of LLM content.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentBlock {
    /// Plain text.
    Text(TextContent),
    /// An image, base64-encoded.
    Image(ImageContent),
}

/// A text content block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TextContent {
    /// The text.
    pub text: String,
}

/// An image content block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImageContent {
    /// The image bytes, base64-encoded.
    pub data: String,
    /// The image's MIME type.
    pub mime_type: String,
}

/// What a tool call does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolCallKind {
    /// Reads files or data.
    Read,
    /// Edits files.
    Edit,
    /// Deletes files.
    Delete,
    /// Moves or renames files.
    Move,
    /// Searches for information.
    Search,
    /// Runs a command or code.
    Execute,
    /// Internal reasoning or planning.
    Think,
    /// Fetches external data.
    Fetch,
    /// Anything else.
    Other,
}

/// How a tool call renders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "card", rename_all = "snake_case")]
pub enum ToolCallView {
    /// A title with optional content, raw input and locations.
    Generic(GenericCallView),
    /// A shell command the harness runs.
    Terminal(TerminalCallView),
    /// A file change.
    Diff(DiffCallView),
}

/// The generic call card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GenericCallView {
    /// The card's title.
    pub title: String,
    /// What the call does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<ToolCallKind>,
    /// The call's raw input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw_input: Option<serde_json::Value>,
    /// Content shown under the title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<ContentBlock>>,
    /// Files the call touches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locations: Option<Vec<FileLocation>>,
}

/// The terminal call card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TerminalCallView {
    /// The card's title: the command.
    pub title: String,
    /// What the command is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The working directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
}

/// The diff call card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DiffCallView {
    /// The card's title.
    pub title: String,
    /// The changes.
    pub diffs: Vec<FileDiff>,
    /// Files the call touches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locations: Option<Vec<FileLocation>>,
}

/// How a tool result renders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "card", rename_all = "snake_case")]
pub enum ToolResultView {
    /// Optional title and content.
    Generic(GenericResultView),
    /// A finished command's output and exit status.
    Terminal(TerminalResultView),
    /// The applied change.
    Diff(DiffResultView),
    /// A grep or glob result.
    Search(SearchResultView),
}

/// The generic result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GenericResultView {
    /// The card's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The result's content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<ContentBlock>>,
}

/// The terminal result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TerminalResultView {
    /// The card's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The command's output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// The command's exit code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// The signal that ended the command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<String>,
}

/// The diff result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DiffResultView {
    /// The card's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The applied hunks.
    pub diffs: Vec<FileDiff>,
    /// Files the result touches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locations: Option<Vec<FileLocation>>,
    /// The model-facing text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<ContentBlock>>,
}

/// A search result, told apart by `kind`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SearchResultView {
    /// Grep: matching lines grouped by file.
    Matches(SearchMatchesResultView),
    /// Glob: matching paths.
    Paths(SearchPathsResultView),
}

/// Grep's result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchMatchesResultView {
    /// The files with matches.
    pub files: Vec<SearchFileMatches>,
    /// Whether the inline cap dropped matches.
    pub truncated: bool,
    /// Every match found, before the cap.
    pub total: u32,
    /// The model-facing text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<ContentBlock>>,
}

/// The matches in one file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchFileMatches {
    /// Path of the file.
    pub path: String,
    /// The matching lines.
    pub matches: Vec<SearchLineMatch>,
}

/// One matching line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchLineMatch {
    /// The 1-based line number.
    pub line_number: u32,
    /// The line's text.
    pub line: String,
}

/// Glob's result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchPathsResultView {
    /// The matching paths.
    pub paths: Vec<String>,
    /// Whether the inline cap dropped paths.
    pub truncated: bool,
    /// Every path found, before the cap.
    pub total: u32,
    /// The model-facing text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<ContentBlock>>,
}
