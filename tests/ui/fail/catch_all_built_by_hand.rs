//! No code but the decoder builds an open union's catch-all, so none holds a tag its union knows
//! (which would write a payload that reads back as another variant): its fields are private.

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/open_cards.cards"]
pub struct Cards;

fn main() {
    let mut object = serde_json::Map::new();
    object.insert("card".to_owned(), "text".into());
    let _ = Card::Unknown(cardc::Unknown {
        object,
        union: std::marker::PhantomData,
    });
}
