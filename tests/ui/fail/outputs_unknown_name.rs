#[derive(cardc::Schema)]
#[schema = "../../../../schema/render_intent.cards"]
#[outputs(JSON_SCHEMA, TYPESCRIPT_TYPES)]
pub struct RenderIntent;

fn main() {}
