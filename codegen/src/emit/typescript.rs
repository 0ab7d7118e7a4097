//! Placeholder until the typescript emitter lands.

use crate::ir::Schema;

/// Emits the typescript output.
pub fn emit(_schema: &Schema) -> String {
    String::new()
}
