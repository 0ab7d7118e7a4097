//! Golden outputs: every schema under `tests/schemas/<case>/<case>.cards` (the golden cases)
//! and `tests/contracts/<case>/<case>.cards` (the public protocols) compiles to exactly the
//! committed `<case>.rs`, `<case>.schema.json` and `<case>.ts` beside it, and the committed
//! `generated/` equals what the render-intent schema produces now, and so does the Python
//! runtime's `_limits.py`. The golden cases are written as the CLI writes by default, each
//! TypeScript output importing its guards module beside it and the one shared runtime,
//! `tests/cardc_runtime.ts` (so that the repository holds the runtime once, not once per
//! case), but for one case written self-contained (`--self-contained`), the option's own
//! golden; `generated/` is written as the CLI writes by default, its TypeScript importing
//! `render_intent.guards.ts` and `cardc_runtime.ts` beside it.
//!
//! Refresh the goldens with `CARDC_BLESS=1 cargo test -p cardc-codegen --test golden`; refresh
//! `generated/` with the `cardc generate` command the failure prints.

use std::path::{Path, PathBuf};
use std::process::Command;

use cardc_codegen::diagnostics::Source;
use cardc_codegen::emit::python::runtime_limits;
use cardc_codegen::out::{self, Problem};
use cardc_codegen::target::{Options, SharedRuntime, Target};
use cardc_codegen::{compile, emit, header_name};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The directories whose every `<case>/<case>.cards` has committed outputs beside it.
const ROOTS: [&str; 2] = ["tests/schemas", "tests/contracts"];

/// The golden case whose TypeScript is written self-contained: one file that carries the
/// helpers it uses and imports nothing.
const SELF_CONTAINED: &str = "tests/schemas/unions";

/// The shared TypeScript runtime every other golden case imports, relative to the root.
const SHARED_RUNTIME: &str = "tests/cardc_runtime.ts";

/// The TypeScript target and its shared runtime, the one [`SHARED_RUNTIME`] holds.
fn typescript_runtime() -> (&'static dyn Target, SharedRuntime) {
    let target = emit::target("typescript").expect("the TypeScript target is registered");
    let runtime = target
        .shared_runtime()
        .expect("the TypeScript target has a shared runtime");
    (target, runtime)
}

/// The options a golden case directory is emitted with: the TypeScript runtime imported from
/// [`SHARED_RUNTIME`], but in the [`SELF_CONTAINED`] case.
fn case_options(dir: &str) -> Options {
    let mut options = Options::default();
    if dir != SELF_CONTAINED {
        let (target, runtime) = typescript_runtime();
        let module = repo_root().join(SHARED_RUNTIME);
        let specifier = (runtime.import_from)(&header_name(&module, &repo_root().join(dir)));
        options.shared_runtimes.insert(target.key(), specifier);
    }
    options
}

/// The golden case directories relative to the repository root, sorted, with their names.
fn cases() -> Vec<(String, String)> {
    let mut cases = Vec::new();
    for root in ROOTS {
        let dir = repo_root().join(root);
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|error| panic!("{root}: {error}")) {
            let name = entry
                .expect("readable entry")
                .file_name()
                .to_string_lossy()
                .into_owned();
            if dir.join(&name).join(format!("{name}.cards")).is_file() {
                cases.push((format!("{root}/{name}"), name));
            }
        }
    }
    cases.sort();
    cases
}

/// Compiles a golden case's schema given by its path relative to the repository root, as the
/// CLI would for outputs in `out_dir` (relative to the root too) with the case's options
/// ([`case_options`]); returns the header's name for the schema and the outputs, less the
/// shared runtime, which is written once for every case.
fn outputs(relative: &str, out_dir: &str) -> (String, Vec<emit::Output>) {
    let (header, mut outputs) = outputs_with(relative, out_dir, &case_options(out_dir));
    let (_, runtime) = typescript_runtime();
    outputs.retain(|output| output.path != runtime.file_name);
    (header, outputs)
}

