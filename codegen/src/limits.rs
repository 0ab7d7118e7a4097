//! The limits on a schema, in one place. Each is checked with a located error that names it and
//! the value found, rather than emitting what a reader cannot take: rustc overflows its stack
//! on a struct of 10,000 fields, and its memory grows with the square of a name's length.
//! Each limit is well under what was measured to work (debug build, rustc 1.95, 2 cores).

/// The deepest nesting of brackets, type arguments and prefix operators in the schema text.
/// syn parses nesting by recursion, and a debug build overflows a 2 MB thread at some 35
/// levels; no schema needs more than a handful.
pub const MAX_DEPTH: usize = 16;

/// The deepest nesting of arrays and objects a payload may have, in every reader: serde_json's
/// recursion limit, which the Rust runtime keeps. The TypeScript and Python runtimes are given
/// it from here (`cardcMaxDepth`, `cardc_runtime._limits`), and the conformance suite reads
/// payloads at it and one deeper with every reader.
pub const MAX_JSON_DEPTH: usize = 127;

/// The most fields in one struct. rustc overflows its stack on the generated Rust of a struct
/// of 10,000 fields; 5,000 compile in 4.3 s and 0.54 GB.
pub const MAX_FIELDS: usize = 1_000;

/// The most variants in one union, and values in one enum. A union of 1,000 variants, with
/// their 1,000 structs, compiles in 16 s and 0.88 GB; rustc's time grows with it.
pub const MAX_VARIANTS: usize = 1_000;

/// The most types in one schema. 1,001 types took rustc 16 s and 0.88 GB; 5,000 take about
/// five times that.
pub const MAX_TYPES: usize = 5_000;

/// The most unions a variant struct may sit inside: it carries one tag per union, so every
/// level adds a key to every struct below it.
pub const MAX_UNION_NESTING: usize = 16;

/// The longest name or wire name, in characters: type, field and variant names, renames and
/// tags. rustc's memory grows with the square of their length: a 10,000-character wire name
/// takes 1.8 GB, a 16,000-character field name 4.35 GB, where 1,000 characters take 0.13 GB.
pub const MAX_NAME_LEN: usize = 255;
