//! Types of other schema files: one `from <package> import ...` per package whose types the
//! module's code names.

use std::collections::{BTreeMap, BTreeSet};

use super::layout::LINE_LENGTH;
use super::naming;
use crate::ir::{Schema, TypeDef};
use crate::target::Options;

/// The `from ... import ...` lines of the imported types the module's `body` names, one per
/// package in the order of their modules' names, each listing its names in order; a list too
/// long for a line goes one name a line, as `ruff format` writes it.
pub(super) fn from_imports(schema: &Schema, options: &Options, body: &str) -> String {
    if schema.foreign.is_empty() {
        return String::new();
    }
    let named = names_in_code(body);
    let mut by_module: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (module, names) in schema.imports() {
        let names: Vec<String> = names
            .into_iter()
            .flat_map(|name| candidates(schema, name))
            .filter(|name| named.contains(name.as_str()))
            .collect();
        if !names.is_empty() {
            by_module
                .entry(options.import(&super::Python, &module.stem))
                .or_default()
                .extend(names);
        }
    }
    let mut out = String::new();
    for (module, mut names) in by_module {
        names.sort();
        let line = format!("from {module} import {}\n", names.join(", "));
        if line.len() <= LINE_LENGTH + 1 {
            out.push_str(&line);
            continue;
        }
        out.push_str(&format!("from {module} import (\n"));
        for name in names {
            out.push_str(&format!("    {name},\n"));
        }
        out.push_str(")\n");
    }
    out
}

/// The names a module may take for an imported type: its own, and the classes of an open
/// union's or enum's catch-all.
fn candidates(schema: &Schema, name: &str) -> Vec<String> {
    let mut names = vec![naming::type_name(name)];
    match schema.types.get(name) {
        Some(TypeDef::Union(union)) => {
            names.extend(
                union
                    .other
                    .iter()
                    .map(|o| naming::catch_all_class(name, &o.name)),
            );
        }
        Some(TypeDef::Enum(enumeration)) => {
            if let Some(other) = &enumeration.other {
                names.push(naming::catch_all_class(name, &other.name));
                names.push(naming::known_values_class(name));
            }
        }
        _ => {}
    }
    names
}

/// The names Python code reads as variables: every identifier outside comments and string
/// literals that does not follow a `.` (an attribute).
fn names_in_code(code: &str) -> BTreeSet<&str> {
    let bytes = code.as_bytes();
    let mut names = BTreeSet::new();
    let mut at = 0;
    let mut after_dot = false;
    while at < bytes.len() {
        let byte = bytes[at];
        match byte {
            b'#' => {
                at = code[at..].find('\n').map_or(bytes.len(), |end| at + end);
            }
            b'"' | b'\'' => {
                let quote = &code[at..at + 1];
                let triple = quote.repeat(3);
                let (open, close) = if code[at..].starts_with(&triple) {
                    (3, triple.as_str())
                } else {
                    (1, quote)
                };
                let mut end = at + open;
                while end < bytes.len() && !code[end..].starts_with(close) {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                at = (end + close.len()).min(bytes.len());
                after_dot = false;
            }
            b'.' => {
                after_dot = true;
                at += 1;
            }
            _ if byte == b'_' || byte.is_ascii_alphabetic() => {
                let end = code[at..]
                    .find(|c: char| c != '_' && !c.is_ascii_alphanumeric())
                    .map_or(bytes.len(), |end| at + end);
                if !after_dot {
                    names.insert(&code[at..end]);
                }
                after_dot = false;
                at = end;
            }
            _ => {
                if !byte.is_ascii_whitespace() {
                    after_dot = false;
                }
                at += 1;
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::names_in_code;

    #[test]
    fn names_in_comments_strings_and_attributes_are_not_read() {
        let code = "class A(B):\n    \"\"\"C and D.\"\"\"\n    x: E = F.G  # H\n    y: str = 'I'\n";
        let names: Vec<&str> = names_in_code(code).into_iter().collect();
        assert_eq!(names, ["A", "B", "E", "F", "class", "str", "x", "y"]);
    }
}
