#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/several_errors.cards"]
pub struct Schema;

fn main() {}
