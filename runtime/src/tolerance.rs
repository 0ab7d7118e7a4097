//! Tolerant reading: the readers of fields and arrays that declare a reader policy
//! (`#[on_invalid = "absent"]` or `"default"`, `#[on_invalid(default = "<JSON>")]`,
//! `#[skip_invalid]`), and the warnings that say what they dropped.
//!
//! A policy applies only while [`crate::decode_str_tolerant`] or
//! [`crate::decode_value_tolerant`] runs on the thread; any other decode, `serde_json`'s own
//! included, is strict and fails where the published JSON Schema refuses, so nothing is ever
//! dropped without a warning. A tolerant reader buffers its value and reads it from the buffer,
//! so a failure inside is caught whole; only declared fields and items pay for it.
//!
//! A warning's pointer is built on the way out: a reader that drops a value notes it with no
//! pointer, and every field, item and entry on the way to a tolerant field ([`At`],
//! [`ItemsAt`], [`EntriesAt`], which the generated code puts only there) prefixes its segment
//! to the warnings noted inside it once it has read.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{DeserializeSeed, Deserializer, SeqAccess, Visitor};

use crate::collections::{AroundValue, EntriesVisitor};
use crate::content::{Content, ContentDeserializer, ContentSeed};
use crate::error::DecodeError;
use crate::pointer::{escape, pointer_of};
use crate::structs::{Read, ReadSeed};
use crate::trace;

thread_local! {
    /// The warnings of the tolerant decode running on this thread, if one runs.
    static NOTED: RefCell<Option<Vec<Noted>>> = const { RefCell::new(None) };
}

/// One step of a JSON pointer, ordered as warnings are: keys by text, indices by number.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Segment {
    Index(usize),
    Key(String),
}

/// A warning while its pointer is still being built.
struct Noted {
    /// The pointer's segments, innermost first.
    segments: Vec<Segment>,
    dropped: Dropped,
    /// The failure, its pointer relative to the dropped value.
    error: DecodeError,
}

/// What a tolerant read dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dropped {
    /// An invalid array item, left out (`#[skip_invalid]`).
    Item,
    /// An invalid value of an optional field, read as an absent key (`#[on_invalid = "absent"]`).
    Value,
    /// An invalid value of a defaulted field, read as its default (`#[on_invalid = "default"]`).
    Defaulted,
}

/// What a tolerant read dropped, where, and why. It displays as
/// `/items/1: skipped an invalid item: /items/1/id: invalid type: ... (Item)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pointer: String,
    dropped: Dropped,
    error: DecodeError,
}

impl Warning {
    /// The RFC 6901 JSON pointer of the dropped item or value.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// Whether an item was skipped or a value read as absent.
    pub fn dropped(&self) -> Dropped {
        self.dropped
    }

    /// Why it was dropped: the error a strict read would have given, at its own pointer at or
    /// below [`Warning::pointer`].
    pub fn error(&self) -> &DecodeError {
        &self.error
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let action = match self.dropped {
            Dropped::Item => "skipped an invalid item",
            Dropped::Value => "read an invalid value as absent",
            Dropped::Defaulted => "read an invalid value as the default",
        };
        write!(formatter, "{}: {action}: {}", self.pointer, self.error)
    }
}

/// Runs a decode with policies applied, and returns the warnings noted, ordered by pointer.
pub(crate) fn collect<T>(decode: impl FnOnce() -> T) -> (T, Vec<Warning>) {
    /// Puts back the warnings of an enclosing tolerant decode, even on a panic.
    struct Restore(Option<Option<Vec<Noted>>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                NOTED.set(outer);
            }
        }
    }
    let _restore = Restore(Some(NOTED.replace(Some(Vec::new()))));
    let result = decode();
    let noted = NOTED.take().unwrap_or_default();
    let mut warnings: Vec<(Vec<Segment>, Warning)> = noted
        .into_iter()
        .map(|mut noted| {
            noted.segments.reverse();
            let pointer: String = noted.segments.iter().map(segment_text).collect();
            let error = noted.error.below(&pointer);
            let warning = Warning {
                pointer,
                dropped: noted.dropped,
                error,
            };
            (noted.segments, warning)
        })
        .collect();
    warnings.sort_by(|a, b| a.0.cmp(&b.0));
    (result, warnings.into_iter().map(|(_, w)| w).collect())
}

