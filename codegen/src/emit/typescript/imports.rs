//! Types of other schema files: the names an output takes from the outputs of the files that
//! declare them, `import type` for types and `import` for functions.

use std::collections::{BTreeMap, BTreeSet};

use super::syntax::string_literal;
use super::{GUARDS_SUFFIX, IMPORT_WIDTH};
use crate::ir::{Schema, TypeDef};
use crate::naming::typescript::{catch_all_type, handlers, input_type};
use crate::target::Options;

/// Which module of an output's imports are written: the output itself, with its types and
/// matchers, or its guards module, with its checks.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    /// The output: the types, their input types, handlers types and matchers of other files.
    Types,
    /// The guards module: the checks of other files' types, from their guards modules.
    Checks,
}

/// The import lines of the names of other files' types that `code` reads, one `import type`
/// and one `import` per module in the order of their specifiers, each listing its names in
/// order.
pub(super) fn lines(schema: &Schema, options: &Options, code: &str, part: Part) -> String {
    if schema.foreign.is_empty() {
        return String::new();
    }
    let named = names_in_code(code);
    // Per module specifier: the type names, then the value names.
    let mut by_module: BTreeMap<String, (Vec<String>, Vec<String>)> = BTreeMap::new();
    for (module, names) in schema.imports() {
        let base = options.import(&super::TypeScript, &module.stem);
        let specifier = match part {
            Part::Types => format!("{base}.js"),
            Part::Checks => format!("{base}{GUARDS_SUFFIX}.js"),
        };
        for name in names {
            let Some(def) = schema.types.get(name) else {
                continue;
            };
            let (types, values) = candidates(def, part);
            let entry = by_module.entry(specifier.clone()).or_default();
            entry
                .0
                .extend(types.into_iter().filter(|n| named.contains(n.as_str())));
            entry
                .1
                .extend(values.into_iter().filter(|n| named.contains(n.as_str())));
        }
    }
    let mut out = String::new();
    for (specifier, (mut types, mut values)) in by_module {
        types.sort();
        values.sort();
        for (keyword, names) in [("import type", types), ("import", values)] {
            if names.is_empty() {
                continue;
            }
            let module = string_literal(&specifier);
            let line = format!("{keyword} {{ {} }} from {module};", names.join(", "));
            if line.len() <= IMPORT_WIDTH {
                out.push_str(&line);
                out.push('\n');
                continue;
            }
            out.push_str(&format!("{keyword} {{\n"));
            for name in names {
                out.push_str(&format!("  {name},\n"));
            }
            out.push_str(&format!("}} from {module};\n"));
        }
    }
    out
}

/// The names an output may take for an imported type: its types and its functions.
fn candidates(def: &TypeDef, part: Part) -> (Vec<String>, Vec<String>) {
    let name = def.name();
    match part {
        Part::Checks => (Vec::new(), vec![format!("check{name}")]),
        Part::Types => {
            let mut types = vec![name.to_string(), input_type(name)];
            let mut values = Vec::new();
            match def {
                TypeDef::Union(union) => {
                    types.push(handlers(name));
                    values.push(format!("match{name}"));
                    types.extend(union.other.iter().map(|o| catch_all_type(name, &o.name)));
                }
                TypeDef::Enum(enumeration) => {
                    types.extend(
                        enumeration
                            .other
                            .iter()
                            .map(|o| catch_all_type(name, &o.name)),
                    );
                }
                _ => {}
            }
            (types, values)
        }
    }
}

/// The names TypeScript code reads: every identifier outside comments and string literals
/// that neither follows a `.` (a member) nor names a property (`name:` or `name?:`).
fn names_in_code(code: &str) -> BTreeSet<&str> {
    let bytes = code.as_bytes();
    let mut names = BTreeSet::new();
    let mut at = 0;
    let mut after_dot = false;
    while at < bytes.len() {
        let byte = bytes[at];
        if code[at..].starts_with("//") {
            at = code[at..].find('\n').map_or(bytes.len(), |end| at + end);
            continue;
        }
        if code[at..].starts_with("/*") {
            at = code[at + 2..]
                .find("*/")
                .map_or(bytes.len(), |end| at + 2 + end + 2);
            continue;
        }
        match byte {
            b'"' | b'\'' | b'`' => {
                let mut end = at + 1;
                while end < bytes.len() && bytes[end] != byte {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                at = (end + 1).min(bytes.len());
                after_dot = false;
            }
            b'.' => {
                after_dot = true;
                at += 1;
            }
            _ if byte == b'_' || byte == b'$' || byte.is_ascii_alphabetic() => {
                let end = code[at..]
                    .find(|c: char| c != '_' && c != '$' && !c.is_ascii_alphanumeric())
                    .map_or(bytes.len(), |end| at + end);
                let rest = code[end..].trim_start();
                let property = rest.starts_with(':') || rest.starts_with("?:");
                if !after_dot && !property {
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
    fn names_in_comments_strings_members_and_properties_are_not_read() {
        let code = "/** A */\nexport interface B {\n  c?: D; // E\n  f: G<'H'>;\n}\n\
                    const i = j.k(`L`);\n";
        let names: Vec<&str> = names_in_code(code).into_iter().collect();
        assert_eq!(
            names,
            ["B", "D", "G", "const", "export", "i", "interface", "j"]
        );
    }
}
