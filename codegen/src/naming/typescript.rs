//! TypeScript's names: the names the TypeScript output generates beside the schema's own, and
//! the keys a JavaScript object literal cannot hold.

use super::RenameRule;

/// The name of a union's handlers type: `ToolCallView` gives `ToolCallViewHandlers`.
pub fn handlers(union: &str) -> String {
    format!("{union}Handlers")
}

/// The name of a union's tag list: `ToolCallView` gives `TOOL_CALL_VIEW_TAGS`.
pub fn tags_const(union: &str) -> String {
    RenameRule::ScreamingSnake.apply_to_variant(union) + "_TAGS"
}

/// The one key a JavaScript object literal cannot hold: `{"__proto__": x}` sets the object's
/// prototype instead of a key.
pub const PROTO_KEY: &str = "__proto__";
