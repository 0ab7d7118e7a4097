//! cardc: closed tagged unions compiled from one schema file into Rust, JSON Schema and
//! TypeScript that accept exactly the same JSON.
//!
//! This is the one crate a Rust user depends on:
//!
//! - [`Schema`], the derive: `#[derive(cardc::Schema)] #[schema = "schema/x.cards"] struct X;`
//!   expands to the schema's Rust types next to `X`, and gives `X` the constants
//!   `JSON_SCHEMA`, `TYPESCRIPT` and `RUST`.
//! - `build` (with the `build` feature, in `[build-dependencies]`): the `build.rs` API that
//!   writes any of the three outputs to paths of your choosing.
//! - [`decode_str`] and [`decode_value`], which decode JSON as a generated type with a
//!   [`DecodeError`] that names the JSON pointer, the type and the union variant at fault (every
//!   generated union also has `from_json_str` and `from_json_value`, which call them).
//! - What generated code needs at run time; generated code names it through `__private`, so a
//!   crate using it needs no direct dependency on serde.

pub use cardc_macros::Schema;

/// The `build.rs` API (feature `build`): see [`build::Build`].
#[cfg(feature = "build")]
pub use cardc_codegen::build;

mod content;
mod decode;
mod fields;
mod strict;
mod trace;
mod union;
mod unit_enum;

pub use decode::{DecodeError, decode_str, decode_value};

#[doc(hidden)]
pub mod __private;
