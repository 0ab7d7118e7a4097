//! The one module of the Python runtime package (`python/cardc-runtime`) that cardc writes:
//! `cardc_runtime/_limits.py`, the limits every reader shares, given their values from
//! [`crate::limits`] so that the hand-written runtime holds no copy of them. A golden test
//! holds the committed file to this text.

use crate::header;
use crate::limits::MAX_JSON_DEPTH;

/// The module's path in the repository.
pub const PATH: &str = "python/cardc-runtime/cardc_runtime/_limits.py";

/// The module's text.
pub fn text() -> String {
    format!(
        "# {}\n\
         \"\"\"The limits every reader of a cardc contract shares, as the compiler defines them.\"\"\"\n\
         \n\
         #: The deepest nesting of arrays and objects a decode accepts, as every reader's.\n\
         MAX_DEPTH = {MAX_JSON_DEPTH}\n",
        header::sentence("codegen/src/limits.rs", None)
    )
}
