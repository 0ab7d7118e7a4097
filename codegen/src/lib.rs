//! The cardc compiler core.
//!
//! The pipeline reads top to bottom: [`syntax`] parses a schema file with syn, [`check`]
//! resolves and validates it into the [`ir`], the [`emit`] modules turn the IR into Rust, JSON
//! Schema and TypeScript, and [`out`] writes them (or compares them, in check mode).

pub mod emit;
pub mod ir;
