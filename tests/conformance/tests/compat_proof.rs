//! The measured proof of `cardc compat`'s verdicts for readers and writers, pair by pair.
//!
//! For every compat golden pair (`tests/schemas/compat/<pair>/{old,new}.cards`), payloads are
//! drawn from each version's IR for every type both declare: NEW's draws are what NEW writers
//! write, read by OLD's generated Rust types and TypeScript guards; OLD's draws are read by
//! NEW's. A version's readers break when some draw of the other version is refused (or, in
//! Rust, written back as other JSON), or when they read a key the draw lacks as another default
//! than the writing version's: nothing refuses it, but the value changes silently (a changed
//! default that a writer leaves out). What the readers do must be exactly what the pair's
//! verdicts say: readers break if and only if some change of the pair says they do, and writers
//! likewise. The two readers must also agree with each other, and with the contract checker of
//! the version reading, on every draw. A reader that validates against the published JSON
//! Schema's root (the `jsonschema` crate) breaks too when it refuses a draw of one of the
//! writing version's entry types, which is how the entries' verdicts show.

use std::path::Path;

use cardc_codegen::ir::{DefaultWrite, Schema, TypeDef};
use cardc_codegen::{compat, emit};
use cardc_conformance::compat_pairs::{breaks, pairs, version};
use cardc_conformance::{
    Case, GuardsReader, Reader, RustReader, arbitrary, compile_modules, contract, repo_root,
    same_json, with_write_backs, write_corpus,
};
use proptest::test_runner::TestRunner;
use serde_json::Value;

/// Draws of each type from each version: enough that a change which lets one version write a
/// value the other refuses shows in some draw (a new variant, key, bound or enum string).
const DRAWS: usize = 48;

/// `DRAWS` payloads of every type both versions declare, drawn from `writer`'s IR and written
/// as its writers write them (`contract::written`: no null-as-absent `null`, no dropped key, a
/// default left out or written by its policy), as cases labelled by whether `reader`'s
/// contract accepts them, with what `reader`'s writers write back.
fn drawn(pair: &str, side: &str, writer: &Schema, reader: &Schema) -> Vec<Case> {
    let mut runner = TestRunner::deterministic();
    let mut cases = Vec::new();
    for type_name in writer.types.keys() {
        if !reader.types.contains_key(type_name) {
            continue;
        }
        for (index, payload) in arbitrary::draws(writer, type_name, DRAWS, &mut runner)
            .into_iter()
            .enumerate()
        {
            let payload = contract::written(writer, type_name, &payload);
            cases.push(Case {
                name: format!("{pair}-{side}-{type_name}-{index}"),
                type_name: type_name.clone(),
                valid: contract::check(reader, type_name, &payload).is_ok(),
                fault: None,
                payload,
                written: None,
                pointer: None,
                several_faults: false,
            });
        }
    }
    with_write_backs(reader, &mut cases);
    cases
}

/// The names of the accepted `cases` in which `reader` reads a key the payload lacks as another
/// default than `writer` does.
fn misread_defaults(cases: &[Case], writer: &Schema, reader: &Schema) -> Vec<String> {
    let (writer, reader) = (every_default_written(writer), every_default_written(reader));
    cases
        .iter()
        .filter(|case| case.valid)
        .filter(|case| {
            let filled =
                |schema: &Schema| contract::written(schema, &case.type_name, &case.payload);
            another_default(&case.payload, &filled(&writer), &filled(&reader))
        })
        .map(|case| case.name.clone())
        .collect()
}

/// The schema with every default's key always written, so that the contract's written form of
/// a payload shows the default each absent key reads as.
fn every_default_written(schema: &Schema) -> Schema {
    let mut schema = schema.clone();
    for def in schema.types.values_mut() {
        if let TypeDef::Struct(def) = def {
            for default in def
                .fields
                .iter_mut()
                .filter_map(|field| field.default.as_mut())
            {
                default.write = DefaultWrite::Keep;
            }
        }
    }
    schema
}

/// Whether, at a key `payload` lacks, the writer's and the reader's filled forms both hold a
/// default and the two differ, at any depth of the keys and items `payload` has.
fn another_default(payload: &Value, writer: &Value, reader: &Value) -> bool {
    match (payload, writer, reader) {
        (Value::Object(payload), Value::Object(writer), Value::Object(reader)) => reader
            .iter()
            .any(|(key, read)| match (payload.get(key), writer.get(key)) {
                (None, Some(meant)) => !same_json(meant, read),
                (Some(payload), Some(meant)) => another_default(payload, meant, read),
                (_, None) => false,
            }),
        (Value::Array(payload), Value::Array(writer), Value::Array(reader)) => payload
            .iter()
            .zip(writer)
            .zip(reader)
            .any(|((payload, meant), read)| another_default(payload, meant, read)),
        _ => false,
    }
}

