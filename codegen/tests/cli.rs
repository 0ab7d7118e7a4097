//! The `cardc` binary end to end: its messages name the file at fault, `check` passes from any
//! working directory, the refresh command is the one the user ran, `--prune` removes orphans,
//! hand-written files are never overwritten, and a run killed while writing leaves no mixed
//! set and no temporary behind.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const CARDC: &str = env!("CARGO_BIN_EXE_cardc");

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("repository root")
}

/// A scratch tree holding `schema/render_intent.cards` (a copy of the real one); outputs go in
/// `out/` beside it.
struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new() -> Self {
        let dir = tempfile::Builder::new()
            .prefix("cardc-cli-test-")
            .tempdir()
            .expect("scratch");
        std::fs::create_dir(dir.path().join("schema")).expect("mkdir");
        std::fs::copy(
            repo_root().join("schema/render_intent.cards"),
            dir.path().join("schema/render_intent.cards"),
        )
        .expect("copy the schema");
        Tree { dir }
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    /// Runs cardc in the tree's root, with none of cargo's variables (as a user's shell would).
    fn cardc(&self, args: &[&str]) -> Output {
        cardc_in(self.dir.path(), args)
    }

    /// The files under `relative`, each as its path from there (`python/render_intent/py.typed`),
    /// and its empty directories, sorted: an output in a directory of its own (the Python
    /// package) is listed by file, and an output that was made a directory by its name.
    fn names(&self, relative: &str) -> Vec<String> {
        fn walk(dir: &Path, prefix: &str, names: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).expect("read dir") {
                let entry = entry.expect("entry");
                let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
                let before = names.len();
                if entry.file_type().expect("file type").is_dir() {
                    walk(&entry.path(), &format!("{name}/"), names);
                }
                if names.len() == before {
                    names.push(name);
                }
            }
        }
        let mut names = Vec::new();
        walk(&self.path(relative), "", &mut names);
        names.sort();
        names
    }

    fn read(&self, relative: &str) -> String {
        std::fs::read_to_string(self.path(relative)).expect("read")
    }
}

fn cardc_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(CARDC)
        .current_dir(dir)
        .args(args)
        .env_remove("CARGO_PKG_NAME")
        .env_remove("CARGO_MANIFEST_DIR")
        .output()
        .expect("run cardc")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const GENERATE: [&str; 4] = ["generate", "schema/render_intent.cards", "--out", "out"];
const CHECK: [&str; 4] = ["check", "schema/render_intent.cards", "--out", "out"];
/// The files `generate` writes for the render-intent schema: every registered target's, with
/// their companions (the Python package's typing marker and `pyproject.toml`), sorted
/// as [`Tree::names`] lists them.
fn outputs() -> Vec<String> {
    let name = "schema/render_intent.cards";
    let text = std::fs::read_to_string(repo_root().join(name)).expect("the schema");
    let schema = cardc_codegen::compile(name, &text).expect("the schema compiles");
    let options = cardc_codegen::target::Options::runtimes_beside(cardc_codegen::emit::TARGETS);
    let mut names: Vec<String> = cardc_codegen::emit::outputs(&schema, &options)
        .into_iter()
        .map(|output| output.path)
        .collect();
    names.sort();
    names
}

#[test]
fn an_output_that_is_a_directory_is_named_and_nothing_is_replaced() {
    let tree = Tree::new();
    assert!(tree.cardc(&GENERATE).status.success());
    let rust_before = tree.read("out/render_intent.rs");
    // Make every output stale, and the last one a directory.
    std::fs::write(
        tree.path("schema/render_intent.cards"),
        tree.read("schema/render_intent.cards") + "\nstruct Added {\n    a: String,\n}\n",
    )
    .expect("edit schema");
    std::fs::remove_file(tree.path("out/render_intent.ts")).expect("rm");
    std::fs::create_dir(tree.path("out/render_intent.ts")).expect("mkdir");
    let output = tree.cardc(&GENERATE);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot write out/render_intent.ts: it is a directory"),
        "{}",
        stderr(&output)
    );
    assert_eq!(
        tree.read("out/render_intent.rs"),
        rust_before,
        "a mixed set"
    );
    assert_eq!(tree.names("out"), outputs(), "a temporary was left");
}

