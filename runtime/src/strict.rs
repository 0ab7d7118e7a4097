//! The contract's reading of two things in JSON that serde's own types read otherwise, for the
//! fields whose types hold integers, maps or any-JSON values.
//!
//! - An integer is any number with a zero fraction, however it is written (`1.0`, `1e2`,
//!   `-0`), as JSON Schema's `integer` and JavaScript read it. serde_json hands such a number
//!   over as a float, which serde's integer types refuse; here it is handed over as the integer
//!   it equals, so it is checked against the type's bounds and writes back as `1`: the round
//!   trip is exact in value, not in text.
//! - No object gives a key twice (RFC 7493, I-JSON). serde's derived structs refuse a field
//!   given twice, but its maps and `serde_json::Value` keep the last; here they refuse it too.
//!
//! - A 64-bit integer (`i64`, `u64`) is a JSON number within the safe-integer range,
//!   |n| <= 2^53 - 1, which every reader of parsed JSON holds exactly; past it, it is refused.
//! - Any other number is held as the double nearest it, as `JSON.parse` and every other
//!   reader hold it: an integer past 2^53 - 1 in an any-JSON value (which serde_json would
//!   keep exactly as a `u64` or `i64`) reads as that double, and writes back as it.
//!
//! [`Strict`] wraps a field's deserializer and applies both to the field's whole value, down
//! through options, arrays, maps and objects inside it.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// The largest magnitude below which every integral `f64` is exactly one integer: past it a
/// float stands for several, and no integer type of the schema (whose 64-bit types stop at
/// 2^53 - 1) reaches it.
const EXACT: f64 = 9_007_199_254_740_992.0;

/// The largest magnitude of a 64-bit integer on the wire: 2^53 - 1.
const MAX_SAFE: u64 = (1 << 53) - 1;

/// A deserializer that reads its value by the contract's rules for integers and keys.
pub(crate) struct Strict<D>(pub(crate) D);

/// Forwards deserializer methods to the wrapped deserializer `self.0`, wrapping the visitor
/// as `$wrap` does.
macro_rules! forward_deserialize {
    ($wrap:expr => $($method:ident($($arg:ident: $ty:ty),*))*) => {
        $(
            #[inline]
            fn $method<V: Visitor<'de>>(
                self,
                $($arg: $ty,)*
                visitor: V,
            ) -> Result<V::Value, Self::Error> {
                self.0.$method($($arg,)* $wrap(visitor))
            }
        )*
    };
}

