//! The synthetic schema of the generator benchmarks: UNIONS unions of 10 variants, each
//! variant a struct of 8 fields (strings, optional and nullable fields, arrays, numbers, a
//! string enum and an array of a shared struct), with a doc comment on every type and field,
//! as a real schema has.

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
        writeln!(out, "struct U{union}V{variant} {{")?;
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
        writeln!(out, "    /// Items.\n    items: Option<Vec<U{union}Item>>,")?;
        writeln!(out, "    /// The level.\n    level: U{union}Level,")?;
        writeln!(out, "}}\n")?;
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
