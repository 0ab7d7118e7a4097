//! A `match` naming the four cards, compiled against the schema with a `table` card: the match
//! is no longer exhaustive.

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/render_intent_with_table.cards"]
pub struct RenderIntent;

fn title(view: &ToolCallView) -> &str {
    match view {
        ToolCallView::Generic(generic) => &generic.title,
        ToolCallView::Terminal(terminal) => &terminal.title,
        ToolCallView::Diff(diff) => &diff.title,
    }
}

fn main() {
    let _ = title;
}
