//! The derive that stands in for `schemars::JsonSchema` when `cardc-runtime`'s `schemars`
//! feature is off. Generated types always derive `cardc_runtime::__private::JsonSchema`, which
//! is this derive or schemars' own, depending on that one feature.
//!
//! It is written against `proc_macro` alone, without syn or quote, so that a crate holding
//! generated code builds no parser: it reads nothing and expands to nothing.

use proc_macro::TokenStream;

/// Expands to nothing, and accepts the `#[schemars(...)]` attributes that go with schemars'
/// derive.
#[proc_macro_derive(JsonSchema, attributes(schemars))]
pub fn derive_json_schema_disabled(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
