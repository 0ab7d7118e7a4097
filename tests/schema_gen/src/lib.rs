//! Schemas drawn from the schema language's grammar: bytes choose declarations, names
//! (ordinary ones, every kind of keyword, names the generated code uses), types, attributes and
//! strings (hostile ones: comment closers, line breaks, quotes, NUL, `${`, `</script>`, line
//! separators). The fuzzer feeds it its bytes, so it reaches the checker and the emitters with
//! schemas that mostly parse, which mutated text rarely does; the sample-build test feeds it
//! fixed bytes and builds what compiles.

use std::fmt::Write as _;

mod contract;

pub use contract::contract_schema;

pub use arbitrary::{Result, Unstructured};

/// Type, variant and enum-value names: ordinary, Rust and TypeScript keywords in UpperCamel
/// form, prelude and runtime names the generated code might use.
const TYPE_NAMES: &[&str] = &[
    "A",
    "B",
    "C",
    "Item",
    "View",
    "Self",
    "Super",
    "Crate",
    "Gen",
    "Sized",
    "Send",
    "Sync",
    "Default",
    "Clone",
    "Debug",
    "Result",
    "Option",
    "Some",
    "None",
    "Ok",
    "Err",
    "Fn",
    "Box",
    "Vec",
    "String",
    "Json",
    "Map",
    "Nullable",
    "Type",
    "Match",
    "Async",
    "Await",
    "Dyn",
    "Try",
    "Union",
    "Object",
    "Array",
    "Record",
    "Partial",
    "Error",
    "Number",
    "Symbol",
    "Promise",
    "Constructor",
    "Proto",
    "AssertNever",
    "ABridge",
    "AHandlers",
    "Serialize",
    "Deserialize",
    "JsonSchema",
    "Value",
    "Any",
    "Never",
    "Unknown",
    "Infinity",
    "NaN",
    "Undefined",
];

/// Field names: ordinary, every Rust keyword, JavaScript and TypeScript reserved words,
/// `Object.prototype` members and names the generated code uses.
const FIELD_NAMES: &[&str] = &[
    "a",
    "b",
    "name",
    "value",
    "type",
    "self",
    "super",
    "crate",
    "gen",
    "async",
    "await",
    "dyn",
    "try",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "macro",
    "override",
    "priv",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "union",
    "static",
    "raw",
    "safe",
    "macro_rules",
    "match",
    "fn",
    "mod",
    "ref",
    "move",
    "mut",
    "where",
    "loop",
    "in",
    "as",
    "use",
    "extern",
    "enum",
    "struct",
    "trait",
    "impl",
    "let",
    "const",
    "true",
    "false",
    "constructor",
    "prototype",
    "to_string",
    "value_of",
    "has_own_property",
    "__proto__",
    "_meta",
    "_",
    "extra_fields",
    "delete",
    "new",
    "this",
    "void",
    "with",
    "instanceof",
    "arguments",
    "eval",
    "package",
    "private",
    "protected",
    "public",
    "interface",
    "implements",
    "undefined",
    "null",
    "x1",
];

/// Strings for docs, tags, renames, ids and titles.
const STRINGS: &[&str] = &[
    "ok",
    "card",
    "kind",
    "type",
    "",
    " ",
    "*/",
    "/*",
    "*/ console.log(\"injected\"); /*",
    "\n",
    "\r",
    "\r\n",
    "line\nconst INJECTED: u8 = 1;",
    "\0",
    "\"",
    "'",
    "`",
    "${x}",
    "\\",
    "</script>",
    "\u{2028}",
    "\u{2029}",
    "\u{202e}",
    "\u{feff}",
    "é",
    "🦀",
    "__proto__",
    "constructor",
    "toString",
    "#frag",
    "urn:x:y",
    "https://x.test/s.json",
    "a b",
    "-->",
    "]]>",
    "#[doc = \"x\"]",
    "\\u0000",
    "{}",
    "%",
    "$defs",
    "$ref",
];

const PRIMITIVES: &[&str] = &[
    "String",
    "bool",
    "f64",
    "u8",
    "u16",
    "u32",
    "i8",
    "i16",
    "i32",
    "Json",
    "u64",
    "i64",
    "Decimal<u64>",
    "Decimal<i64>",
];

