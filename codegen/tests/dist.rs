//! From nothing to a three-language app without a checkout. `scripts/dist` builds what a user
//! installs (the published crates, the `cardc` and `cardc-runtime` wheels, the `cardc` npm
//! packages) into `target/dist`; then, in a scratch directory outside the repository, the
//! README's Install lines run, and "Your first schema" (`docs/src/first-schema.md`) runs as
//! written: its `file=<name>` blocks are written in order, and each `$ ...` line of its
//! `console` blocks runs there and must print exactly the lines after it (stdout, then stderr; a
//! last line `...` matches the rest) and exit as its `# exits N` comment says (0 without one).
//!
//! Only the registries are stood in for, each by the packages `scripts/dist` built:
//! - pip reads no index, only `target/dist/python` and `target/python-wheels`, the wheels of
//!   `python/requirements-dev.lock` checked against its hashes (pydantic, jiter, flit-core,
//!   mypy, ...);
//! - Cargo takes the published crates from their packages (`[patch.crates-io]` in the scratch
//!   directory's `.cargo/config.toml`) and every other crate from its cache, offline, at the
//!   workspace lockfile's versions;
//! - npm installs `cardc` from its two tarballs, and any other package at package-lock.json's
//!   version, from its cache where it can.
//!
//! The README's `cargo install --locked cardc-codegen` line is not run here: `scripts/dist
//! --verify` (in the test command) builds `cardc-codegen`, its binary included, from its
//! package.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod markdown;

use markdown::{Step, blocks, installed, repo_root, shown, steps};

