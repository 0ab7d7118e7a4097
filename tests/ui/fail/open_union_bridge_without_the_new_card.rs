//! A bridge of an open union, written for the cards an older schema has, compiled against the
//! schema with a `chart` card: the catch-all does not make the union less exhaustive, the trait
//! requires a `chart` method, so the impl stops compiling.

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/open_cards_with_chart.cards"]
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

    fn unknown(&mut self, value: &cardc::Unknown<Card>) -> String {
        value.tag().to_owned()
    }
}

fn main() {
    let _ = Line;
}
