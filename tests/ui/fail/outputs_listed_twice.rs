#[derive(cardc::Schema)]
#[schema = "../../../../schema/render_intent.cards"]
#[outputs(RUST, RUST)]
pub struct RenderIntent;

fn main() {}
