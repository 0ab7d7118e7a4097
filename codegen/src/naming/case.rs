//! Case conversion, exactly as serde's `rename_all` spells names: the one rule for wire names
//! (the checker) and for the names targets derive from schema names (bridge methods, tag-list
//! constants).

/// A wire-name rule, spelled as in serde's `rename_all`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenameRule {
    /// `lowercase`
    Lower,
    /// `UPPERCASE`
    Upper,
    /// `PascalCase`
    Pascal,
    /// `camelCase`
    Camel,
    /// `snake_case`
    Snake,
    /// `SCREAMING_SNAKE_CASE`
    ScreamingSnake,
    /// `kebab-case`
    Kebab,
    /// `SCREAMING-KEBAB-CASE`
    ScreamingKebab,
}

impl RenameRule {
    /// Every rule with its spelling, for parsing and for the hint that lists them.
    pub const ALL: [(&'static str, RenameRule); 8] = [
        ("lowercase", RenameRule::Lower),
        ("UPPERCASE", RenameRule::Upper),
        ("PascalCase", RenameRule::Pascal),
        ("camelCase", RenameRule::Camel),
        ("snake_case", RenameRule::Snake),
        ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
        ("kebab-case", RenameRule::Kebab),
        ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
    ];

    /// The rule's spelling in a schema (`camelCase`).
    pub fn spelling(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(_, rule)| *rule == self)
            .map_or("", |(spelling, _)| spelling)
    }

    /// A snake_case field name under this rule, exactly as serde's `rename_all` does for fields.
    pub fn apply_to_field(self, name: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => name.to_string(),
            RenameRule::Upper | RenameRule::ScreamingSnake => name.to_ascii_uppercase(),
            RenameRule::Pascal => pascal_from_snake(name),
            RenameRule::Camel => {
                let mut camel = pascal_from_snake(name);
                if let Some(first) = camel.get_mut(..1) {
                    first.make_ascii_lowercase();
                }
                camel
            }
            RenameRule::Kebab => name.replace('_', "-"),
            RenameRule::ScreamingKebab => name.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// A PascalCase variant name under this rule, exactly as serde's `rename_all` does for
    /// variants.
    pub fn apply_to_variant(self, name: &str) -> String {
        match self {
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
            assert_eq!(rule.apply_to_field(name), expected, "{rule:?}");
        }
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
            assert_eq!(rule.apply_to_variant(name), expected, "{rule:?}");
        }
    }
}
