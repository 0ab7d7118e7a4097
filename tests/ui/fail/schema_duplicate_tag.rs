#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/duplicate_tag.cards"]
pub struct Schema;

fn main() {}
