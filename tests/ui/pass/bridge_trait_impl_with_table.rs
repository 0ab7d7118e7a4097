//! The same bridge, extended with the `table` method the new card requires, compiles.

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/render_intent_with_table.cards"]
pub struct RenderIntent;

struct Titles;

impl ToolCallViewBridge for Titles {
    type Output = String;

    fn generic(&mut self, value: &GenericCallView) -> String {
        value.title.clone()
    }

    fn terminal(&mut self, value: &TerminalCallView) -> String {
        value.title.clone()
    }

    fn diff(&mut self, value: &DiffCallView) -> String {
        value.title.clone()
    }

    fn table(&mut self, value: &TableCallView) -> String {
        value.title.clone()
    }
}

fn main() {
    let view = ToolCallView::Table(TableCallView { title: "t".into(), columns: vec![] });
    assert_eq!(view.dispatch(&mut Titles), "t");
    assert_eq!(ToolCallView::TAGS, ["generic", "terminal", "diff", "table"]);
}