/// Forwards visitor methods that take one value to the wrapped visitor.
macro_rules! forward_visit {
    ($($method:ident: $ty:ty)*) => {
        $(
            #[inline]
            fn $method<E: de::Error>(self, value: $ty) -> Result<Self::Value, E> {
                self.inner.$method(value)
            }
        )*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<D> {
    type Error = D::Error;

    forward_deserialize! { Visit::integer =>
        deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i128() deserialize_u8() deserialize_u16() deserialize_u32()
        deserialize_u128()
    }

    forward_deserialize! { Visit::safe_integer =>
        deserialize_i64() deserialize_u64()
    }

    forward_deserialize! { Visit::other =>
        deserialize_any() deserialize_option() deserialize_seq() deserialize_map()
        deserialize_newtype_struct(name: &'static str) deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
    }

    // Nothing inside these holds an integer or an object.
    forward_deserialize! { std::convert::identity =>
        deserialize_bool() deserialize_f32() deserialize_f64() deserialize_char()
        deserialize_str() deserialize_string() deserialize_bytes() deserialize_byte_buf()
        deserialize_unit() deserialize_unit_struct(name: &'static str)
        deserialize_identifier() deserialize_ignored_any()
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// A visitor that passes what it is given on, reading an integral float as an integer where
/// an integer was asked for, and wrapping what lies inside.
struct Visit<V> {
    inner: V,
    /// Whether the value was asked for as an integer.
    integer: bool,
    /// Whether it was asked for as a 64-bit integer, which must be within 2^53 - 1.
    safe: bool,
}

impl<V> Visit<V> {
    /// For a value asked for as an integer.
    fn integer(inner: V) -> Self {
        Visit {
            inner,
            integer: true,
            safe: false,
        }
    }

    /// For a value asked for as a 64-bit integer.
    fn safe_integer(inner: V) -> Self {
        Visit {
            inner,
            integer: true,
            safe: true,
        }
    }

    /// For any other value.
    fn other(inner: V) -> Self {
        Visit {
            inner,
            integer: false,
            safe: false,
        }
    }
}

/// What a 64-bit integer is expected to be.
const SAFE_RANGE: &str = "an integer within the safe range, |n| <= 2^53 - 1";

impl<'de, V: Visitor<'de>> Visitor<'de> for Visit<V> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        self.inner.expecting(formatter)
    }

    forward_visit! {
        visit_bool: bool visit_i128: i128 visit_u128: u128
        visit_char: char visit_str: &str visit_borrowed_str: &'de str visit_string: String
        visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8] visit_byte_buf: Vec<u8>
    }

    #[inline]
    fn visit_i64<E: de::Error>(self, value: i64) -> Result<V::Value, E> {
        if self.safe && value.unsigned_abs() > MAX_SAFE {
            return Err(E::invalid_value(de::Unexpected::Signed(value), &SAFE_RANGE));
        }
        if !self.integer && value.unsigned_abs() > MAX_SAFE {
            // Any number past 2^53 is held as the double nearest it, as every reader holds it.
            return self.inner.visit_f64(value as f64);
        }
        self.inner.visit_i64(value)
    }

    #[inline]
    fn visit_u64<E: de::Error>(self, value: u64) -> Result<V::Value, E> {
        if self.safe && value > MAX_SAFE {
            return Err(E::invalid_value(
                de::Unexpected::Unsigned(value),
                &SAFE_RANGE,
            ));
        }
        if !self.integer && value > MAX_SAFE {
            return self.inner.visit_f64(value as f64);
        }
        self.inner.visit_u64(value)
    }

    fn visit_f32<E: de::Error>(self, value: f32) -> Result<V::Value, E> {
        if self.integer {
            self.visit_f64(f64::from(value))
        } else {
            self.inner.visit_f32(value)
        }
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<V::Value, E> {
        if !self.integer || value.fract() != 0.0 || value.abs() >= EXACT {
            return self.inner.visit_f64(value);
        }
        // Exact: the value is integral and within 2^53, so `as` neither rounds nor saturates.
        if value < 0.0 {
            self.visit_i64(value as i64)
        } else {
            self.visit_u64(value as u64)
        }
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.inner.visit_some(Strict(deserializer))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        self.inner.visit_newtype_struct(Strict(deserializer))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.inner.visit_seq(Items(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.inner.visit_map(Entries {
            map,
            seen: HashSet::new(),
        })
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.inner.visit_enum(data)
    }
}

/// Reads a value strictly.
struct Seed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Strict(deserializer))
    }
}

/// An array whose items are read strictly.
struct Items<A>(A);

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Items<A> {
    type Error = A::Error;

    #[inline]
    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// An object whose keys must differ and whose values are read strictly.
struct Entries<'de, A> {
    map: A,
    /// The keys read so far, borrowed from the input where the format lends them.
    seen: HashSet<Cow<'de, str>>,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Entries<'de, A> {
    type Error = A::Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        next_unique_key(&mut self.map, seed, &mut self.seen)
    }

    #[inline]
    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.map.next_value_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

/// Reads the next key of `map` with `seed`, refusing one that `seen` holds: a key given twice
/// is reported at the key itself.
#[inline]
pub(crate) fn next_unique_key<'de, A: MapAccess<'de>, K: DeserializeSeed<'de>>(
    map: &mut A,
    seed: K,
    seen: &mut HashSet<Cow<'de, str>>,
) -> Result<Option<K::Value>, A::Error> {
    map.next_key_seed(KeySeed { seed, seen })
}

/// Reads a key, refusing one read before in the same object.
struct KeySeed<'a, 'de, K> {
    seed: K,
    seen: &'a mut HashSet<Cow<'de, str>>,
}

impl<'de, K: DeserializeSeed<'de>> DeserializeSeed<'de> for KeySeed<'_, 'de, K> {
    type Value = K::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<K::Value, D::Error> {
        self.seed.deserialize(Key(deserializer, self.seen))
    }
}

/// A key's deserializer: whichever way the key is asked for as text, the text is checked.
struct Key<'a, 'de, D>(D, &'a mut HashSet<Cow<'de, str>>);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Key<'_, 'de, D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(KeyVisit::new(visitor, self.1))
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_str(KeyVisit::new(visitor, self.1))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_string(KeyVisit::new(visitor, self.1))
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_identifier(KeyVisit::new(visitor, self.1))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }

    // A key asked for as anything but text (a number, in a format with such keys) goes
    // through as it is.
    forward_deserialize! { std::convert::identity =>
        deserialize_bool() deserialize_i8() deserialize_i16() deserialize_i32()
        deserialize_i64() deserialize_i128() deserialize_u8() deserialize_u16()
        deserialize_u32() deserialize_u64() deserialize_u128() deserialize_f32()
        deserialize_f64() deserialize_char() deserialize_bytes() deserialize_byte_buf()
        deserialize_option() deserialize_unit() deserialize_seq() deserialize_map()
        deserialize_ignored_any() deserialize_unit_struct(name: &'static str)
        deserialize_newtype_struct(name: &'static str) deserialize_tuple(len: usize)
        deserialize_tuple_struct(name: &'static str, len: usize)
        deserialize_struct(name: &'static str, fields: &'static [&'static str])
        deserialize_enum(name: &'static str, variants: &'static [&'static str])
    }
}

/// Checks a key's text before the key's own visitor sees it.
struct KeyVisit<'a, 'de, V> {
    inner: V,
    seen: &'a mut HashSet<Cow<'de, str>>,
}

impl<'a, 'de, V> KeyVisit<'a, 'de, V> {
    fn new(inner: V, seen: &'a mut HashSet<Cow<'de, str>>) -> Self {
        KeyVisit { inner, seen }
    }

    /// Refuses `key` if the object gave it before, and otherwise keeps it as `kept` makes it.
    fn first_time<E: de::Error>(
        &mut self,
        key: &str,
        kept: impl FnOnce() -> Cow<'de, str>,
    ) -> Result<(), E> {
        if self.seen.contains(key) {
            return Err(E::custom(format_args!("duplicate key `{key}`")));
        }
        self.seen.insert(kept());
        Ok(())
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for KeyVisit<'_, 'de, V> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        self.inner.expecting(formatter)
    }

    fn visit_str<E: de::Error>(mut self, key: &str) -> Result<V::Value, E> {
        self.first_time(key, || Cow::Owned(key.to_owned()))?;
        self.inner.visit_str(key)
    }

    fn visit_borrowed_str<E: de::Error>(mut self, key: &'de str) -> Result<V::Value, E> {
        self.first_time(key, || Cow::Borrowed(key))?;
        self.inner.visit_borrowed_str(key)
    }

    fn visit_string<E: de::Error>(mut self, key: String) -> Result<V::Value, E> {
        self.first_time(&key, || Cow::Owned(key.clone()))?;
        self.inner.visit_string(key)
    }

    forward_visit! {
        visit_bool: bool visit_i64: i64 visit_i128: i128 visit_u64: u64 visit_u128: u128
        visit_f64: f64 visit_char: char visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8]
        visit_byte_buf: Vec<u8>
    }
}

/// Reads the value of a key that a struct drops as a `Json` field would read it, and keeps
/// nothing: no key twice in any object inside it, and only numbers and strings the format can
/// hold (serde's `IgnoredAny` skips over the text unread, so that a dropped `1e400`, lone
/// surrogate or repeated key would pass here while every other reader refuses it).
pub(crate) fn discard_value<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value_seed(Seed(Discard))
}

/// Reads the value of a key that an open struct keeps, as a `Json` field reads its value.
pub(crate) fn read_value<'de, A: MapAccess<'de>>(
    map: &mut A,
) -> Result<serde_json::Value, A::Error> {
    map.next_value_seed(Seed(std::marker::PhantomData::<serde_json::Value>))
}

/// Reads any value and keeps nothing; inside [`Strict`], whose arrays and objects hand their
/// items to it strictly already.
struct Discard;

impl<'de> DeserializeSeed<'de> for Discard {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(Discard)
    }
}

/// An object's key, read as text so that [`KeyVisit`] sees it.
struct DiscardKey;

impl<'de> DeserializeSeed<'de> for DiscardKey {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_str(Discard)
    }
}

impl<'de> Visitor<'de> for Discard {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_i128<E>(self, _: i128) -> Result<(), E> {
        Ok(())
    }
    fn visit_u128<E>(self, _: u128) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_bytes<E>(self, _: &[u8]) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_none<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(Discard)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(Discard)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Discard)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while map.next_key_seed(DiscardKey)?.is_some() {
            map.next_value_seed(Discard)?;
        }
        Ok(())
    }
}
