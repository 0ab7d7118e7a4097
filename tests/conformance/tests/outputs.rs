//! Every committed output is accepted by the tools that consume it: each TypeScript file
//! compiles under the strictest flags, each JSON Schema passes ajv's strict mode and the
//! 2020-12 meta-schema, and the TypeScript types accept every valid hand-written payload, of
//! every named type, as a literal.

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::path::PathBuf;

use cardc_conformance::{
    Case, NAMED_TYPES, hand_written, node, render_intent_ir, repo_root, standalone_cases,
};

/// The strict flags every generated TypeScript file must compile under.
const TSC_FLAGS: [&str; 5] = [
    "--noEmit",
    "--strict",
    "--exactOptionalPropertyTypes",
    "--noUncheckedIndexedAccess",
    "--noUnusedLocals",
];

/// Every committed output with the given suffix: the goldens, the public contracts and
/// `generated/`.
fn outputs(suffix: &str) -> Vec<PathBuf> {
    let root = repo_root();
    let mut files = vec![root.join(format!("generated/render_intent{suffix}"))];
    let dirs = cardc_golden::ROOTS
        .iter()
        .flat_map(|case_root| std::fs::read_dir(root.join(case_root)).expect("a case root"));
    for entry in dirs {
        let dir = entry.expect("entry").path();
        let case = dir
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let file = dir.join(format!("{case}{suffix}"));
        if file.is_file() {
            files.push(file);
        }
    }
    files.sort();
    assert!(
        files.len() >= 11,
        "expected the goldens and generated/, found {files:?}"
    );
    files
}

fn tsc(files: &[PathBuf]) -> String {
    let mut args: Vec<&OsStr> = vec!["node_modules/typescript/bin/tsc".as_ref()];
    args.extend(TSC_FLAGS.iter().map(OsStr::new));
    args.extend(files.iter().map(|file| file.as_os_str()));
    node(&args)
}

#[test]
fn every_typescript_output_compiles_under_strict_flags() {
    tsc(&outputs(".ts"));
}

#[test]
fn every_json_schema_passes_ajv_strict_and_the_meta_schema() {
    let files = outputs(".schema.json");
    let mut args: Vec<&OsStr> = vec!["tests/js/ajv_check.mjs".as_ref(), "schema".as_ref()];
    args.extend(files.iter().map(|file| file.as_os_str()));
    let report = node(&args);
    assert_eq!(
        report
            .lines()
            .filter(|line| line.starts_with("ok "))
            .count(),
        files.len(),
        "{report}"
    );
    for file in &files {
        let document: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).expect("readable")).expect("JSON");
        if let Err(error) = jsonschema::meta::validate(&document) {
            panic!("{}: not a valid 2020-12 schema: {error}", file.display());
        }
    }
}

#[test]
fn typescript_types_accept_every_valid_corpus_payload_as_a_literal() {
    let dir = repo_root().join("target/cardc-ts-literals");
    std::fs::create_dir_all(&dir).expect("create target/cardc-ts-literals");
    // Every named type, standalone payloads included: each reads as its own type.
    let mut source = format!(
        "import type {{ {} }} from '../../generated/render_intent';\n\n",
        NAMED_TYPES.join(", ")
    );
    let mut count = 0;
    for case in hand_written().iter().filter(|case| case.valid) {
        count += 1;
        let literal = serde_json::to_string_pretty(&case.payload).expect("JSON");
        source.push_str(&format!(
            "// {}\nexport const case{count}: {} = {literal};\n\n",
            case.name, case.type_name
        ));
    }
    assert!(count >= 50, "only {count} valid cases");
    let file = dir.join("literals.ts");
    std::fs::write(&file, source).expect("write literals.ts");
    tsc(&[file]);
}

/// A value with the tags of the unions above it, as a union holds it, is no literal of its
/// standalone type: tsc refuses each of them (an excess property), on the one line that
/// `@ts-expect-error` covers, so a literal tsc accepts fails the compile.
#[test]
fn typescript_types_refuse_a_variant_with_its_outer_tags_as_a_literal() {
    let dir = repo_root().join("target/cardc-ts-literals");
    std::fs::create_dir_all(&dir).expect("create target/cardc-ts-literals");
    let taken = standalone_cases(&render_intent_ir());
    let cases: Vec<&Case> = taken
        .iter()
        .filter(|(class, _)| *class == "standalone/outer-tag")
        .map(|(_, case)| case)
        .collect();
    // Only the types used: the file compiles under `--noUnusedLocals`.
    let used: BTreeSet<&str> = cases.iter().map(|case| case.type_name.as_str()).collect();
    let used: Vec<&str> = used.into_iter().collect();
    let mut source = format!(
        "import type {{ {} }} from '../../generated/render_intent';\n\n",
        used.join(", ")
    );
    let mut count = 0;
    for case in cases {
        assert!(
            !case.valid,
            "{}: every render-intent struct is closed",
            case.name
        );
        count += 1;
        let literal = serde_json::to_string(&case.payload).expect("JSON");
        source.push_str(&format!(
            "// {}\n// @ts-expect-error: the outer tags are no fields of the standalone form\nexport const case{count}: {} = {literal};\n\n",
            case.name, case.type_name
        ));
    }
    assert!(count >= 100, "only {count} outer-tagged cases");
    let file = dir.join("outer_tags.ts");
    std::fs::write(&file, source).expect("write outer_tags.ts");
    tsc(&[file]);
}