/// A segment as pointer text, `/0` or `/key`.
fn segment_text(segment: &Segment) -> String {
    match segment {
        Segment::Index(index) => format!("/{index}"),
        Segment::Key(key) => format!("/{}", escape(key)),
    }
}

/// How many warnings are noted, if a tolerant decode runs.
#[inline(always)]
fn noted() -> Option<usize> {
    NOTED.with_borrow(|noted| noted.as_ref().map(Vec::len))
}

/// Prefixes `segment` to the warnings noted since there were `since`.
fn prefix(since: usize, segment: impl Fn() -> Segment) {
    NOTED.with_borrow_mut(|noted| {
        if let Some(noted) = noted.as_mut() {
            for warning in noted.iter_mut().skip(since) {
                warning.segments.push(segment());
            }
        }
    });
}

/// Drops the warnings noted since there were `since` (they are about a value that was dropped
/// whole) and notes `warning` in their place.
fn replace(since: usize, warning: Noted) {
    NOTED.with_borrow_mut(|noted| {
        if let Some(noted) = noted.as_mut() {
            noted.truncate(since);
            noted.push(warning);
        }
    });
}

/// Reads a buffered value with `read`, its failure as a [`DecodeError`] relative to it.
fn attempt<'de, T, R: Read<'de, T>>(
    read: R,
    content: Content<'de>,
    human_readable: bool,
) -> Result<T, DecodeError> {
    let value = ContentDeserializer::<serde_json::Error>::new(content, human_readable);
    let (result, notes) = trace::record(|| {
        let mut track = serde_path_to_error::Track::new();
        let result = read.read(serde_path_to_error::Deserializer::new(value, &mut track));
        result.map_err(|error| (pointer_of(&track.path()), error))
    });
    result.map_err(|(pointer, error)| DecodeError::at(pointer, &error, notes))
}

/// Reads a value with `read`, or, if a tolerant decode runs and the value is invalid, notes
/// why and returns `None`; a value that is not JSON at all fails still.
fn tolerate<'de, T, R: Read<'de, T>, D: Deserializer<'de>>(
    read: R,
    deserializer: D,
    dropped: Dropped,
    since: usize,
    segment: Option<Segment>,
) -> Result<Option<T>, D::Error> {
    let human_readable = deserializer.is_human_readable();
    let content = ContentSeed.deserialize(deserializer)?;
    match attempt(read, content, human_readable) {
        Ok(value) => {
            if let Some(segment) = &segment {
                prefix(since, || segment.clone());
            }
            Ok(Some(value))
        }
        Err(error) => {
            let segments = segment.into_iter().collect();
            replace(
                since,
                Noted {
                    segments,
                    dropped,
                    error,
                },
            );
            Ok(None)
        }
    }
}

/// `#[on_invalid = "absent"]`: an optional field's value as `R` reads it, or, when a tolerant
/// decode finds it invalid, an absent key and a warning.
#[derive(Clone, Copy)]
pub struct OrAbsent<R>(pub R);

impl<'de, T, R: Read<'de, Option<T>>> Read<'de, Option<T>> for OrAbsent<R> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
        match noted() {
            None => self.0.read(deserializer),
            Some(since) => {
                Ok(tolerate(self.0, deserializer, Dropped::Value, since, None)?.flatten())
            }
        }
    }
}

/// `#[on_invalid = "default"]` on a defaulted field, or `#[on_invalid(default = "<JSON>")]` on a
/// required one: the field's value as `R` reads it, or, when a tolerant decode finds it invalid,
/// the value `F` builds and a warning.
#[derive(Clone, Copy)]
pub struct OrDefault<R, F>(pub R, pub F);

impl<'de, T, R: Read<'de, T>, F: FnOnce() -> T> Read<'de, T> for OrDefault<R, F> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        match noted() {
            None => self.0.read(deserializer),
            Some(since) => Ok(
                tolerate(self.0, deserializer, Dropped::Defaulted, since, None)?
                    .unwrap_or_else(self.1),
            ),
        }
    }
}

