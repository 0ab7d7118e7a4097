#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/tag_field_clash.cards"]
pub struct Schema;

fn main() {}
