//! No code but the decoder builds an open enum's catch-all, so none holds a string its enum
//! lists: its one constructor is the runtime's own.

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/open_cards.cards"]
pub struct Cards;

fn main() {
    let _ = Role::Other(cardc::UnknownValue::read("user".to_owned()));
}
