//! The same inclusion of the transcript bridge's source against the real schema compiles, so
//! the failure above comes from the `table` card alone.
#![allow(dead_code, unused_imports)]

/// The render-intent types, from the schema this case compiles the bridge against.
mod views {
    #[derive(cardc::Schema)]
    #[schema = "../../../../schema/render_intent.cards"]
    pub struct RenderIntent;
}

#[path = "../../../bridges/transcript/src/call.rs"]
mod call;
#[path = "../../../bridges/transcript/src/content.rs"]
mod content;
#[path = "../../../bridges/transcript/src/diff.rs"]
mod diff;
#[path = "../../../bridges/transcript/src/layout.rs"]
mod layout;
#[path = "../../../bridges/transcript/src/result.rs"]
mod result;
#[path = "../../../bridges/transcript/src/search.rs"]
mod search;
#[path = "../../../bridges/transcript/src/style.rs"]
mod style;
#[path = "../../../bridges/transcript/src/terminal.rs"]
mod terminal;
#[path = "../../../bridges/transcript/src/text.rs"]
mod text;
#[path = "../../../bridges/transcript/src/transcript.rs"]
mod transcript;

fn main() {
    let mut transcript = transcript::Transcript::new(transcript::Options::default());
    let view = views::ToolResultView::from_json_str(r#"{"card": "terminal", "exitCode": 0}"#).unwrap();
    assert!(transcript.result(&view).contains("succeeded"));
}
