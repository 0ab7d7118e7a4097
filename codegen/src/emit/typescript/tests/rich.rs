//! The richest fixture: every `Ty`, every presence kind, an open struct, a nested union,
//! enums, quoted names, hostile docs, type names that shadow TypeScript globals and field names
//! that every object inherits. Its output is kept as an insta snapshot in `snapshots/` (review a
//! change with `cargo insta review`), and it is compiled by tsc together with `usage.ts`, which
//! assigns literals to the types and expects the invalid ones to be refused.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::emit::typescript::emit;
use crate::ir::builder::{
    boxed, docs, enumeration, field, map_of, named, nullable, schema, strukt, union, value,
    variant, vec_of,
};
use crate::ir::{IntKind, Schema, Ty, TypeDef};

/// The rich fixture schema.
pub(super) fn fixture() -> Schema {
    let circle = strukt(
        "Circle",
        vec![
            field("radius", Ty::F64).documented(&["Radius, any number."]),
            field("label", nullable(Ty::String)).optional(),
            field("mime-type", Ty::String),
            field("meta", Ty::Json).optional(),
            field("counts", map_of(Ty::Int(IntKind::U16))),
            field("errors", vec_of(named("Error"))).optional(),
            field("shapes", vec_of(nullable(named("Array")))),
        ],
    )
    .documented(&["A circle: the `circle` card."]);
    let matches = strukt("Matches", vec![field("total", Ty::Int(IntKind::U32))]).open();
    let paths = strukt("Paths", vec![field("paths", vec_of(Ty::String))]);
    let tree = strukt(
        "Tree",
        vec![
            field("value", Ty::Int(IntKind::I32)),
            field("children", vec_of(named("Tree"))),
            field("parent", boxed(named("Tree"))).optional(),
            field("lookup", map_of(nullable(boxed(named("Tree"))))),
            field("flags", map_of(Ty::Bool)),
            field("small", vec_of(Ty::Int(IntKind::U8))),
            field("mid", nullable(Ty::Int(IntKind::I16))).optional(),
            field("tiny", Ty::Int(IntKind::I8)),
            field("note", nullable(Ty::String)),
        ],
    );
    let array = strukt("Array", vec![field("items", vec_of(nullable(Ty::String)))]);
    let bag = strukt(
        "Bag",
        vec![
            field("type", Ty::String),
            field("default", Ty::Bool).optional(),
        ],
    )
    .open();
    let record = strukt("Record", Vec::new());
    // Keys that every object inherits: only own keys may count as present.
    let proto = strukt(
        "Proto",
        vec![
            field("constructor", Ty::String),
            field("toString", Ty::Int(IntKind::U8)).optional(),
        ],
    );
    let structs = [circle, matches, paths, tree, array, bag, record, proto];
    Schema {
        docs: docs(&[
            "A fixture for the TypeScript emitter.",
            "",
            "Docs may say */.",
        ]),
        ..schema(
            [shape(), search(), error_enum()]
                .into_iter()
                .chain(structs.into_iter().map(TypeDef::from)),
        )
    }
}

/// The outer union, whose `search` variant is itself a union.
fn shape() -> TypeDef {
    union(
        "Shape",
        "card",
        vec![
            variant("Circle", "circle", "Circle").documented(&["A circle."]),
            variant("Search", "search", "Search")
                .documented(&["A search, told apart again by `kind`."]),
        ],
    )
    .documented(&["A shape card."])
    .into()
}

/// The inner union.
fn search() -> TypeDef {
    union(
        "Search",
        "kind",
        vec![
            variant("Matches", "matches", "Matches"),
            variant("Paths", "paths", "Paths"),
        ],
    )
    .into()
}

/// An enum that shadows the global `Error` type, with wire names that need escapes.
fn error_enum() -> TypeDef {
    enumeration(
        "Error",
        vec![
            value("NotFound", "not-found").documented(&["Nothing there."]),
            value("Quote", "it's"),
            value("Slash", "back\\slash"),
            value("Break", "line\nbreak"),
        ],
    )
    .documented(&["Kinds of failure; a name */ that shadows a global."])
    .into()
}

#[test]
fn rich_fixture_matches_its_snapshot() {
    insta::assert_snapshot!("rich.ts", emit(&fixture()));
}

/// The pinned TypeScript compiler script from the workspace's `npm ci`. A missing install is
/// a failure, not a skip: the test command installs it.
pub(super) fn tsc() -> PathBuf {
    let installed =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../node_modules/typescript/bin/tsc");
    assert!(
        installed.exists(),
        "TypeScript is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    installed
}

#[test]
fn rich_fixture_compiles_under_strict_tsc_and_refuses_bad_literals() {
    let tsc = tsc();
    let dir = std::env::temp_dir().join(format!("cardc-ts-emit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    std::fs::write(dir.join("rich.ts"), emit(&fixture())).expect("write rich.ts");
    std::fs::write(dir.join("usage.ts"), include_str!("usage.ts")).expect("write usage.ts");
    let out = dir.join("out");
    let compiled = Command::new("node")
        .arg(&tsc)
        .args([
            "--strict",
            "--exactOptionalPropertyTypes",
            "--noUncheckedIndexedAccess",
        ])
        .args(["--target", "es2020", "--module", "commonjs", "--outDir"])
        .arg(&out)
        .arg(dir.join("usage.ts"))
        .output()
        .expect("run node");
    let ran = compiled.status.success().then(|| {
        Command::new("node")
            .arg(out.join("usage.js"))
            .output()
            .expect("run node")
    });
    std::fs::remove_dir_all(&dir).expect("remove temp dir");
    assert!(
        compiled.status.success(),
        "tsc failed:\n{}{}",
        String::from_utf8_lossy(&compiled.stdout),
        String::from_utf8_lossy(&compiled.stderr)
    );
    let ran = ran.expect("compiled");
    assert!(
        ran.status.success(),
        "usage.js failed:\n{}",
        String::from_utf8_lossy(&ran.stderr)
    );
}
