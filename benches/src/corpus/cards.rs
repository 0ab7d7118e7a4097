//! One render-intent value per card kind, in the generated types, with realistic sizes.

use render_intent::{
    ContentBlock, DiffCallView, DiffResultView, FileDiff, FileLocation, GenericCallView,
    GenericResultView, ImageContent, SearchFileMatches, SearchLineMatch, SearchMatchesResultView,
    SearchPathsResultView, SearchResultView, TerminalCallView, TerminalResultView, TextContent,
    ToolCallKind, ToolCallView, ToolResultView,
};
use std::ops::RangeInclusive;

use serde_json::json;

use super::rng::Rng;
use super::text;

/// A terminal call: a command and little else, the smallest card.
pub fn terminal_call(rng: &mut Rng) -> ToolCallView {
    ToolCallView::Terminal(TerminalCallView {
        title: text::command(rng),
        description: rng.chance(70).then(|| text::sentence(rng, 3..=12)),
        cwd: rng
            .chance(60)
            .then(|| format!("/home/dev/{}", text::path(rng))),
    })
}

/// A generic call with raw input, content and locations.
pub fn generic_call(rng: &mut Rng) -> ToolCallView {
    let raw_input = json!({
        "path": text::path(rng),
        "pattern": text::sentence(rng, 3..=3),
        "limit": rng.range(1, 500),
        "options": {"caseSensitive": rng.chance(50), "globs": [text::path(rng), text::path(rng)]},
        "note": null,
    });
    ToolCallView::Generic(GenericCallView {
        title: text::sentence(rng, 2..=6),
        kind: Some(rng.pick(&[ToolCallKind::Read, ToolCallKind::Fetch, ToolCallKind::Think])),
        raw_input: Some(raw_input),
        content: rng.chance(70).then(|| content(rng, 10..=60)),
        locations: rng.chance(60).then(|| locations(rng)),
    })
}

/// A diff call: whole old and new file texts.
pub fn diff_call(rng: &mut Rng) -> ToolCallView {
    let count = rng.range(1, 3);
    ToolCallView::Diff(DiffCallView {
        title: format!("Edit {}", text::path(rng)),
        diffs: (0..count).map(|_| diff(rng, 30..=150)).collect(),
        locations: rng.chance(50).then(|| locations(rng)),
    })
}

/// A generic result: content blocks, now and then an image.
pub fn generic_result(rng: &mut Rng) -> ToolResultView {
    let mut blocks = content(rng, 20..=90);
    if rng.chance(15) {
        blocks.push(ContentBlock::Image(ImageContent {
            data: text::base64(rng, 2_000..=8_000),
            mime_type: "image/png".to_owned(),
        }));
    }
    ToolResultView::Generic(GenericResultView {
        title: Some(text::sentence(rng, 2..=6)),
        content: Some(blocks),
    })
}

/// A terminal result: a command's output.
pub fn terminal_result(rng: &mut Rng) -> ToolResultView {
    let signal = rng.chance(5);
    ToolResultView::Terminal(TerminalResultView {
        title: Some(text::command(rng)),
        output: Some(text::terminal_output(rng, 5..=120)),
        exit_code: (!signal).then(|| rng.pick(&[0, 0, 0, 1, 101, 2])),
        signal: signal.then(|| "SIGTERM".to_owned()),
    })
}

/// A diff result: contextual hunks and the model-facing text.
pub fn diff_result(rng: &mut Rng) -> ToolResultView {
    let count = rng.range(1, 4);
    ToolResultView::Diff(DiffResultView {
        title: Some(format!("Edited {}", text::path(rng))),
        diffs: (0..count).map(|_| diff(rng, 10..=60)).collect(),
        locations: rng.chance(70).then(|| locations(rng)),
        content: Some(content(rng, 2..=10)),
    })
}

/// A grep result: matching lines grouped by file.
pub fn search_matches(rng: &mut Rng) -> ToolResultView {
    let files: Vec<SearchFileMatches> = (0..rng.range(1, 12))
        .map(|_| SearchFileMatches {
            path: text::path(rng),
            matches: (0..rng.range(1, 10))
                .map(|_| SearchLineMatch {
                    line_number: rng.range(1, 5_000) as u32,
                    line: text::code_line(rng),
                })
                .collect(),
        })
        .collect();
    let found: usize = files.iter().map(|file| file.matches.len()).sum();
    let truncated = rng.chance(20);
    ToolResultView::Search(SearchResultView::Matches(SearchMatchesResultView {
        files,
        truncated,
        total: (found + if truncated { rng.range(1, 500) } else { 0 }) as u32,
        content: rng.chance(50).then(|| content(rng, 5..=30)),
    }))
}

/// A glob result: matching paths.
pub fn search_paths(rng: &mut Rng) -> ToolResultView {
    let paths: Vec<String> = (0..rng.range(5, 150)).map(|_| text::path(rng)).collect();
    let truncated = rng.chance(20);
    ToolResultView::Search(SearchResultView::Paths(SearchPathsResultView {
        total: (paths.len() + if truncated { rng.range(1, 900) } else { 0 }) as u32,
        paths,
        truncated,
        content: rng.chance(30).then(|| content(rng, 1..=4)),
    }))
}

/// One file change of whole texts, a number of lines within `lines` long.
fn diff(rng: &mut Rng, lines: RangeInclusive<usize>) -> FileDiff {
    let lines = rng.range(*lines.start(), *lines.end());
    let old_text = rng.chance(80).then(|| text::code(rng, lines..=lines));
    FileDiff {
        path: text::path(rng),
        new_text: text::code(rng, lines..=lines + 10),
        old_text,
    }
}

/// Text content blocks of a number of lines within `lines` in all.
fn content(rng: &mut Rng, lines: RangeInclusive<usize>) -> Vec<ContentBlock> {
    let blocks = rng.range(1, 3);
    let lines = rng.range(*lines.start(), *lines.end()) / blocks;
    (0..blocks)
        .map(|_| {
            ContentBlock::Text(TextContent {
                text: if rng.chance(50) {
                    text::code(rng, lines..=lines)
                } else {
                    text::terminal_output(rng, lines..=lines)
                },
            })
        })
        .collect()
}

/// A few file locations.
fn locations(rng: &mut Rng) -> Vec<FileLocation> {
    (0..rng.range(1, 4))
        .map(|_| FileLocation {
            path: text::path(rng),
            line: rng.chance(60).then(|| rng.range(1, 2_000) as u32),
        })
        .collect()
}
