//! The decoders and encoders the codec benchmark compares, each behind one function, and a
//! common form of their results so that a test can check that they all read the same thing.

use render_intent::{ToolCallView, ToolResultView};
use serde::Serialize;
use serde::de;
use serde_json::{Map, Value};

use crate::corpus::{Card, Payload};
use crate::{derive, floor};

/// A way to decode a payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoder {
    /// The floor: plain structs, the variant known in advance.
    Floor,
    /// cardc's generated types through `serde_json::from_str`.
    Cardc,
    /// cardc's generated types through `from_json_str`, which tracks the JSON pointer of an
    /// error (`serde_path_to_error`).
    CardcTracked,
    /// The same types with plain serde derive and `#[serde(tag)]`.
    SerdeTag,
    /// `serde_json::Value` first, then dispatch on the tag to the plain derive structs.
    ValueDispatch,
}

impl Decoder {
    /// Every decoder, the floor first.
    pub const ALL: [Decoder; 5] = [
        Decoder::Floor,
        Decoder::Cardc,
        Decoder::CardcTracked,
        Decoder::SerdeTag,
        Decoder::ValueDispatch,
    ];

    /// The decoder's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Decoder::Floor => "floor",
            Decoder::Cardc => "cardc",
            Decoder::CardcTracked => "cardc from_json_str",
            Decoder::SerdeTag => "serde tag",
            Decoder::ValueDispatch => "Value+dispatch",
        }
    }
}

/// A decoded payload, in the types of the decoder that read it.
#[derive(Debug)]
pub enum Decoded {
    /// cardc's generated call type.
    CardcCall(ToolCallView),
    /// cardc's generated result type.
    CardcResult(ToolResultView),
    /// The serde derive call type.
    DeriveCall(derive::ToolCallView),
    /// The serde derive result type.
    DeriveResult(derive::ToolResultView),
    /// A floor struct, as JSON (only [`Decoded::to_value`] looks inside).
    Floor(FloorCard),
}

/// One of the floor's card structs.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum FloorCard {
    /// A generic call.
    GenericCall(floor::GenericCall),
    /// A terminal call.
    TerminalCall(floor::TerminalCall),
    /// A diff call.
    DiffCall(floor::DiffCall),
    /// A generic result.
    GenericResult(floor::GenericResult),
    /// A terminal result.
    TerminalResult(floor::TerminalResult),
    /// A diff result.
    DiffResult(floor::DiffResult),
    /// A grep result.
    SearchMatches(floor::SearchMatches),
    /// A glob result.
    SearchPaths(floor::SearchPaths),
}

impl Decoded {
    /// The decoded payload written back as JSON: equal values for equal readings.
    pub fn to_value(&self) -> Value {
        match self {
            Decoded::CardcCall(view) => serde_json::to_value(view),
            Decoded::CardcResult(view) => serde_json::to_value(view),
            Decoded::DeriveCall(view) => serde_json::to_value(view),
            Decoded::DeriveResult(view) => serde_json::to_value(view),
            Decoded::Floor(card) => serde_json::to_value(card),
        }
        .expect("decoded values serialize")
    }
}

/// Decodes `payload` with `decoder`.
pub fn decode(decoder: Decoder, payload: &Payload) -> Result<Decoded, String> {
    let text = payload.text.as_str();
    let call = payload.card.is_call();
    match decoder {
        Decoder::Floor => floor_decode(payload.card, text)
            .map(Decoded::Floor)
            .map_err(|error| error.to_string()),
        Decoder::Cardc if call => serde_json::from_str(text)
            .map(Decoded::CardcCall)
            .map_err(|error| error.to_string()),
        Decoder::Cardc => serde_json::from_str(text)
            .map(Decoded::CardcResult)
            .map_err(|error| error.to_string()),
        Decoder::CardcTracked if call => ToolCallView::from_json_str(text)
            .map(Decoded::CardcCall)
            .map_err(|error| error.to_string()),
        Decoder::CardcTracked => ToolResultView::from_json_str(text)
            .map(Decoded::CardcResult)
            .map_err(|error| error.to_string()),
        Decoder::SerdeTag if call => serde_json::from_str(text)
            .map(Decoded::DeriveCall)
            .map_err(|error| error.to_string()),
        Decoder::SerdeTag => serde_json::from_str(text)
            .map(Decoded::DeriveResult)
            .map_err(|error| error.to_string()),
        Decoder::ValueDispatch => value_dispatch(text, call).map_err(|error| error.to_string()),
    }
}

