//! Decoding of generated structs: the struct visitor that serde's derive used to write, with
//! the contract's presence rules and the same errors, word for word.
//!
//! A generated struct implements [`Struct`]: its name, its fields' wire names, and a
//! `visit_map` that keeps one typed `Option` slot per field and reads each value straight into
//! it (through [`next_field`] and [`read_field`]), then checks the missing ones with
//! [`required`]. Errors are the format's own (`missing field`, `unknown field`, `duplicate
//! field`, `invalid type: ..., expected struct X`), built where serde's derive built them, so
//! that messages, positions and JSON pointers stay what they were; a missing or repeated field
//! is noted for the pointer of a [`crate::DecodeError`], and the struct's name on any failure.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Unexpected, Visitor};

use crate::strict::Strict as StrictDeserializer;
use crate::trace;

/// A generated struct, as its `Deserialize` impl reads it.
pub trait Struct: Sized {
    /// The schema's name for the struct, for error messages.
    const NAME: &'static str;
    /// Every field's wire name, in declaration order; [`next_field`] yields indices into it.
    const FIELDS: &'static [&'static str];
    /// Whether keys the schema does not name are accepted (an open struct) rather than
    /// refused: kept where [`next_field`] is given somewhere to keep them, else dropped.
    const OPEN: bool;

    /// Reads the struct from the entries of an object.
    fn visit_map<'de, A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
}

/// The body of a generated struct's `Deserialize` impl: an object, noting the struct's name if
/// it fails. A struct has no sequence form (only formats that are not self-describing write
/// one), so a sequence is refused as any value of the wrong type is.
#[inline]
pub fn deserialize_struct<'de, T: Struct, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    let visitor = StructVisitor::<T> {
        expecting: Expecting::default(),
    };
    let result = if T::OPEN {
        deserializer.deserialize_map(visitor)
    } else {
        deserializer.deserialize_struct(T::NAME, T::FIELDS, visitor)
    };
    trace::named(T::NAME, result)
}

/// serde's wording for what a struct is: `struct X`.
struct Expecting<T>(PhantomData<T>);

impl<T> Default for Expecting<T> {
    fn default() -> Self {
        Expecting(PhantomData)
    }
}

impl<T: Struct> de::Expected for Expecting<T> {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "struct {}", T::NAME)
    }
}

/// The visitor a struct's object is read with.
struct StructVisitor<T> {
    expecting: Expecting<T>,
}

impl<'de, T: Struct> Visitor<'de> for StructVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        de::Expected::fmt(&self.expecting, formatter)
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        trace::enter();
        T::visit_map(map)
    }
}

/// The keys of an open struct that the schema does not name, as read: a struct that keeps
/// them keeps their values too, which become its `extra_fields` once the object is read; one
/// that drops them only remembers the keys, so that a key given twice is refused there too.
#[derive(Default)]
pub struct Extra {
    /// Whether the values are kept (`#[allow_unknown_fields]`) or dropped.
    keep: bool,
    /// The keys read so far.
    seen: HashSet<String>,
    /// The kept keys and their values, in the order read.
    entries: Vec<(String, serde_json::Value)>,
}

impl Extra {
    /// No keys yet, for a struct that keeps them.
    pub fn new() -> Self {
        Extra {
            keep: true,
            ..Extra::default()
        }
    }

    /// No keys yet, for a struct that drops them.
    pub fn dropping() -> Self {
        Extra::default()
    }
}

/// The index of the next key that names a field, or `None` at the end of the object.
///
/// A key the schema does not name is refused with serde's `unknown field` error, or, in an
/// open struct (given `extra`), read as any JSON (every number, string and key in it by the
/// contract's rules) and kept in `extra` or dropped; given twice, it is refused at the key, as
/// a field given twice is.
#[inline]
pub fn next_field<'de, T: Struct, A: MapAccess<'de>>(
    map: &mut A,
    mut extra: Option<&mut Extra>,
) -> Result<Option<usize>, A::Error> {
    loop {
        let seed = FieldSeed::<T> {
            seen: extra.as_deref_mut().map(|extra| &mut extra.seen),
            fields: PhantomData,
        };
        match map.next_key_seed(seed)? {
            None => return Ok(None),
            Some(Key::Field(index)) => return Ok(Some(index)),
            // Only an open struct's seed accepts another key.
            Some(Key::Other(key)) => match extra.as_deref_mut() {
                Some(extra) if extra.keep => {
                    let value = crate::strict::read_value(map)?;
                    extra.entries.push((key, value));
                }
                _ => crate::strict::discard_value(map)?,
            },
        }
    }
}

/// A key of a struct's object.
enum Key {
    /// The field at this index of [`Struct::FIELDS`].
    Field(usize),
    /// A key an open struct reads.
    Other(String),
}

/// Reads a key of a struct's object as serde's derived field visitor does.
struct FieldSeed<'a, T> {
    /// The other keys an open struct has read so far; `None` for a closed struct, which
    /// refuses a key the schema does not name.
    seen: Option<&'a mut HashSet<String>>,
    fields: PhantomData<T>,
}

impl<T: Struct> FieldSeed<'_, T> {
    /// A key given as text: a field, an open struct's other key, or serde's `unknown field`
    /// error; an other key given twice is the strict reader's `duplicate key` error.
    #[inline]
    fn text<E: de::Error>(self, key: &str) -> Result<Key, E> {
        if let Some(index) = T::FIELDS.iter().position(|field| *field == key) {
            return Ok(Key::Field(index));
        }
        match self.seen {
            Some(seen) if seen.contains(key) => {
                Err(E::custom(format_args!("duplicate key `{key}`")))
            }
            Some(seen) => {
                seen.insert(key.to_owned());
                Ok(Key::Other(key.to_owned()))
            }
            None => Err(E::unknown_field(key, T::FIELDS)),
        }
    }
}

