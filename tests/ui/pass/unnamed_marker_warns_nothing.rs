//! A binary whose private unit marker carries only the derive, with no output constant, and
//! is never named: no "never constructed" warning for it, with dead code denied.

#![deny(dead_code)]

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/render_intent_with_table.cards"]
#[outputs()]
struct RenderIntent;

fn main() {
    let view: ToolCallView =
        serde_json::from_str(r#"{"card": "terminal", "title": "ls"}"#)
            .expect("a terminal card");
    assert!(matches!(view, ToolCallView::Terminal(_)));
}
