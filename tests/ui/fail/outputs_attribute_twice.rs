#[derive(cardc::Schema)]
#[schema = "../../../../schema/render_intent.cards"]
#[outputs(RUST)]
#[outputs(PYTHON)]
pub struct RenderIntent;

fn main() {}
