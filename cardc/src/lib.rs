//! cardc: closed tagged unions compiled from one schema file into Rust, JSON Schema and
//! TypeScript that accept exactly the same JSON.
//!
//! This crate is what the generated Rust code depends on at run time. Generated code names
//! everything through [`__private`], so a crate using it needs no direct dependency on serde.

#[doc(hidden)]
pub mod __private;
