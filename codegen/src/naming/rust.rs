//! Rust's names: how a schema name is spelt as a Rust identifier, and the names the Rust output
//! generates beside the schema's own. The syntax layer (to explain a keyword field), the Rust
//! target (to name fields and bridge methods, and to tell the checker what it reserves) read
//! one rule and cannot drift apart.

use super::RenameRule;

/// The field an open struct gets in Rust to keep the keys the schema does not name.
pub const EXTRA_FIELDS: &str = "extra_fields";

/// The name of a union's bridge trait: `ToolCallView` gives `ToolCallViewBridge`.
pub fn bridge_trait(union: &str) -> String {
    format!("{union}Bridge")
}

/// The bridge method's identifier text for a variant: its name in snake_case, as serde's
/// `snake_case` rule spells it, escaped as a field of the same name would be (`Type` gives
/// `r#type`, `Gen` gives `r#gen`, `Super` gives `super_`).
pub fn bridge_method(variant: &str) -> String {
    rust_ident_text(&RenameRule::Snake.apply_to_variant(variant))
}

/// Every Rust keyword that `r#` can escape, strict or reserved in some edition from 2015 to
/// 2024. An identifier is written raw whatever the crate's edition, since a raw identifier
/// means the same in all of them. `union` is a weak keyword, raw too so that no reader takes it for an
/// item; the other weak keywords (`auto`, `macro_rules`, `raw`, `safe`, `'static`) are
/// keywords only in positions a field or method name never takes.
#[rustfmt::skip]
const RAW_KEYWORDS: &[&str] = &[
    // Strict, 2015.
    "as", "break", "const", "continue", "else", "enum", "extern", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static",
    "struct", "trait", "true", "type", "unsafe", "use", "where", "while",
    // Strict (`async`, `await`, `dyn`) or reserved (`try`) since 2018, and `gen` since 2024.
    "async", "await", "dyn", "try", "gen",
    // Reserved.
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized",
    "virtual", "yield",
    // Weak, but an item keyword.
    "union",
];

/// The keywords that cannot be raw identifiers: a field name spelt like one gets a trailing
/// `_`, and no type, variant or enum value can be named so (the schema is read as Rust).
pub const NOT_RAW: &[&str] = &["self", "super", "crate", "Self", "_"];

/// Whether Rust accepts `r#word`: every word but the keywords that cannot be raw (`self`,
/// `super`, `crate`, `Self`, `_`).
pub fn can_be_raw(word: &str) -> bool {
    !NOT_RAW.contains(&word)
}

/// The identifier text for a name: `r#type` for a keyword, `self_` for a keyword that cannot
/// be raw, the name itself otherwise. The Rust emitter turns the text into an identifier.
pub fn rust_ident_text(name: &str) -> String {
    if NOT_RAW.contains(&name) {
        format!("{name}_")
    } else if RAW_KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_become_raw_or_get_an_underscore() {
        assert_eq!(rust_ident_text("type"), "r#type");
        assert_eq!(rust_ident_text("gen"), "r#gen");
        assert_eq!(rust_ident_text("pub"), "r#pub");
        assert_eq!(rust_ident_text("super"), "super_");
        assert_eq!(rust_ident_text("crate"), "crate_");
        assert_eq!(rust_ident_text("self"), "self_");
        assert_eq!(rust_ident_text("title"), "title");
    }

    #[test]
    fn bridge_methods_are_snake_case_and_escaped() {
        assert_eq!(bridge_method("ToolCall"), "tool_call");
        assert_eq!(bridge_method("Type"), "r#type");
        assert_eq!(bridge_method("Super"), "super_");
    }
}
