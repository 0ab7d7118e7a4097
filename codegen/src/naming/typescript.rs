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

/// The name of an open union's or enum's catch-all type: `Card` with `#[other] Unknown` gives
/// `CardUnknown`; its guard is `is` and the name (`isCardUnknown`).
pub fn catch_all_type(owner: &str, catch_all: &str) -> String {
    format!("{owner}{catch_all}")
}

/// The unexported symbol that brands a catch-all type, so that no code builds one without a
/// cast: `CardUnknown` gives `brandOfCardUnknown`.
pub fn catch_all_brand(catch_all_type: &str) -> String {
    format!("brandOf{catch_all_type}")
}

/// The name of the input type of a type whose wire form reaches a defaulted field, what a
/// writer may send (its defaulted keys optional): `Task` gives `TaskInput`.
pub fn input_type(name: &str) -> String {
    format!("{name}Input")
}

/// The one key a JavaScript object literal cannot hold: `{"__proto__": x}` sets the object's
/// prototype instead of a key.
pub const PROTO_KEY: &str = "__proto__";