/// The version every package is built at: the workspace's.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The packages `scripts/dist` built, fresh: the script runs first (it is incremental, seconds
/// when the release binary is up to date).
fn dist() -> PathBuf {
    let root = repo_root();
    let output = Command::new(root.join("scripts/dist"))
        .current_dir(&root)
        .output()
        .expect("run scripts/dist");
    assert!(
        output.status.success(),
        "scripts/dist failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    root.join("target/dist")
}

/// The scratch directory a user works in, and what stands in for the registries there.
struct Session {
    dir: PathBuf,
    /// The scripts of the virtual environment, once the session has activated it: first on
    /// `PATH`.
    venv: Option<PathBuf>,
    /// The npm packages by name, as the files that stand in for them.
    npm: BTreeMap<String, Vec<PathBuf>>,
    /// package-lock.json's version of every package it locks, by name.
    locked: BTreeMap<String, String>,
    /// The environment every command runs with: pip's, npm's and Cargo's settings that point
    /// them at what stands in for their registries.
    env: Vec<(String, OsString)>,
}

impl Session {
    /// A session in `scratch/app`, the published crates unpacked into `scratch/registry`.
    fn new(scratch: &Path, dist: &Path, wheelhouse: &Path) -> Self {
        let root = repo_root();
        let dir = scratch.join("app");
        let registry = scratch.join("registry");
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::create_dir_all(&registry).expect("mkdir");
        let mut patch = String::from("[patch.crates-io]\n");
        for entry in std::fs::read_dir(dist.join("crates")).expect("target/dist/crates") {
            let package = entry.expect("an entry").path();
            let status = Command::new("tar")
                .arg("-xzf")
                .arg(&package)
                .arg("-C")
                .arg(&registry)
                .status()
                .expect("run tar");
            assert!(status.success(), "cannot unpack {}", package.display());
            let stem = package.file_stem().expect("a name").to_string_lossy();
            let name = stem
                .strip_suffix(&format!("-{VERSION}"))
                .expect("versioned");
            patch.push_str(&format!(
                "{name} = {{ path = {:?} }}\n",
                registry.join(&*stem)
            ));
        }
        std::fs::create_dir_all(dir.join(".cargo")).expect("mkdir");
        std::fs::write(dir.join(".cargo/config.toml"), patch).expect("config.toml");

        let npm_dir = dist.join("npm");
        let tarballs: Vec<PathBuf> = std::fs::read_dir(&npm_dir)
            .expect("target/dist/npm")
            .map(|entry| entry.expect("an entry").path())
            .collect();
        assert_eq!(tarballs.len(), 2, "the launcher and one platform package");
        let lock: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(root.join("package-lock.json")).expect("package-lock.json"),
        )
        .expect("JSON");
        let locked = lock["packages"]
            .as_object()
            .expect("packages")
            .iter()
            .filter_map(|(path, package)| {
                let name = path.strip_prefix("node_modules/")?;
                Some((name.to_owned(), package["version"].as_str()?.to_owned()))
            })
            .collect();
        let mut find_links = dist.join("python").into_os_string();
        find_links.push(" ");
        find_links.push(wheelhouse);
        let env = vec![
            ("PIP_NO_INDEX".into(), "1".into()),
            ("PIP_FIND_LINKS".into(), find_links),
            ("PIP_DISABLE_PIP_VERSION_CHECK".into(), "1".into()),
            ("npm_config_prefer_offline".into(), "true".into()),
            ("npm_config_audit".into(), "false".into()),
            ("npm_config_fund".into(), "false".into()),
            ("npm_config_update_notifier".into(), "false".into()),
            ("CARGO_NET_OFFLINE".into(), "true".into()),
            (
                "CARGO_TARGET_DIR".into(),
                root.join("target/tests/trybuild").into_os_string(),
            ),
        ];
        Session {
            dir,
            venv: None,
            npm: BTreeMap::from([("cardc".to_owned(), tarballs)]),
            locked,
            env,
        }
    }

    /// `PATH` as the user's shell has it: the activated virtual environment's scripts, then
    /// the machine's (`npx` finds what the node project installed).
    fn path(&self) -> OsString {
        let mut dirs: Vec<PathBuf> = self.venv.iter().cloned().collect();
        dirs.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        std::env::join_paths(dirs).expect("a PATH")
    }

    /// The program `name` as the shell finds it on [`Session::path`].
    fn program(&self, name: &str) -> PathBuf {
        std::env::split_paths(&self.path())
            .map(|dir| dir.join(name))
            .find(|path| path.is_file())
            .unwrap_or_else(|| panic!("`{name}` is not on the session's PATH"))
    }

    /// Runs one command line in the directory, as a shell whose virtual environment the session
    /// has activated would: `NAME=value` words set the environment, `. .venv/bin/activate`
    /// activates it, `cp` copies; `cargo` is the test's own toolchain's; `npm install` takes a
    /// package that `scripts/dist` built from its files, and any other at package-lock.json's
    /// version; every other program is found on `PATH`. Returns the exit status and what it
    /// printed (stdout, then stderr).
    fn run(&mut self, command: &str) -> (i32, String) {
        let mut words: Vec<&str> = command.split_whitespace().collect();
        let assignments = words.iter().take_while(|w| w.contains('=')).count();
        let assigned: Vec<(&str, &str)> = words
            .drain(..assignments)
            .map(|w| w.split_once('=').expect("NAME=value"))
            .collect();
        let (program, args): (PathBuf, Vec<OsString>) = match words.as_slice() {
            [".", activate] => {
                let script = self.dir.join(activate);
                self.venv = script.parent().map(Path::to_path_buf);
                return (0, String::new());
            }
            ["cp", from, to] => {
                std::fs::copy(self.dir.join(from), self.dir.join(to)).expect("cp");
                return (0, String::new());
            }
            ["cargo", args @ ..] => {
                let lock = self.dir.join("Cargo.lock");
                if !lock.exists() {
                    std::fs::copy(repo_root().join("Cargo.lock"), lock).expect("lock");
                }
                (env!("CARGO").into(), args.iter().map(Into::into).collect())
            }
            ["npm", "install", args @ ..] => {
                let mut resolved: Vec<OsString> = vec!["install".into()];
                for arg in args {
                    // `name@major` in the chapter: the lockfile's version, which must be of it.
                    let (name, wanted) = match arg.rfind('@') {
                        Some(at) if at > 0 => (&arg[..at], Some(&arg[at + 1..])),
                        _ => (*arg, None),
                    };
                    match (self.npm.get(name), self.locked.get(name)) {
                        _ if arg.starts_with('-') => resolved.push(arg.into()),
                        (Some(files), _) => resolved.extend(files.iter().map(Into::into)),
                        (None, Some(version)) => {
                            if let Some(wanted) = wanted {
                                assert!(
                                    version == wanted || version.starts_with(&format!("{wanted}.")),
                                    "`{command}` asks for {arg}, the lockfile has {name} {version}"
                                );
                            }
                            resolved.push(format!("{name}@{version}").into());
                        }
                        (None, None) => panic!("`{command}`: {name} is in no lock"),
                    }
                }
                (self.program("npm"), resolved)
            }
            [program, args @ ..] => (self.program(program), args.iter().map(Into::into).collect()),
            [] => panic!("an empty command"),
        };
        let output = Command::new(&program)
            .args(&args)
            .envs(self.env.iter().map(|(key, value)| (key, value)))
            .envs(assigned)
            .env("PATH", self.path())
            .env_remove("CARDC_CHECK")
            .current_dir(&self.dir)
            .output()
            .unwrap_or_else(|error| panic!("cannot run `{command}`: {error}"));
        outcome(&output)
    }

    /// Runs `step` and fails unless it prints what the document says, and exits so.
    fn check(&mut self, document: &str, line: usize, step: &Step) {
        let (status, printed) = self.run(&step.command);
        let printed: Vec<&str> = printed.lines().collect();
        let matches = match step.output.split_last() {
            Some((last, expected)) if last == "..." => {
                printed.starts_with(&expected.iter().map(String::as_str).collect::<Vec<_>>())
            }
            _ => printed == step.output,
        };
        assert!(
            matches && status == step.status,
            "{document}:{line}: `{}` exited {status} (the document says {}) and printed:\n{}\n\
             where the document shows:\n{}",
            step.command,
            step.status,
            printed.join("\n"),
            step.output.join("\n")
        );
    }
}

