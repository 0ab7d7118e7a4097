//! The render-intent corpus the codec benchmarks read: payloads of every card kind, made by
//! a seeded generator so that the corpus is the same on every machine and never committed.
//!
//! Every payload is what cardc's types write (the tag first), except a share whose union tags
//! are moved to the end of the outer object, as a producer with another key order writes them.

mod cards;
mod rng;
mod text;

use render_intent::{ToolCallView, ToolResultView};

use rng::Rng;

/// The card kinds, each a union variant (a search card is a variant of a variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    /// `ToolCallView::Generic`.
    CallGeneric,
    /// `ToolCallView::Terminal`: the smallest card.
    CallTerminal,
    /// `ToolCallView::Diff`.
    CallDiff,
    /// `ToolResultView::Generic`.
    ResultGeneric,
    /// `ToolResultView::Terminal`.
    ResultTerminal,
    /// `ToolResultView::Diff`.
    ResultDiff,
    /// `ToolResultView::Search(SearchResultView::Matches)`.
    SearchMatches,
    /// `ToolResultView::Search(SearchResultView::Paths)`.
    SearchPaths,
}

impl Card {
    /// Every card kind, in report order.
    pub const ALL: [Card; 8] = [
        Card::CallGeneric,
        Card::CallTerminal,
        Card::CallDiff,
        Card::ResultGeneric,
        Card::ResultTerminal,
        Card::ResultDiff,
        Card::SearchMatches,
        Card::SearchPaths,
    ];

    /// The kind's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Card::CallGeneric => "call/generic",
            Card::CallTerminal => "call/terminal",
            Card::CallDiff => "call/diff",
            Card::ResultGeneric => "result/generic",
            Card::ResultTerminal => "result/terminal",
            Card::ResultDiff => "result/diff",
            Card::SearchMatches => "result/search/matches",
            Card::SearchPaths => "result/search/paths",
        }
    }

    /// Whether the payload is a `ToolCallView` (else a `ToolResultView`).
    pub fn is_call(self) -> bool {
        matches!(
            self,
            Card::CallGeneric | Card::CallTerminal | Card::CallDiff
        )
    }

    /// The union tags at the front of the outer object, as cardc's types write them.
    fn tags(self) -> &'static str {
        match self {
            Card::CallGeneric | Card::ResultGeneric => r#""card":"generic""#,
            Card::CallTerminal | Card::ResultTerminal => r#""card":"terminal""#,
            Card::CallDiff | Card::ResultDiff => r#""card":"diff""#,
            Card::SearchMatches => r#""card":"search","kind":"matches""#,
            Card::SearchPaths => r#""card":"search","kind":"paths""#,
        }
    }

    /// How many payloads in 100 are of this kind.
    fn weight(self) -> u64 {
        match self {
            Card::CallTerminal => 25,
            Card::ResultTerminal => 20,
            Card::SearchPaths => 5,
            _ => 10,
        }
    }
}

/// One payload: its kind, whether its tags come first, and its JSON text.
#[derive(Debug, Clone)]
pub struct Payload {
    /// The card kind.
    pub card: Card,
    /// Whether the union tags are the first keys (else they are the last).
    pub tag_first: bool,
    /// The JSON text.
    pub text: String,
}

/// A render-intent value of either union.
#[derive(Debug, Clone, PartialEq)]
pub enum View {
    /// A call card.
    Call(ToolCallView),
    /// A result card.
    Result(ToolResultView),
}

/// The payload count of the benchmark corpus.
pub const PAYLOADS: usize = 10_000;

/// How many payloads in 100 have their tags last.
pub const TAG_LAST_PERCENT: u64 = 20;

/// `count` payloads drawn from `seed`: the same payloads for the same arguments.
pub fn generate(seed: u64, count: usize) -> Vec<Payload> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let card = pick_card(&mut rng);
            let view = view(card, &mut rng);
            let tag_first = !rng.chance(TAG_LAST_PERCENT);
            Payload {
                card,
                tag_first,
                text: text_of(card, &view, tag_first),
            }
        })
        .collect()
}

/// A card kind, by weight.
fn pick_card(rng: &mut Rng) -> Card {
    let mut roll = rng.next_u64() % 100;
    for card in Card::ALL {
        if roll < card.weight() {
            return card;
        }
        roll -= card.weight();
    }
    Card::CallTerminal
}

/// A value of the given kind.
fn view(card: Card, rng: &mut Rng) -> View {
    match card {
        Card::CallGeneric => View::Call(cards::generic_call(rng)),
        Card::CallTerminal => View::Call(cards::terminal_call(rng)),
        Card::CallDiff => View::Call(cards::diff_call(rng)),
        Card::ResultGeneric => View::Result(cards::generic_result(rng)),
        Card::ResultTerminal => View::Result(cards::terminal_result(rng)),
        Card::ResultDiff => View::Result(cards::diff_result(rng)),
        Card::SearchMatches => View::Result(cards::search_matches(rng)),
        Card::SearchPaths => View::Result(cards::search_paths(rng)),
    }
}

/// The JSON text of a value as cardc's types write it, with its outer tags moved to the end
/// of the object unless `tag_first`.
fn text_of(card: Card, view: &View, tag_first: bool) -> String {
    let text = match view {
        View::Call(view) => serde_json::to_string(view),
        View::Result(view) => serde_json::to_string(view),
    }
    .expect("render-intent values always serialize");
    if tag_first {
        return text;
    }
    let tags = card.tags();
    let rest = text
        .strip_prefix('{')
        .and_then(|text| text.strip_prefix(tags))
        .and_then(|text| text.strip_prefix(','))
        .and_then(|text| text.strip_suffix('}'))
        .expect("the tags come first and every card has another field");
    // The inner union's tag goes before the outer's, so both are past every field.
    let moved: Vec<&str> = tags.split(',').rev().collect();
    format!("{{{rest},{}}}", moved.join(","))
}