/// [`outputs`], emitted with these options.
fn outputs_with(relative: &str, out_dir: &str, options: &Options) -> (String, Vec<emit::Output>) {
    let text = std::fs::read_to_string(repo_root().join(relative)).expect("schema readable");
    let header = header_name(&repo_root().join(relative), &repo_root().join(out_dir));
    match compile(&header, &text) {
        Ok(schema) => (header, emit::outputs(&schema, options)),
        Err(errors) => panic!(
            "{}",
            Source {
                name: relative,
                text: &text
            }
            .render(&errors)
        ),
    }
}

fn describe(problems: &[Problem], schema: &str) -> String {
    problems
        .iter()
        .map(|problem| problem.report(schema) + "\n")
        .collect()
}

#[test]
fn every_golden_case_matches_its_committed_outputs() {
    let cases = cases();
    assert!(
        cases.len() >= 10,
        "expected the golden cases under {ROOTS:?}, found {cases:?}"
    );
    let bless = std::env::var_os("CARDC_BLESS").is_some_and(|value| value == "1");
    let mut report = String::new();
    for (dir, case) in &cases {
        let relative = format!("{dir}/{case}.cards");
        let (header, outputs) = outputs(&relative, dir);
        let dir = repo_root().join(dir);
        if bless {
            out::write(&dir, &outputs).expect("write goldens");
            continue;
        }
        let problems = out::check(&dir, &header, &outputs).expect("read goldens");
        report.push_str(&describe(&problems, &relative));
    }
    let (_, runtime) = typescript_runtime();
    let path = repo_root().join(SHARED_RUNTIME);
    if bless {
        out::write_files(&[(path, runtime.contents.as_str())]).expect("write the runtime");
    } else if let Some(problem) =
        out::compare_file(&path, &runtime.contents).expect("read the runtime")
    {
        report.push_str(&(problem.report(SHARED_RUNTIME) + "\n"));
    }
    assert!(
        report.is_empty(),
        "{report}\ngolden outputs differ; if the change is intended, refresh them with:\n    \
         CARDC_BLESS=1 cargo test -p cardc-codegen --test golden"
    );
}

#[test]
fn generated_outputs_are_fresh() {
    // As the CLI writes them by default: the TypeScript output imports its checks and the
    // shared runtime from beside it.
    let (header, outputs) = outputs_with(
        "schema/render_intent.cards",
        "generated",
        &Options::runtimes_beside(emit::TARGETS),
    );
    let problems =
        out::check(&repo_root().join("generated"), &header, &outputs).expect("read generated/");
    assert!(
        problems.is_empty(),
        "{}\ngenerated/ is stale; refresh it with:\n    \
         cargo run --bin cardc -- generate schema/render_intent.cards --out generated",
        describe(&problems, "schema/render_intent.cards")
    );
}

/// The Python runtime package holds no copy of a limit the compiler defines: its `_limits.py`
/// is written from them.
#[test]
fn the_python_runtimes_limits_are_the_compilers() {
    let path = repo_root().join(runtime_limits::PATH);
    let text = runtime_limits::text();
    if std::env::var_os("CARDC_BLESS").is_some_and(|value| value == "1") {
        out::write_files(&[(path.clone(), text.as_str())]).expect("write the runtime's limits");
    }
    let problem = out::compare_file(&path, &text).expect("read the runtime's limits");
    assert!(
        problem.is_none(),
        "{} is stale; refresh it with:\n    \
         CARDC_BLESS=1 cargo test -p cardc-codegen --test golden",
        runtime_limits::PATH
    );
}

#[test]
fn two_processes_write_identical_bytes() {
    let base = std::env::temp_dir().join(format!("cardc-determinism-{}", std::process::id()));
    let mut written = Vec::new();
    for run in ["a", "b"] {
        let dir = base.join(run);
        let status = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .current_dir(repo_root())
            .args(["generate", "schema/render_intent.cards", "--out"])
            .arg(&dir)
            .status()
            .expect("run cardc");
        assert!(status.success());
        let mut files = files_under(&dir, "");
        files.sort();
        written.push(files);
    }
    let _ = std::fs::remove_dir_all(&base);
    // Each output, its companions, and TypeScript's guards module and shared runtime.
    assert_eq!(written[0].len(), emit::TARGETS.len() + companions() + 2);
    assert_eq!(written[0], written[1]);
}

