//! The light buffer for the entries of a union's object that come before its tag.
//!
//! A [`Content`] holds one value exactly as the data format described it, borrowing strings
//! and bytes from the input where the format lends them, and replays it later into whatever
//! type the variant picked by the tag wants there. Nothing is parsed twice and nothing is
//! converted: a number stays the kind of number the format read, so the variant sees the
//! same visitor calls, and refuses the same values with the same messages, as when the
//! entry streams. Reading a value without knowing its type needs `deserialize_any`, so only
//! self-describing formats can buffer; see [`crate::__private::deserialize_union`].

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess,
    SeqAccess, Unexpected, VariantAccess, Visitor,
};

/// One buffered value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Content<'de> {
    Bool(bool),
    U64(u64),
    I64(i64),
    U128(u128),
    I128(i128),
    F64(f64),
    Char(char),
    /// A string borrowed from the input.
    Str(&'de str),
    String(String),
    /// Bytes borrowed from the input.
    Bytes(&'de [u8]),
    ByteBuf(Vec<u8>),
    /// JSON's `null` reads as a unit.
    Unit,
    None,
    Some(Box<Content<'de>>),
    Newtype(Box<Content<'de>>),
    Seq(Vec<Content<'de>>),
    Map(Vec<(Content<'de>, Content<'de>)>),
}

impl Content<'_> {
    /// The value as serde's `Unexpected`, for an error message.
    fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Content::Bool(value) => Unexpected::Bool(*value),
            Content::U64(value) => Unexpected::Unsigned(*value),
            Content::I64(value) => Unexpected::Signed(*value),
            Content::U128(_) | Content::I128(_) => Unexpected::Other("a 128-bit integer"),
            Content::F64(value) => Unexpected::Float(*value),
            Content::Char(value) => Unexpected::Char(*value),
            Content::Str(value) => Unexpected::Str(value),
            Content::String(value) => Unexpected::Str(value),
            Content::Bytes(value) => Unexpected::Bytes(value),
            Content::ByteBuf(value) => Unexpected::Bytes(value),
            Content::Unit => Unexpected::Unit,
            Content::None | Content::Some(_) => Unexpected::Option,
            Content::Newtype(_) => Unexpected::NewtypeStruct,
            Content::Seq(_) => Unexpected::Seq,
            Content::Map(_) => Unexpected::Map,
        }
    }
}

/// Reads any value into a [`Content`].
pub(crate) struct ContentSeed;

impl<'de> DeserializeSeed<'de> for ContentSeed {
    type Value = Content<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Content<'de>, D::Error> {
        deserializer.deserialize_any(ContentVisitor)
    }
}

/// Builds a [`Content`] from whatever the format describes.
struct ContentVisitor;

impl<'de> Visitor<'de> for ContentVisitor {
    type Value = Content<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Content<'de>, E> {
        Ok(Content::Bool(value))
    }
    fn visit_i64<E>(self, value: i64) -> Result<Content<'de>, E> {
        Ok(Content::I64(value))
    }
    fn visit_u64<E>(self, value: u64) -> Result<Content<'de>, E> {
        Ok(Content::U64(value))
    }
    fn visit_i128<E>(self, value: i128) -> Result<Content<'de>, E> {
        Ok(Content::I128(value))
    }
    fn visit_u128<E>(self, value: u128) -> Result<Content<'de>, E> {
        Ok(Content::U128(value))
    }
    fn visit_f64<E>(self, value: f64) -> Result<Content<'de>, E> {
        Ok(Content::F64(value))
    }
    fn visit_char<E>(self, value: char) -> Result<Content<'de>, E> {
        Ok(Content::Char(value))
    }
    fn visit_str<E>(self, value: &str) -> Result<Content<'de>, E> {
        Ok(Content::String(value.to_owned()))
    }
    fn visit_borrowed_str<E>(self, value: &'de str) -> Result<Content<'de>, E> {
        Ok(Content::Str(value))
    }
    fn visit_string<E>(self, value: String) -> Result<Content<'de>, E> {
        Ok(Content::String(value))
    }
    fn visit_bytes<E>(self, value: &[u8]) -> Result<Content<'de>, E> {
        Ok(Content::ByteBuf(value.to_vec()))
    }
    fn visit_borrowed_bytes<E>(self, value: &'de [u8]) -> Result<Content<'de>, E> {
        Ok(Content::Bytes(value))
    }
    fn visit_byte_buf<E>(self, value: Vec<u8>) -> Result<Content<'de>, E> {
        Ok(Content::ByteBuf(value))
    }
    fn visit_unit<E>(self) -> Result<Content<'de>, E> {
        Ok(Content::Unit)
    }
    fn visit_none<E>(self) -> Result<Content<'de>, E> {
        Ok(Content::None)
    }
    fn visit_some<D: Deserializer<'de>>(self, inner: D) -> Result<Content<'de>, D::Error> {
        Ok(Content::Some(Box::new(inner.deserialize_any(self)?)))
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        inner: D,
    ) -> Result<Content<'de>, D::Error> {
        Ok(Content::Newtype(Box::new(inner.deserialize_any(self)?)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Content<'de>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element_seed(ContentSeed)? {
            items.push(item);
        }
        Ok(Content::Seq(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Content<'de>, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(entry) = map.next_entry_seed(ContentSeed, ContentSeed)? {
            entries.push(entry);
        }
        Ok(Content::Map(entries))
    }
}

