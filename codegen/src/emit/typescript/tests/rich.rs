//! The richest fixture: every `Ty`, every presence kind, an open struct, a nested union,
//! enums, quoted names, hostile docs, type names that shadow TypeScript globals and field names
//! that every object inherits. Its output
//! is kept in `rich.ts`; when a `tsc` is at hand it is compiled together with `usage.ts`,
//! which assigns literals to the types and expects the invalid ones to be refused.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::{b, docs, enum_value, field, optional, plain_struct, schema, tag, variant};
use crate::emit::typescript::emit;
use crate::ir::{EnumDef, IntKind, Schema, Ty, TypeDef, UnionDef};

/// Where the expected output lives; `CARDC_BLESS=1 cargo test` rewrites it.
const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/emit/typescript/tests/rich.ts"
);

/// The rich fixture schema.
pub(super) fn fixture() -> Schema {
    let named = |name: &str| Ty::Named(name.to_owned());
    let mut s = schema(vec![shape(), search(), error_enum()]);
    s.docs = docs(&[
        "A fixture for the TypeScript emitter.",
        "",
        "Docs may say */.",
    ]);

    let mut circle = plain_struct(
        "Circle",
        vec![
            field("radius", Ty::F64),
            optional(field("label", Ty::Nullable(b(Ty::String)))),
            field("mime-type", Ty::String),
            optional(field("meta", Ty::Json)),
            field("counts", Ty::Map(b(Ty::Int(IntKind::U16)))),
            optional(field("errors", Ty::Vec(b(named("Error"))))),
            field("shapes", Ty::Vec(b(Ty::Nullable(b(named("Array")))))),
        ],
    );
    circle.docs = docs(&["A circle: the `circle` card."]);
    circle.fields[0].docs = docs(&["Radius, any number."]);
    circle.tags = vec![tag("Shape", "Circle", "card", "circle")];

    let mut matches = plain_struct("Matches", vec![field("total", Ty::Int(IntKind::U32))]);
    matches.closed = false;
    matches.tags = vec![
        tag("Shape", "Search", "card", "search"),
        tag("Search", "Matches", "kind", "matches"),
    ];
    let mut paths = plain_struct("Paths", vec![field("paths", Ty::Vec(b(Ty::String)))]);
    paths.tags = vec![
        tag("Shape", "Search", "card", "search"),
        tag("Search", "Paths", "kind", "paths"),
    ];

    let tree = plain_struct(
        "Tree",
        vec![
            field("value", Ty::Int(IntKind::I32)),
            field("children", Ty::Vec(b(named("Tree")))),
            optional(field("parent", Ty::Boxed(b(named("Tree"))))),
            field(
                "lookup",
                Ty::Map(b(Ty::Nullable(b(Ty::Boxed(b(named("Tree"))))))),
            ),
            field("flags", Ty::Map(b(Ty::Bool))),
            field("small", Ty::Vec(b(Ty::Int(IntKind::U8)))),
            optional(field("mid", Ty::Nullable(b(Ty::Int(IntKind::I16))))),
            field("tiny", Ty::Int(IntKind::I8)),
            field("note", Ty::Nullable(b(Ty::String))),
        ],
    );
    let array = plain_struct(
        "Array",
        vec![field("items", Ty::Vec(b(Ty::Nullable(b(Ty::String)))))],
    );
    let mut bag = plain_struct(
        "Bag",
        vec![
            field("type", Ty::String),
            optional(field("default", Ty::Bool)),
        ],
    );
    bag.closed = false;
    let record = plain_struct("Record", Vec::new());
    // Keys that every object inherits: only own keys may count as present.
    let proto = plain_struct(
        "Proto",
        vec![
            field("constructor", Ty::String),
            optional(field("toString", Ty::Int(IntKind::U8))),
        ],
    );

    for def in [circle, matches, paths, tree, array, bag, record, proto] {
        s.types.insert(def.name.clone(), TypeDef::Struct(def));
    }
    s
}

/// The outer union, whose `search` variant is itself a union.
fn shape() -> TypeDef {
    let mut shape = UnionDef {
        name: "Shape".to_owned(),
        docs: docs(&["A shape card."]),
        tag: "card".to_owned(),
        variants: vec![
            variant("Circle", "circle", "Circle"),
            variant("Search", "search", "Search"),
        ],
        outer_tags: Vec::new(),
    };
    shape.variants[0].docs = docs(&["A circle."]);
    shape.variants[1].docs = docs(&["A search, told apart again by `kind`."]);
    TypeDef::Union(shape)
}

/// The inner union.
fn search() -> TypeDef {
    TypeDef::Union(UnionDef {
        name: "Search".to_owned(),
        docs: Vec::new(),
        tag: "kind".to_owned(),
        variants: vec![
            variant("Matches", "matches", "Matches"),
            variant("Paths", "paths", "Paths"),
        ],
        outer_tags: vec![tag("Shape", "Search", "card", "search")],
    })
}

/// An enum that shadows the global `Error` type, with wire names that need escapes.
fn error_enum() -> TypeDef {
    let mut error = EnumDef {
        name: "Error".to_owned(),
        docs: docs(&["Kinds of failure; a name */ that shadows a global."]),
        values: vec![
            enum_value("NotFound", "not-found"),
            enum_value("Quote", "it's"),
            enum_value("Slash", "back\\slash"),
            enum_value("Break", "line\nbreak"),
        ],
    };
    error.values[0].docs = docs(&["Nothing there."]);
    TypeDef::Enum(error)
}

#[test]
fn output_is_deterministic_and_ignores_declaration_order() {
    let original = fixture();
    let first = emit(&original);
    assert_eq!(first, emit(&original));
    let mut reversed: Vec<TypeDef> = original.types.values().cloned().collect();
    reversed.reverse();
    let mut rebuilt = schema(reversed);
    rebuilt.source_name = original.source_name.clone();
    rebuilt.docs = original.docs.clone();
    assert_eq!(first, emit(&rebuilt));
}

#[test]
fn rich_fixture_matches_golden() {
    let emitted = emit(&fixture());
    if std::env::var_os("CARDC_BLESS").is_some_and(|value| value == "1") {
        std::fs::write(GOLDEN, &emitted).expect("write golden");
    }
    let golden = std::fs::read_to_string(GOLDEN).expect("read golden");
    assert!(
        emitted == golden,
        "emitted output differs from {GOLDEN}:\n{emitted}"
    );
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
