//! An older build reading a newer peer: its open union reads the `chart` card it does not know
//! into the catch-all, its bridge renders it, and writing it back gives the text it read; the
//! newer role reads as the open enum's catch-all too.

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

    fn unknown(&mut self, value: &cardc::Unknown<Card>) -> String {
        format!("[a {} card]", value.tag())
    }
}

fn main() {
    // What the newer build (`open_cards_with_chart.cards`) writes.
    let text = r#"[{"card":"text","text":"hi","role":"moderator"},{"card":"chart","series":[1.5,2.0]}]"#;
    let cards: Vec<Card> = cardc::decode_str(text).expect("an older build reads newer cards");
    let lines: Vec<String> = cards.iter().map(|card| card.dispatch(&mut Line)).collect();
    assert_eq!(lines, ["hi", "[a chart card]"]);
    let Card::Text(first) = &cards[0] else {
        panic!("the text card is known");
    };
    assert!(matches!(&first.role, Role::Other(role) if role.as_str() == "moderator"));
    assert_eq!(serde_json::to_string(&cards).expect("writes"), text);
}
