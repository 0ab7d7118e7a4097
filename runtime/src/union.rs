//! Tag-first decoding of closed unions.
//!
//! serde's internally tagged enums buffer the whole object before they look for the tag, so a
//! decode error inside a variant loses its path, and every payload pays for an intermediate
//! tree. Generated unions decode through [`deserialize_union`] instead. It reads keys until
//! the tag, keeping the entries before it in a [`Content`] buffer (none, when the tag comes
//! first, as every serializer of the generated types writes it), then hands the buffered
//! entries and the rest of the live map to the variant the tag picks: the rest streams into
//! the variant's own field decoding, and so does a nested union's object. No key is copied
//! on the way: a key is checked against the tag and handed on as the format lent it. A key
//! before the tag whose type every variant agrees on skips the buffer: outside a `cardc`
//! decode it is read straight into its type (see [`BeforeTag`]).
//!
//! It accepts the same input as serde's internally tagged representation (a tag given twice
//! included, which both refuse), and keeps `serde_path_to_error` tracking into the variant;
//! what it decodes out of that tracking (the buffered entries) it tracks itself, only while
//! a `cardc` decode records notes, and notes in [`crate::trace`].

mod early;
mod keys;

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde_json::Value;

use crate::content::{Content, ContentDeserializer, ContentSeed};
use crate::pointer::{escape, pointer_of};
use crate::strict::Strict;
use crate::trace;
use crate::unknown::Unknown;
pub use early::{BeforeTag, refuse_early, refuse_early_nested};
use keys::{BufferedKey, Key, KeySeed, NotTag};

impl<T: Union> Unknown<T> {
    /// The tag value this build does not know.
    pub fn tag(&self) -> &str {
        // The decoder read the tag as a string before it made the value.
        self.get(T::TAG)
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
    }
}

/// A generated union: its name, its tag and the variant each tag value picks.
pub trait Union: Sized {
    /// The union's name, for error messages.
    const NAME: &'static str;
    /// The tag field's wire name.
    const TAG: &'static str;
    /// Every tag value, in declaration order.
    const TAGS: &'static [&'static str];

    /// Whether the union is open: an object whose tag is a string none of [`Union::TAGS`]
    /// reads as its catch-all ([`Union::other`]) rather than failing.
    const OPEN: bool = false;

    /// Decodes the payload of the variant that `tag` (one of [`Union::TAGS`]) picks.
    fn variant<'de, D: Deserializer<'de>>(tag: &str, payload: D) -> Result<Self, D::Error>;

    /// The catch-all holding an object of an unknown tag; `None` for a closed union.
    fn other(unknown: Unknown<Self>) -> Option<Self> {
        let _ = unknown;
        None
    }

    /// The tag of the union that the variant `tag` holds, if its payload is itself a union: a
    /// buffered entry of that tag is handed out first, so that the nested union need not
    /// buffer again.
    fn nested_tag(tag: &str) -> Option<&'static str> {
        let _ = tag;
        None
    }

    /// The keys that may come before the tag and are read straight into their types there
    /// (see [`BeforeTag`]): those that every variant reads alike or refuses. Empty for an open
    /// union, whose catch-all keeps every entry as read.
    const EARLY: &'static [&'static str] = &[];

    /// Reads the object whose first key is not the tag: the [`Union::EARLY`] keys into typed
    /// slots, then the variant the tag picks, from the filled slots and the rest of `object`.
    fn before_tag<'de, A: MapAccess<'de>>(object: BeforeTag<'de, A>) -> Result<Self, A::Error> {
        let _ = object;
        Err(de::Error::custom(
            "cardc: the generated union reads no key before its tag",
        ))
    }
}

/// Decodes a union's variant struct, noting its name if that fails: what a generated
/// [`Union::variant`] calls for each tag whose payload is a struct.
#[inline]
pub fn variant<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    name: &'static str,
    payload: D,
) -> Result<T, D::Error> {
    trace::variant(name, T::deserialize(payload))
}

/// The body of a generated union's `Deserialize` impl.
///
/// It works with any serde data format that can read a map: the union's object is read with
/// `deserialize_map` and each key with `deserialize_identifier`. When the tag is the first key
/// nothing more is needed, so a format that cannot describe its own data (bincode, postcard)
/// decodes a map written tag first too. An entry before the tag has to be read before its
/// type is known, which takes `deserialize_any`: a self-describing format (JSON, CBOR,
/// MessagePack, YAML, a `serde_json::Value`) buffers it, and any other fails with its own
/// error for `deserialize_any`.
#[inline]
pub fn deserialize_union<'de, T: Union, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    let human_readable = deserializer.is_human_readable();
    trace::named(
        T::NAME,
        deserializer.deserialize_map(UnionVisitor::<T> {
            human_readable,
            union: PhantomData,
        }),
    )
}

