//! The shop's contract, as `cardc generate` writes it from `schema/` (see `cardc.toml`): one
//! module per schema file, each importing the others' types from here. rustfmt leaves the
//! generated files as cardc writes them, so that `cardc check` finds them fresh.

#[rustfmt::skip]
pub mod events;
#[rustfmt::skip]
pub mod ids;
#[rustfmt::skip]
pub mod money;
