//! Projects: schema files that import one another's types, loaded together.
//!
//! [`load`] reads the files asked for and every file their `use` declarations name, through a
//! [`Files`] source (the disk, or an editor's unsaved buffers over it with [`Overlay`]), and
//! checks each after the files it imports. Every front end loads schema files this way: the
//! CLI, the `build.rs` API, the derive, and a language server.

#[cfg(feature = "write")]
pub mod config;
mod files;
mod load;
mod plan;

pub use files::{Disk, Files, Overlay, absolute};
pub use load::{File, Loaded, Text, load};
pub use plan::{Batch, Layout, Placement, Runtime, plan};

#[cfg(test)]
mod tests;
