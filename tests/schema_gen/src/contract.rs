//! Schemas drawn over every construct of the schema language, with ordinary names, for the
//! differential run of the readers (`tests/conformance/src/differential.rs`): closed, open and
//! dropping structs; every presence (`Option`, `Nullable`, both, null-as-absent, defaults kept
//! or omitted); every value type (the integers, `u64`/`i64`, decimals, `f64`, `Json`, strings,
//! arrays, maps, boxes, constants); constraints (length, pattern, formats, ranges, item counts,
//! uniqueness); reader policies; flattened envelopes and spreads; tagged unions open and
//! closed, nested, with unit variants; untagged unions; enums open and closed; newtypes. Names
//! are plain, so that a schema checks more often than a grammar draw; many still do not check,
//! and the caller keeps those that do.

use std::fmt::Write as _;

use arbitrary::{Result, Unstructured};

/// The scalar types a field may hold.
const SCALARS: &[&str] = &[
    "String",
    "bool",
    "u8",
    "u16",
    "u32",
    "i8",
    "i16",
    "i32",
    "u64",
    "i64",
    "f64",
    "Json",
    "Decimal<u64>",
    "Decimal<i64>",
];

/// Field names: a few, so that flattened structs and tags collide now and then.
const FIELDS: &[&str] = &[
    "a", "b", "text", "kind", "items", "value", "note", "count", "tags", "meta",
];

/// Tag keys.
const TAGS: &[&str] = &["type", "kind", "card"];

/// Values an any-JSON default or a string default may take, as JSON text.
const DEFAULTS: &[(&str, &str)] = &[
    ("String", "\"x\""),
    ("bool", "true"),
    ("u8", "7"),
    ("i32", "-3"),
    ("f64", "1.5"),
    ("Vec<u8>", "[]"),
    ("Vec<String>", "[\"a\"]"),
    ("Map<String, u8>", "{}"),
];

/// A value type over the declared `names`.
fn ty(u: &mut Unstructured, names: &[String], depth: u32) -> Result<String> {
    let choice = u.int_in_range(0..=11)?;
    if depth > 2 || choice < 5 {
        return Ok(if names.is_empty() || u.ratio(2, 5)? {
            u.choose(SCALARS)?.to_string()
        } else {
            u.choose(names)?.clone()
        });
    }
    let inner = ty(u, names, depth + 1)?;
    Ok(match choice {
        5 | 6 => format!("Vec<{inner}>"),
        7 => format!("Map<String, {inner}>"),
        // `Nullable<Nullable<T>>` and `Nullable<Json>` are refused as redundant.
        8 | 9 | 11 if inner.starts_with("Nullable<") || inner == "Json" => {
            format!("Vec<{inner}>")
        }
        8 => format!("Nullable<{inner}>"),
        9 => format!("Vec<Nullable<{inner}>>"),
        // A box holds a declared type only.
        10 if !names.is_empty() => format!("Box<{}>", u.choose(names)?),
        _ => format!("Map<String, Nullable<{inner}>>"),
    })
}

