//! The crate generated Rust names its runtime through.

use proc_macro2::TokenStream;
use quote::quote;

/// Where generated code finds what it needs at run time: every path it writes to serde, the
/// decoder and the presence rules starts here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runtime {
    /// `::cardc_runtime`: what `cardc generate` and `build.rs` write, for a crate that depends
    /// on `cardc-runtime`, and through it on nothing of the compiler.
    Crate,
    /// `::cardc`, which re-exports the runtime: what `#[derive(cardc::Schema)]` expands to, in
    /// a crate whose one dependency is `cardc`.
    Facade,
}

impl Runtime {
    /// The crate's name, as generated docs link to it.
    pub fn name(self) -> &'static str {
        match self {
            Runtime::Crate => "cardc_runtime",
            Runtime::Facade => "cardc",
        }
    }

    /// The absolute path of the crate, for generated code to start its paths with.
    pub(super) fn path(self) -> TokenStream {
        match self {
            Runtime::Crate => quote!(::cardc_runtime),
            Runtime::Facade => quote!(::cardc),
        }
    }

    /// The runtime crate's path as text, `::cardc_runtime`, as the emitter's invocations of its
    /// macros name it.
    pub(super) fn name_path(self) -> String {
        format!("::{}", self.name())
    }
}
