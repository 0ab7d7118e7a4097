#[derive(cardc::Schema)]
#[schema = "../../../../schema/render_intent.cards"]
#[schema = "../../../../schema/render_intent.cards"]
pub struct Twice;

fn main() {}