/// The floor: the struct of the known card kind, straight from the text.
fn floor_decode(card: Card, text: &str) -> serde_json::Result<FloorCard> {
    Ok(match card {
        Card::CallGeneric => FloorCard::GenericCall(serde_json::from_str(text)?),
        Card::CallTerminal => FloorCard::TerminalCall(serde_json::from_str(text)?),
        Card::CallDiff => FloorCard::DiffCall(serde_json::from_str(text)?),
        Card::ResultGeneric => FloorCard::GenericResult(serde_json::from_str(text)?),
        Card::ResultTerminal => FloorCard::TerminalResult(serde_json::from_str(text)?),
        Card::ResultDiff => FloorCard::DiffResult(serde_json::from_str(text)?),
        Card::SearchMatches => FloorCard::SearchMatches(serde_json::from_str(text)?),
        Card::SearchPaths => FloorCard::SearchPaths(serde_json::from_str(text)?),
    })
}

/// The hand-written way without a tagged enum: parse a `Value`, take the tag out of the
/// object, and decode the rest as the struct the tag names. Like every decoder here it knows
/// which union it reads (`call`), not which variant.
fn value_dispatch(text: &str, call: bool) -> Result<Decoded, serde_json::Error> {
    use derive::{SearchResultView as Search, ToolCallView as Call, ToolResultView as Result};
    let mut object = into_object(serde_json::from_str(text)?)?;
    let card = take_tag(&mut object, "card")?;
    let rest = Value::Object(object);
    Ok(match (call, card.as_str()) {
        (true, "generic") => Decoded::DeriveCall(Call::Generic(serde_json::from_value(rest)?)),
        (true, "terminal") => Decoded::DeriveCall(Call::Terminal(serde_json::from_value(rest)?)),
        (true, "diff") => Decoded::DeriveCall(Call::Diff(serde_json::from_value(rest)?)),
        (false, "generic") => Decoded::DeriveResult(Result::Generic(serde_json::from_value(rest)?)),
        (false, "terminal") => {
            Decoded::DeriveResult(Result::Terminal(serde_json::from_value(rest)?))
        }
        (false, "diff") => Decoded::DeriveResult(Result::Diff(serde_json::from_value(rest)?)),
        (false, "search") => {
            let mut object = into_object(rest)?;
            let kind = take_tag(&mut object, "kind")?;
            let rest = Value::Object(object);
            Decoded::DeriveResult(Result::Search(match kind.as_str() {
                "matches" => Search::Matches(serde_json::from_value(rest)?),
                "paths" => Search::Paths(serde_json::from_value(rest)?),
                other => return Err(de::Error::unknown_variant(other, &["matches", "paths"])),
            }))
        }
        (_, other) => return Err(de::Error::unknown_variant(other, &["a card of the union"])),
    })
}

/// The map of an object value.
fn into_object(value: Value) -> serde_json::Result<Map<String, Value>> {
    match value {
        Value::Object(object) => Ok(object),
        _ => Err(de::Error::custom("expected an object")),
    }
}

/// Removes a string tag from an object.
fn take_tag(object: &mut Map<String, Value>, tag: &'static str) -> serde_json::Result<String> {
    match object.remove(tag) {
        Some(Value::String(value)) => Ok(value),
        Some(_) => Err(de::Error::custom(format!("`{tag}` is not a string"))),
        None => Err(de::Error::missing_field(tag)),
    }
}
