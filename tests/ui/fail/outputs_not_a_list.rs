#[derive(cardc::Schema)]
#[schema = "../../../../schema/render_intent.cards"]
#[outputs = "JSON_SCHEMA"]
pub struct RenderIntent;

fn main() {}
