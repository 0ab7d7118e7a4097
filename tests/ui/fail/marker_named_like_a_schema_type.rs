#[derive(cardc::Schema)]
#[schema = "../../../../schema/render_intent.cards"]
pub struct ToolCallView;

fn main() {}