/// Replays a [`Content`] into any type, with the error type of the format it came from.
pub(crate) struct ContentDeserializer<'de, E> {
    content: Content<'de>,
    human_readable: bool,
    error: PhantomData<E>,
}

impl<'de, E> ContentDeserializer<'de, E> {
    /// Replays `content`, saying the format was human-readable or not as the original was.
    pub(crate) fn new(content: Content<'de>, human_readable: bool) -> Self {
        ContentDeserializer {
            content,
            human_readable,
            error: PhantomData,
        }
    }
}

impl<'de, E: de::Error> IntoDeserializer<'de, E> for ContentDeserializer<'de, E> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de, E: de::Error> Deserializer<'de> for ContentDeserializer<'de, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        let human_readable = self.human_readable;
        let wrap = move |content| ContentDeserializer::new(content, human_readable);
        match self.content {
            Content::Bool(value) => visitor.visit_bool(value),
            Content::U64(value) => visitor.visit_u64(value),
            Content::I64(value) => visitor.visit_i64(value),
            Content::U128(value) => visitor.visit_u128(value),
            Content::I128(value) => visitor.visit_i128(value),
            Content::F64(value) => visitor.visit_f64(value),
            Content::Char(value) => visitor.visit_char(value),
            Content::Str(value) => visitor.visit_borrowed_str(value),
            Content::String(value) => visitor.visit_string(value),
            Content::Bytes(value) => visitor.visit_borrowed_bytes(value),
            Content::ByteBuf(value) => visitor.visit_byte_buf(value),
            Content::Unit => visitor.visit_unit(),
            Content::None => visitor.visit_none(),
            Content::Some(inner) => visitor.visit_some(wrap(*inner)),
            Content::Newtype(inner) => visitor.visit_newtype_struct(wrap(*inner)),
            Content::Seq(items) => {
                let mut seq = SeqDeserializer::new(items.into_iter().map(wrap));
                let value = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(value)
            }
            Content::Map(entries) => {
                let entries = entries.into_iter().map(|(k, v)| (wrap(k), wrap(v)));
                let mut map = MapDeserializer::new(entries);
                let value = visitor.visit_map(&mut map)?;
                map.end()?;
                Ok(value)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        let human_readable = self.human_readable;
        match self.content {
            Content::None | Content::Unit => visitor.visit_none(),
            Content::Some(inner) => visitor.visit_some(Self::new(*inner, human_readable)),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, E> {
        let human_readable = self.human_readable;
        match self.content {
            Content::Newtype(inner) => {
                visitor.visit_newtype_struct(Self::new(*inner, human_readable))
            }
            _ => visitor.visit_newtype_struct(self),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        // A unit variant is a string; any other is a map of one entry, variant to value.
        let human_readable = self.human_readable;
        let (variant, value) = match self.content {
            Content::Map(mut entries) if entries.len() == 1 => match entries.pop() {
                Some((variant, value)) => (variant, Some(value)),
                None => return Err(de::Error::invalid_length(0, &"a map of one entry")),
            },
            Content::Map(_) => {
                return Err(de::Error::invalid_value(
                    Unexpected::Map,
                    &"a map of one entry",
                ));
            }
            content @ (Content::Str(_) | Content::String(_)) => (content, None),
            other => return Err(de::Error::invalid_type(other.unexpected(), &"an enum")),
        };
        visitor.visit_enum(Enum {
            variant: Self::new(variant, human_readable),
            value: value.map(|value| Self::new(value, human_readable)),
        })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_unit()
    }

    fn is_human_readable(&self) -> bool {
        self.human_readable
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

/// An enum's variant and its value, replayed.
struct Enum<'de, E> {
    variant: ContentDeserializer<'de, E>,
    value: Option<ContentDeserializer<'de, E>>,
}

impl<'de, E: de::Error> EnumAccess<'de> for Enum<'de, E> {
    type Error = E;
    type Variant = Variant<'de, E>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Variant<'de, E>), E> {
        let variant = seed.deserialize(self.variant)?;
        Ok((variant, Variant(self.value)))
    }
}

/// The value of a replayed enum variant, if it has one.
struct Variant<'de, E>(Option<ContentDeserializer<'de, E>>);

impl<'de, E: de::Error> VariantAccess<'de> for Variant<'de, E> {
    type Error = E;

    fn unit_variant(self) -> Result<(), E> {
        match self.0 {
            None => Ok(()),
            Some(value) => Deserialize::deserialize(value),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, E> {
        match self.0 {
            Some(value) => seed.deserialize(value),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"a newtype variant",
            )),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, E> {
        match self.0 {
            Some(value) => value.deserialize_any(visitor),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"a tuple variant",
            )),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, E> {
        self.tuple_variant(0, visitor)
    }
}