/// The exit status of a finished command and what it printed (stdout, then stderr).
fn outcome(output: &Output) -> (i32, String) {
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.code().unwrap_or(-1), text)
}

/// The README's Install lines that install from a registry (pip, npm) or run the installed
/// CLI, as `(line, step)`: each a command, whose comment says what `cardc --version` prints.
fn readme_install_lines() -> Vec<(usize, Step)> {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("README.md");
    let start = readme.find("\n## Install\n").expect("an Install section");
    let offset = readme[..start].lines().count() + 1;
    let block = blocks(&readme[start..])
        .into_iter()
        .find(|block| block.has("sh"))
        .expect("the Install section's commands");
    let mut lines = Vec::new();
    for (index, line) in block.body.lines().enumerate() {
        let (command, comment) = line.split_once(" #").unwrap_or((line, ""));
        let command = command.trim().to_owned();
        let output = match command.as_str() {
            "cardc --version" => vec![comment.trim().to_owned()],
            _ if command.starts_with("pip install ") || command.starts_with("npm install ") => {
                vec!["...".to_owned()]
            }
            _ if command.starts_with("cargo install ") => continue,
            _ => panic!(
                "README.md:{}: no test runs `{command}`",
                offset + block.line + index
            ),
        };
        lines.push((
            offset + block.line + index,
            Step {
                command,
                status: 0,
                output,
            },
        ));
    }
    lines
}

