//! What a failed decode was in the middle of: the innermost struct or union, the variant the
//! outermost union picked, the field it failed at (missing or given twice), and any part of the
//! JSON pointer that `serde_path_to_error` cannot see.
//!
//! Generated `Deserialize` impls are generic over the deserializer, so the only thing they can
//! give back is the deserializer's own error type, which has no room for a type name. They
//! note what they know here instead, on the error path only, and only while [`record`] runs:
//! [`crate::decode_str`] and [`crate::decode_value`] read the notes into their
//! [`crate::DecodeError`]. A plain `serde_json::from_str` leaves no notes and pays one relaxed
//! atomic load per struct or union.
//!
//! Notes are scoped to the failure they describe. A caller's type may recover from a failed
//! attempt (`#[serde(untagged)]` trying the next variant) and fail later elsewhere, so:
//! a generated struct or union that starts decoding drops every note (those left are about a
//! failure that something recovered from, since decoding went on), and the notes are kept only
//! for the error they were taken for, which the outermost generated type records as it leaves.

use std::cell::RefCell;
use std::fmt::Display;
use std::sync::atomic::{AtomicUsize, Ordering};

thread_local! {
    /// The notes of the decode running on this thread, if one runs through [`record`].
    static ACTIVE: RefCell<Option<Trace>> = const { RefCell::new(None) };
}

/// How many decodes record notes, on any thread: while none does, a type that starts decoding
/// need not look at the thread's notes.
static RECORDING: AtomicUsize = AtomicUsize::new(0);

/// The notes of one decode.
#[derive(Debug, Default)]
pub(crate) struct Trace {
    /// The innermost struct or union whose decoding failed: the first to note it.
    pub(crate) type_name: Option<&'static str>,
    /// The variant struct of the outermost union around the failure: the last to note it.
    pub(crate) variant: Option<&'static str>,
    /// The JSON pointer from the place `serde_path_to_error` last saw the error down to the
    /// value that failed, for the parts a union decoded out of its sight.
    pub(crate) below: String,
    /// The field that failed the innermost struct or union by being missing or given twice, as
    /// its own decoding said; serde reports both at the object, not the field.
    pub(crate) field: Option<&'static str>,
    /// The error the notes are about, as it left the outermost generated type.
    error: Option<String>,
}

impl Trace {
    /// These notes if they are about `error`, which a decode returned; none if they are about
    /// a failure that was recovered from.
    pub(crate) fn about(self, error: &impl Display) -> Trace {
        match &self.error {
            Some(text) if *text == error.to_string() => self,
            _ => Trace::default(),
        }
    }
}

/// Puts back the notes of an enclosing decode, even if the inner one panics.
struct Restore(Option<Option<Trace>>);

impl Drop for Restore {
    fn drop(&mut self) {
        RECORDING.fetch_sub(1, Ordering::Relaxed);
        if let Some(outer) = self.0.take() {
            ACTIVE.set(outer);
        }
    }
}

/// Runs a decode with fresh notes and returns them with its result.
pub(crate) fn record<T>(decode: impl FnOnce() -> T) -> (T, Trace) {
    RECORDING.fetch_add(1, Ordering::Relaxed);
    let _restore = Restore(Some(ACTIVE.replace(Some(Trace::default()))));
    let result = decode();
    let trace = ACTIVE.take().unwrap_or_default();
    (result, trace)
}

/// Whether a decode on this thread records notes: only then is it worth tracking paths that
/// `serde_path_to_error` cannot see.
#[inline]
pub(crate) fn recording() -> bool {
    // While no decode records on any thread, the thread's own notes need not be looked at.
    RECORDING.load(Ordering::Relaxed) != 0 && ACTIVE.with_borrow(Option::is_some)
}

/// Runs `note` on the active notes, if a decode records them.
fn with_active(note: impl FnOnce(&mut Trace)) {
    ACTIVE.with_borrow_mut(|active| {
        if let Some(trace) = active.as_mut() {
            note(trace);
        }
    });
}

/// Marks the start of a generated struct's or union's decoding. Nothing is noted while a
/// failure travels out, so notes still present here are about one that was recovered from.
#[inline(always)]
pub(crate) fn enter() {
    if RECORDING.load(Ordering::Relaxed) != 0 {
        forget();
    }
}

/// Drops the notes of a failure that was recovered from.
#[inline(never)]
pub(crate) fn forget() {
    with_active(|trace| *trace = Trace::default());
}

/// Passes a struct's or union's decoding result through, noting its name on failure unless a
/// type inside it was noted first, and the error as it leaves. Inlined, so that a decoded value
/// is not moved through a call on the way out; the note itself is out of line.
#[inline(always)]
pub(crate) fn named<T, E: Display>(name: &'static str, result: Result<T, E>) -> Result<T, E> {
    if let Err(error) = &result {
        note_name(name, error);
    }
    result
}

/// Notes the name of the innermost struct or union that failed, and the error leaving it.
#[cold]
#[inline(never)]
fn note_name(name: &'static str, error: &dyn Display) {
    with_active(|trace| {
        trace.type_name.get_or_insert(name);
        trace.error = Some(error.to_string());
    });
}

/// Passes a union variant's decoding result through, noting the variant struct on failure. An
/// enclosing union notes its own variant after this one, so the outermost one stays.
#[inline(always)]
pub(crate) fn variant<T, E>(name: &'static str, result: Result<T, E>) -> Result<T, E> {
    if result.is_err() {
        note_variant(name);
    }
    result
}

/// Notes the variant struct around a failure.
#[cold]
#[inline(never)]
fn note_variant(name: &'static str) {
    with_active(|trace| trace.variant = Some(name));
}

/// Notes that a struct or union failed at its own `field`, missing or given twice. The failure
/// starts there: whatever was noted before is about decoding the absent value (serde decodes a
/// missing field from nothing, to give `Option` its `None`), not about the input.
#[cold]
#[inline(never)]
pub(crate) fn at_field(field: &'static str) {
    with_active(|trace| {
        *trace = Trace {
            field: Some(field),
            ..Trace::default()
        }
    });
}

/// Notes the JSON pointer below the place `serde_path_to_error` will report, in front of what
/// a value further inside noted before.
pub(crate) fn below(pointer: &str) {
    with_active(|trace| trace.below.insert_str(0, pointer));
}
