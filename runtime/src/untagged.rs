//! Decoding of untagged unions: the variant is picked by the value's JSON shape (a string, a
//! boolean, a number, an array, an object) and, among object variants, by the first whose
//! picking keys the object all has (the last takes any object), as every reader picks.
//!
//! A scalar streams into the variant it picks. An object or an array streams too when the
//! union has one variant of its kind; with several, it is read whole first (its keys, or its
//! items' shapes, decide), and then handed to the variant they pick, errors inside it keeping
//! their pointers. The object variants of a union tried in order each read the buffered object
//! in turn, and the first that reads it takes it.

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{
    BoolDeserializer, BorrowedStrDeserializer, F64Deserializer, I64Deserializer,
    MapAccessDeserializer, SeqAccessDeserializer, StrDeserializer, StringDeserializer,
    U64Deserializer,
};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor};

use crate::content::{Content, ContentDeserializer, ContentSeed};
use crate::pointer::pointer_of;
use crate::trace;
use crate::union::Payload;

/// The JSON shape that picks a variant of an untagged union.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A string.
    String,
    /// `true` or `false`.
    Boolean,
    /// A number with a zero fraction (`7`, `7.0`).
    Integer,
    /// Any number.
    Number,
    /// An array; with an item shape, one whose every item has it (an empty one too).
    Array(Option<&'static Shape>),
    /// An object that has every one of these keys; with none, any object.
    Object(&'static [&'static str]),
    /// An object the variant reads: the object variants of a union tried in order
    /// (`#[union(untagged, tried_in_order)]`) each read it in turn, and the first that does
    /// takes it.
    Tried,
}

/// A generated untagged union: its name, what it takes, and its variants' shapes.
pub trait Untagged: Sized {
    /// The union's name, for error messages.
    const NAME: &'static str;
    /// What a value of the union is, for the error when no variant takes one: "a string or an
    /// array".
    const EXPECTED: &'static str;
    /// Every variant's shape, in declaration order.
    const SHAPES: &'static [Shape];

    /// Decodes the variant at `index` (of [`Untagged::SHAPES`]) from `value`.
    fn variant<'de, D: Deserializer<'de>>(index: usize, value: D) -> Result<Self, D::Error>;
}

/// The body of a generated untagged union's `Deserialize` impl. It reads the value with
/// `deserialize_any`, so only self-describing formats (JSON, CBOR, a `serde_json::Value`) can
/// hold an untagged union, as with serde's own untagged enums.
#[inline]
pub fn deserialize_untagged<'de, T: Untagged, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    let human_readable = deserializer.is_human_readable();
    trace::named(
        T::NAME,
        deserializer.deserialize_any(UntaggedVisitor::<T> {
            human_readable,
            union: PhantomData,
        }),
    )
}

/// The error for a variant index a generated [`Untagged::variant`] has no arm for: a bug in
/// the generated code, reported as a decoding error rather than a panic.
#[cold]
pub fn no_variant_at<E: de::Error>(index: usize) -> E {
    E::custom(format_args!(
        "cardc: the generated union has no variant at index {index}"
    ))
}

struct UntaggedVisitor<T> {
    human_readable: bool,
    union: PhantomData<T>,
}

impl<T: Untagged> UntaggedVisitor<T> {
    /// The variant taking a value of `shape`, or the error naming what the union takes.
    fn pick<E: de::Error>(shape: Shape, found: Unexpected<'_>) -> Result<usize, E> {
        T::SHAPES
            .iter()
            .position(|candidate| takes(*candidate, shape))
            .ok_or_else(|| E::invalid_type(found, &Expected(T::EXPECTED)))
    }
}

/// Whether a variant of shape `variant` takes a value of shape `value`: a number variant takes
/// integers too.
fn takes(variant: Shape, value: Shape) -> bool {
    variant == value
        || (variant == Shape::Number && value == Shape::Integer)
        || matches!(
            (variant, value),
            (Shape::Object(_) | Shape::Tried, Shape::Object([]))
        )
        || matches!((variant, value), (Shape::Array(_), Shape::Array(None)))
}

/// Whether a buffered value has a shape: its JSON type (a whole number is a number too), and
/// the keys or the item shape the shape names.
fn has(shape: Shape, content: &Content<'_>) -> bool {
    match (shape, content) {
        (Shape::String, Content::Str(_) | Content::String(_)) => true,
        (Shape::Boolean, Content::Bool(_)) => true,
        (
            Shape::Integer | Shape::Number,
            Content::U64(_)
            | Content::I64(_)
            | Content::U128(_)
            | Content::I128(_)
            | Content::F64(_),
        ) => true,
        (Shape::Array(item), Content::Seq(items)) => {
            item.is_none_or(|item| items.iter().all(|content| has(*item, content)))
        }
        (Shape::Object(keys), Content::Map(entries)) => keys
            .iter()
            .all(|wanted| entries.iter().any(|(key, _)| text(key) == Some(*wanted))),
        _ => false,
    }
}

/// What a union takes, for serde's error messages.
struct Expected(&'static str);

impl de::Expected for Expected {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(self.0)
    }
}

/// The largest magnitude below which an integral float is exactly one integer.
const EXACT: f64 = 9_007_199_254_740_992.0;

