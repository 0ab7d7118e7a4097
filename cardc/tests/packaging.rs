//! The crates a user depends on are ready to publish, and only they: each states what a
//! registry shows (description, license, repository, readme, keywords, categories), names its
//! sibling crates by version as well as by path, and packages as `cargo publish` would package
//! it. `cargo package --no-verify` packages all of them together offline, in seconds; the test
//! command's `cargo package` also builds each from its package, against its packaged siblings
//! through a temporary registry (minutes: every dependency is built again).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The crates a user needs: the facade, the compiler (build.rs API and CLI), the derive, and
/// what generated code needs at run time.
const PUBLISHED: &[&str] = &[
    "cardc",
    "cardc-codegen",
    "cardc-macros",
    "cardc-runtime",
    "cardc-runtime-macros",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn cargo() -> Command {
    let mut command = Command::new(env!("CARGO"));
    command.current_dir(root());
    command
}

/// The workspace's packages, as `cargo metadata` describes them.
fn packages() -> Vec<Value> {
    let output = cargo()
        .args(["metadata", "--offline", "--locked", "--no-deps"])
        .args(["--format-version", "1"])
        .output()
        .expect("run cargo metadata");
    assert!(
        output.status.success(),
        "cargo metadata failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("metadata is JSON");
    metadata["packages"]
        .as_array()
        .expect("a list of packages")
        .clone()
}

fn name(package: &Value) -> &str {
    package["name"].as_str().expect("a package name")
}

/// `publish` is `null` where the manifest allows publishing anywhere, `[]` where it forbids it.
fn publishable(package: &Value) -> bool {
    package["publish"]
        .as_array()
        .is_none_or(|registries| !registries.is_empty())
}

#[test]
fn exactly_the_crates_a_user_needs_are_publishable_with_their_metadata() {
    let packages = packages();
    let mut publishable_names: Vec<&str> = packages
        .iter()
        .filter(|package| publishable(package))
        .map(name)
        .collect();
    publishable_names.sort_unstable();
    assert_eq!(publishable_names, PUBLISHED);

    let members: Vec<&str> = packages.iter().map(name).collect();
    for package in packages.iter().filter(|package| publishable(package)) {
        let name = name(package);
        for field in ["description", "license", "repository", "readme"] {
            assert!(
                package[field]
                    .as_str()
                    .is_some_and(|value| !value.is_empty()),
                "{name} has no {field}"
            );
        }
        for field in ["keywords", "categories"] {
            assert!(
                package[field]
                    .as_array()
                    .is_some_and(|values| !values.is_empty()),
                "{name} has no {field}"
            );
        }
        // A sibling named by path only has the requirement `*`, which a registry refuses.
        for dependency in package["dependencies"].as_array().expect("dependencies") {
            let dependency_name = dependency["name"].as_str().expect("a dependency name");
            if members.contains(&dependency_name) && dependency["kind"].is_null() {
                assert_eq!(
                    dependency["req"], "^0.1.0",
                    "{name} depends on {dependency_name} without its version"
                );
            }
        }
    }
}

#[test]
fn the_published_crates_package_together_offline() {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("packaging");
    let mut command = cargo();
    command
        .env("CARGO_TARGET_DIR", &target)
        // The manifests are under test, not whether the work tree is committed.
        .args([
            "package",
            "--no-verify",
            "--offline",
            "--locked",
            "--allow-dirty",
        ]);
    for package in PUBLISHED {
        command.args(["-p", package]);
    }
    let output = command.output().expect("run cargo package");
    assert!(
        output.status.success(),
        "cargo package failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for package in PUBLISHED {
        let version = env!("CARGO_PKG_VERSION");
        let crate_file = target.join(format!("package/{package}-{version}.crate"));
        assert!(
            crate_file.is_file(),
            "no {} after cargo package",
            crate_file.display()
        );
    }
}