const RULES: &[&str] = &[
    "camelCase",
    "snake_case",
    "kebab-case",
    "PascalCase",
    "SCREAMING_SNAKE_CASE",
    "lowercase",
    "UPPERCASE",
    "SCREAMING-KEBAB-CASE",
];

/// A Rust string literal for schema text: the schema is Rust syntax, so strings are escaped
/// as Rust escapes them (the checker must then treat the value as data).
fn literal(text: &str) -> String {
    format!("{text:?}")
}

fn pick<'a>(u: &mut Unstructured, pool: &[&'a str]) -> Result<&'a str> {
    u.choose(pool).copied()
}

fn docs(u: &mut Unstructured, out: &mut String, indent: &str) -> Result<()> {
    if u.ratio(1, 3)? {
        let text = pick(u, STRINGS)?;
        // A doc comment ends at the line break; the attribute form carries any string.
        if u.ratio(1, 2)? {
            writeln!(out, "{indent}#[doc = {}]", literal(text)).ok();
        } else {
            writeln!(out, "{indent}/// {}", text.replace(['\n', '\r'], " ")).ok();
        }
    }
    Ok(())
}

/// A declaration's or field's other notes, sometimes: `#[deprecated]` (with or without a note)
/// and `#[example = ...]` with JSON text or any string.
fn notes(u: &mut Unstructured, out: &mut String, indent: &str) -> Result<()> {
    match u.int_in_range(0..=9)? {
        0 => writeln!(out, "{indent}#[deprecated]").ok(),
        1 => writeln!(
            out,
            "{indent}#[deprecated = {}]",
            literal(pick(u, STRINGS)?)
        )
        .ok(),
        2 => writeln!(out, "{indent}#[example = {}]", literal(pick(u, EXAMPLES)?)).ok(),
        3 => writeln!(out, "{indent}#[example = {}]", literal(pick(u, STRINGS)?)).ok(),
        _ => None,
    };
    Ok(())
}

/// JSON texts an example may hold.
const EXAMPLES: &[&str] = &[
    "null",
    "true",
    "0",
    "-1",
    "1.5",
    "\"\"",
    "\"*/\"",
    "[]",
    "[1, \"a\"]",
    "{}",
    "{\"type\": \"a\"}",
    "{\"a\": {\"b\": [null]}}",
];

/// A constant field's type: a string (any of the pool), integer or boolean `Const`.
fn constant(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=3)? {
        0 => format!("Const<{}>", literal(pick(u, STRINGS)?)),
        1 => format!("Const<{}>", u.int_in_range(0..=9_007_199_254_740_991_i64)?),
        2 => "Const<{ -1 }>".to_string(),
        _ => format!("Const<{}>", u.ratio(1, 2)?),
    })
}

fn ty(u: &mut Unstructured, names: &[&str], depth: u32) -> Result<String> {
    let choice = u.int_in_range(0..=9)?;
    if depth > 3 || choice < 4 {
        return Ok(if names.is_empty() || u.ratio(1, 2)? {
            pick(u, PRIMITIVES)?.to_string()
        } else {
            u.choose(names)?.to_string()
        });
    }
    let inner = ty(u, names, depth + 1)?;
    Ok(match choice {
        4 => format!("Option<{inner}>"),
        5 => format!("Nullable<{inner}>"),
        6 => format!("Vec<{inner}>"),
        7 => format!("Map<String, {inner}>"),
        8 => format!("Box<{inner}>"),
        _ => format!("Option<Nullable<{inner}>>"),
    })
}

