//! cardc: closed tagged unions compiled from one schema file into Rust, JSON Schema,
//! TypeScript and Python that accept exactly the same JSON.
//!
//! This is the one crate a user of the derive depends on:
//!
//! - [`Schema`], the derive: `#[derive(cardc::Schema)] #[schema = "schema/x.cards"] struct X;`
//!   expands to the schema's Rust types next to `X`, and gives `X` one constant per target
//!   holding that output (`RUST`, `JSON_SCHEMA`, `TYPESCRIPT`, `PYTHON`), or only those an
//!   `#[outputs(...)]` attribute names (`#[outputs()]`: none, the lightest build). The types
//!   name their runtime through this crate.
//! - `build` (with the `build` feature, in `[build-dependencies]`): the `build.rs` API that
//!   writes any target's output to paths of your choosing. The Rust it writes names
//!   `cardc-runtime`, the crate to depend on beside it.
//! - The runtime, `cardc-runtime`, re-exported: [`decode_str`] and [`decode_value`], which
//!   decode JSON as a generated type with a [`DecodeError`] that names the JSON pointer, the
//!   type and the union variant at fault, and what generated code needs at run time.

pub use cardc_macros::Schema;

/// The `build.rs` API (feature `build`): see [`build::Build`].
#[cfg(feature = "build")]
pub use cardc_codegen::build;

pub use cardc_runtime::{
    Decimal, DecimalInt, DecodeError, Decoded, Dropped, Unknown, UnknownValue, Warning, decode_str,
    decode_str_tolerant, decode_value, decode_value_tolerant,
};

#[doc(hidden)]
pub use cardc_runtime::__private;
