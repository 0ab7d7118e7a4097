//! Replay determinism over a recorded session log, and the golden views it presents to.
//!
//! `fixtures/session.jsonl` is a log of `{tool, args, result}` lines covering every tool,
//! including older and hand-edited lines (absent, other-shape and dishonest metadata), an
//! unknown tool, unreadable arguments and a call still running. The insta snapshot
//! `fixtures/session.views.snap` holds the views it presents to, so a reviewer sees every card
//! the presenters produce: after an intended change, review it with `cargo insta review` or
//! accept it with `INSTA_UPDATE=always cargo test -p cardc-presenters --test replay`.

use std::collections::BTreeSet;
use std::path::PathBuf;

use cardc_presenters::log::{Entry, Views, present_log, read_log};
use cardc_presenters::{Tool, ToolCall, present};
use render_intent::{ToolCallView, ToolResultView};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn session() -> String {
    std::fs::read_to_string(fixture("session.jsonl")).expect("read the session fixture")
}

fn calls() -> Vec<ToolCall> {
    read_log(&session())
        .expect("the session fixture is a valid log")
        .into_iter()
        .map(|entry| match entry {
            Entry::Call(call) => call,
            Entry::Views(_) => panic!("the session fixture holds tool calls only"),
        })
        .collect()
}

fn to_json(views: &[Views]) -> String {
    let mut text = serde_json::to_string_pretty(views).expect("views serialize");
    text.push('\n');
    text
}

#[test]
fn presenting_the_log_twice_gives_identical_views() {
    let first = present_log(&session()).expect("present the log");
    let second = present_log(&session()).expect("present the log again");
    assert_eq!(first, second);
    assert_eq!(to_json(&first), to_json(&second));
}

#[test]
fn a_re_recorded_log_presents_to_the_same_views() {
    let calls = calls();
    let rerecorded: Vec<String> = calls
        .iter()
        .map(|call| serde_json::to_string(call).expect("calls serialize"))
        .collect();
    let replayed = present_log(&rerecorded.join("\n")).expect("present the re-recorded log");
    let live: Vec<Views> = calls.iter().map(|call| present(call).into()).collect();
    assert_eq!(replayed, live);
}

#[test]
fn the_log_covers_every_tool_and_every_card() {
    let calls = calls();
    let named: BTreeSet<&str> = calls.iter().map(|call| call.tool.as_str()).collect();
    for tool in Tool::ALL {
        assert!(
            named.contains(tool.name()),
            "no `{}` call in the log",
            tool.name()
        );
    }
    let views: Vec<Views> = calls.iter().map(|call| present(call).into()).collect();
    let call_cards: BTreeSet<&str> = views
        .iter()
        .map(|views| match views.call {
            ToolCallView::Generic(_) => "generic",
            ToolCallView::Terminal(_) => "terminal",
            ToolCallView::Diff(_) => "diff",
        })
        .collect();
    let result_cards: BTreeSet<&str> = views
        .iter()
        .filter_map(|views| views.result.as_ref())
        .map(|result| match result {
            ToolResultView::Generic(_) => "generic",
            ToolResultView::Terminal(_) => "terminal",
            ToolResultView::Diff(_) => "diff",
            ToolResultView::Search(_) => "search",
        })
        .collect();
    assert_eq!(call_cards.len(), 3, "{call_cards:?}");
    assert_eq!(result_cards.len(), 4, "{result_cards:?}");
    assert!(views.iter().any(|views| views.result.is_none()));
}

#[test]
fn every_view_round_trips_through_the_strict_render_intent_types() {
    for views in present_log(&session()).expect("present the log") {
        let json = serde_json::to_value(&views).expect("views serialize");
        let back: Views = serde_json::from_value(json.clone()).expect("views decode strictly");
        assert_eq!(back, views);
        assert_eq!(serde_json::to_value(&back).expect("views serialize"), json);
    }
}

#[test]
fn the_views_match_the_golden_file() {
    insta::with_settings!({
        snapshot_path => fixture(""),
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(
            "session.views",
            to_json(&present_log(&session()).expect("present the log"))
        );
    });
}
