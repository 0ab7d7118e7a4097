//! The render-intent types as a crate that depends on the generated crate sees them: no
//! compiler in its dependency tree, only the generated types and their runtime.

pub use render_intent::*;
