#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/unknown_type.cards"]
pub struct Schema;

fn main() {}
