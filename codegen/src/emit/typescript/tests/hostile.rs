//! The guards run under node: `hostile.ts` feeds them hostile input (`__proto__` and
//! `constructor` keys, objects without a prototype, arrays where objects belong, throwing
//! getters and proxies, 100k-deep nesting, cycles, a million items) and checks their answers,
//! error pointers and messages. The rich fixture and the render-intent schema are emitted
//! fresh and compiled for tsc's default target, which is what users compile them for.

use std::path::Path;
use std::process::Command;

use super::rich::{fixture, tsc};
use crate::emit::typescript::emit;

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
    let tsc = tsc();
    let dir = std::env::temp_dir().join(format!("cardc-ts-guards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    std::fs::write(dir.join("rich.ts"), emit(&fixture())).expect("write rich.ts");
    std::fs::write(dir.join("render_intent.ts"), render_intent()).expect("write render_intent.ts");
    std::fs::write(dir.join("hostile.ts"), include_str!("hostile.ts")).expect("write hostile.ts");
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
            .arg(dir.join("hostile.ts")),
    );
    let ran = compiled
        .status
        .success()
        .then(|| node(Command::new("node").arg(out.join("hostile.js"))));
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