/// A schema text drawn from `u`: one to six declarations (structs, newtypes, tagged and untagged
/// unions, enums, the tagged unions and enums open or closed) whose
/// names, types, attributes and strings come from the pools above. Most parse; many do not check.
pub fn schema(u: &mut Unstructured) -> Result<String> {
    let mut out = String::new();
    if u.ratio(1, 2)? {
        writeln!(out, "//! {}", pick(u, STRINGS)?.replace(['\n', '\r'], " ")).ok();
    }
    for (setting, pool) in [("id", STRINGS), ("title", STRINGS)] {
        if u.ratio(1, 4)? {
            writeln!(out, "#![{setting} = {}]", literal(pick(u, pool)?)).ok();
        }
    }
    for setting in ["rename_fields", "rename_variants"] {
        if u.ratio(1, 3)? {
            writeln!(out, "#![{setting} = {}]", literal(pick(u, RULES)?)).ok();
        }
    }
    if u.ratio(1, 4)? {
        out.push_str(if u.ratio(1, 2)? {
            "#![allow_unknown_fields]\n"
        } else {
            "#![deny_unknown_fields]\n"
        });
    }
    let count = u.int_in_range(1..=6)?;
    let mut names: Vec<&str> = Vec::new();
    for _ in 0..count {
        names.push(pick(u, TYPE_NAMES)?);
    }
    for index in 0..count {
        let name = names[index];
        docs(u, &mut out, "")?;
        notes(u, &mut out, "")?;
        match u.int_in_range(0..=4)? {
            0 => {
                if u.ratio(1, 4)? {
                    out.push_str("#[allow_unknown_fields]\n");
                }
                if u.ratio(1, 5)? {
                    writeln!(out, "#[rename_all = {}]", literal(pick(u, RULES)?)).ok();
                }
                writeln!(out, "struct {name} {{").ok();
                for _ in 0..u.int_in_range(0..=5)? {
                    docs(u, &mut out, "    ")?;
                    if u.ratio(1, 5)? {
                        writeln!(out, "    #[rename = {}]", literal(pick(u, STRINGS)?)).ok();
                    }
                    notes(u, &mut out, "    ")?;
                    if u.ratio(1, 8)? {
                        out.push_str("    #[flatten]\n");
                    }
                    let field = pick(u, FIELD_NAMES)?;
                    let field = if u.ratio(1, 3)? {
                        format!("r#{field}")
                    } else {
                        field.to_string()
                    };
                    let field_type = if u.ratio(1, 8)? {
                        constant(u)?
                    } else {
                        ty(u, &names, 0)?
                    };
                    writeln!(out, "    {field}: {field_type},").ok();
                }
                out.push_str("}\n");
            }
            1 => {
                writeln!(out, "#[union(tag = {})]", literal(pick(u, STRINGS)?)).ok();
                if u.ratio(1, 5)? {
                    writeln!(out, "#[rename_all = {}]", literal(pick(u, RULES)?)).ok();
                }
                if u.ratio(1, 6)? {
                    // Spread a struct into every variant.
                    writeln!(out, "#[flatten = {}]", literal(u.choose(&names)?)).ok();
                }
                writeln!(out, "enum {name} {{").ok();
                for _ in 0..u.int_in_range(1..=4)? {
                    docs(u, &mut out, "    ")?;
                    if u.ratio(1, 3)? {
                        writeln!(out, "    #[rename = {}]", literal(pick(u, STRINGS)?)).ok();
                    }
                    let variant = pick(u, TYPE_NAMES)?;
                    if u.ratio(1, 4)? {
                        // A unit variant: its tag alone.
                        writeln!(out, "    {variant},").ok();
                    } else {
                        let payload = u.choose(&names)?;
                        writeln!(out, "    {variant}({payload}),").ok();
                    }
                }
                if u.ratio(1, 4)? {
                    // Open: a catch-all for every other tag.
                    writeln!(out, "    #[other]\n    {},", pick(u, TYPE_NAMES)?).ok();
                }
                out.push_str("}\n");
            }
            3 => {
                writeln!(out, "struct {name}({});", ty(u, &names, 0)?).ok();
            }
            4 => {
                writeln!(out, "#[union(untagged)]\nenum {name} {{").ok();
                for _ in 0..u.int_in_range(1..=4)? {
                    docs(u, &mut out, "    ")?;
                    let variant = pick(u, TYPE_NAMES)?;
                    writeln!(out, "    {variant}({}),", ty(u, &names, 0)?).ok();
                }
                out.push_str("}\n");
            }
            _ => {
                writeln!(out, "enum {name} {{").ok();
                for _ in 0..u.int_in_range(1..=4)? {
                    docs(u, &mut out, "    ")?;
                    if u.ratio(1, 3)? {
                        writeln!(out, "    #[rename = {}]", literal(pick(u, STRINGS)?)).ok();
                    }
                    writeln!(out, "    {},", pick(u, TYPE_NAMES)?).ok();
                }
                if u.ratio(1, 4)? {
                    // Open: a catch-all for every other string.
                    writeln!(out, "    #[other]\n    {},", pick(u, TYPE_NAMES)?).ok();
                }
                out.push_str("}\n");
            }
        }
    }
    Ok(out)
}
