//! The floor: plain serde derive structs decoded with the variant known in advance, so no
//! decoder has to look for a tag. Each card's struct holds its tags as fields of their own
//! (read and checked like any short string, never dispatched on), and a content block is one
//! flat struct with every field of both variants, so nothing in the floor is a union.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::derive::{FileDiff, FileLocation, SearchFileMatches, ToolCallKind};

/// Every tag value of the render-intent unions.
const TAGS: &[&str] = &[
    "generic", "terminal", "diff", "search", "matches", "paths", "text", "image",
];

/// A tag read as a field: one of [`TAGS`], kept without allocating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag(pub &'static str);

impl Serialize for Tag {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Tag {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TagVisitor)
    }
}

/// Reads a [`Tag`].
struct TagVisitor;

impl Visitor<'_> for TagVisitor {
    type Value = Tag;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a tag value")
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Tag, E> {
        TAGS.iter()
            .find(|tag| **tag == value)
            .map(|tag| Tag(tag))
            .ok_or_else(|| E::unknown_variant(value, TAGS))
    }
}

/// A content block of either variant, as one struct.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Block {
    /// The `type` tag.
    pub r#type: Tag,
    /// A text block's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// An image block's bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// An image block's MIME type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
}

/// A generic call card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GenericCall {
    /// The `card` tag.
    pub card: Tag,
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
    pub content: Option<Vec<Block>>,
    /// Files the call touches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locations: Option<Vec<FileLocation>>,
}

/// A terminal call card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TerminalCall {
    /// The `card` tag.
    pub card: Tag,
    /// The command.
    pub title: String,
    /// What the command is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The working directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
}

/// A diff call card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DiffCall {
    /// The `card` tag.
    pub card: Tag,
    /// The card's title.
    pub title: String,
    /// The changes.
    pub diffs: Vec<FileDiff>,
    /// Files the call touches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locations: Option<Vec<FileLocation>>,
}

/// A generic result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GenericResult {
    /// The `card` tag.
    pub card: Tag,
    /// The card's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The result's content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<Block>>,
}

/// A terminal result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TerminalResult {
    /// The `card` tag.
    pub card: Tag,
    /// The card's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The command's output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// The exit code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// The signal that ended the command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<String>,
}

/// A diff result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DiffResult {
    /// The `card` tag.
    pub card: Tag,
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
    pub content: Option<Vec<Block>>,
}

/// A grep result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchMatches {
    /// The `card` tag.
    pub card: Tag,
    /// The `kind` tag.
    pub kind: Tag,
    /// The files with matches.
    pub files: Vec<SearchFileMatches>,
    /// Whether the cap dropped matches.
    pub truncated: bool,
    /// Every match found.
    pub total: u32,
    /// The model-facing text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<Block>>,
}

/// A glob result card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchPaths {
    /// The `card` tag.
    pub card: Tag,
    /// The `kind` tag.
    pub kind: Tag,
    /// The matching paths.
    pub paths: Vec<String>,
    /// Whether the cap dropped paths.
    pub truncated: bool,
    /// Every path found.
    pub total: u32,
    /// The model-facing text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<Block>>,
}
