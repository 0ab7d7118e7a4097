//! Placeholder until the json_schema emitter lands.

use crate::ir::Schema;

/// Emits the json_schema output.
pub fn emit(_schema: &Schema) -> String {
    String::new()
}
