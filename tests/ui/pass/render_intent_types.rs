//! The derive compiles the real schema, and its types and constants are usable.

#[derive(cardc::Schema)]
#[schema = "../../../../schema/render_intent.cards"]
pub struct RenderIntent;

fn main() {
    let view: ToolCallView = serde_json::from_str(r#"{"card": "terminal", "title": "ls"}"#).unwrap();
    assert!(matches!(view, ToolCallView::Terminal(_)));
    assert!(RenderIntent::JSON_SCHEMA.contains("\"$defs\""));
    assert!(RenderIntent::TYPESCRIPT.contains("export type ToolCallView"));
    assert!(RenderIntent::RUST.contains("pub enum ToolCallView"));
}