/// Whether the root of `reader`'s published JSON Schema refuses some payload of an entry type
/// of `writer`, drawn and written as `writer`'s writers write it: what a reader meets that
/// validates what it receives against the document's root, where a writer sends a payload of
/// one of its entries. A root that lists no entry accepts any value.
fn root_refuses(writer: &Schema, reader: &Schema) -> bool {
    let document = emit::json_schema::document(reader);
    let root = jsonschema::options()
        .offline()
        .build(&document)
        .expect("a published schema compiles");
    let mut runner = TestRunner::deterministic();
    writer.entries.iter().any(|entry| {
        arbitrary::draws(writer, entry, DRAWS, &mut runner)
            .into_iter()
            .any(|payload| !root.is_valid(&contract::written(writer, entry, &payload)))
    })
}

/// What the readers of one version made of the other version's draws: whether any refused
/// one or read one of its absent keys as another default (`misread`), and every disagreement
/// between them or with the contract.
fn measure(
    cases: &[Case],
    misread: &[String],
    rust: &RustReader,
    typescript: &GuardsReader,
    problems: &mut Vec<String>,
) -> bool {
    let mut broke = !misread.is_empty();
    for case in cases {
        let rust_verdict = rust.read(case);
        let read_back = rust_verdict.accepted && rust_verdict.detail.is_empty();
        let guards = typescript.read(case);
        if read_back != guards.accepted || read_back != case.valid {
            problems.push(format!(
                "{}: contract {}, Rust {read_back} ({}), TypeScript {} ({})\n  {}",
                case.name,
                case.valid,
                rust_verdict.detail,
                guards.accepted,
                guards.detail,
                case.payload
            ));
        }
        broke |= !read_back;
    }
    broke
}

#[test]
fn old_and_new_readers_break_exactly_as_the_verdicts_say() {
    let pairs = pairs();
    assert!(pairs.len() >= 40, "too few compat pairs: {pairs:?}");
    let versions: Vec<(Schema, Schema)> = pairs
        .iter()
        .map(|pair| (version(pair, "old"), version(pair, "new")))
        .collect();

    // Every version's TypeScript, compiled by one run of tsc.
    let dir = repo_root().join("target/cardc-conformance/compat");
    let typescript = emit::target("typescript").expect("the TypeScript target");
    let mut sources = Vec::new();
    for (pair, (old, new)) in pairs.iter().zip(&versions) {
        for (side, version) in [("old", old), ("new", new)] {
            let source = dir.join(format!("{pair}__{side}.ts"));
            std::fs::create_dir_all(&dir).expect("the compat directory");
            std::fs::write(&source, typescript.emit(version, &Default::default()))
                .expect("write a compat module");
            sources.push(source);
        }
    }
    let modules = compile_modules(&sources, &dir.join("js"));
    let module = |pair: &str, side: &str| -> &Path {
        let index = sources
            .iter()
            .position(|source| source.ends_with(format!("{pair}__{side}.ts")))
            .expect("a compiled module");
        &modules[index]
    };

    let mut wrong = Vec::new();
    let mut problems = Vec::new();
    for (pair, (old, new)) in pairs.iter().zip(&versions) {
        let changes = compat::compare(old, new);
        let claims_readers = changes.iter().any(|c| c.verdict().breaks.readers);
        let claims_writers = changes.iter().any(|c| c.verdict().breaks.writers);

        // Readers: OLD's types read what NEW writes.
        let written_by_new = drawn(pair, "new", new, old);
        let corpus = write_corpus(&format!("compat-{pair}-new.jsonl"), &written_by_new);
        let readers_break = measure(
            &written_by_new,
            &misread_defaults(&written_by_new, new, old),
            &RustReader::compat(pair, false),
            &GuardsReader::run_compiled(module(pair, "old"), &corpus),
            &mut problems,
        ) | root_refuses(new, old);
        // Writers: what OLD writes, read by NEW's types.
        let written_by_old = drawn(pair, "old", old, new);
        let corpus = write_corpus(&format!("compat-{pair}-old.jsonl"), &written_by_old);
        let writers_break = measure(
            &written_by_old,
            &misread_defaults(&written_by_old, old, new),
            &RustReader::compat(pair, true),
            &GuardsReader::run_compiled(module(pair, "new"), &corpus),
            &mut problems,
        ) | root_refuses(old, new);

        let classes: Vec<&str> = changes.iter().map(|c| c.class.name()).collect();
        if (readers_break, writers_break) != (claims_readers, claims_writers) {
            wrong.push(format!(
                "{pair} ({}): the verdicts say readers {}, writers {}; measured readers {}, \
                 writers {}",
                classes.join(", "),
                breaks(claims_readers),
                breaks(claims_writers),
                breaks(readers_break),
                breaks(writers_break),
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "the readers disagree:\n{}",
        problems.join("\n")
    );
    assert!(
        wrong.is_empty(),
        "measured breaks differ from the verdicts:\n{}",
        wrong.join("\n")
    );
}
