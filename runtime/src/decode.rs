//! Decoding with errors that say where: a JSON pointer, the innermost struct or union, and the
//! union variant the failure sits in.

use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::error::Category;

use crate::error::DecodeError;
use crate::pointer::escape;
use crate::tolerance::{self, Warning};
use crate::trace::{self, Trace};

/// The deepest nesting of arrays and objects [`decode_value`] accepts: the limit serde_json puts
/// on JSON text, so that both functions refuse the same input, and a hostile value cannot
/// exhaust the stack. The compiler's `limits::MAX_JSON_DEPTH`, which the TypeScript and Python
/// runtimes are given, is the same; the conformance suite reads payloads at it and one deeper
/// with every reader.
const MAX_DEPTH: usize = 127;

/// A value read by a tolerant decode, with what the contract's reader policies dropped to read
/// it.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded<T> {
    /// The value read.
    pub value: T,
    /// Each item skipped and each value read as absent, ordered by pointer (keys by text,
    /// indices by number); empty when the input met the published JSON Schema.
    pub warnings: Vec<Warning>,
}

/// Decodes JSON text as a `T` by the contract's reader policies: an invalid item of a
/// `#[skip_invalid]` array is left out, an invalid value of an `#[on_invalid = "absent"]` field
/// reads as absent, and each is reported in [`Decoded::warnings`]. Anything else invalid fails
/// as in [`decode_str`].
pub fn decode_str_tolerant<T: DeserializeOwned>(text: &str) -> Result<Decoded<T>, DecodeError> {
    let (result, warnings) = tolerance::collect(|| traced_str::<T>(text));
    result.map(|value| Decoded { value, warnings })
}

/// [`decode_str_tolerant`] for a parsed JSON value, with the limits of [`decode_value`].
pub fn decode_value_tolerant<T: DeserializeOwned>(
    value: &Value,
) -> Result<Decoded<T>, DecodeError> {
    let (result, warnings) = tolerance::collect(|| traced_value::<T>(value));
    result.map(|value| Decoded { value, warnings })
}

/// Decodes JSON text as a `T`, typically a generated type, strictly: it refuses what the
/// published JSON Schema refuses, reader policies included (an invalid item of a
/// `#[skip_invalid]` array fails the decode), so that nothing is dropped unseen. Producers'
/// tests use it; a reader of newer peers uses [`decode_str_tolerant`], which says what it drops.
///
/// It accepts exactly what `serde_json::from_str` accepts, trailing whitespace included; only
/// the error differs, naming where the input breaks the contract (see [`DecodeError`]).
///
/// The text is read as `serde_json::from_str` reads it, at its speed; only input that fails is
/// read a second time, tracking the path and the types on the way, to build the error.
pub fn decode_str<T: DeserializeOwned>(text: &str) -> Result<T, DecodeError> {
    match serde_json::from_str(text) {
        Ok(value) => Ok(value),
        Err(_) => traced_str(text),
    }
}

/// [`decode_str`]'s second reading: every union buffers the entries before its tag, and the
/// notes and `serde_path_to_error` say where the input failed. A tolerant decode reads so
/// from the start, so that each warning is noted once.
fn traced_str<T: DeserializeOwned>(text: &str) -> Result<T, DecodeError> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let (result, trace) = trace::record(|| serde_path_to_error::deserialize(&mut deserializer));
    let value = result.map_err(|error| {
        if error.inner().classify() == Category::Syntax
            && let Some(refused) = type_error_of::<T>(text)
        {
            return refused;
        }
        DecodeError::tracked(&error, trace)
    })?;
    deserializer
        .end()
        .map_err(|error| DecodeError::new(String::new(), &error, Trace::default()))?;
    Ok(value)
}

/// The type error behind a syntax error in well-formed JSON text, if there is one.
///
/// serde_json reports a value that cannot start an enum (`null`, a number) as a syntax error,
/// `expected value`, though the text is well-formed and the value merely of the wrong type. A
/// parsed value of the same text says so: decoding it gives the type error, with its pointer.
/// Only failures pay for the second parse.
#[cold]
fn type_error_of<T: DeserializeOwned>(text: &str) -> Option<DecodeError> {
    let value: Value = serde_json::from_str(text).ok()?;
    decode_value::<T>(&value).err()
}

/// Decodes a JSON value as a `T`, typically a generated type, strictly (as [`decode_str`]): the
/// narrowing of an opaque value
/// (a `meta` field, a message payload) into the type, or the reason it is not one.
///
/// It accepts what `serde_json::from_value` accepts, except values nested deeper than
/// 127 arrays and objects, which JSON text could not carry to serde_json either.
pub fn decode_value<T: DeserializeOwned>(value: &Value) -> Result<T, DecodeError> {
    if within_depth(value, 0).is_ok()
        && let Ok(decoded) = T::deserialize(value)
    {
        return Ok(decoded);
    }
    traced_value(value)
}

/// [`decode_value`]'s second reading, as [`traced_str`] is [`decode_str`]'s.
fn traced_value<T: DeserializeOwned>(value: &Value) -> Result<T, DecodeError> {
    if let Err(mut segments) = within_depth(value, 0) {
        segments.reverse();
        return Err(DecodeError::before_types(
            segments.concat(),
            format!("nested deeper than {MAX_DEPTH} arrays and objects"),
        ));
    }
    let (result, trace) = trace::record(|| serde_path_to_error::deserialize(value));
    result.map_err(|error| DecodeError::tracked(&error, trace))
}

/// Checks that no array or object lies deeper than [`MAX_DEPTH`], returning the pointer
/// segments of the first that does, innermost first. It recurses at most `MAX_DEPTH` deep.
fn within_depth(value: &Value, depth: usize) -> Result<(), Vec<String>> {
    let inside = |segment: String, result: Result<(), Vec<String>>| {
        result.map_err(|mut segments| {
            segments.push(segment);
            segments
        })
    };
    match value {
        Value::Array(_) | Value::Object(_) if depth >= MAX_DEPTH => Err(Vec::new()),
        Value::Array(items) => items.iter().enumerate().try_for_each(|(index, item)| {
            inside(format!("/{index}"), within_depth(item, depth + 1))
        }),
        Value::Object(map) => map.iter().try_for_each(|(key, item)| {
            inside(format!("/{}", escape(key)), within_depth(item, depth + 1))
        }),
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => Ok(()),
    }
}
