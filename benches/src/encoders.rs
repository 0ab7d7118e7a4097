//! The encoders the codec benchmark compares: each writes its own decoded values back to
//! JSON text.

use crate::decoders::{Decoded, Decoder};

/// A way to encode a payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoder {
    /// The floor's plain structs, each holding its tags as fields.
    Floor,
    /// cardc's generated types.
    Cardc,
    /// The same types with plain serde derive and `#[serde(tag)]`.
    SerdeTag,
}

impl Encoder {
    /// Every encoder, the floor first.
    pub const ALL: [Encoder; 3] = [Encoder::Floor, Encoder::Cardc, Encoder::SerdeTag];

    /// The encoder's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Encoder::Floor => "floor",
            Encoder::Cardc => "cardc",
            Encoder::SerdeTag => "serde tag",
        }
    }

    /// The decoder whose values this encoder writes.
    pub fn decoder(self) -> Decoder {
        match self {
            Encoder::Floor => Decoder::Floor,
            Encoder::Cardc => Decoder::Cardc,
            Encoder::SerdeTag => Decoder::SerdeTag,
        }
    }
}

/// Appends the JSON text of `value` to `out`.
pub fn encode(value: &Decoded, out: &mut Vec<u8>) {
    let written = match value {
        Decoded::CardcCall(view) => serde_json::to_writer(&mut *out, view),
        Decoded::CardcResult(view) => serde_json::to_writer(&mut *out, view),
        Decoded::DeriveCall(view) => serde_json::to_writer(&mut *out, view),
        Decoded::DeriveResult(view) => serde_json::to_writer(&mut *out, view),
        Decoded::Floor(card) => serde_json::to_writer(&mut *out, card),
    };
    written.expect("writing decoded values to memory cannot fail");
}
