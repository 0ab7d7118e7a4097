//! Names every layer shares: how a schema name is spelt as a Rust identifier. It depends on
//! nothing, so the syntax layer (to explain a keyword field), the checker (to name fields) and
//! the Rust emitter (to name bridge methods) read one rule and cannot drift apart.

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

/// The keywords that cannot be raw identifiers: a name spelt like one gets a trailing `_`.
const NOT_RAW: &[&str] = &["self", "super", "crate", "Self", "_"];

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
}