#[test]
fn from_nothing_to_a_three_language_app_with_the_built_packages() {
    let dist = dist();
    // The hashed wheels of the repository's Python lock, which scripts/python-env downloads.
    let wheelhouse = installed("target/python-wheels", "run scripts/python-env");
    let scratch = tempfile::tempdir().expect("a scratch directory");
    let mut session = Session::new(scratch.path(), &dist, &wheelhouse);
    let dir = session.dir.clone();

    // The chapter's first steps make and activate the virtual environment; the README's
    // Install lines run in it, then the rest of the chapter.
    let path = repo_root().join("docs/src/first-schema.md");
    let chapter = std::fs::read_to_string(&path).expect("read the chapter");
    let mut install = readme_install_lines();
    assert!(install.len() >= 3, "the README's Install section installs");
    let mut commands = 0;
    for block in blocks(&chapter) {
        if let Some(file) = block.attribute("file") {
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().expect("a directory")).expect("mkdir");
            std::fs::write(path, block.source()).expect("write a file");
        } else if block.has("console") {
            for step in steps(&block.body) {
                commands += 1;
                session.check(&shown(&path), block.line, &step);
                if session.venv.is_some() {
                    for (line, step) in install.drain(..) {
                        session.check("README.md", line, &step);
                    }
                }
            }
        }
    }
    assert!(commands >= 10, "ran only {commands} commands");
    assert!(
        install.is_empty(),
        "the chapter activates no virtual environment"
    );

    // The `cardc` the chapter ran is the wheel's, in the virtual environment.
    let venv = session.venv.clone().expect("an activated environment");
    assert!(session.program("cardc").starts_with(&venv));

    // The npm package's `cardc` is the same compiler: it finds the outputs the wheel's wrote up
    // to date, and passes its exit status and output through.
    let (status, printed) = session.run("npx cardc check cards.cards --out generated");
    assert_eq!(status, 0, "{printed}");
    std::fs::write(dir.join("generated/cards.ts"), "// edited\n").expect("edit an output");
    let (status, printed) = session.run("npx cardc check cards.cards --out generated");
    assert_eq!(
        status, 1,
        "a stale output exits 1 through the launcher:\n{printed}"
    );
    assert!(printed.contains("stale: generated/cards.ts"), "{printed}");
    // Its refresh command is one to paste back, not the platform package's path.
    assert!(
        printed.contains("npx cardc generate cards.cards --out generated")
            && !printed.contains("node_modules"),
        "{printed}"
    );

    // Without its platform package (`npm install --omit=optional`), the launcher says what is
    // missing and how to get it, and exits 1.
    let bare = scratch.path().join("bare");
    std::fs::create_dir_all(&bare).expect("mkdir");
    let launcher = dist.join(format!("npm/cardc-{VERSION}.tgz"));
    let install = Command::new("npm")
        .args(["install", "--omit=optional", "--no-audit", "--no-fund"])
        .arg(&launcher)
        .current_dir(&bare)
        .output()
        .expect("run npm");
    let (status, printed) = outcome(&install);
    assert_eq!(status, 0, "{printed}");
    let run = Command::new(bare.join("node_modules/.bin/cardc"))
        .arg("--version")
        .output()
        .expect("run the launcher");
    let (status, printed) = outcome(&run);
    assert_eq!(status, 1, "{printed}");
    assert!(
        printed.starts_with(
            "cardc: @cardc/cli-linux-x64, which carries the binary for linux-x64, is not \
             installed: npm leaves an optional dependency out under --omit=optional"
        ),
        "{printed}"
    );
}

/// The npm packages are at cardc's version, and the launcher's optional dependencies are
/// exactly the platform packages under `packaging/npm`, each at that version and named after
/// the `os` and `cpu` it declares (what the launcher looks up).
#[test]
fn the_npm_packages_are_cardcs_version_and_name_every_platform_package() {
    let root = repo_root().join("packaging/npm");
    let read = |dir: &Path| -> serde_json::Value {
        let text = std::fs::read_to_string(dir.join("package.json")).expect("package.json");
        serde_json::from_str(&text).expect("JSON")
    };
    let launcher = read(&root.join("cardc"));
    assert_eq!(launcher["version"], VERSION);
    let listed: BTreeMap<String, String> = launcher["optionalDependencies"]
        .as_object()
        .expect("optionalDependencies")
        .iter()
        .map(|(name, version)| (name.clone(), version.as_str().unwrap_or("").to_owned()))
        .collect();
    let mut found = BTreeMap::new();
    for entry in std::fs::read_dir(&root).expect("packaging/npm") {
        let dir = entry.expect("an entry").path();
        if !dir
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("cli-"))
        {
            continue;
        }
        let package = read(&dir);
        let name = package["name"].as_str().expect("a name").to_owned();
        let (os, cpu) = (&package["os"][0], &package["cpu"][0]);
        assert_eq!(
            name,
            format!(
                "@cardc/cli-{}-{}",
                os.as_str().unwrap_or(""),
                cpu.as_str().unwrap_or("")
            ),
            "{} is not named after its os and cpu",
            dir.display()
        );
        assert_eq!(package["files"][0], "cardc", "{name} carries no binary");
        found.insert(name, package["version"].as_str().unwrap_or("").to_owned());
    }
    assert_eq!(listed, found);
    assert!(
        found.values().all(|version| version == VERSION),
        "{found:?}"
    );
}
