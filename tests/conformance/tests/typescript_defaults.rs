//! The TypeScript forms of a type with defaults (`tests/ts/defaults/typing.ts`, over the golden
//! `defaults` case): what `parse` gives has every defaulted field, typed without `| undefined`,
//! and a literal of it must give them all; the input type, what `is` narrows to and `write`
//! gives, may leave them out. The file states the refusals with `@ts-expect-error`, so tsc fails
//! if the types accept what they must not; it then runs, checking the defaults `parse` fills in
//! and what `write` leaves out.

use std::process::Command;

use cardc_conformance::{node, repo_root};

/// The strict flags the generated TypeScript compiles under.
const FLAGS: [&str; 4] = [
    "--strict",
    "--exactOptionalPropertyTypes",
    "--noUncheckedIndexedAccess",
    "--noUnusedLocals",
];

#[test]
fn a_task_as_read_has_its_defaults_and_a_task_input_may_leave_them_out() {
    let root = repo_root();
    assert!(
        root.join("node_modules/typescript").is_dir(),
        "TypeScript is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    let out = root.join("target/cardc-ts-defaults");
    let output = Command::new("node")
        .current_dir(&root)
        .arg("node_modules/typescript/bin/tsc")
        .args(FLAGS)
        .args(["--module", "commonjs", "--rootDir", ".", "--outDir"])
        .arg(&out)
        .arg("tests/ts/defaults/typing.ts")
        .output()
        .expect("run node (install Node.js; scripts/test does)");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    node(&[out.join("tests/ts/defaults/typing.js").as_os_str()]);
}
