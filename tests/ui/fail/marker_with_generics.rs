#[derive(cardc::Schema)]
#[schema = "../../../../schema/render_intent.cards"]
pub struct Generic<T>(T);

fn main() {}
