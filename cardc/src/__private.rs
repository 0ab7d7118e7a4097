//! Run-time support for generated code. Not a stable API: only generated code should name it.
//!
//! Plain serde derive reads a missing `Option<T>` field as `None` and a present `null` as
//! `None` too, which blurs the schema language's three kinds of presence. The functions here are
//! used as `deserialize_with` so that each kind accepts exactly what the contract says.

pub use serde;
pub use serde_json;

use serde::{Deserialize, Deserializer};

/// `Option<T>` in the schema: the key may be absent (serde's `default` gives `None`), but a
/// present key must hold a `T`; `null` is accepted only when `T` itself accepts it (`Json`).
pub fn optional<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// `Nullable<T>` in the schema: the key must be present (a `deserialize_with` field has no
/// missing-field fallback), and its value is `null` or a `T`.
pub fn nullable<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer)
}

/// `Option<Nullable<T>>` in the schema: absent is `None`, `null` is `Some(None)`, a value is
/// `Some(Some(value))`.
pub fn optional_nullable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}
