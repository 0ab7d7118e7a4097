//! The keys of a union's object: told apart from the tag without copying them, buffered
//! when they come before it, and handed on to the variant as the format lent them.

use std::fmt;

use serde::de::value::{
    BorrowedBytesDeserializer, BorrowedStrDeserializer, BytesDeserializer, StrDeserializer,
    U64Deserializer,
};
use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

use crate::content::Content;

/// A key of a union's object, before the tag is known.
pub(super) enum Key<'de> {
    /// The union's tag.
    Tag,
    /// Any other key, buffered.
    Other(Content<'de>),
}

/// Reads a key of a union's object, telling the tag apart.
pub(super) struct KeySeed(pub(super) &'static str);

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Key<'de>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Key<'de>, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Key<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a field name")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key<'de>, E> {
        Ok(if key == self.0 {
            Key::Tag
        } else {
            Key::Other(Content::String(key.to_owned()))
        })
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Key<'de>, E> {
        Ok(if key == self.0 {
            Key::Tag
        } else {
            Key::Other(Content::Str(key))
        })
    }

    fn visit_string<E: de::Error>(self, key: String) -> Result<Key<'de>, E> {
        Ok(if key == self.0 {
            Key::Tag
        } else {
            Key::Other(Content::String(key))
        })
    }

    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Key<'de>, E> {
        Ok(if key == self.0.as_bytes() {
            Key::Tag
        } else {
            Key::Other(Content::ByteBuf(key.to_vec()))
        })
    }

    fn visit_borrowed_bytes<E: de::Error>(self, key: &'de [u8]) -> Result<Key<'de>, E> {
        Ok(if key == self.0.as_bytes() {
            Key::Tag
        } else {
            Key::Other(Content::Bytes(key))
        })
    }

    fn visit_u64<E: de::Error>(self, key: u64) -> Result<Key<'de>, E> {
        Ok(Key::Other(Content::U64(key)))
    }
}

/// The text of a buffered key, for a JSON pointer.
pub(super) fn text<'a>(key: &'a Content<'_>) -> Option<&'a str> {
    match key {
        Content::Str(key) => Some(key),
        Content::String(key) => Some(key),
        _ => None,
    }
}

/// Hands a buffered key to the variant's field visitor, leaving it in place for the error
/// pointer of its value.
pub(super) struct BufferedKey<'a, 'de, E> {
    key: &'a Content<'de>,
    error: std::marker::PhantomData<E>,
}

impl<'a, 'de, E> BufferedKey<'a, 'de, E> {
    /// Hands on `key`.
    pub(super) fn new(key: &'a Content<'de>) -> Self {
        BufferedKey {
            key,
            error: std::marker::PhantomData,
        }
    }
}

impl<'de, E: de::Error> Deserializer<'de> for BufferedKey<'_, 'de, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.key {
            Content::Str(key) => visitor.visit_borrowed_str(key),
            Content::String(key) => visitor.visit_str(key),
            Content::Bytes(key) => visitor.visit_borrowed_bytes(key),
            Content::ByteBuf(key) => visitor.visit_bytes(key),
            Content::U64(key) => visitor.visit_u64(*key),
            _ => Err(de::Error::custom("a key that is not a string")),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// A key after the tag: refused if it is the tag again, else handed to the variant's own
/// key seed as the format lent it. `serde_path_to_error` sees these keys, so an error here
/// needs no note.
pub(super) struct NotTag<K> {
    /// The variant's key seed.
    pub(super) seed: K,
    /// The union's tag.
    pub(super) tag: &'static str,
}

impl<'de, K: DeserializeSeed<'de>> DeserializeSeed<'de> for NotTag<K> {
    type Value = K::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<K::Value, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de, K: DeserializeSeed<'de>> Visitor<'de> for NotTag<K> {
    type Value = K::Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a field name")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<K::Value, E> {
        if key == self.tag {
            return Err(E::duplicate_field(self.tag));
        }
        self.seed.deserialize(StrDeserializer::new(key))
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<K::Value, E> {
        if key == self.tag {
            return Err(E::duplicate_field(self.tag));
        }
        self.seed.deserialize(BorrowedStrDeserializer::new(key))
    }

    fn visit_string<E: de::Error>(self, key: String) -> Result<K::Value, E> {
        self.visit_str(&key)
    }

    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<K::Value, E> {
        if key == self.tag.as_bytes() {
            return Err(E::duplicate_field(self.tag));
        }
        self.seed.deserialize(BytesDeserializer::new(key))
    }

    fn visit_borrowed_bytes<E: de::Error>(self, key: &'de [u8]) -> Result<K::Value, E> {
        if key == self.tag.as_bytes() {
            return Err(E::duplicate_field(self.tag));
        }
        self.seed.deserialize(BorrowedBytesDeserializer::new(key))
    }

    fn visit_u64<E: de::Error>(self, key: u64) -> Result<K::Value, E> {
        self.seed.deserialize(U64Deserializer::new(key))
    }
}
