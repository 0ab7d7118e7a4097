//! `#[outputs(...)]` keeps the constants it names and the types are whole; `#[outputs()]` keeps none.

#[derive(cardc::Schema)]
#[schema = "../../../../schema/render_intent.cards"]
#[outputs(TYPESCRIPT, JSON_SCHEMA)]
pub struct RenderIntent;

mod bare {
    #[derive(cardc::Schema)]
    #[schema = "../../../../schema/render_intent.cards"]
    #[outputs()]
    pub struct Bare;
}

fn main() {
    let view: ToolCallView = serde_json::from_str(r#"{"card": "terminal", "title": "ls"}"#).unwrap();
    assert!(matches!(view, ToolCallView::Terminal(_)));
    assert!(RenderIntent::JSON_SCHEMA.contains("\"$defs\""));
    assert!(RenderIntent::TYPESCRIPT.contains("export type ToolCallView"));
    let bare: bare::ToolCallView = serde_json::from_str(r#"{"card": "generic", "title": "read"}"#).unwrap();
    assert_eq!(bare.tag(), "generic");
}
