//! Every golden Rust output, compiled with warnings denied; `cargo clippy --all-targets -- -D
//! warnings` lints them too. A golden that stops compiling fails the build of this crate.
#![deny(warnings, missing_docs)]

include!(concat!(env!("OUT_DIR"), "/cases.rs"));
