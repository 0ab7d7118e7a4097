//! The render-intent types written by hand with serde derive: the codec benchmark's copy.

#[path = "../../../src/derive.rs"]
mod derive;

pub use derive::*;
