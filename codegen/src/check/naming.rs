//! Names: identifier style, wire-name rules, and the words reserved in some target language.

use crate::syntax::ast::RenameRule;

/// Rust keywords that `r#` can escape.
const RUST_KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "dyn", "else", "enum", "extern", "false",
    "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "ref",
    "return", "static", "struct", "trait", "true", "type", "unsafe", "use", "where", "while",
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "try", "typeof",
    "unsized", "virtual", "yield", "union",
];

/// Rust keywords that cannot be raw identifiers.
const RUST_UNRAWABLE: &[&str] = &["self", "super", "crate", "Self", "_"];

/// Type names the generated code itself uses in some output, so a schema type of that name
/// would shadow them: Rust's prelude types and variants, and the schema language's built-ins.
const RESERVED_TYPE_NAMES: &[&str] = &[
    "Self", "String", "Vec", "Option", "Box", "Result", "Some", "None", "Ok", "Err", "Json",
    "Nullable", "Map",
];

/// Why a name cannot be used, if it cannot.
pub(super) fn type_name_problem(name: &str) -> Option<String> {
    if RESERVED_TYPE_NAMES.contains(&name) {
        return Some(format!(
            "`{name}` is reserved: generated Rust or the schema language already uses it"
        ));
    }
    identifier_problem(name)
}

/// Why a variant or enum value name cannot be used, if it cannot. Variants live in their
/// enum's namespace, so only `Self` is reserved: `Priority::None` shadows nothing.
pub(super) fn variant_name_problem(name: &str) -> Option<String> {
    if name == "Self" {
        return Some("`Self` is reserved in Rust".to_string());
    }
    identifier_problem(name)
}

fn identifier_problem(name: &str) -> Option<String> {
    // Checked before the case, which a name like `Café` gets right.
    if let Some(c) = non_ascii(name) {
        return Some(format!("`{name}` contains `{c}`, which is not ASCII"));
    }
    if !is_upper_camel(name) {
        return Some(format!("`{name}` is not UpperCamelCase"));
    }
    None
}

/// The first character of a name that is not ASCII: generated identifiers are plain ASCII,
/// which every target language and tool reads the same way.
pub(super) fn non_ascii(name: &str) -> Option<char> {
    name.chars().find(|c| !c.is_ascii())
}

/// Whether a name is UpperCamelCase the way rustc's `non_camel_case_types` lint wants it.
fn is_upper_camel(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|first| first.is_ascii_uppercase())
        && !name.contains('_')
        && name.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Whether a field name is snake_case the way rustc's `non_snake_case` lint wants it.
pub(super) fn is_snake(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && name.chars().any(|c| c.is_ascii_lowercase())
}

/// The Rust identifier for a field name: raw for keywords, a trailing `_` for the keywords
/// `r#` cannot escape.
pub(crate) fn rust_field_ident(name: &str) -> String {
    if RUST_UNRAWABLE.contains(&name) {
        format!("{name}_")
    } else if RUST_KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_string()
    }
}

/// A snake_case field name under a rule, exactly as serde's `rename_all` does for fields.
pub(super) fn apply_to_field(rule: Option<RenameRule>, name: &str) -> String {
    let Some(rule) = rule else {
        return name.to_string();
    };
    match rule {
        RenameRule::Lower | RenameRule::Snake => name.to_string(),
        RenameRule::Upper | RenameRule::ScreamingSnake => name.to_ascii_uppercase(),
        RenameRule::Pascal => pascal_from_snake(name),
        RenameRule::Camel => lower_first(&pascal_from_snake(name)),
        RenameRule::Kebab => name.replace('_', "-"),
        RenameRule::ScreamingKebab => name.to_ascii_uppercase().replace('_', "-"),
    }
}

/// A PascalCase variant name under a rule, exactly as serde's `rename_all` does for variants.
pub(crate) fn apply_to_variant(rule: Option<RenameRule>, name: &str) -> String {
    let Some(rule) = rule else {
        return name.to_string();
    };
    match rule {
        RenameRule::Pascal => name.to_string(),
        RenameRule::Lower => name.to_ascii_lowercase(),
        RenameRule::Upper => name.to_ascii_uppercase(),
        RenameRule::Camel => lower_first(name),
        RenameRule::Snake => snake_from_pascal(name),
        RenameRule::ScreamingSnake => snake_from_pascal(name).to_ascii_uppercase(),
        RenameRule::Kebab => snake_from_pascal(name).replace('_', "-"),
        RenameRule::ScreamingKebab => snake_from_pascal(name)
            .to_ascii_uppercase()
            .replace('_', "-"),
    }
}

fn pascal_from_snake(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut capitalize = true;
    for c in name.chars() {
        if c == '_' {
            capitalize = true;
        } else if capitalize {
            out.push(c.to_ascii_uppercase());
            capitalize = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn snake_from_pascal(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (index, c) in name.char_indices() {
        if c.is_ascii_uppercase() {
            if index > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn lower_first(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_rules_follow_serde() {
        let cases = [
            (RenameRule::Camel, "old_text", "oldText"),
            (RenameRule::Pascal, "old_text", "OldText"),
            (RenameRule::Kebab, "old_text", "old-text"),
            (RenameRule::ScreamingSnake, "old_text", "OLD_TEXT"),
            (RenameRule::ScreamingKebab, "old_text", "OLD-TEXT"),
            (RenameRule::Snake, "old_text", "old_text"),
        ];
        for (rule, name, expected) in cases {
            assert_eq!(apply_to_field(Some(rule), name), expected, "{rule:?}");
        }
        assert_eq!(apply_to_field(None, "old_text"), "old_text");
    }

    #[test]
    fn variant_rules_follow_serde() {
        let cases = [
            (RenameRule::Snake, "ToolCall", "tool_call"),
            (RenameRule::Camel, "ToolCall", "toolCall"),
            (RenameRule::Lower, "ToolCall", "toolcall"),
            (RenameRule::Kebab, "ToolCall", "tool-call"),
            (RenameRule::ScreamingSnake, "ToolCall", "TOOL_CALL"),
        ];
        for (rule, name, expected) in cases {
            assert_eq!(apply_to_variant(Some(rule), name), expected, "{rule:?}");
        }
    }

    #[test]
    fn keywords_are_escaped_for_rust() {
        assert_eq!(rust_field_ident("type"), "r#type");
        assert_eq!(rust_field_ident("self"), "self_");
        assert_eq!(rust_field_ident("title"), "title");
    }

    #[test]
    fn type_names_are_checked() {
        assert!(type_name_problem("ToolCallView").is_none());
        assert!(type_name_problem("String").is_some());
        assert!(type_name_problem("tool_view").is_some());
        assert!(type_name_problem("Tool_View").is_some());
    }
}
