//! Typed reading of the entries before a union's tag.
//!
//! Buffering an entry before the tag costs a [`Content`] tree, and replaying it into the
//! variant a second walk. Yet a key often means the same thing in every variant that has it
//! (`title` is a `String` in all of them), and the others refuse it: its value can be read
//! straight into its type before the tag says which variant holds it. A generated union whose
//! variants agree on such keys lists them in [`Union::EARLY`], and its
//! [`Union::before_tag`] keeps one typed slot per key, reads each of them through
//! [`BeforeTag`], and hands the filled slots to the variant's visitor with the rest of the
//! object. Every other key before the tag is buffered as before. A variant that holds a
//! union takes the keys that union reads early itself: the outer union reads them, and the
//! inner one goes on from the slots filled ([`BeforeTag::resume`]).
//!
//! A value read early fails before the tag is known, so its error cannot name the variant;
//! and an entry that a variant refuses is refused after the tag, not in the order of the
//! input. So the early reading runs only where nobody records notes: a `cardc` decode
//! ([`crate::decode_str`]) buffers every entry and keeps its exact errors. Both accept the
//! same input: a key is read early only if every variant either reads it with the same reader
//! or refuses it, and a refused key fails the decode either way.

use std::marker::PhantomData;

use serde::de::{self, MapAccess};

use super::keys::{self, Key, KeySeed};
use super::{Payload, Tag, TagSeed, Union, missing_tag, order_buffer};
use crate::content::{Content, ContentSeed};

/// A union's object up to its tag, as [`Union::before_tag`] reads it: each key before the tag
/// that [`Union::EARLY`] lists is handed out for a typed read, every other one is buffered.
pub struct BeforeTag<'de, A> {
    /// The union's object.
    map: A,
    /// The key the union read first, not yet handed out.
    first: Option<Content<'de>>,
    /// The entries buffered so far, in the order read.
    before: Vec<(Content<'de>, Content<'de>)>,
    /// Whether the format is human-readable, for the variant's view of the object.
    human_readable: bool,
}

impl<'de, A: MapAccess<'de>> BeforeTag<'de, A> {
    /// The object whose first key, `first`, was not the tag.
    pub(super) fn new(map: A, first: Content<'de>, human_readable: bool) -> Self {
        BeforeTag {
            map,
            first: Some(first),
            before: Vec::new(),
            human_readable,
        }
    }

    /// The object a union around this one handed to the variant that holds it, with the
    /// values of some of this union's early keys read already: this union's tag may come
    /// anywhere in it.
    #[inline]
    pub fn resume(payload: Payload<'de, A>) -> BeforeTag<'de, Payload<'de, A>> {
        let human_readable = payload.human_readable;
        BeforeTag {
            map: payload,
            first: None,
            before: Vec::new(),
            human_readable,
        }
    }

    /// The index in [`Union::EARLY`] of the next key before the tag, whose value the caller
    /// reads from [`BeforeTag::map`]; every other key is buffered with its value. `None` once
    /// the tag's key is read.
    #[inline]
    pub fn next_early<T: Union>(&mut self) -> Result<Option<usize>, A::Error> {
        loop {
            let key = match self.first.take() {
                Some(key) => key,
                None => match self.map.next_key_seed(KeySeed(T::TAG))? {
                    None => return Err(missing_tag::<T, A::Error>()),
                    Some(Key::Tag) => return Ok(None),
                    Some(Key::Other(key)) => key,
                },
            };
            let early = keys::text(&key).and_then(|text| T::EARLY.iter().position(|k| *k == text));
            match early {
                Some(index) => return Ok(Some(index)),
                None => {
                    let value = self.map.next_value_seed(ContentSeed)?;
                    self.before.push((key, value));
                }
            }
        }
    }

    /// The union's object, to read the value of the key [`BeforeTag::next_early`] handed out.
    #[inline]
    pub fn map(&mut self) -> &mut A {
        &mut self.map
    }

    /// Reads the tag's value, once [`BeforeTag::next_early`] has said it comes next, and gives
    /// the variant it picks its view of the rest: the buffered entries, then the rest of the
    /// object.
    #[inline]
    pub fn tag<T: Union>(self) -> Result<(&'static str, Payload<'de, A>), A::Error> {
        let BeforeTag {
            mut map,
            mut before,
            human_readable,
            ..
        } = self;
        let tag = match map.next_value_seed(TagSeed::<T>(PhantomData))? {
            Tag::Known(tag) => tag,
            // Only a closed union reads keys early, and its tag seed refuses any other.
            Tag::Unknown(tag) => return Err(de::Error::unknown_variant(&tag, T::TAGS)),
        };
        if !before.is_empty() {
            order_buffer(&mut before, T::nested_tag(tag));
        }
        let payload = Payload {
            rest: map,
            before,
            pending: None,
            tag: T::TAG,
            human_readable,
        };
        Ok((tag, payload))
    }
}

/// Refuses the keys read early that a variant has no slot for, as the variant's own visitor
/// would have: serde's `unknown field` error for the first key `given`, listing `fields` (none
/// for a unit variant).
#[inline]
pub fn refuse_early<E: de::Error>(
    given: &[(bool, &'static str)],
    fields: &'static [&'static str],
) -> Result<(), E> {
    match given.iter().find(|(given, _)| *given) {
        Some((_, key)) => Err(E::unknown_field(key, fields)),
        None => Ok(()),
    }
}

/// Refuses the keys read early for a variant that holds a nested union, none of whose
/// variants has such a key.
#[inline]
pub fn refuse_early_nested<E: de::Error>(
    given: &[(bool, &'static str)],
    union: &'static str,
) -> Result<(), E> {
    match given.iter().find(|(given, _)| *given) {
        Some((_, key)) => Err(E::custom(format_args!(
            "unknown field `{key}`, which no {union} variant has"
        ))),
        None => Ok(()),
    }
}
