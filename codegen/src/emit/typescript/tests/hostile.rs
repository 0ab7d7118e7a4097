//! The guards run under node: `hostile.ts` feeds them hostile input (`__proto__` and
//! `constructor` keys, objects without a prototype, arrays where objects belong, throwing
//! getters and proxies, 100k-deep nesting, cycles, a million items) and checks their answers,
//! error pointers and messages; `constraints.ts` holds the constraint and decimal checks at
//! their bounds. The rich fixture and the render-intent schema are emitted
//! fresh and compiled for tsc's default target, which is what users compile them for.

use std::path::Path;
use std::process::Command;

use super::rich::{fixture, tsc};
use crate::emit::typescript::emit;
use crate::ir::builder::{constrained_struct, field, schema, strukt};
use crate::ir::{IntKind, Ty, TypeDef, Wide};

/// The render-intent schema, compiled here rather than read from `generated/`, so that this
/// test checks the emitter and not the committed file.
fn render_intent() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../schema/render_intent.cards");
    let text = std::fs::read_to_string(&path).expect("read schema/render_intent.cards");
    let schema = crate::compile("schema/render_intent.cards", &text)
        .unwrap_or_else(|errors| panic!("the render-intent schema has errors: {errors:?}"));
    emit(&schema)
}

#[test]
fn guards_hold_against_hostile_input_under_node() {
    run_under_node(
        &[
            ("rich.ts", emit(&fixture())),
            ("render_intent.ts", render_intent()),
        ],
        ("hostile.ts", include_str!("hostile.ts")),
    );
}

#[test]
fn guards_enforce_constraints_and_decimals_at_their_bounds_under_node() {
    let checked = schema(vec![
        TypeDef::Struct(constrained_struct()),
        TypeDef::Struct(strukt(
            "Wide",
            vec![
                field("safe", Ty::Int(IntKind::I64)).optional(),
                field("count", Ty::Int(IntKind::U64)).optional(),
                field("big", Ty::Decimal(Wide::U64)).optional(),
                field("delta", Ty::Decimal(Wide::I64)).optional(),
            ],
        )),
    ]);
    run_under_node(
        &[("checked.ts", emit(&checked))],
        ("constraints.ts", include_str!("constraints.ts")),
    );
}

/// Defaults that need every escape of a string literal, a map default beside a `__proto__` key,
/// one an invalid value reads as tolerantly, and one beside a null-as-absent field in a struct
/// that drops unknown keys (`defaults.ts`).
const ODD: &str = r#"
struct Odd {
    #[default = "\"</script>'\\\\\\u2028*/${x}\""]
    #[omit_default]
    text: String,
    #[default = "{}"]
    #[omit_default]
    extra: Map<String, u8>,
    #[default = "7"]
    #[on_invalid = "default"]
    count: u8,
}

#[drop_unknown_fields]
struct Mixed {
    #[null_as_absent]
    note: Option<String>,
    #[default = "1"]
    #[omit_default]
    level: u8,
}
"#;

#[test]
fn defaults_are_filled_in_and_left_out_under_node() {
    let schema = crate::compile("odd.cards", ODD)
        .unwrap_or_else(|errors| panic!("the defaults schema has errors: {errors:?}"));
    run_under_node(
        &[("odd.ts", emit(&schema))],
        ("defaults.ts", include_str!("defaults.ts")),
    );
}

/// Writes the emitted files and the script beside them, compiles the script strictly for tsc's
/// default target and runs it with node, which must exit 0 (a script prints every broken
/// expectation and exits 1).
fn run_under_node(emitted: &[(&str, String)], script: (&str, &str)) {
    let tsc = tsc();
    let stem = script.0.trim_end_matches(".ts");
    let dir = std::env::temp_dir().join(format!("cardc-ts-{stem}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    for (name, text) in emitted {
        std::fs::write(dir.join(name), text).expect("write an emitted file");
    }
    std::fs::write(dir.join(script.0), script.1).expect("write the script");
    let out = dir.join("out");
    let node = |args: &mut Command| {
        args.output()
            .unwrap_or_else(|error| panic!("cannot run node ({error}): scripts/test installs it"))
    };
    let compiled = node(
        Command::new("node")
            .arg(&tsc)
            .args([
                "--strict",
                "--exactOptionalPropertyTypes",
                "--noUncheckedIndexedAccess",
                "--noUnusedLocals",
                "--lib",
                "es2020",
                "--module",
                "commonjs",
                "--outDir",
            ])
            .arg(&out)
            .arg(dir.join(script.0)),
    );
    let ran = compiled
        .status
        .success()
        .then(|| node(Command::new("node").arg(out.join(format!("{stem}.js")))));
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
        "the guards broke their promises:\n{}{}",
        String::from_utf8_lossy(&ran.stdout),
        String::from_utf8_lossy(&ran.stderr)
    );
}
