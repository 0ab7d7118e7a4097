//! Placeholder until the rust emitter lands.

use crate::ir::Schema;

/// Emits the rust output.
pub fn emit(_schema: &Schema) -> String {
    String::new()
}