/// How many companion files the targets write beside their outputs for the render-intent
/// schema.
fn companions() -> usize {
    let text = std::fs::read_to_string(repo_root().join("schema/render_intent.cards"))
        .expect("schema readable");
    let schema = compile("render_intent.cards", &text).expect("compiles");
    emit::TARGETS
        .iter()
        .map(|target| target.companions(&schema, &Default::default()).len())
        .sum()
}

/// Every file under `dir`, at any depth, by its path below `dir` (`prefix` before it), with
/// its bytes.
fn files_under(dir: &Path, prefix: &str) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("output dir") {
        let entry = entry.expect("entry");
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if entry.file_type().expect("file type").is_dir() {
            files.extend(files_under(&entry.path(), &format!("{name}/")));
        } else {
            files.push((name, std::fs::read(entry.path()).expect("read")));
        }
    }
    files
}

#[test]
fn declaration_order_does_not_change_the_output() {
    let text = std::fs::read_to_string(repo_root().join("tests/schemas/unions/unions.cards"))
        .expect("read");
    // Move the last declaration (with its doc comment) to the front of the declarations.
    let split = text.rfind("\n/// ").expect("a documented declaration");
    let first_item = text.find("\n/// ").expect("a documented declaration");
    let reordered = format!(
        "{}{}\n{}",
        &text[..first_item],
        &text[split..],
        &text[first_item..split]
    );
    assert_ne!(reordered, text);
    let emit_all = |text: &str| emit::all(&compile("unions.cards", text).expect("compiles"));
    assert_eq!(emit_all(&text), emit_all(&reordered));
}

#[test]
fn check_accepts_any_spelling_of_the_schema_path() {
    let root = repo_root().canonicalize().expect("repository root");
    let absolute = root.join("schema/render_intent.cards");
    let spellings = [
        PathBuf::from("./schema/render_intent.cards"),
        PathBuf::from("schema/../schema/render_intent.cards"),
        absolute,
    ];
    for schema in &spellings {
        let output = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .current_dir(&root)
            .arg("check")
            .arg(schema)
            .args(["--out", "generated"])
            .output()
            .expect("run cardc");
        assert!(
            output.status.success(),
            "`cardc check {} --out generated` found generated/ stale:\n{}",
            schema.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// Every golden project (`tests/projects/<case>/cardc.toml`), and the example project
/// (`examples/project/`), generates exactly the outputs committed where its project file
/// places them (`CARDC_BLESS=1` writes them).
#[test]
fn every_golden_project_matches_its_committed_outputs() {
    use cardc_codegen::project::{self, Disk, config};
    let root = repo_root().join("tests/projects");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/projects")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|dir| dir.join(config::FILE_NAME).is_file())
        .collect();
    cases.sort();
    assert!(
        !cases.is_empty(),
        "no golden project under {}",
        root.display()
    );
    cases.push(repo_root().join("examples/project"));
    let bless = std::env::var_os("CARDC_BLESS").is_some_and(|value| value == "1");
    let mut report = String::new();
    for dir in cases {
        let text = std::fs::read_to_string(dir.join(config::FILE_NAME)).expect("project file");
        let config = config::read(&dir, &text).expect("a valid project file");
        let loaded = config.load(&Disk);
        assert_eq!(loaded.problem_count(), 0, "{}", loaded.report());
        let batches = project::plan(&loaded, &config.layout).expect("placed");
        if bless {
            let files: Vec<(PathBuf, &str)> =
                batches.iter().flat_map(project::Batch::files).collect();
            out::write_files(&files).expect("write the project's goldens");
            continue;
        }
        for batch in &batches {
            report.push_str(&describe(
                &batch.check().expect("read goldens"),
                &batch.header,
            ));
        }
    }
    assert!(
        report.is_empty(),
        "{report}\ngolden project outputs differ; if the change is intended, refresh them with:\n    \
         CARDC_BLESS=1 cargo test -p cardc-codegen --test golden"
    );
}
