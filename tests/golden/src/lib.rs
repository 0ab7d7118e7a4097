//! Every golden Rust output, compiled with warnings and `missing_docs` denied (an item the
//! schema leaves undocumented must still compile in such a crate); `cargo clippy --all-targets
//! -- -D warnings` lints them too. A golden that stops compiling fails the build of this crate.
#![deny(warnings, missing_docs)]

include!(concat!(env!("OUT_DIR"), "/cases.rs"));