/// A tree whose outputs were generated and whose schema then gained a struct, so that the next
/// run replaces every output; with the outputs' contents from before the edit.
fn generated_then_edited() -> (Tree, Vec<String>) {
    let tree = Tree::new();
    assert!(tree.cardc(&GENERATE).status.success());
    let before = outputs()
        .iter()
        .map(|name| tree.read(&format!("out/{name}")))
        .collect();
    std::fs::write(
        tree.path("schema/render_intent.cards"),
        tree.read("schema/render_intent.cards") + "\nstruct Added {\n    a: String,\n}\n",
    )
    .expect("edit schema");
    (tree, before)
}

/// A write that fails partway, as on a full disk: the file-size limit (with SIGXFSZ ignored,
/// so the write returns an error instead of killing the process) stops the first output at
/// 16 KiB. Its partial temporary is removed and nothing is replaced.
#[cfg(unix)]
#[test]
fn a_write_that_fails_partway_removes_its_temporary_and_replaces_nothing() {
    let (tree, before) = generated_then_edited();
    let output = Command::new("bash")
        .current_dir(tree.dir.path())
        .args(["-c", r#"trap '' XFSZ; ulimit -f 16; exec "$0" "$@""#, CARDC])
        .args(GENERATE)
        .env_remove("CARGO_PKG_NAME")
        .env_remove("CARGO_MANIFEST_DIR")
        .output()
        .expect("run cardc under a file-size limit");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("cannot write out/render_intent.rs: File too large"),
        "{}",
        stderr(&output)
    );
    assert_eq!(tree.names("out"), outputs(), "a temporary was left");
    let after: Vec<String> = outputs()
        .iter()
        .map(|name| tree.read(&format!("out/{name}")))
        .collect();
    assert_eq!(after, before, "an output was replaced");
}

#[test]
fn an_out_that_is_a_file_is_named() {
    let tree = Tree::new();
    std::fs::write(tree.path("out"), "a file\n").expect("a file");
    let output = tree.cardc(&GENERATE);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot create directory out: out is a file, not a directory"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn invalid_utf8_is_reported_with_its_byte_offset_and_location() {
    let tree = Tree::new();
    std::fs::write(
        tree.path("schema/render_intent.cards"),
        b"struct A {\n    b: String,\n    c\xe9: String,\n}\n",
    )
    .expect("latin-1 schema");
    let output = tree.cardc(&GENERATE);
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr(&output);
    assert!(stderr.contains("byte 0xe9 at offset 31"), "{stderr}");
    assert!(
        stderr.contains("schema/render_intent.cards:3:6"),
        "{stderr}"
    );
    assert!(!tree.path("out").exists(), "something was written");
}

#[test]
fn check_passes_from_any_directory_and_with_absolute_paths() {
    let tree = Tree::new();
    assert!(tree.cardc(&GENERATE).status.success());
    let header = tree.read("out/render_intent.rs");
    assert!(
        header
            .starts_with("// generated by cardc from ../schema/render_intent.cards; do not edit\n"),
        "{}",
        header.lines().next().unwrap_or_default()
    );
    let schema = tree.path("schema/render_intent.cards");
    let out = tree.path("out");
    let (schema, out) = (
        schema.to_str().expect("utf-8"),
        out.to_str().expect("utf-8"),
    );
    let elsewhere = tempfile::tempdir().expect("another directory");
    let runs: [(&Path, [&str; 4]); 4] = [
        (
            &tree.path("schema"),
            ["check", "render_intent.cards", "--out", "../out"],
        ),
        (
            &tree.path("out"),
            ["check", "../schema/render_intent.cards", "--out", "."],
        ),
        (elsewhere.path(), ["check", schema, "--out", out]),
        (tree.dir.path(), ["check", schema, "--out", "out"]),
    ];
    for (dir, args) in runs {
        let output = cardc_in(dir, &args);
        assert!(
            output.status.success(),
            "`cardc {}` in {} failed:\n{}",
            args.join(" "),
            dir.display(),
            stderr(&output)
        );
    }
    // Generating through absolute paths writes the same bytes.
    let again = tempfile::tempdir().expect("scratch");
    let absolute_out = again.path().join("out");
    let output = cardc_in(
        elsewhere.path(),
        &[
            "generate",
            schema,
            "--out",
            absolute_out.to_str().expect("utf-8"),
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_ne!(
        std::fs::read_to_string(absolute_out.join("render_intent.rs")).expect("written"),
        header,
        "outputs in an unrelated directory name the schema by its absolute path"
    );
    let output = cardc_in(elsewhere.path(), &["generate", schema, "--out", out]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(tree.read("out/render_intent.rs"), header);
}

#[test]
fn check_prints_the_generate_command_as_cardc_was_invoked() {
    let tree = Tree::new();
    let stale = |command: &mut Command| {
        let output = command
            .current_dir(tree.dir.path())
            .args(CHECK)
            .output()
            .expect("run cardc");
        assert_eq!(output.status.code(), Some(1));
        stderr(&output)
    };
    let typed = stale(
        Command::new(CARDC)
            .env_remove("CARGO_PKG_NAME")
            .env_remove("CARGO_MANIFEST_DIR"),
    );
    assert!(
        typed.contains(&format!(
            "\n    {CARDC} generate schema/render_intent.cards --out out\n"
        )),
        "{typed}"
    );
    assert!(!typed.contains("cargo run"), "{typed}");
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let from_path = stale(
            Command::new(CARDC)
                .arg0("cardc")
                .env_remove("CARGO_PKG_NAME")
                .env_remove("CARGO_MANIFEST_DIR"),
        );
        assert!(
            from_path.contains("\n    cardc generate schema/render_intent.cards --out out\n"),
            "{from_path}"
        );
    }
    // What the npm package's launcher says it was run as.
    let by_npm = stale(
        Command::new(CARDC)
            .env("CARDC_INVOKED_AS", "npx cardc")
            .env_remove("CARGO_PKG_NAME")
            .env_remove("CARGO_MANIFEST_DIR"),
    );
    assert!(
        by_npm.contains("\n    npx cardc generate schema/render_intent.cards --out out\n"),
        "{by_npm}"
    );
    // What `cargo run --bin cardc` sets for the program it runs.
    let by_cargo = stale(
        Command::new(CARDC)
            .env("CARGO_PKG_NAME", env!("CARGO_PKG_NAME"))
            .env("CARGO_MANIFEST_DIR", env!("CARGO_MANIFEST_DIR")),
    );
    assert!(
        by_cargo.contains(
            "\n    cargo run --bin cardc -- generate schema/render_intent.cards --out out\n"
        ),
        "{by_cargo}"
    );
}

#[test]
fn version_prints_the_package_version() {
    let output = Command::new(CARDC)
        .arg("--version")
        .output()
        .expect("run cardc");
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("cardc {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn prune_deletes_the_orphans_this_schema_made_and_nothing_else() {
    let tree = Tree::new();
    assert!(tree.cardc(&GENERATE).status.success());
    // What an earlier version of the schema wrote under a name it no longer produces, and a
    // file another schema generated.
    let header = tree.read("out/render_intent.ts");
    std::fs::write(tree.path("out/old_name.ts"), &header).expect("orphan");
    std::fs::write(
        tree.path("out/other.ts"),
        "// generated by cardc from ../schema/other.cards; do not edit\n",
    )
    .expect("other schema");
    let check = tree.cardc(&CHECK);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        stderr(&check).contains("orphaned: out/old_name.ts")
            && stderr(&check).contains("--out out --prune\n"),
        "{}",
        stderr(&check)
    );
    let kept = tree.cardc(&GENERATE);
    assert!(kept.status.success());
    assert!(
        stderr(&kept).contains("--prune to delete it"),
        "{}",
        stderr(&kept)
    );
    assert!(tree.path("out/old_name.ts").exists());
    let pruned = tree.cardc(&[
        "generate",
        "schema/render_intent.cards",
        "--out",
        "out",
        "--prune",
    ]);
    assert!(pruned.status.success(), "{}", stderr(&pruned));
    assert!(
        !tree.path("out/old_name.ts").exists(),
        "the orphan was kept"
    );
    assert!(
        tree.path("out/other.ts").exists(),
        "another schema's output was deleted"
    );
    assert!(tree.cardc(&CHECK).status.success());
}

#[test]
fn a_hand_written_file_is_never_overwritten() {
    let tree = Tree::new();
    std::fs::create_dir(tree.path("out")).expect("mkdir");
    std::fs::write(
        tree.path("out/render_intent.ts"),
        "export const mine = 1;\n",
    )
    .expect("seed");
    let output = tree.cardc(&GENERATE);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("refusing to overwrite out/render_intent.ts"),
        "{}",
        stderr(&output)
    );
    assert_eq!(
        tree.read("out/render_intent.ts"),
        "export const mine = 1;\n"
    );
    assert_eq!(
        tree.names("out"),
        ["render_intent.ts"],
        "something was written"
    );
}

/// The moment of its run a killed `generate` was in, told from what it left in `out/`.
#[cfg(unix)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Phase {
    /// Nothing written yet: every output old, no temporary.
    Before,
    /// Staging: temporaries beside the outputs, every output still old.
    Writing,
    /// Renaming the staged files into place: some changed outputs new and others old.
    Renaming,
    /// Every output new, no temporary.
    Done,
}

/// Whether a file under `out/` (by its path from there) is one of cardc's temporaries.
#[cfg(unix)]
fn temporary(name: &str) -> bool {
    let file = name.rsplit('/').next().unwrap_or(name);
    cardc_codegen::out::is_temporary(file.as_ref())
}

/// A run's outputs before (`old`) and after (`new`) the schema was edited, by file.
#[cfg(unix)]
struct Versions {
    outputs: Vec<String>,
    old: Vec<String>,
    new: Vec<String>,
}

#[cfg(unix)]
impl Versions {
    /// The phase `out/` shows; panics on an output that is neither wholly old nor wholly new.
    fn phase(&self, tree: &Tree, round: &str) -> Phase {
        let temporaries = tree.names("out").iter().any(|name| temporary(name));
        let (mut olds, mut news) = (0, 0);
        for (index, name) in self.outputs.iter().enumerate() {
            let text =
                std::fs::read_to_string(tree.path(&format!("out/{name}"))).unwrap_or_default();
            assert!(
                text == self.old[index] || text == self.new[index],
                "{round}: {name} is neither the old nor the new output"
            );
            // An output the edit did not change tells no phase.
            if self.old[index] != self.new[index] {
                olds += usize::from(text == self.old[index]);
                news += usize::from(text == self.new[index]);
            }
        }
        match (temporaries, olds, news) {
            (false, _, 0) => Phase::Before,
            (true, _, 0) => Phase::Writing,
            (_, 0, _) if !temporaries => Phase::Done,
            _ => Phase::Renaming,
        }
    }

    /// Puts the old outputs back and removes the temporaries a kill left, so that the next run
    /// starts where the first did and what it leaves tells its own phase.
    fn restore(&self, tree: &Tree) {
        for name in tree.names("out") {
            if temporary(&name) {
                std::fs::remove_file(tree.path(&format!("out/{name}"))).expect("remove");
            }
        }
        for (index, name) in self.outputs.iter().enumerate() {
            let path = tree.path(&format!("out/{name}"));
            if std::fs::read_to_string(&path).expect("read") != self.old[index] {
                std::fs::write(&path, &self.old[index]).expect("restore");
            }
        }
    }
}

/// Runs `generate` under strace, each fsync and rename slowed by `delay` (so that every
/// phase lasts long enough to see), and SIGKILLs it the moment `out/` shows `phase`; returns
/// the phase `out/` shows once it is dead.
#[cfg(unix)]
fn kill_in(tree: &Tree, versions: &Versions, phase: Phase, delay: std::time::Duration) -> Phase {
    use std::os::unix::process::CommandExt as _;
    use std::time::{Duration, Instant};
    let delay = format!("delay_exit={}", delay.as_micros());
    // Its own process group, so that one signal kills strace and cardc together.
    let mut child = Command::new("strace")
        .current_dir(tree.dir.path())
        .args(["-f", "-qq", "-o", "/dev/null"])
        .args(["-e", "trace=fsync,/^rename"])
        .args(["-e", &format!("inject=fsync:{delay}")])
        .args(["-e", &format!("inject=/^rename:{delay}")])
        .arg(CARDC)
        .args(GENERATE)
        .env_remove("CARGO_PKG_NAME")
        .env_remove("CARGO_MANIFEST_DIR")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0)
        .spawn()
        .expect("strace runs: scripts/test installs Debian's strace, which this test needs");
    let started = Instant::now();
    while versions.phase(tree, &format!("{phase:?}")) != phase {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "generate never showed the {phase:?} phase"
        );
        assert!(
            child.try_wait().expect("poll strace").is_none(),
            "generate ended before the {phase:?} phase"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    // SIGKILL: nothing in cardc runs after it.
    let killed = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .status()
        .expect("run kill");
    assert!(killed.success(), "kill failed");
    let _ = child.wait();
    versions.phase(tree, &format!("killed in {phase:?}"))
}

/// SIGKILLs `generate` many times: at spread-out moments of its run, and, slowed under
/// strace, once while it stages the new outputs and once while it renames them into place.
/// Every output is always wholly old or wholly new, the phases the kills landed in are
/// checked from what they left, and the next run leaves no temporary behind. Bounded to a
/// few seconds.
#[cfg(unix)]
#[test]
fn a_run_killed_at_any_moment_leaves_whole_outputs_and_the_next_run_cleans_up() {
    use std::collections::BTreeMap;
    use std::time::{Duration, Instant};
    let (tree, old) = generated_then_edited();
    // How long one whole run takes here, to spread the kills over it.
    let started = Instant::now();
    let probe = ["generate", "schema/render_intent.cards", "--out", "probe"];
    assert!(tree.cardc(&probe).status.success());
    // Listed once: `outputs` compiles the schema, which would eat the kill budget per round.
    let outputs = outputs();
    let new: Vec<String> = outputs
        .iter()
        .map(|name| tree.read(&format!("probe/{name}")))
        .collect();
    let run_time = started.elapsed();
    let versions = Versions { outputs, old, new };
    let mut phases: BTreeMap<Phase, usize> = BTreeMap::new();
    let budget = Instant::now();
    for round in 0..60u32 {
        if budget.elapsed() > Duration::from_secs(6) {
            break;
        }
        versions.restore(&tree);
        let mut child = Command::new(CARDC)
            .current_dir(tree.dir.path())
            .args(GENERATE)
            .env_remove("CARGO_PKG_NAME")
            .env_remove("CARGO_MANIFEST_DIR")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn cardc");
        std::thread::sleep(run_time * (round % 20) / 16);
        // SIGKILL: nothing in cardc runs after it.
        let _ = child.kill();
        let _ = child.wait();
        *phases
            .entry(versions.phase(&tree, &format!("round {round}")))
            .or_default() += 1;
    }
    let spread: usize = phases.values().sum();
    assert!(spread >= 10, "only {spread} kills in the time budget");
    // The staging and the renames take milliseconds: kills at spread-out moments seldom land
    // in them, so one kill is aimed at each. The last leaves its staged outputs behind.
    for phase in [Phase::Writing, Phase::Renaming] {
        versions.restore(&tree);
        let landed = kill_in(&tree, &versions, phase, Duration::from_millis(50));
        assert_eq!(
            landed, phase,
            "the kill aimed at the {phase:?} phase landed elsewhere"
        );
        *phases.entry(landed).or_default() += 1;
    }
    println!("kills by phase: {phases:?}");
    assert!(
        tree.names("out").iter().any(|name| temporary(name)),
        "the kill while renaming left no staged output to clean up"
    );
    let output = tree.cardc(&GENERATE);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        tree.names("out"),
        versions.outputs,
        "a temporary was left behind"
    );
    assert!(tree.cardc(&CHECK).status.success());
}

