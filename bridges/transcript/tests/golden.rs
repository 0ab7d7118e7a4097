//! The transcript of every valid payload of the wire corpus, at a fixed width without colour,
//! against the committed snapshot `golden/render_intent.snap`.
//!
//! It is an insta snapshot: after an intended change, review it with `cargo insta review`
//! or accept it with `INSTA_UPDATE=always cargo test -p cardc-bridge-transcript --test golden`.

use std::collections::BTreeSet;
use std::path::PathBuf;

use cardc_bridge_transcript::views::{SearchResultView, ToolCallView, ToolResultView};
use cardc_bridge_transcript::{Options, Style, Transcript};
use serde_json::Value;
use unicode_width::UnicodeWidthStr;

/// The golden width: narrow enough that long titles, paths and lines wrap.
const WIDTH: usize = 60;

/// A valid corpus payload, decoded.
enum View {
    Call(ToolCallView),
    Result(ToolResultView),
}

struct Case {
    name: String,
    type_name: String,
    view: View,
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn valid_cases() -> Vec<Case> {
    let path = repo().join("tests/conformance/corpus/render_intent.jsonl");
    let text = std::fs::read_to_string(&path).expect("read the wire corpus");
    let mut cases = Vec::new();
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("every corpus line is JSON");
        if case["valid"] != Value::Bool(true) {
            continue;
        }
        let name = case["name"].as_str().expect("a name").to_owned();
        let type_name = case["type"].as_str().expect("a type").to_owned();
        let payload = &case["payload"];
        let view = match type_name.as_str() {
            "ToolCallView" => View::Call(ToolCallView::from_json_value(payload).expect(&name)),
            "ToolResultView" => {
                View::Result(ToolResultView::from_json_value(payload).expect(&name))
            }
            other => panic!("{name}: unknown corpus type {other}"),
        };
        cases.push(Case {
            name,
            type_name,
            view,
        });
    }
    cases
}

fn render(view: &View, width: usize, style: Style) -> String {
    let mut transcript = Transcript::new(Options { width, style });
    match view {
        View::Call(view) => transcript.call(view),
        View::Result(view) => transcript.result(view),
    }
}

fn transcript_of(cases: &[Case]) -> String {
    let mut out = String::new();
    for case in cases {
        out.push_str(&format!("== {} ({})\n", case.name, case.type_name));
        out.push_str(&render(&case.view, WIDTH, Style::Plain));
        out.push('\n');
    }
    out
}

#[test]
fn every_valid_corpus_payload_renders_as_its_golden() {
    insta::with_settings!({
        snapshot_path => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden"),
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("render_intent", transcript_of(&valid_cases()));
    });
}

#[test]
fn every_row_fits_its_width_and_no_control_character_is_printed() {
    let cases = valid_cases();
    for width in [20, 27, 41, 60, 80, 120] {
        for case in &cases {
            let text = render(&case.view, width, Style::Plain);
            assert!(text.ends_with('\n'), "{}: rows end in newlines", case.name);
            for row in text.lines() {
                assert!(
                    row.width() <= width,
                    "{} at width {width}: {row:?} is {} columns",
                    case.name,
                    row.width()
                );
                assert!(
                    !row.chars().any(char::is_control),
                    "{} prints a control character: {row:?}",
                    case.name
                );
            }
        }
    }
}

#[test]
fn colour_changes_only_the_escape_sequences() {
    for case in valid_cases() {
        let plain = render(&case.view, WIDTH, Style::Plain);
        let painted = render(&case.view, WIDTH, Style::Ansi);
        assert_eq!(strip_sgr(&painted), plain, "{}", case.name);
    }
}

/// Removes `ESC [ digits m` sequences: the only ones the renderer writes.
fn strip_sgr(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("\x1b[") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after.find('m').expect("an SGR sequence ends in m");
        assert!(after[..end].bytes().all(|b| b.is_ascii_digit()));
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

#[test]
fn the_corpus_reaches_every_card() {
    let mut seen = BTreeSet::new();
    for case in valid_cases() {
        let tag = match &case.view {
            View::Call(view) => format!("call {}", view.tag()),
            View::Result(ToolResultView::Search(search)) => {
                format!("result search {}", search.tag())
            }
            View::Result(view) => format!("result {}", view.tag()),
        };
        seen.insert(tag);
    }
    let mut every = BTreeSet::new();
    every.extend(ToolCallView::TAGS.iter().map(|tag| format!("call {tag}")));
    for tag in ToolResultView::TAGS.iter().filter(|tag| **tag != "search") {
        every.insert(format!("result {tag}"));
    }
    every.extend(
        SearchResultView::TAGS
            .iter()
            .map(|tag| format!("result search {tag}")),
    );
    assert_eq!(seen, every);
}
