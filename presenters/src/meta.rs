//! Presentation metadata: the JSON payload a tool persists beside its text result.

use serde::Serialize;
use serde_json::Value;

/// Serializes a projection into its payload.
pub(crate) fn to_meta<T: Serialize>(value: &T) -> Value {
    // Serializing the projections cannot fail: their keys are strings and their numbers
    // integers. Were it ever to, `null` reads back as absent metadata, which every presenter
    // already answers with the generic card.
    serde_json::to_value(value).unwrap_or(Value::Null)
}
