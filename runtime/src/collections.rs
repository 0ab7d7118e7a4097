//! Read modes for arrays and maps whose values need the contract's rules, decided by the
//! generated code from the field's type rather than carried down at run time.
//!
//! [`crate::structs::Strict`] wraps a deserializer so that everything beneath it is read by the
//! contract's rules for integers and keys. A named type beneath it reads its own fields, and
//! wraps again; through a recursive type (`children: Map<String, Directory>`) the wrapped
//! deserializer's type would grow without end, which the compiler refuses. So a field's reader
//! follows its type instead: [`Items`] for an array and [`Entries`] for a map, each reading its
//! values with the reader of the value type (`Strict` only at integers and any-JSON values,
//! `Plain` at a named type), and a map refusing a key given twice.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};

use crate::strict::next_unique_key;
use crate::structs::{Read, ReadSeed};

/// An array whose items are read by `R`.
#[derive(Clone, Copy)]
pub struct Items<R>(pub R);

impl<'de, T, R: Read<'de, T> + Copy> Read<'de, Vec<T>> for Items<R> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<T>, D::Error> {
        deserializer.deserialize_seq(ItemsVisitor(self.0, PhantomData))
    }
}

struct ItemsVisitor<R, T>(R, PhantomData<T>);

impl<'de, T, R: Read<'de, T> + Copy> Visitor<'de> for ItemsVisitor<R, T> {
    type Value = Vec<T>;

    // serde's own wording for a `Vec`, so that errors read as they did.
    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        // The hint is the input's claim, so it is capped as serde caps it.
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element_seed(ReadSeed::new(self.0))? {
            items.push(item);
        }
        Ok(items)
    }
}

/// A map whose values are read by `R`, refusing a key given twice.
#[derive(Clone, Copy)]
pub struct Entries<R>(pub R);

impl<'de, T, R: Read<'de, T> + Copy> Read<'de, BTreeMap<String, T>> for Entries<R> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<BTreeMap<String, T>, D::Error> {
        deserializer.deserialize_map(EntriesVisitor(self.0, (), PhantomData))
    }
}

/// What a map does around reading each entry's value: a plain map ([`Entries`], `()`) nothing;
/// a map on the way to a tolerant field prefixes the entry's key to the warnings noted inside
/// it (`tolerance::EntriesAt`).
pub(crate) trait AroundValue: Copy {
    /// What is taken before a value is read.
    type Before;

    /// Called before a value is read.
    fn before(self) -> Self::Before;

    /// Called once the value of the entry `key` is read.
    fn after(self, before: Self::Before, key: &str);
}

impl AroundValue for () {
    type Before = ();

    #[inline]
    fn before(self) {}

    #[inline]
    fn after(self, (): (), _: &str) {}
}

/// A map's entries, each value read by `R` (with `W` around it), refusing a key given twice.
pub(crate) struct EntriesVisitor<R, W, T>(pub(crate) R, pub(crate) W, pub(crate) PhantomData<T>);

impl<'de, T, R: Read<'de, T> + Copy, W: AroundValue> Visitor<'de> for EntriesVisitor<R, W, T> {
    type Value = BTreeMap<String, T>;

    // serde's own wording for a map.
    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a map")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries = BTreeMap::new();
        let mut seen = HashSet::new();
        while let Some(key) = next_unique_key(&mut map, PhantomData::<String>, &mut seen)? {
            let before = self.1.before();
            let value = map.next_value_seed(ReadSeed::new(self.0))?;
            self.1.after(before, &key);
            entries.insert(key, value);
        }
        Ok(entries)
    }
}
