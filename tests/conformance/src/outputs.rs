//! Compiling generated outputs the way their users do: Rust in an edition-2024 crate of its own
//! under `#![deny(warnings)]`, TypeScript under the web renderer's strict tsconfig and then
//! imported by node. Shared by the tests that build outputs the emitters made from generated
//! schemas (the escaping test's word lists, the fuzz grammar's samples).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::repo_root;

/// A scratch directory `target/<area>/<name>` under the repository, emptied.
pub fn scratch(area: &str, name: &str) -> PathBuf {
    let dir = repo_root().join("target").join(area).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    dir
}

/// Writes a file, panicking with its path when that fails.
pub fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
}

/// Runs a command, returning its stdout and stderr, and panics with both when it fails.
pub fn run(command: &mut Command) -> (String, String) {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(
        output.status.success(),
        "{command:?} failed:\n{stdout}{stderr}"
    );
    (stdout, stderr)
}

/// Compiles TypeScript modules (file stem, text) in `dir` with the web renderer's strict
/// tsconfig into `dir/out`; on failure, tsc's diagnostics.
pub fn typescript_compile(dir: &Path, modules: &[(String, String)]) -> Result<(), String> {
    let root = repo_root().canonicalize().expect("repository root");
    let tsc = root.join("node_modules/typescript/bin/tsc");
    assert!(
        tsc.is_file(),
        "TypeScript is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    for (stem, text) in modules {
        write(&dir.join(format!("{stem}.ts")), text);
    }
    let tsconfig = serde_json::json!({
        "extends": root.join("bridges/web/tsconfig.json"),
        "compilerOptions": { "rootDir": ".", "outDir": "out" },
        "include": ["*.ts"],
    });
    write(&dir.join("tsconfig.json"), &tsconfig.to_string());
    write(&dir.join("package.json"), "{\"type\": \"module\"}\n");
    let output = Command::new("node")
        .current_dir(dir)
        .arg(&tsc)
        .args(["-p", "tsconfig.json", "--pretty", "false"])
        .output()
        .unwrap_or_else(|error| panic!("cannot run tsc: {error}"));
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stdout).into_owned())
    }
}

/// Compiles TypeScript modules (file stem, text) as [`typescript_compile`] does, panicking on
/// an error, then imports each under node; returns what the imports printed (stdout, stderr),
/// which is empty unless a module runs code when imported.
pub fn typescript_compile_and_import(dir: &Path, modules: &[(String, String)]) -> (String, String) {
    if let Err(diagnostics) = typescript_compile(dir, modules) {
        panic!("tsc failed in {}:\n{diagnostics}", dir.display());
    }
    let imports: String = modules
        .iter()
        .map(|(stem, _)| format!("await import('./out/{stem}.js');\n"))
        .collect();
    write(&dir.join("run.mjs"), &imports);
    run(Command::new("node").current_dir(dir).arg("run.mjs"))
}

/// A crate of Rust outputs to build: each module `include!`s one generated file.
pub struct RustCrate<'a> {
    /// The package name.
    pub name: &'a str,
    /// The crate's doc line.
    pub doc: &'a str,
    /// (module name, generated Rust text), one module each.
    pub modules: &'a [(String, String)],
    /// Items appended to `lib.rs` after the modules (a derive, say).
    pub extra_items: &'a str,
    /// Other files to write, relative to the crate (a schema the derive reads, say).
    pub files: &'a [(&'a str, String)],
}

impl RustCrate<'_> {
    /// Writes the crate to `dir`, depending on `cardc-runtime` (which the CLI's outputs name)
    /// and `cardc` (for the derive), and builds it under
    /// `#![deny(warnings)]` once per feature set, in trybuild's target directory so that every
    /// such crate shares one set of compiled dependencies.
    pub fn build(&self, dir: &Path, feature_sets: &[&[&str]]) {
        let root = repo_root().canonicalize().expect("repository root");
        std::fs::create_dir_all(dir.join("src")).expect("src");
        let mut lib = format!("//! {}\n#![deny(warnings)]\n\n", self.doc);
        for (module, text) in self.modules {
            write(&dir.join(format!("src/{module}.rs")), text);
            lib.push_str(&format!(
                "/// `{module}`.\npub mod {module} {{\n    include!(\"{module}.rs\");\n}}\n\n"
            ));
        }
        lib.push_str(self.extra_items);
        write(&dir.join("src/lib.rs"), &lib);
        for (path, text) in self.files {
            write(&dir.join(path), text);
        }
        write(
            &dir.join("Cargo.toml"),
            &format!(
                "[package]\nname = {:?}\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
                 [dependencies]\ncardc = {{ path = {:?} }}\ncardc-runtime = {{ path = {:?} }}\n\n\
                 [workspace]\n",
                self.name,
                root.join("cardc"),
                root.join("runtime")
            ),
        );
        // The workspace's lockfile pins the same dependency versions (cargo drops what is unused).
        std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).expect("Cargo.lock");
        for features in feature_sets {
            run(Command::new(env!("CARGO"))
                .current_dir(dir)
                .env("CARGO_TARGET_DIR", root.join("target/tests/trybuild"))
                .args(["build", "--quiet"])
                .args(*features));
        }
    }
}
