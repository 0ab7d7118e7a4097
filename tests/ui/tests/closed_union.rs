//! The closed-union proof, on the bridge crates themselves: a copy of this repository whose
//! render-intent schema has one more card (`table`, in both unions) is regenerated, and each
//! Rust bridge crate, unchanged, is checked there against the regenerated `render-intent`. Each
//! must fail to compile, naming the missing `table` method of every union it renders: a new
//! card breaks every bridge until it renders it. The copy is the repository's tracked files
//! (`git ls-files`), so the bridges build exactly as they do here, manifests included.

use std::path::{Path, PathBuf};
use std::process::Command;

use cardc_codegen::{compile, emit, header_name, out};

/// Each Rust bridge crate, with the source files that implement its two union bridges.
const BRIDGES: [(&str, [&str; 2]); 2] = [
    (
        "cardc-bridge-acp",
        ["bridges/acp/src/call.rs", "bridges/acp/src/result.rs"],
    ),
    (
        "cardc-bridge-transcript",
        [
            "bridges/transcript/src/call.rs",
            "bridges/transcript/src/result.rs",
        ],
    ),
];

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

/// A copy of the repository's tracked files (without the fuzz workspace) under `dir`.
fn copy_repository(root: &Path, dir: &Path) {
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .expect("run git ls-files");
    assert!(listed.status.success(), "git ls-files failed");
    let _ = std::fs::remove_dir_all(dir);
    for file in listed.stdout.split(|byte| *byte == 0) {
        let file = String::from_utf8_lossy(file);
        if file.is_empty() || file.starts_with("fuzz/") {
            continue;
        }
        let to = dir.join(&*file);
        std::fs::create_dir_all(to.parent().expect("a parent")).expect("create directory");
        std::fs::copy(root.join(&*file), &to).unwrap_or_else(|error| panic!("{file}: {error}"));
    }
}

/// Replaces the copy's render-intent schema with the one that has a `table` card, and writes
/// its outputs into the copy's `generated/`, as `cardc generate` would.
fn add_the_table_card(root: &Path, copy: &Path) {
    let text =
        std::fs::read_to_string(root.join("tests/ui/schemas/render_intent_with_table.cards"))
            .expect("the schema with a table card");
    let schema_path = copy.join("schema/render_intent.cards");
    std::fs::write(&schema_path, &text).expect("replace the schema");
    let generated = copy.join("generated");
    let schema = compile(&header_name(&schema_path, &generated), &text)
        .unwrap_or_else(|_| panic!("the schema with a table card does not compile"));
    out::write(&generated, &emit::all(&schema)).expect("regenerate");
}

#[test]
fn every_rust_bridge_fails_to_compile_until_it_renders_a_new_card() {
    let root = repo_root();
    let scratch = root.join("target/tests/closed-union");
    let copy = scratch.join("repository");
    copy_repository(&root, &copy);
    add_the_table_card(&root, &copy);
    for (bridge, union_impls) in BRIDGES {
        let output = Command::new(env!("CARGO"))
            .args([
                "check",
                "--offline",
                "--locked",
                "--quiet",
                "--package",
                bridge,
            ])
            .current_dir(&copy)
            .env("CARGO_TARGET_DIR", scratch.join("target"))
            .env_remove("RUSTFLAGS")
            .output()
            .expect("run cargo check");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !output.status.success(),
            "{bridge} compiled against a contract with a card it does not render:\n{stderr}"
        );
        for file in union_impls {
            let error = stderr
                .split("error[")
                .find(|error| error.contains(file))
                .unwrap_or_else(|| panic!("{bridge}: no error in {file}:\n{stderr}"));
            assert!(
                error.starts_with("E0046]: not all trait items implemented, missing: `table`"),
                "{bridge}: {file} fails, but not for the missing `table` method:\n{stderr}"
            );
        }
        assert_eq!(
            stderr.matches("error[").count(),
            union_impls.len(),
            "{bridge}: more errors than the two missing methods:\n{stderr}"
        );
    }
}