/// Reads a union's object: the tag, then the variant.
struct UnionVisitor<T> {
    /// Whether the format is human-readable, for the variant's view of the object.
    human_readable: bool,
    union: PhantomData<T>,
}

impl<'de, T: Union> Visitor<'de> for UnionVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "a {} object", T::NAME)
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        trace::enter();
        // The fast path: the tag is the first key, and nothing is buffered.
        let mut before = match map.next_key_seed(KeySeed(T::TAG))? {
            None => return Err(missing_tag::<T, A::Error>()),
            Some(Key::Tag) => Vec::new(),
            Some(Key::Other(key)) if !T::EARLY.is_empty() && !trace::recording() => {
                return T::before_tag(BeforeTag::new(map, key, self.human_readable));
            }
            Some(Key::Other(key)) => buffer_until_tag::<T, A>(key, &mut map)?,
        };
        let tag = match map.next_value_seed(TagSeed::<T>(PhantomData))? {
            Tag::Known(tag) => tag,
            Tag::Unknown(tag) => return unknown::<T, A>(before, tag, map, self.human_readable),
        };
        if !before.is_empty() {
            order_buffer(&mut before, T::nested_tag(tag));
        }
        T::variant(
            tag,
            Payload {
                rest: map,
                before,
                pending: None,
                tag: T::TAG,
                human_readable: self.human_readable,
            },
        )
    }
}

/// The error of a union's object without its tag, noted as a missing field.
#[cold]
fn missing_tag<T: Union, E: de::Error>() -> E {
    trace::at_field(T::TAG);
    E::missing_field(T::TAG)
}

/// Puts the buffered entries in the order [`Payload`] hands them out, last first. A nested
/// union's tag goes out first, so that the nested union streams the rest of the buffer into
/// its variant rather than buffering it again.
fn order_buffer(before: &mut [(Content<'_>, Content<'_>)], nested_tag: Option<&str>) {
    before.reverse();
    if let Some(nested_tag) = nested_tag {
        let found = before
            .iter()
            .rposition(|(key, _)| keys::text(key) == Some(nested_tag));
        if let Some(found) = found {
            before[found..].rotate_left(1);
        }
    }
}

/// Buffers the entries before the tag, starting with the value of `key`, and stops with the
/// tag's key read and its value not yet.
#[inline(never)]
fn buffer_until_tag<'de, T: Union, A: MapAccess<'de>>(
    mut key: Content<'de>,
    map: &mut A,
) -> Result<Vec<(Content<'de>, Content<'de>)>, A::Error> {
    let mut before = Vec::with_capacity(map.size_hint().unwrap_or(0).clamp(4, 64));
    loop {
        let value = map.next_value_seed(ContentSeed)?;
        before.push((key, value));
        match map.next_key_seed(KeySeed(T::TAG))? {
            None => return Err(missing_tag::<T, A::Error>()),
            Some(Key::Tag) => break,
            Some(Key::Other(next)) => key = next,
        }
    }
    Ok(before)
}

/// The catch-all of an open union, holding the whole object of a tag it does not know: the
/// entries before the tag (in the order read), the tag, then the rest of the object. Each value
/// is read as any JSON value is, strictly (no key twice in any object, the tag included), and
/// the entries keep their order.
#[cold]
fn unknown<'de, T: Union, A: MapAccess<'de>>(
    before: Vec<(Content<'de>, Content<'de>)>,
    tag: String,
    mut map: A,
    human_readable: bool,
) -> Result<T, A::Error> {
    let mut seen: HashSet<Cow<'de, str>> = HashSet::new();
    let mut entries = Vec::with_capacity(before.len() + 1);
    // The entries before the tag were buffered unread: each is read now, a fault in it noted
    // at its key, since the path the error travels no longer holds it.
    for (key, value) in before {
        let key = String::deserialize(ContentDeserializer::<A::Error>::new(key, human_readable))?;
        let at = format!("/{}", escape(&key));
        if seen.contains(key.as_str()) {
            trace::below(&at);
            return Err(de::Error::custom(format_args!("duplicate key `{key}`")));
        }
        let value = Value::deserialize(Strict(ContentDeserializer::<A::Error>::new(
            value,
            human_readable,
        )))
        .inspect_err(|_| trace::below(&at))?;
        seen.insert(Cow::Owned(key.clone()));
        entries.push((key, value));
    }
    seen.insert(Cow::Borrowed(T::TAG));
    entries.push((T::TAG.to_owned(), Value::String(tag)));
    // The rest is read in place, strictly: a fault is where the error's path says.
    while let Some(key) =
        crate::strict::next_unique_key(&mut map, PhantomData::<String>, &mut seen)?
    {
        let value = crate::strict::read_value(&mut map)?;
        entries.push((key, value));
    }
    T::other(Unknown::read(entries)).ok_or_else(|| {
        de::Error::custom(format_args!(
            "{} has no catch-all for an unknown tag",
            T::NAME
        ))
    })
}

