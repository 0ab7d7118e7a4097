//! The schema language's own name rules: identifier style and the type names it reserves.
//! Keywords (`Self`, `type`) are the syntax layer's to refuse: the schema is read as Rust
//! tokens, where a keyword is no name.

use crate::syntax::BUILTIN_NAMES;

/// Why a type name cannot be used, if it cannot. A schema cannot declare one of the schema
/// language's built-ins ([`BUILTIN_NAMES`]), which a field's type already means and which the
/// generated Rust writes as they are (`Option<String>`, `Vec<T>`, `Box<T>`). Every other name
/// the generated code uses (`Result`, `Sized`, `Default`, the serde traits...) it writes by
/// path, so a schema type of that name shadows nothing it relies on.
pub(super) fn type_name_problem(name: &str) -> Option<String> {
    if BUILTIN_NAMES.contains(&name) {
        return Some(format!(
            "`{name}` is reserved: the schema language already uses it"
        ));
    }
    variant_name_problem(name)
}

/// Why a variant or enum value name cannot be used, if it cannot: it is not ASCII
/// UpperCamelCase. Variants live in their enum's namespace, so the built-ins are free:
/// `Priority::None` shadows nothing.
pub(super) fn variant_name_problem(name: &str) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_are_checked() {
        assert!(type_name_problem("ToolCallView").is_none());
        assert!(type_name_problem("String").is_some());
        assert!(type_name_problem("Result").is_none());
        assert!(type_name_problem("Sized").is_none());
        assert!(type_name_problem("tool_view").is_some());
        assert!(type_name_problem("Tool_View").is_some());
    }
}