/// The constraints a field of type `ty` may carry, as attribute lines.
fn constraints(u: &mut Unstructured, ty: &str, out: &mut String) -> Result<()> {
    if !u.ratio(1, 3)? {
        return Ok(());
    }
    match ty {
        "String" => match u.int_in_range(0..=4)? {
            0 => writeln!(out, "    #[length(min = 1, max = 4)]").ok(),
            1 => writeln!(out, "    #[pattern = \"^[a-c]+$\"]").ok(),
            2 => writeln!(out, "    #[format = \"date-time\"]").ok(),
            3 => writeln!(out, "    #[format = \"uuid\"]").ok(),
            _ => writeln!(out, "    #[format = \"uri\"]").ok(),
        },
        "u8" | "u16" | "u32" | "i8" | "i16" | "i32" | "u64" | "i64" => {
            writeln!(out, "    #[range(min = 1, max = 100)]").ok()
        }
        "f64" => match u.int_in_range(0..=1)? {
            0 => writeln!(out, "    #[range(exclusive_min = 0, max = 1.5)]").ok(),
            _ => writeln!(out, "    #[range(min = -273.15)]").ok(),
        },
        // Uniqueness over items of a scalar type only: the checker refuses it over items
        // whose equality the readers could not agree on (defaults, dropped keys).
        vec if vec.starts_with("Vec<") => {
            let scalar = SCALARS.contains(&&vec[4..vec.len() - 1]);
            match u.int_in_range(0..=2)? {
                1 if scalar => writeln!(out, "    #[items(unique)]").ok(),
                2 if scalar => writeln!(out, "    #[items(max = 2, unique)]").ok(),
                _ => writeln!(out, "    #[items(min = 1, max = 3)]").ok(),
            }
        }
        _ => None,
    };
    Ok(())
}

/// One struct field.
fn field(u: &mut Unstructured, names: &[String], out: &mut String, name: &str) -> Result<()> {
    let base = ty(u, names, 0)?;
    match u.int_in_range(0..=9)? {
        // A constant.
        0 => {
            let constant = match u.int_in_range(0..=2)? {
                0 => "Const<\"v1\">",
                1 => "Const<2>",
                _ => "Const<true>",
            };
            writeln!(out, "    {name}: {constant},").ok();
        }
        // A defaulted field, kept or omitted, tolerant or not.
        1 => {
            let (ty, default) = *u.choose(DEFAULTS)?;
            writeln!(out, "    #[default = {default:?}]").ok();
            if u.ratio(1, 2)? {
                writeln!(out, "    #[omit_default]").ok();
            }
            if u.ratio(1, 3)? {
                writeln!(out, "    #[on_invalid = \"default\"]").ok();
            }
            writeln!(out, "    {name}: {ty},").ok();
        }
        // An optional field: plain, null-as-absent, tolerant, or also nullable.
        2 | 3 => {
            let inner = ty(u, names, 1)?;
            constraints(u, &inner, out)?;
            match u.int_in_range(0..=3)? {
                0 => writeln!(out, "    #[null_as_absent]\n    {name}: Option<{inner}>,").ok(),
                1 => writeln!(
                    out,
                    "    #[on_invalid = \"absent\"]\n    {name}: Option<{inner}>,"
                )
                .ok(),
                2 => writeln!(out, "    {name}: Option<Nullable<{inner}>>,").ok(),
                _ => writeln!(out, "    {name}: Option<{inner}>,").ok(),
            };
        }
        // An array whose invalid items a tolerant reader skips.
        4 => {
            let item = ty(u, names, 1)?;
            writeln!(out, "    #[skip_invalid]\n    {name}: Vec<{item}>,").ok();
        }
        _ => {
            constraints(u, &base, out)?;
            writeln!(out, "    {name}: {base},").ok();
        }
    }
    Ok(())
}