impl<'de, T: Untagged> Visitor<'de> for UntaggedVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(T::EXPECTED)
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<T, E> {
        let index = Self::pick(Shape::Boolean, Unexpected::Bool(value))?;
        T::variant(index, BoolDeserializer::new(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<T, E> {
        let index = Self::pick(Shape::Integer, Unexpected::Signed(value))?;
        T::variant(index, I64Deserializer::new(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<T, E> {
        let index = Self::pick(Shape::Integer, Unexpected::Unsigned(value))?;
        T::variant(index, U64Deserializer::new(value))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<T, E> {
        // The contract reads a number with a zero fraction as the integer it equals.
        let shape = if value.fract() == 0.0 && value.abs() < EXACT {
            Shape::Integer
        } else {
            Shape::Number
        };
        let index = Self::pick(shape, Unexpected::Float(value))?;
        T::variant(index, F64Deserializer::new(value))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<T, E> {
        let index = Self::pick(Shape::String, Unexpected::Str(value))?;
        T::variant(index, StrDeserializer::new(value))
    }

    fn visit_borrowed_str<E: de::Error>(self, value: &'de str) -> Result<T, E> {
        let index = Self::pick(Shape::String, Unexpected::Str(value))?;
        T::variant(index, BorrowedStrDeserializer::new(value))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<T, E> {
        let index = Self::pick(Shape::String, Unexpected::Str(&value))?;
        T::variant(index, StringDeserializer::new(value))
    }

    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        Err(E::invalid_type(Unexpected::Unit, &Expected(T::EXPECTED)))
    }

    fn visit_none<E: de::Error>(self) -> Result<T, E> {
        Err(E::invalid_type(Unexpected::Option, &Expected(T::EXPECTED)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        // The first array variant takes any array when it is the only one: the array streams
        // into it.
        let first = T::SHAPES
            .iter()
            .find(|shape| matches!(shape, Shape::Array(_)));
        if matches!(first, None | Some(Shape::Array(None))) {
            let index = Self::pick(Shape::Array(None), Unexpected::Seq)?;
            return T::variant(index, SeqAccessDeserializer::new(seq));
        }
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
        while let Some(item) = seq.next_element_seed(ContentSeed)? {
            items.push(item);
        }
        let items = Content::Seq(items);
        let index = T::SHAPES
            .iter()
            .position(|shape| matches!(shape, Shape::Array(_)) && has(*shape, &items))
            .ok_or_else(|| de::Error::invalid_type(Unexpected::Seq, &Expected(T::EXPECTED)))?;
        buffered::<T, A::Error>(index, items, self.human_readable)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        // The first object variant takes any object when it is the only one, and not tried:
        // the object streams into it.
        let first = T::SHAPES
            .iter()
            .find(|shape| matches!(shape, Shape::Object(_) | Shape::Tried));
        if matches!(first, None | Some(Shape::Object([]))) {
            let index = Self::pick(Shape::Object(&[]), Unexpected::Map)?;
            return T::variant(index, MapAccessDeserializer::new(map));
        }
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(64));
        while let Some(key) = map.next_key_seed(ContentSeed)? {
            let value = map.next_value_seed(ContentSeed)?;
            entries.push((key, value));
        }
        if T::SHAPES.contains(&Shape::Tried) {
            return tried::<T, A::Error>(entries, self.human_readable);
        }
        let has = |wanted: &str| entries.iter().any(|(key, _)| text(key) == Some(wanted));
        let index = T::SHAPES
            .iter()
            .position(
                |shape| matches!(shape, Shape::Object(keys) if keys.iter().all(|key| has(key))),
            )
            .ok_or_else(|| de::Error::invalid_type(Unexpected::Map, &Expected(T::EXPECTED)))?;
        T::variant(index, Payload::whole(entries, self.human_readable))
    }
}

/// Decodes a buffered object as the first variant tried in order that reads it. A failed try
/// leaves nothing behind: its notes are dropped by the next, or before the union's own error.
fn tried<'de, T: Untagged, E: de::Error>(
    entries: Vec<(Content<'de>, Content<'de>)>,
    human_readable: bool,
) -> Result<T, E> {
    for (index, _) in T::SHAPES
        .iter()
        .enumerate()
        .filter(|(_, shape)| **shape == Shape::Tried)
    {
        let read: Result<T, E> = T::variant(index, Payload::whole(entries.clone(), human_readable));
        if let Ok(value) = read {
            return Ok(value);
        }
    }
    trace::forget();
    Err(de::Error::invalid_value(
        Unexpected::Map,
        &Expected(T::EXPECTED),
    ))
}

/// Decodes the variant at `index` from a buffered array. While a `cardc` decode records notes,
/// it tracks the path inside the array as `serde_path_to_error` would have, and notes it.
fn buffered<'de, T: Untagged, E: de::Error>(
    index: usize,
    items: Content<'de>,
    human_readable: bool,
) -> Result<T, E> {
    let value = ContentDeserializer::<E>::new(items, human_readable);
    if !trace::recording() {
        return T::variant(index, value);
    }
    let mut track = serde_path_to_error::Track::new();
    T::variant(
        index,
        serde_path_to_error::Deserializer::new(value, &mut track),
    )
    .inspect_err(|_| trace::below(&pointer_of(&track.path())))
}

/// A buffered key's text.
fn text<'a>(key: &'a Content<'_>) -> Option<&'a str> {
    match key {
        Content::Str(text) => Some(text),
        Content::String(text) => Some(text),
        _ => None,
    }
}