/// `#[skip_invalid]`: an array whose items are read by `R`; when a tolerant decode finds an
/// item invalid, it is left out with a warning.
#[derive(Clone, Copy)]
pub struct SkipInvalid<R>(pub R);

impl<'de, T, R: Read<'de, T> + Copy> Read<'de, Vec<T>> for SkipInvalid<R> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<T>, D::Error> {
        let skip = noted().is_some();
        deserializer.deserialize_seq(ItemsVisitor {
            read: self.0,
            skip,
            at: true,
            item: PhantomData,
        })
    }
}

/// An array on the way to a tolerant field: its items read by `R`, each prefixing its index
/// to the warnings noted inside it.
#[derive(Clone, Copy)]
pub struct ItemsAt<R>(pub R);

impl<'de, T, R: Read<'de, T> + Copy> Read<'de, Vec<T>> for ItemsAt<R> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<T>, D::Error> {
        deserializer.deserialize_seq(ItemsVisitor {
            read: self.0,
            skip: false,
            at: noted().is_some(),
            item: PhantomData,
        })
    }
}

/// Reads an array's items, skipping invalid ones if `skip`, and prefixing indices if `at`.
struct ItemsVisitor<R, T> {
    read: R,
    skip: bool,
    at: bool,
    item: PhantomData<T>,
}

impl<'de, T, R: Read<'de, T> + Copy> Visitor<'de> for ItemsVisitor<R, T> {
    type Value = Vec<T>;

    // serde's own wording for a `Vec`, so that errors read as they did.
    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        // The hint is the input's claim, so it is capped as serde caps it.
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        let mut index = 0;
        loop {
            let since = noted().unwrap_or(0);
            if self.skip {
                let seed = TolerateSeed {
                    read: self.read,
                    since,
                    index,
                    item: PhantomData,
                };
                match seq.next_element_seed(seed)? {
                    None => break,
                    Some(Some(item)) => items.push(item),
                    Some(None) => {}
                }
            } else {
                match seq.next_element_seed(ReadSeed::new(self.read))? {
                    None => break,
                    Some(item) => items.push(item),
                }
                if self.at {
                    prefix(since, || Segment::Index(index));
                }
            }
            index += 1;
        }
        Ok(items)
    }
}

/// An array item read tolerantly: the item, or `None` once it is noted as skipped.
struct TolerateSeed<R, T> {
    read: R,
    since: usize,
    index: usize,
    item: PhantomData<T>,
}

impl<'de, T, R: Read<'de, T>> DeserializeSeed<'de> for TolerateSeed<R, T> {
    type Value = Option<T>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
        let segment = Some(Segment::Index(self.index));
        tolerate(self.read, deserializer, Dropped::Item, self.since, segment)
    }
}

/// A map on the way to a tolerant field: its values read by `R`, refusing a key given twice,
/// each prefixing its key to the warnings noted inside it.
#[derive(Clone, Copy)]
pub struct EntriesAt<R>(pub R);

impl<'de, T, R: Read<'de, T> + Copy> Read<'de, BTreeMap<String, T>> for EntriesAt<R> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<BTreeMap<String, T>, D::Error> {
        deserializer.deserialize_map(EntriesVisitor(self.0, PrefixKeys, PhantomData))
    }
}

/// Around each entry of an [`EntriesAt`]: its key prefixed to the warnings noted inside it.
#[derive(Clone, Copy)]
struct PrefixKeys;

impl AroundValue for PrefixKeys {
    type Before = Option<usize>;

    fn before(self) -> Option<usize> {
        noted()
    }

    fn after(self, since: Option<usize>, key: &str) {
        if let Some(since) = since {
            prefix(since, || Segment::Key(key.to_owned()));
        }
    }
}

/// A struct field on the way to a tolerant field (or tolerant itself): its value as `R` reads
/// it, prefixing the field's key to the warnings noted inside it.
#[derive(Clone, Copy)]
pub struct At<R>(pub &'static str, pub R);

impl<'de, T, R: Read<'de, T>> Read<'de, T> for At<R> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        let since = noted();
        let value = self.1.read(deserializer)?;
        if let Some(since) = since {
            prefix(since, || Segment::Key(self.0.to_owned()));
        }
        Ok(value)
    }
}
