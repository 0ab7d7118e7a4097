//! No code but the decoder builds an open union's catch-all, so none holds a tag its union knows
//! (which would write a payload that reads back as another variant): its fields are private.

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/open_cards.cards"]
pub struct Cards;

fn main() {
    let entries = vec![("card".to_owned(), serde_json::Value::from("text"))];
    let _ = Card::Unknown(cardc::Unknown {
        entries,
        union: std::marker::PhantomData,
    });
}
