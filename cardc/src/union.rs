//! Tag-first decoding of closed unions.
//!
//! serde's internally tagged enums buffer the whole object before they look for the tag, so a
//! decode error inside a variant loses its path, and its message cannot say which variant it
//! was in. Generated unions decode through [`deserialize_union`] instead: it reads keys until
//! the tag, buffering only the entries before it (none, when the tag comes first, as every
//! serializer of the generated types writes it), then hands the buffered entries and the rest
//! of the live map to the variant the tag picks. It accepts the same JSON as serde's internally
//! tagged representation (a tag given twice included, which both refuse), and keeps
//! `serde_path_to_error` tracking into the variant;
//! what it decodes out of that tracking (the buffered entries) it tracks itself and notes in
//! [`crate::trace`].

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::value::StrDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, Visitor};
use serde_json::Value;

use crate::decode::{escape, pointer_of};
use crate::trace;

/// A generated union: its name, its tag and the variant each tag value picks.
pub trait Union: Sized {
    /// The union's name, for error messages.
    const NAME: &'static str;
    /// The tag field's wire name.
    const TAG: &'static str;
    /// Every tag value, in declaration order.
    const TAGS: &'static [&'static str];

    /// Decodes the payload of the variant that `tag` (one of [`Union::TAGS`]) picks.
    fn variant<'de, D: Deserializer<'de>>(tag: &str, payload: D) -> Result<Self, D::Error>;
}

/// Decodes a union's variant struct, noting its name if that fails: what a generated
/// [`Union::variant`] calls for each tag whose payload is a struct.
pub fn variant<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    name: &'static str,
    payload: D,
) -> Result<T, D::Error> {
    trace::variant(name, T::deserialize(payload))
}

/// The body of a generated union's `Deserialize` impl.
pub fn deserialize_union<'de, T: Union, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    trace::named(
        T::NAME,
        deserializer.deserialize_map(UnionVisitor::<T>(PhantomData)),
    )
}

/// Reads a union's object: the tag, then the variant.
struct UnionVisitor<T>(PhantomData<T>);

impl<'de, T: Union> Visitor<'de> for UnionVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "a {} object", T::NAME)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        let mut before = Vec::new();
        let tag = loop {
            match map.next_key::<String>()? {
                None => return Err(de::Error::missing_field(T::TAG)),
                Some(key) if key == T::TAG => {
                    break map.next_value_seed(TagSeed::<T>(PhantomData))?;
                }
                Some(key) => {
                    let value: Value = map.next_value()?;
                    before.push((key, value));
                }
            }
        };
        T::variant(
            tag,
            Payload {
                before: before.into_iter(),
                pending: None,
                rest: map,
                tag: T::TAG,
            },
        )
    }
}

/// Reads a tag value: one of the union's, or an error that lists them.
struct TagSeed<T>(PhantomData<T>);

impl<'de, T: Union> DeserializeSeed<'de> for TagSeed<T> {
    type Value = &'static str;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<&'static str, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de, T: Union> Visitor<'de> for TagSeed<T> {
    type Value = &'static str;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "the `{}` of a {}", T::TAG, T::NAME)
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<&'static str, E> {
        T::TAGS
            .iter()
            .find(|tag| **tag == value)
            .copied()
            .ok_or_else(|| E::unknown_variant(value, T::TAGS))
    }
}

/// The variant's view of the union's object: the entries read before the tag, then the rest
/// of the live map. It reads as a map, so a variant struct or a nested union decodes from it.
struct Payload<A> {
    /// The entries before the tag, not yet handed out.
    before: std::vec::IntoIter<(String, Value)>,
    /// A buffered entry whose key was handed out and whose value was not yet.
    pending: Option<(String, Value)>,
    /// The rest of the union's object.
    rest: A,
    /// The union's tag, which must not appear twice.
    tag: &'static str,
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Payload<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_map(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Payload<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        if let Some((key, value)) = self.before.next() {
            let deserializer: StrDeserializer<'_, A::Error> = key.as_str().into_deserializer();
            let read = seed.deserialize(deserializer);
            let read = at_key(&key, read)?;
            self.pending = Some((key, value));
            return Ok(Some(read));
        }
        let Some(key) = self.rest.next_key::<String>()? else {
            return Ok(None);
        };
        if key == self.tag {
            return at_key(&key, Err(de::Error::duplicate_field(self.tag)));
        }
        // The variant's field visitor refuses an unknown key: the error is at that key.
        let deserializer: StrDeserializer<'_, A::Error> = key.as_str().into_deserializer();
        at_key(&key, seed.deserialize(deserializer)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        match self.pending.take() {
            Some((key, value)) => buffered(seed, &key, value),
            None => self.rest.next_value_seed(seed),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.rest.size_hint().map(|rest| rest + self.before.len())
    }
}

/// Passes a result through, noting on failure that it happened at `key`.
fn at_key<T, E>(key: &str, result: Result<T, E>) -> Result<T, E> {
    result.inspect_err(|_| trace::below(&format!("/{}", escape(key))))
}

/// Decodes a value that was buffered before the tag, tracking its path as
/// `serde_path_to_error` would have.
fn buffered<'de, V: DeserializeSeed<'de>, E: de::Error>(
    seed: V,
    key: &str,
    value: Value,
) -> Result<V::Value, E> {
    let mut track = serde_path_to_error::Track::new();
    let result = seed.deserialize(serde_path_to_error::Deserializer::new(value, &mut track));
    result.map_err(|error| {
        let inside = pointer_of(&track.path());
        trace::below(&format!("/{}{inside}", escape(key)));
        E::custom(error)
    })
}