impl<'de, T: Struct> DeserializeSeed<'de> for FieldSeed<'_, T> {
    type Value = Key;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Key, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de, T: Struct> Visitor<'de> for FieldSeed<'_, T> {
    type Value = Key;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("field identifier")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
        self.text(key)
    }

    /// A key given as bytes, as serde's derive reads it: text if it is UTF-8, lossily.
    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Key, E> {
        self.text(&String::from_utf8_lossy(key))
    }

    /// A field by its index, as compact formats name it.
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Key, E> {
        match usize::try_from(index) {
            Ok(index) if index < T::FIELDS.len() => Ok(Key::Field(index)),
            _ if self.seen.is_some() => self.text(&index.to_string()),
            _ => Err(E::invalid_value(
                Unexpected::Unsigned(index),
                &FieldIndex(T::FIELDS.len()),
            )),
        }
    }
}

/// serde's wording for a field index out of range.
struct FieldIndex(usize);

impl de::Expected for FieldIndex {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "field index 0 <= i < {}", self.0)
    }
}

/// How a field's value is read: [`Plain`] or [`Strict`], inside [`crate::collections::Items`]
/// or [`crate::collections::Entries`] as its type says, and around them [`Optional`] or
/// [`Nullable`], as the field's presence says.
pub trait Read<'de, T> {
    /// Reads the value.
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error>;
}

/// A value as its type reads it.
#[derive(Clone, Copy)]
pub struct Plain;

impl<'de, T: Deserialize<'de>> Read<'de, T> for Plain {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        T::deserialize(deserializer)
    }
}

/// An integer or an any-JSON value, read by the contract's rules for them: an integral float is
/// an integer, and no key comes twice.
#[derive(Clone, Copy)]
pub struct Strict;

impl<'de, T: Deserialize<'de>> Read<'de, T> for Strict {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        T::deserialize(StrictDeserializer(deserializer))
    }
}

/// `Option<T>` in the schema: a present key holds a `T` (`null` only when `T` itself accepts
/// it, as `Json` does); an absent one is `None`, which [`Struct::visit_map`] fills in.
#[derive(Clone, Copy)]
pub struct Optional<R>(pub R);

impl<'de, T, R: Read<'de, T>> Read<'de, Option<T>> for Optional<R> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
        self.0.read(deserializer).map(Some)
    }
}

/// `Nullable<T>` in the schema: `null` or a `T`, read as serde reads an `Option`.
#[derive(Clone, Copy)]
pub struct Nullable<R>(pub R);

impl<'de, T, R: Read<'de, T>> Read<'de, Option<T>> for Nullable<R> {
    #[inline]
    fn read<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
        deserializer.deserialize_option(NullOr(self.0, PhantomData))
    }
}

/// Reads `null` as `None` and anything else as the wrapped reader reads it.
struct NullOr<R, T>(R, PhantomData<T>);

impl<'de, T, R: Read<'de, T>> Visitor<'de> for NullOr<R, T> {
    type Value = Option<T>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("option")
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    #[inline]
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
        self.0.read(deserializer).map(Some)
    }
}

/// A [`Read`] as a seed for a map's value or an array's item.
pub(crate) struct ReadSeed<R, T>(R, PhantomData<T>);

impl<R, T> ReadSeed<R, T> {
    /// The seed that reads a `T` with `read`.
    pub(crate) fn new(read: R) -> Self {
        ReadSeed(read, PhantomData)
    }
}

impl<'de, T, R: Read<'de, T>> DeserializeSeed<'de> for ReadSeed<R, T> {
    type Value = T;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        self.0.read(deserializer)
    }
}

/// Reads the value of the field `name`, whose key was just read, into its slot: serde's
/// `duplicate field` error if the slot is filled already.
#[inline]
pub fn read_field<'de, A: MapAccess<'de>, T, R: Read<'de, T>>(
    map: &mut A,
    slot: &mut Option<T>,
    name: &'static str,
    read: R,
) -> Result<(), A::Error> {
    if slot.is_some() {
        trace::at_field(name);
        return Err(de::Error::duplicate_field(name));
    }
    *slot = Some(map.next_value_seed(ReadSeed(read, PhantomData))?);
    Ok(())
}

/// The error for a field index a struct's visitor has no arm for. [`next_field`] yields only
/// indices of the struct's `FIELDS`, so this would be a bug in the generated code: it is
/// reported as a decoding error rather than a panic, since the visitor reads untrusted input.
#[cold]
pub fn no_field_at<E: de::Error>(index: usize) -> E {
    E::custom(format_args!(
        "cardc: the generated visitor has no field at index {index}"
    ))
}

/// The value of a field that must be present: serde's `missing field` error if it was not.
#[inline]
pub fn required<E: de::Error, T>(slot: Option<T>, name: &'static str) -> Result<T, E> {
    match slot {
        Some(value) => Ok(value),
        None => Err(missing_field(name)),
    }
}

/// serde's `missing field` error, noted at the field.
#[cold]
fn missing_field<E: de::Error>(name: &'static str) -> E {
    trace::at_field(name);
    E::missing_field(name)
}

/// An open struct's `extra_fields`: the kept keys and values, each read strictly as it came
/// (see [`next_field`]), once the rest of the object is read.
pub fn extra_fields<E: de::Error>(extra: Extra) -> Result<BTreeMap<String, serde_json::Value>, E> {
    Ok(extra.entries.into_iter().collect())
}
