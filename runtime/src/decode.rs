//! Decoding with errors that say where: a JSON pointer, the innermost struct or union, and the
//! union variant the failure sits in.

use std::fmt;

use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::error::Category;
use serde_path_to_error::{Path, Segment};

use crate::tolerance::{self, Warning};
use crate::trace::{self, Trace};

/// The deepest nesting of arrays and objects [`decode_value`] accepts: the limit serde_json puts
/// on JSON text, so that both functions refuse the same input, and a hostile value cannot
/// exhaust the stack. The compiler's `limits::MAX_JSON_DEPTH`, which the TypeScript and Python
/// runtimes are given, is the same; the conformance suite reads payloads at it and one deeper
/// with every reader.
const MAX_DEPTH: usize = 127;

/// Why a JSON value is not of the type it was decoded as.
///
/// It displays as `pointer: message (Type in Variant)`, for example
/// ``/diffs/0/oldText: missing field `oldText` (FileDiff in DiffCallView)``: the RFC 6901 JSON
/// pointer of the value at fault (left out when it is the whole input), serde's message, the
/// innermost schema struct or union being decoded, and the variant struct that the outermost
/// union around it picked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// The JSON pointer of the value at fault; empty for the whole input.
    pointer: String,
    /// What is wrong there.
    message: String,
    /// The innermost struct or union being decoded.
    type_name: Option<&'static str>,
    /// The variant struct of the outermost union around the failure.
    variant: Option<&'static str>,
}

impl DecodeError {
    /// The RFC 6901 JSON pointer of the value at fault (`/diffs/0/oldText`); empty when it is
    /// the whole input. A missing or repeated field's pointer names the field.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// What is wrong at [`DecodeError::pointer`], in serde's words. A syntax error in JSON text
    /// ends with its line and column.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The innermost schema struct or union being decoded when it failed (`FileDiff`), if any.
    pub fn type_name(&self) -> Option<&str> {
        self.type_name
    }

    /// The variant struct that the outermost union around the failure picked by its tag
    /// (`DiffCallView`), if the failure is inside one.
    pub fn variant(&self) -> Option<&str> {
        self.variant
    }

    /// The error of a decode that `serde_path_to_error` tracked, with the notes taken on the
    /// way out if they are about this error.
    fn tracked(error: &serde_path_to_error::Error<serde_json::Error>, trace: Trace) -> Self {
        let trace = trace.about(error.inner());
        DecodeError::new(pointer_of(error.path()), error.inner(), trace)
    }

    /// The error of a decode of a buffered value, at `pointer` inside it, with the notes taken
    /// while it was decoded, if they are about this error.
    pub(crate) fn at(pointer: String, error: &serde_json::Error, trace: Trace) -> Self {
        let trace = trace.about(error);
        DecodeError::new(pointer, error, trace)
    }

    /// The same error, its pointer below `prefix`: an error found inside a buffered value, at
    /// the place of the value.
    pub(crate) fn below(mut self, prefix: &str) -> Self {
        self.pointer.insert_str(0, prefix);
        self
    }

    /// The error of a failed decode, from the pointer tracked to it and its notes.
    fn new(tracked: String, error: &serde_json::Error, trace: Trace) -> Self {
        let mut message = error.to_string();
        // The pointer says where a data error is; the position that serde_json's `Display`
        // appends stays for syntax errors, where the text is all there is.
        let position = format!(" at line {} column {}", error.line(), error.column());
        if error.is_data() && message.ends_with(&position) {
            message.truncate(message.len() - position.len());
        }
        let mut pointer = tracked;
        pointer.push_str(&trace.below);
        // serde reports a missing or repeated field at its object; the pointer goes on to it.
        if let Some(field) = trace.field {
            pointer.push('/');
            pointer.push_str(&escape(field));
        }
        DecodeError {
            pointer,
            message,
            type_name: trace.type_name,
            variant: trace.variant,
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.pointer.is_empty() {
            write!(formatter, "{}: ", self.pointer)?;
        }
        formatter.write_str(&self.message)?;
        match (self.type_name, self.variant) {
            (Some(name), Some(variant)) if name != variant => {
                write!(formatter, " ({name} in {variant})")
            }
            (Some(name), _) | (None, Some(name)) => write!(formatter, " ({name})"),
            (None, None) => Ok(()),
        }
    }
}

impl std::error::Error for DecodeError {}

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
        return Err(DecodeError {
            pointer: segments.concat(),
            message: format!("nested deeper than {MAX_DEPTH} arrays and objects"),
            type_name: None,
            variant: None,
        });
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

/// The JSON pointer of a tracked path. A struct field or map key is one segment, an index
/// another; an enum variant or an unknown step names no JSON location and adds nothing.
pub(crate) fn pointer_of(path: &Path) -> String {
    let mut pointer = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => pointer.push_str(&format!("/{index}")),
            Segment::Map { key } => {
                pointer.push('/');
                pointer.push_str(&escape(key));
            }
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    pointer
}

/// A key as one JSON pointer segment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`.
pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