/// A schema text drawn from `u`: two to six declarations over every construct, named `T0`,
/// `T1`, ..., the first of them the entry.
pub fn contract_schema(u: &mut Unstructured) -> Result<String> {
    let mut out = String::new();
    if u.ratio(1, 2)? {
        out.push_str("#![rename_fields = \"camelCase\"]\n");
    }
    if u.ratio(1, 2)? {
        out.push_str("#![rename_variants = \"snake_case\"]\n");
    }
    if u.ratio(1, 6)? {
        out.push_str("#![null_as_absent]\n");
    }
    let count = u.int_in_range(2..=6)?;
    let names: Vec<String> = (0..count).map(|index| format!("T{index}")).collect();
    // Each declaration's kind first, so that what must be a struct (a variant's payload, a
    // flattened field, an untagged union's object) names one.
    let kinds: Vec<u8> = (0..count)
        .map(|_| u.int_in_range(0..=9))
        .collect::<Result<_>>()?;
    let of_kind = |wanted: &[u8]| -> Vec<String> {
        names
            .iter()
            .zip(&kinds)
            .filter(|(_, kind)| wanted.contains(kind))
            .map(|(name, _)| name.clone())
            .collect()
    };
    for (index, (name, kind)) in names.iter().zip(&kinds).enumerate() {
        // Each declaration names only those after it: no recursion (the golden cases hold
        // recursion through boxes, arrays and maps), which the checker would refuse unless
        // through an indirection.
        let later = |list: Vec<String>| -> Vec<String> {
            list.into_iter()
                .filter(|other| names[index + 1..].contains(other))
                .collect()
        };
        let names = &names[index + 1..];
        let structs = later(of_kind(&[0, 1, 2, 3]));
        let closed = later(of_kind(&[0, 1]));
        let payloads = later(of_kind(&[0, 1, 2, 3, 4, 5, 6]));
        match kind {
            // A struct: closed, open keeping or open dropping, maybe flattening a closed one.
            0..=3 => {
                match kind {
                    2 => out.push_str("#[allow_unknown_fields]\n"),
                    3 => out.push_str("#[drop_unknown_fields]\n"),
                    _ => {}
                }
                writeln!(out, "struct {name} {{").ok();
                let mut used: Vec<&str> = Vec::new();
                for _ in 0..u.int_in_range(1..=4)? {
                    let field_name = *u.choose(FIELDS)?;
                    if used.contains(&field_name) {
                        continue;
                    }
                    used.push(field_name);
                    if u.ratio(1, 10)? && !closed.is_empty() {
                        writeln!(
                            out,
                            "    #[flatten]\n    {field_name}: {},",
                            u.choose(&closed)?
                        )
                        .ok();
                        continue;
                    }
                    field(u, names, &mut out, field_name)?;
                }
                out.push_str("}\n");
            }
            // A tagged union, maybe open, with unit variants and a spread envelope.
            4..=6 => {
                writeln!(out, "#[union(tag = {:?})]", u.choose(TAGS)?).ok();
                if u.ratio(1, 8)? && !closed.is_empty() {
                    writeln!(out, "#[flatten = {:?}]", u.choose(&closed)?).ok();
                }
                writeln!(out, "enum {name} {{").ok();
                let variants = ["Alpha", "Beta", "Gamma", "Delta"];
                for variant in variants.iter().take(u.int_in_range(1..=4)?) {
                    if payloads.is_empty() || u.ratio(1, 4)? {
                        writeln!(out, "    {variant},").ok();
                    } else {
                        writeln!(out, "    {variant}({}),", u.choose(&payloads)?).ok();
                    }
                }
                if u.ratio(1, 4)? {
                    out.push_str("    #[other]\n    Unknown,\n");
                }
                out.push_str("}\n");
            }
            // An untagged union, told apart by shape.
            7 => {
                writeln!(out, "#[union(untagged)]\nenum {name} {{").ok();
                let shapes = ["String", "bool", "f64", "Vec<String>"];
                for (index, shape) in shapes.iter().enumerate().take(u.int_in_range(1..=4)?) {
                    writeln!(out, "    V{index}({shape}),").ok();
                }
                if u.ratio(1, 2)? && !structs.is_empty() {
                    writeln!(out, "    Object({}),", u.choose(&structs)?).ok();
                }
                out.push_str("}\n");
            }
            // An enum, maybe open.
            8 => {
                writeln!(out, "enum {name} {{\n    Red,\n    Green,").ok();
                if u.ratio(1, 3)? {
                    out.push_str("    #[other]\n    Other,\n");
                }
                out.push_str("}\n");
            }
            // A newtype.
            _ => {
                writeln!(out, "struct {name}({});", ty(u, names, 1)?).ok();
            }
        }
    }
    Ok(out)
}