#[test]
fn a_shared_typescript_runtime_is_written_once_beside_the_outputs_and_checked() {
    let tree = Tree::new();
    let generate = tree.cardc(&GENERATE);
    assert_eq!(generate.status.code(), Some(0), "{}", stderr(&generate));
    assert_eq!(
        tree.names("out"),
        [
            "cardc_runtime.ts",
            "python/pyproject.toml",
            "python/render_intent/__init__.py",
            "python/render_intent/py.typed",
            "render_intent.guards.ts",
            "render_intent.rs",
            "render_intent.schema.json",
            "render_intent.ts"
        ]
    );
    let typescript = std::fs::read_to_string(tree.path("out/render_intent.ts")).expect("ts");
    assert!(
        typescript.contains("} from './cardc_runtime.js';\n")
            && typescript.contains("import * as guards from './render_intent.guards.js';\n")
            && !typescript.contains("function cardcRun")
            && !typescript.contains("function checkToolCallView"),
        "{typescript}"
    );
    let guards = std::fs::read_to_string(tree.path("out/render_intent.guards.ts")).expect("guards");
    assert!(
        guards.contains("export function checkToolCallView(")
            && !guards.contains("function cardcRun"),
        "{guards}"
    );
    let runtime = std::fs::read_to_string(tree.path("out/cardc_runtime.ts")).expect("runtime");
    assert!(
        runtime.contains("export function assertNever("),
        "{runtime}"
    );
    // The runtime names no schema, so it is never another schema's orphan.
    let check = tree.cardc(&CHECK);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    // Checked against the self-contained form, the outputs are stale (and the modules orphans),
    // and the refresh command keeps the flag it was given.
    let self_contained = ["--self-contained"];
    let inline = tree.cardc(&[&CHECK[..], &self_contained[..]].concat());
    assert_eq!(inline.status.code(), Some(1));
    assert!(
        stderr(&inline).contains("stale: out/render_intent.ts")
            && stderr(&inline).contains("--out out --self-contained --prune\n"),
        "{}",
        stderr(&inline)
    );
    std::fs::write(
        tree.path("out/cardc_runtime.ts"),
        runtime.replace("export", ""),
    )
    .expect("edit");
    let edited = tree.cardc(&CHECK);
    assert_eq!(edited.status.code(), Some(1));
    assert!(
        stderr(&edited).contains("stale: out/cardc_runtime.ts")
            && stderr(&edited).contains("--out out\n"),
        "{}",
        stderr(&edited)
    );
    // Written self-contained, the output carries its helpers and imports nothing.
    let written = tree.cardc(&[&GENERATE[..], &self_contained[..], &["--prune"][..]].concat());
    assert_eq!(written.status.code(), Some(0), "{}", stderr(&written));
    let typescript = std::fs::read_to_string(tree.path("out/render_intent.ts")).expect("ts");
    assert!(
        typescript.contains("function cardcRun") && !typescript.contains("import "),
        "{typescript}"
    );
}

