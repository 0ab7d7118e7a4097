//! Decodes a few render-intent payloads with types compiled by the derive, and prints them.

mod intent {
    /// The render-intent schema, compiled at build time by the derive.
    #[derive(cardc::Schema)]
    #[schema = "../../schema/render_intent.cards"]
    pub struct RenderIntent;
}

use intent::{SearchResultView, ToolCallView, ToolResultView};

fn main() {
    let call: ToolCallView = serde_json::from_str(
        r#"{"card": "diff", "title": "Write notes.md", "diffs": [{"path": "notes.md", "oldText": null, "newText": "hi\n"}]}"#,
    )
    .expect("a valid diff card");
    match &call {
        ToolCallView::Diff(diff) => {
            println!("diff card {:?}: {} file(s)", diff.title, diff.diffs.len())
        }
        ToolCallView::Generic(generic) => println!("generic card {:?}", generic.title),
        ToolCallView::Terminal(terminal) => println!("terminal card {:?}", terminal.title),
    }
    let result: ToolResultView = serde_json::from_str(
        r#"{"card": "search", "kind": "paths", "paths": ["src/main.rs", "src/lib.rs"], "truncated": true, "total": 7}"#,
    )
    .expect("a valid search card");
    if let ToolResultView::Search(SearchResultView::Paths(paths)) = &result {
        println!(
            "search card: showing {} of {} paths",
            paths.paths.len(),
            paths.total
        );
    }
    let refused =
        serde_json::from_str::<ToolCallView>(r#"{"card": "terminal", "title": "ls", "cwd": null}"#);
    println!(
        "terminal card with cwd null: {}",
        refused.map_or_else(|error| format!("refused ({error})"), |_| "accepted".into())
    );
    println!(
        "published JSON Schema: {} bytes",
        intent::RenderIntent::JSON_SCHEMA.len()
    );
}
