//! The schema language's names for what a JSON Schema calls by wire names, `$defs` keys and
//! titles: types and variants in UpperCamelCase, fields in snake_case, each distinct in its
//! scope; the wire names stay as they are, written back by rename rules and `#[rename]`.

use std::collections::BTreeSet;

use crate::limits::MAX_NAME_LEN;
use crate::naming::rust::NOT_RAW;
use crate::syntax::BUILTIN_NAMES;

/// The words of a name: runs of ASCII letters and digits, split where the case turns from
/// lower to upper (`mimeType`, `HTTPServer` give `mime type`, `http server`), lower-cased.
fn words(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut words = Vec::new();
    let mut word = String::new();
    for (index, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        let previous = index.checked_sub(1).map(|at| chars[at]);
        let next = chars.get(index + 1).copied();
        let turns = c.is_ascii_uppercase()
            && previous.is_some_and(|p| {
                p.is_ascii_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_ascii_uppercase() && next.is_some_and(|n| n.is_ascii_lowercase()))
            });
        if turns && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        word.push(c.to_ascii_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `text` in UpperCamelCase (`text-delta` gives `TextDelta`), or `fallback` when it has no
/// ASCII letter or digit; a leading digit gets the fallback in front.
pub(super) fn upper_camel(text: &str, fallback: &str) -> String {
    // A name that is UpperCamelCase already keeps its spelling (`UIMessageChunk`).
    let mut chars = text.chars();
    if chars.next().is_some_and(|first| first.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_alphanumeric())
    {
        return text.to_string();
    }
    let mut name: String = words(text)
        .iter()
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or(String::new(), |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect();
    if name.is_empty() {
        name = fallback.to_string();
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        name = format!("{fallback}{name}");
    }
    name
}

/// `text` in snake_case (`mimeType` gives `mime_type`), or `fallback` when it has no ASCII
/// letter; a leading digit gets the fallback in front.
pub(super) fn snake(text: &str, fallback: &str) -> String {
    let mut name = words(text).join("_");
    if !name.chars().any(|c| c.is_ascii_lowercase()) {
        name = if name.is_empty() {
            fallback.to_string()
        } else {
            format!("{fallback}_{name}")
        };
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        name = format!("{fallback}_{name}");
    }
    name
}

/// Names given out in one scope, each once.
#[derive(Debug, Default)]
pub(super) struct Scope {
    taken: BTreeSet<String>,
}

impl Scope {
    /// A scope whose names may not be any of `reserved`.
    pub fn reserving(reserved: &[&str]) -> Scope {
        Scope {
            taken: reserved.iter().map(|name| name.to_string()).collect(),
        }
    }

    /// `wanted`, cut to the name length limit, or with the first number from 2 that makes it
    /// new in this scope (`Text2`, `text_2` after `separator`).
    pub fn claim(&mut self, wanted: &str, separator: &str) -> String {
        let base: String = wanted.chars().take(MAX_NAME_LEN - 8).collect();
        let mut name = base.clone();
        let mut number = 2;
        while self.taken.contains(&name) {
            name = format!("{base}{separator}{number}");
            number += 1;
        }
        self.taken.insert(name.clone());
        name
    }

    /// Gives `name` back, for a schema claimed a name that made no type.
    pub fn release(&mut self, name: &str) {
        self.taken.remove(name);
    }
}

/// The type names a schema may not declare: the built-ins and the keywords that are no name
/// even raw (`Self`).
pub(super) fn reserved_type_names() -> Vec<&'static str> {
    BUILTIN_NAMES.iter().chain(NOT_RAW).copied().collect()
}

/// A scope for the variants of one union or the values of one enum, which may not take a
/// keyword that is no name even raw (`Self`, the name the tag value `self` would get).
pub(super) fn variant_scope() -> Scope {
    Scope::reserving(NOT_RAW)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_take_the_words_of_any_spelling() {
        assert_eq!(upper_camel("text-delta", "T"), "TextDelta");
        assert_eq!(upper_camel("tools/call", "T"), "ToolsCall");
        assert_eq!(upper_camel("HTTPServer", "T"), "HTTPServer");
        assert_eq!(upper_camel("http_server", "T"), "HttpServer");
        assert_eq!(upper_camel("2d", "Type"), "Type2d");
        assert_eq!(upper_camel("---", "Type"), "Type");
        assert_eq!(snake("mimeType", "field"), "mime_type");
        assert_eq!(snake("_meta", "field"), "meta");
        assert_eq!(snake("$schema", "field"), "schema");
        assert_eq!(snake("123", "field"), "field_123");
        assert_eq!(snake("Content-Type", "field"), "content_type");
    }

    #[test]
    fn a_scope_numbers_a_name_taken() {
        let mut scope = Scope::reserving(&["String"]);
        assert_eq!(scope.claim("String", ""), "String2");
        assert_eq!(scope.claim("Text", ""), "Text");
        assert_eq!(scope.claim("Text", ""), "Text2");
    }
}