/// A schema out of cardc's layout, and the same schema in it.
const UNFORMATTED: &str = "struct A { a: u8, // The a.\n  b : Option<u8> }\n";
const FORMATTED: &str = "struct A {\n    a: u8, // The a.\n    b: Option<u8>,\n}\n";

#[test]
fn fmt_check_prints_the_diff_fails_and_writes_nothing() {
    let tree = Tree::new();
    std::fs::write(tree.path("a.cards"), UNFORMATTED).expect("write");
    std::fs::write(tree.path("b.cards"), FORMATTED).expect("write");
    let modified = std::fs::metadata(tree.path("a.cards"))
        .and_then(|metadata| metadata.modified())
        .expect("mtime");
    let output = tree.cardc(&["fmt", "--check", "a.cards", "b.cards"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("--- a.cards\n+++ a.cards (formatted)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("+    b: Option<u8>,\n"), "{stdout}");
    assert!(!stdout.contains("b.cards"), "{stdout}");
    // The command to run names the file that would change, not the one already formatted.
    let message = stderr(&output);
    assert!(
        message.contains("1 file(s) not in cardc's layout; to format them run:\n")
            && message.ends_with(" fmt a.cards\n"),
        "{message}"
    );
    assert_eq!(tree.read("a.cards"), UNFORMATTED);
    assert_eq!(
        std::fs::metadata(tree.path("a.cards"))
            .and_then(|metadata| metadata.modified())
            .expect("mtime"),
        modified
    );
    assert_eq!(
        tree.names(""),
        ["a.cards", "b.cards", "schema/render_intent.cards"]
    );
    let output = tree.cardc(&["fmt", "--check", "b.cards"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
}

#[test]
fn fmt_rewrites_the_files_that_change_and_only_those() {
    let tree = Tree::new();
    std::fs::write(tree.path("a.cards"), UNFORMATTED).expect("write");
    std::fs::write(tree.path("b.cards"), FORMATTED).expect("write");
    let untouched = std::fs::metadata(tree.path("b.cards"))
        .and_then(|metadata| metadata.modified())
        .expect("mtime");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let output = tree.cardc(&["fmt", "a.cards", "b.cards"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "formatted a.cards\n"
    );
    assert_eq!(tree.read("a.cards"), FORMATTED);
    assert_eq!(
        std::fs::metadata(tree.path("b.cards"))
            .and_then(|metadata| metadata.modified())
            .expect("mtime"),
        untouched
    );
    // No temporary is left beside them.
    assert_eq!(
        tree.names(""),
        ["a.cards", "b.cards", "schema/render_intent.cards"]
    );
    let output = tree.cardc(&["fmt", "a.cards"]);
    assert!(output.status.success() && output.stdout.is_empty());
}

#[test]
fn fmt_refuses_a_schema_that_does_not_parse_with_located_diagnostics_and_writes_nothing() {
    let tree = Tree::new();
    let broken = "struct A {\n    a: u8\n    b: u8,\n}\n";
    std::fs::write(tree.path("broken.cards"), broken).expect("write");
    std::fs::write(tree.path("a.cards"), UNFORMATTED).expect("write");
    let output = tree.cardc(&["fmt", "broken.cards", "a.cards"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr(&output);
    assert!(stderr.contains("broken.cards:3:5"), "{stderr}");
    assert!(stderr.contains('^'), "{stderr}");
    assert!(
        stderr.contains("broken.cards; it was not formatted"),
        "{stderr}"
    );
    assert_eq!(tree.read("broken.cards"), broken);
    // The other file is still formatted.
    assert_eq!(tree.read("a.cards"), FORMATTED);
    let output = tree.cardc(&["fmt", "--check", "broken.cards"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(tree.read("broken.cards"), broken);
}

#[test]
fn the_python_distribution_name_is_settable_and_checked() {
    let tree = Tree::new();
    let named = ["--python-distribution", "acme-render-intent"];
    let generate = tree.cardc(&[&GENERATE[..], &named[..]].concat());
    assert_eq!(generate.status.code(), Some(0), "{}", stderr(&generate));
    let pyproject = tree.read("out/python/pyproject.toml");
    assert!(
        pyproject.contains("[project]\nname = \"acme-render-intent\"\n")
            && pyproject.contains("[tool.flit.module]\nname = \"render_intent\"\n"),
        "{pyproject}"
    );
    // The package itself, and so its import name, is the same.
    assert!(tree.path("out/python/render_intent/__init__.py").is_file());
    let check = tree.cardc(&[&CHECK[..], &named[..]].concat());
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    let stale = tree.cardc(&CHECK);
    assert_ne!(
        stale.status.code(),
        Some(0),
        "check without the name passed"
    );
    let bad = ["--python-distribution", "acme render\"intent"];
    let refused = tree.cardc(&[&GENERATE[..], &bad[..]].concat());
    assert_ne!(refused.status.code(), Some(0));
    assert!(
        stderr(&refused).contains("is not a Python distribution name"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(
        tree.read("out/python/pyproject.toml"),
        pyproject,
        "a refused name wrote"
    );
}
