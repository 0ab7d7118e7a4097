//! The error of a failed decode: where (a JSON pointer), what, and in which struct, union and
//! variant, as every decode of the runtime reports it.

use std::fmt;

use crate::pointer::{escape, pointer_of};
use crate::trace::Trace;

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
    pub(crate) fn tracked(
        error: &serde_path_to_error::Error<serde_json::Error>,
        trace: Trace,
    ) -> Self {
        let trace = trace.about(error.inner());
        DecodeError::new(pointer_of(error.path()), error.inner(), trace)
    }

    /// The error of a decode of a buffered value, at `pointer` inside it, with the notes taken
    /// while it was decoded, if they are about this error.
    pub(crate) fn at(pointer: String, error: &serde_json::Error, trace: Trace) -> Self {
        let trace = trace.about(error);
        DecodeError::new(pointer, error, trace)
    }

    /// An error found before any type read the value (JSON nested too deep), so in no struct,
    /// union or variant.
    pub(crate) fn before_types(pointer: String, message: String) -> Self {
        DecodeError {
            pointer,
            message,
            type_name: None,
            variant: None,
        }
    }

    /// The same error, its pointer below `prefix`: an error found inside a buffered value, at
    /// the place of the value.
    pub(crate) fn below(mut self, prefix: &str) -> Self {
        self.pointer.insert_str(0, prefix);
        self
    }

    /// The error of a failed decode, from the pointer tracked to it and its notes.
    pub(crate) fn new(tracked: String, error: &serde_json::Error, trace: Trace) -> Self {
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
