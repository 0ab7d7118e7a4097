//! A bridge written for the four cards, compiled against the schema with a `table` card: the
//! generated trait requires a `table` method, so the impl stops compiling.

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
}

fn main() {
    let _ = Titles;
}
