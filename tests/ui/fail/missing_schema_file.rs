#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/does_not_exist.cards"]
pub struct Missing;

fn main() {}
