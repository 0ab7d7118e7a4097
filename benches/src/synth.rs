//! The synthetic schemas of the benchmarks, with a doc comment on every type and field, as a
//! real schema has. The generator's ([`schema`]): UNIONS unions of 10 variants, each variant a
//! struct of 8 fields (strings, optional and nullable fields, arrays, numbers, a string enum and
//! an array of a shared struct). The language server's ([`editor_schema`]): as many unions in
//! one file as the checker takes (at most 5,000 types), each of 10 variants, one of them
//! carrying such a struct and nine the tag alone.

use std::fmt::Write as _;

/// Variants per union.
const VARIANTS: usize = 10;

/// The schema text of `unions` unions.
pub fn schema(unions: usize) -> String {
    let mut out = String::from(
        "//! A synthetic schema for the generator benchmark.\n\
         #![rename_fields = \"camelCase\"]\n\
         #![rename_variants = \"snake_case\"]\n\
         #![deny_unknown_fields]\n\n",
    );
    for union in 0..unions {
        union_items(&mut out, union).expect("writing to a String cannot fail");
    }
    out
}

/// One union, its variant structs, and the struct and enum they share.
fn union_items(out: &mut String, union: usize) -> std::fmt::Result {
    writeln!(
        out,
        "/// Union {union}.\n#[union(tag = \"kind\")]\nenum Union{union} {{"
    )?;
    for variant in 0..VARIANTS {
        writeln!(
            out,
            "    /// Variant {variant}.\n    Variant{variant}(U{union}V{variant}),"
        )?;
    }
    writeln!(out, "}}\n")?;
    for variant in 0..VARIANTS {
        writeln!(
            out,
            "/// The payload of variant {variant} of union {union}."
        )?;
        payload(
            out,
            &format!("U{union}V{variant}"),
            &format!("U{union}Item"),
            &format!("U{union}Level"),
        )?;
    }
    writeln!(
        out,
        "/// An item of union {union}.\nstruct U{union}Item {{\n    /// Its name.\n    name: \
         String,\n    /// Its line.\n    line: Option<u32>,\n}}\n"
    )?;
    writeln!(
        out,
        "/// A level of union {union}.\nenum U{union}Level {{\n    /// Low.\n    Low,\n    /// \
         Middle.\n    Middle,\n    /// High.\n    High,\n}}\n"
    )
}

/// The types every file of the synthetic project shares, declared in its `common.cards`.
const COMMON: &str = "/// Who made a message, and when.\nstruct Meta {\n    /// The id.\n    \
                      id: String,\n    /// When, in seconds.\n    at: Option<u32>,\n}\n\n\
                      /// Where a message came from.\nenum Origin {\n    /// A browser.\n    \
                      Web,\n    /// Another service.\n    Api,\n}\n\n";

/// The header struct of part `part`, which holds the shared types.
fn part_header(part: usize) -> String {
    format!(
        "/// The header of part {part}.\nstruct Part{part}Header {{\n    /// Who and when.\n    \
         meta: Meta,\n    /// Where from.\n    origin: Origin,\n}}\n\n"
    )
}

/// The synthetic project of the scale benchmark: `common.cards` and `files` files
/// `partNN.cards` that import its types, `unions` unions in all, spread evenly; each file
/// as its name and text, `common.cards` first.
pub fn project(files: usize, unions: usize) -> Vec<(String, String)> {
    let mut out = vec![(
        "common.cards".to_string(),
        format!("//! The types every part shares.\n\n{COMMON}"),
    )];
    for part in 0..files {
        let mut text = format!(
            "//! Part {part} of a synthetic project.\n#![rename_fields = \"camelCase\"]\n\
             #![rename_variants = \"snake_case\"]\n#![deny_unknown_fields]\n\n\
             use common::{{Meta, Origin}};\n\n{}",
            part_header(part)
        );
        for union in (part * unions / files)..((part + 1) * unions / files) {
            union_items(&mut text, union).expect("writing to a String cannot fail");
        }
        out.push((format!("part{part:02}.cards"), text));
    }
    out
}

/// The same contract as [`project`]'s, in one file: the shared types, every part's header and
/// every union.
pub fn project_as_one_file(files: usize, unions: usize) -> String {
    let mut out = String::from(
        "//! A synthetic project as one file.\n#![rename_fields = \"camelCase\"]\n\
         #![rename_variants = \"snake_case\"]\n#![deny_unknown_fields]\n\n",
    );
    out.push_str(COMMON);
    for part in 0..files {
        out.push_str(&part_header(part));
    }
    for union in 0..unions {
        union_items(&mut out, union).expect("writing to a String cannot fail");
    }
    out
}

/// The language server benchmark's schema text of `unions` unions: each has one variant
/// carrying a struct of 8 fields (as the generator's variants do, its array of items and its
/// level shared by every union) and nine unit variants, so that 2,000 unions are 4,002 types.
pub fn editor_schema(unions: usize) -> String {
    let mut out = String::from(
        "//! A synthetic schema for the language server benchmark.\n\
         #![rename_fields = \"camelCase\"]\n\
         #![rename_variants = \"snake_case\"]\n\n\
         /// An item.\nstruct Item {\n    /// Its name.\n    name: String,\n    /// Its line.\n    \
         line: Option<u32>,\n}\n\n\
         /// A level.\nenum Level {\n    /// Low.\n    Low,\n    /// Middle.\n    Middle,\n    \
         /// High.\n    High,\n}\n\n",
    );
    for union in 0..unions {
        editor_union(&mut out, union).expect("writing to a String cannot fail");
    }
    out
}

/// One union of the language server's schema and the struct its first variant carries.
fn editor_union(out: &mut String, union: usize) -> std::fmt::Result {
    writeln!(
        out,
        "/// Union {union}.\n#[union(tag = \"kind\")]\nenum Union{union} {{\n    /// The one \
         with a payload.\n    Full(Payload{union}),"
    )?;
    for variant in 1..VARIANTS {
        writeln!(out, "    /// Variant {variant}.\n    Variant{variant},")?;
    }
    writeln!(out, "}}\n")?;
    writeln!(out, "/// The payload of union {union}.")?;
    payload(out, &format!("Payload{union}"), "Item", "Level")
}

/// A payload struct of 8 fields, its items of the struct `item` and its level of the enum
/// `level`.
fn payload(out: &mut String, name: &str, item: &str, level: &str) -> std::fmt::Result {
    writeln!(out, "struct {name} {{")?;
    writeln!(out, "    /// The title.\n    title_text: String,")?;
    writeln!(
        out,
        "    /// A count, when known.\n    item_count: Option<u32>,"
    )?;
    writeln!(out, "    /// Labels.\n    labels: Vec<String>,")?;
    writeln!(out, "    /// Whether it is done.\n    done: bool,")?;
    writeln!(
        out,
        "    /// The previous text; `null` when new.\n    old_text: Nullable<String>,"
    )?;
    writeln!(out, "    /// A score.\n    score: f64,")?;
    writeln!(out, "    /// Items.\n    items: Option<Vec<{item}>>,")?;
    writeln!(out, "    /// The level.\n    level: {level},")?;
    writeln!(out, "}}\n")
}
