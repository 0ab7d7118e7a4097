#[derive(cardc::Schema)]
#[schema(path = "schemas/render_intent.cards")]
pub struct BadAttribute;

fn main() {}
