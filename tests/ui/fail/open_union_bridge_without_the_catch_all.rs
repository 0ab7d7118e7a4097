//! A bridge of an open union must render its catch-all too: the trait requires `unknown`.

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/open_cards.cards"]
pub struct Cards;

struct Line;

impl CardBridge for Line {
    type Output = String;

    fn text(&mut self, value: &TextCard) -> String {
        value.text.clone()
    }

    fn divider(&mut self) -> String {
        "---".to_owned()
    }
}

fn main() {
    let _ = Line;
}