/// A tag value as read: one of the union's, or for an open union any other string.
enum Tag {
    /// One of [`Union::TAGS`].
    Known(&'static str),
    /// A string none of them is, which an open union's catch-all keeps.
    Unknown(String),
}

/// Reads a tag value: one of the union's, any string for an open union, or an error that
/// lists them.
struct TagSeed<T>(PhantomData<T>);

impl<'de, T: Union> DeserializeSeed<'de> for TagSeed<T> {
    type Value = Tag;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Tag, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de, T: Union> Visitor<'de> for TagSeed<T> {
    type Value = Tag;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "the `{}` of a {}", T::TAG, T::NAME)
    }

    #[inline]
    fn visit_str<E: de::Error>(self, value: &str) -> Result<Tag, E> {
        match T::TAGS.iter().find(|tag| **tag == value) {
            Some(tag) => Ok(Tag::Known(tag)),
            None if T::OPEN => Ok(Tag::Unknown(value.to_owned())),
            None => Err(E::unknown_variant(value, T::TAGS)),
        }
    }
}

/// The variant's view of the union's object: the entries read before the tag, then the rest
/// of the live map. It reads as a map, so a variant struct or a nested union decodes from it.
pub struct Payload<'de, A> {
    /// The rest of the union's object.
    rest: A,
    /// The entries before the tag not yet handed out, last first (none when the tag was the
    /// first key).
    before: Vec<(Content<'de>, Content<'de>)>,
    /// A buffered entry whose key was handed out and whose value was not yet.
    pending: Option<(Content<'de>, Content<'de>)>,
    /// The union's tag, which must not appear twice.
    tag: &'static str,
    /// Whether the format is human-readable.
    human_readable: bool,
}

impl<'de, E: de::Error> Payload<'de, NoEntries<E>> {
    /// An object read whole into `entries`, in order, as a variant's view of it: what an
    /// untagged union's object variant decodes from, once a key has picked it. Errors inside a
    /// buffered value keep their pointer, as for the entries before a tag.
    pub(crate) fn whole(
        mut entries: Vec<(Content<'de>, Content<'de>)>,
        human_readable: bool,
    ) -> Self {
        entries.reverse();
        Payload {
            rest: NoEntries(PhantomData),
            before: entries,
            pending: None,
            // No key of the rest is ever read, so none is taken for a tag.
            tag: "",
            human_readable,
        }
    }
}

/// The rest of an object read whole: nothing.
pub(crate) struct NoEntries<E>(PhantomData<E>);

impl<'de, E: de::Error> MapAccess<'de> for NoEntries<E> {
    type Error = E;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, _seed: K) -> Result<Option<K::Value>, E> {
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, _seed: V) -> Result<V::Value, E> {
        Err(E::custom(
            "cardc: a value was asked for after the object's last key",
        ))
    }
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Payload<'de, A> {
    type Error = A::Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_map(self)
    }

    fn is_human_readable(&self) -> bool {
        self.human_readable
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Payload<'de, A> {
    type Error = A::Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        if let Some((key, value)) = self.before.pop() {
            let read = seed.deserialize(BufferedKey::new(&key));
            let read = read.inspect_err(|_| note_key(&key))?;
            self.pending = Some((key, value));
            return Ok(Some(read));
        }
        self.rest.next_key_seed(NotTag {
            seed,
            tag: self.tag,
        })
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        match self.pending.take() {
            Some((key, value)) => buffered(seed, &key, value, self.human_readable),
            None => self.rest.next_value_seed(seed),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.rest.size_hint().map(|rest| rest + self.before.len())
    }
}

/// Notes that an error happened at a buffered key.
fn note_key(key: &Content<'_>) {
    if let Some(key) = keys::text(key) {
        trace::below(&format!("/{}", escape(key)));
    }
}

/// Decodes a value that was buffered before the tag. While a `cardc` decode records notes,
/// it tracks the path inside the value as `serde_path_to_error` would have, and notes it.
fn buffered<'de, V: DeserializeSeed<'de>, E: de::Error>(
    seed: V,
    key: &Content<'de>,
    value: Content<'de>,
    human_readable: bool,
) -> Result<V::Value, E> {
    let value = ContentDeserializer::<E>::new(value, human_readable);
    if !trace::recording() {
        return seed.deserialize(value);
    }
    let mut track = serde_path_to_error::Track::new();
    let result = seed.deserialize(serde_path_to_error::Deserializer::new(value, &mut track));
    result.inspect_err(|_| {
        let inside = pointer_of(&track.path());
        let key = keys::text(key).map(escape).unwrap_or_default();
        trace::below(&format!("/{key}{inside}"));
    })
}
