//! Every golden Rust output, compiled with warnings and `missing_docs` denied (an item the
//! schema leaves undocumented must still compile in such a crate); `cargo clippy --all-targets
//! -- -D warnings` lints them too. A golden that stops compiling fails the build of this crate.
//! [`with_named_type`] picks a case's type by name, for the readers of its golden corpus.
#![deny(warnings, missing_docs)]
// schemars' derive (1.2) names a deprecated type or field in the impl it writes without allowing
// it, so when a build turns on the runtime's `schemars` feature (the conformance suite does, for
// the render-intent crate) the `deprecation` case would warn. cardc's own items allow it; the
// trybuild case `use_of_a_deprecated_field` proves that only the user's uses warn.
#![allow(deprecated)]

include!(concat!(env!("OUT_DIR"), "/cases.rs"));
include!(concat!(env!("OUT_DIR"), "/compat.rs"));
include!(concat!(env!("OUT_DIR"), "/projects.rs"));

/// What a reader does with one named type of a golden case, chosen by name at run time: the
/// conformance suite decodes and writes back a payload as the type its case names.
pub trait TypeAction {
    /// What the action gives.
    type Output;
    /// Runs the action on the type `T`.
    fn act<T: serde::de::DeserializeOwned + serde::Serialize>(self) -> Self::Output;
}
