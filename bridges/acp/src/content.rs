//! The pieces several cards share, in ACP's types: content blocks, file locations and diffs.

use agent_client_protocol_schema::v1 as acp;

use crate::views::{
    ContentBlock, ContentBlockBridge, FileDiff, FileLocation, ImageContent, TextContent,
};

/// Maps render-intent content blocks to ACP content items, in order.
pub(crate) fn blocks(blocks: &[ContentBlock]) -> Vec<acp::ToolCallContent> {
    blocks
        .iter()
        .map(|block| acp::ToolCallContent::from(block.dispatch(&mut Blocks)))
        .collect()
}

/// One text content item; ACP clients render its text as Markdown.
pub(crate) fn markdown(text: String) -> acp::ToolCallContent {
    acp::ToolCallContent::from(acp::ContentBlock::from(text))
}

/// Maps file locations to ACP locations, keeping each line as the tool gave it.
pub(crate) fn locations(locations: &[FileLocation]) -> Vec<acp::ToolCallLocation> {
    locations
        .iter()
        .map(|location| acp::ToolCallLocation::new(&location.path).line(location.line))
        .collect()
}

/// One diff content item per file diff. A new file's `oldText` is `null` in the view and left
/// out here, which is how ACP says "new file".
pub(crate) fn diffs(diffs: &[FileDiff]) -> Vec<acp::ToolCallContent> {
    diffs
        .iter()
        .map(|diff| {
            acp::ToolCallContent::from(
                acp::Diff::new(&diff.path, diff.new_text.clone()).old_text(diff.old_text.clone()),
            )
        })
        .collect()
}

/// The locations of a diff card: the card's own when it has them (even none), else one per
/// changed file in first-seen order, since those are the files the call touches and an editor
/// can follow along only to a location it is given.
pub(crate) fn diff_locations(
    diffs: &[FileDiff],
    given: Option<&[FileLocation]>,
) -> Vec<acp::ToolCallLocation> {
    if let Some(given) = given {
        return locations(given);
    }
    let mut paths: Vec<&str> = Vec::new();
    for diff in diffs {
        if !paths.contains(&diff.path.as_str()) {
            paths.push(&diff.path);
        }
    }
    paths.into_iter().map(acp::ToolCallLocation::new).collect()
}

/// Renders each content block as ACP's block of the same kind. A generated bridge trait rather
/// than a `match`, so a new block type fails to compile here until it is mapped.
struct Blocks;

impl ContentBlockBridge for Blocks {
    type Output = acp::ContentBlock;

    fn text(&mut self, value: &TextContent) -> acp::ContentBlock {
        acp::ContentBlock::Text(acp::TextContent::new(value.text.clone()))
    }

    fn image(&mut self, value: &ImageContent) -> acp::ContentBlock {
        acp::ContentBlock::Image(acp::ImageContent::new(
            value.data.clone(),
            value.mime_type.clone(),
        ))
    }
}
