//! The Python output as a Python team uses it: the Markdown bridge (`bridges/markdown/`) passes
//! `mypy --strict` and `pyright --strict` against the real schema and its unit tests pass; the
//! closed-union proof (the unchanged bridge fails both checkers at its two matches once the
//! schema gains a `table` card); no bridge match hides a new card behind a catch-all case;
//! every golden package passes mypy and pyright in their default and their strict modes; every
//! generated package is clean under `ruff check` and `ruff format --check`; the runtime package
//! (`python/cardc-runtime`) is at cardc's version, typed, and its tests pass; and
//! `generated/python` installs with pip, beside the runtime, into a fresh virtual environment,
//! leaving nothing in the tree, and the installed copy reads the conformance corpus as its
//! labels say.
//! The open-unions golden package reads unknown tags and strings into its catch-alls, writes
//! them back exactly, and refuses a catch-all built with a known tag or value. The defaults
//! golden package reads an absent key as a fresh default, writes a value read or built in
//! Python by its field's default policy, and refuses an invalid value; a default string says
//! exactly the schema's string, however hostile.

use std::path::{Path, PathBuf};
use std::process::Command;

use cardc_codegen::{compile, emit, header_name, out};
use cardc_conformance::{python_interpreter, repo_root};

/// The schema with the added `table` card, shared with the Rust bridges' and the web
/// renderer's proofs.
const TABLE_SCHEMA: &str = "tests/ui/schemas/render_intent_with_table.cards";

/// The bridge module the proofs check.
const BRIDGE: &str = "bridges/markdown/cardc_markdown/__init__.py";

/// The environment's tool `name` (mypy, ruff), beside its interpreter.
fn tool(name: &str) -> PathBuf {
    python_interpreter().with_file_name(name)
}

/// Runs a command from the repository root; returns whether it succeeded and what it printed.
/// Python writes no bytecode beside the modules it imports, which are in the tree.
fn run(command: &mut Command) -> (bool, String) {
    let output = command
        .current_dir(repo_root())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"));
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), printed)
}

/// `mypy --strict` over `files`, finding `render_intent` and the bridge under `paths`.
fn mypy(paths: &[&Path], files: &[&Path]) -> (bool, String) {
    mypy_in(Mode::Strict, paths, files)
}

/// How strictly a type checker reads: its default, or its strict mode.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Default,
    Strict,
}

/// mypy in `mode` over `files`, finding packages under `paths` (and the runtime, installed in
/// the environment).
fn mypy_in(mode: Mode, paths: &[&Path], files: &[&Path]) -> (bool, String) {
    let root = repo_root();
    let search = std::env::join_paths(paths).expect("a search path");
    let mut command = Command::new(tool("mypy"));
    command.env("MYPYPATH", search);
    if let Mode::Strict = mode {
        command.arg("--strict");
    }
    run(command
        .args(["--no-error-summary", "--cache-dir"])
        .arg(root.join("target/python-mypy-cache"))
        .args(files))
}

/// pyright in `mode` (`basic`, its default, or `strict`) over `files`, from a config file of
/// its own under `target/python-pyright/<name>` (pyright takes only relative `include` paths,
/// and its strict mode only from a config file).
fn pyright_in(mode: Mode, name: &str, files: &[&Path]) -> (bool, String) {
    let root = repo_root();
    let dir = root.join("target/python-pyright").join(name);
    std::fs::create_dir_all(&dir).expect("create the pyright config's directory");
    let include: Vec<String> = files
        .iter()
        .map(|file| {
            let relative = file.strip_prefix(&root).expect("a file in the repository");
            format!("../../../{}", relative.display())
        })
        .collect();
    let settings = serde_json::json!({
        "typeCheckingMode": match mode { Mode::Default => "basic", Mode::Strict => "strict" },
        "pythonVersion": "3.11",
        "include": include,
    });
    let config = dir.join("pyrightconfig.json");
    std::fs::write(&config, settings.to_string()).expect("write pyrightconfig.json");
    let (passed, printed) = pyright(&config);
    (passed && printed.contains("0 errors"), printed)
}

/// `pyright` (pinned in package.json) with the config file at `config`.
fn pyright(config: &Path) -> (bool, String) {
    let root = repo_root();
    let pyright = root.join("node_modules/pyright/index.js");
    assert!(
        pyright.is_file(),
        "pyright is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    run(Command::new("node")
        .arg(pyright)
        .arg("--pythonpath")
        .arg(python_interpreter())
        .arg("-p")
        .arg(config))
}

#[test]
fn the_bridge_passes_mypy_and_pyright_strictly_and_its_tests_pass() {
    let root = repo_root();
    let (generated, bridge) = (root.join("generated/python"), root.join("bridges/markdown"));
    let (passed, printed) = mypy(
        &[&generated, &bridge],
        &[&bridge.join("cardc_markdown"), &bridge.join("tests")],
    );
    assert!(passed, "mypy --strict fails the bridge:\n{printed}");
    // bridges/markdown/pyrightconfig.json sets strict mode and finds generated/python.
    let (passed, printed) = pyright(&bridge.join("pyrightconfig.json"));
    assert!(
        passed && printed.contains("0 errors"),
        "pyright --strict fails the bridge:\n{printed}"
    );
    let search = std::env::join_paths([&generated, &bridge]).expect("a search path");
    let (passed, printed) = run(Command::new(python_interpreter())
        .env("PYTHONPATH", search)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(bridge.join("tests")));
    assert!(passed, "the bridge's tests fail:\n{printed}");
    println!("{printed}");
}

/// Every golden case's package, as `tests/schemas/<case>/python/<package>`: the directory
/// beside its `pyproject.toml` that holds an `__init__.py`.
fn golden_packages() -> Vec<PathBuf> {
    let root = repo_root().join("tests/schemas");
    let mut packages: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/schemas")
        .filter_map(Result::ok)
        .filter_map(|case| std::fs::read_dir(case.path().join("python")).ok())
        .flat_map(|entries| entries.filter_map(Result::ok).map(|entry| entry.path()))
        .filter(|dir| dir.join("__init__.py").is_file())
        .collect();
    packages.sort();
    packages
}

/// Every golden package type-checks as its users' code will see it, in each checker's default
/// mode and in its strict one: mypy and pyright over each, which catches what the emitter
/// writes for every construct (a recursive alias type checkers take recursively, a package name
/// that would shadow the standard library's module, as a schema called `collections` once did,
/// schema types named like what a module could import, as `python_names` has them).
fn golden_packages_type_check(mode: Mode) {
    let packages = golden_packages();
    assert!(packages.len() > 20, "too few golden packages: {packages:?}");
    let mut failures = Vec::new();
    for package in &packages {
        let parent = package.parent().expect("a package has a parent");
        let (passed, printed) = mypy_in(mode, &[parent], &[package]);
        if !passed {
            failures.push(format!(
                "mypy ({mode:?}) fails {}:\n{printed}",
                package.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let packages: Vec<&Path> = packages.iter().map(PathBuf::as_path).collect();
    let (passed, printed) = pyright_in(mode, &format!("golden-{mode:?}"), &packages);
    assert!(
        passed,
        "pyright ({mode:?}) fails a golden package:\n{printed}"
    );
}

#[test]
fn every_golden_package_passes_mypy_and_pyright_in_their_default_modes() {
    golden_packages_type_check(Mode::Default);
}

#[test]
fn every_golden_package_passes_mypy_and_pyright_strictly() {
    golden_packages_type_check(Mode::Strict);
}

/// The runtime package every generated package imports, `python/cardc-runtime`: its version is
/// cardc's, which the generated `pyproject.toml` asks for; it passes `mypy --strict` and pyright,
/// and its tests (`tests/python/test_runtime.py`, which pyright reads strictly as a user's code)
/// pass against the copy the test environment installs.
#[test]
fn the_runtime_is_cardcs_version_typed_and_its_tests_pass() {
    let root = repo_root();
    let runtime = root.join("python/cardc-runtime");
    let pyproject =
        std::fs::read_to_string(runtime.join("pyproject.toml")).expect("the runtime's pyproject");
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        pyproject.contains(&format!("\nversion = \"{version}\"\n")),
        "python/cardc-runtime/pyproject.toml is not at cardc's version {version}"
    );
    let generated = std::fs::read_to_string(root.join("generated/python/pyproject.toml"))
        .expect("generated/python/pyproject.toml");
    assert!(
        generated.contains(&format!("\"cardc-runtime>={version},<")),
        "generated/python/pyproject.toml does not ask for the runtime at {version}:\n{generated}"
    );
    assert!(runtime.join("cardc_runtime/py.typed").is_file());
    let (package, tests) = (
        runtime.join("cardc_runtime"),
        root.join("tests/python/test_runtime.py"),
    );
    let (passed, printed) = mypy(&[], &[&package, &tests]);
    assert!(passed, "mypy --strict fails the runtime:\n{printed}");
    let (passed, printed) = pyright_in(Mode::Default, "runtime", &[&package]);
    assert!(passed, "pyright fails the runtime:\n{printed}");
    let (passed, printed) = pyright_in(Mode::Strict, "runtime-tests", &[&tests]);
    assert!(
        passed,
        "pyright --strict fails the runtime's tests:\n{printed}"
    );
    let (passed, printed) = run(Command::new(python_interpreter())
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(&tests));
    assert!(passed, "the runtime's tests fail:\n{printed}");
    let (passed, printed) = run(Command::new(python_interpreter()).args([
        "-c",
        "import cardc_runtime, pathlib; print(pathlib.Path(cardc_runtime.__file__).resolve())",
    ]));
    assert!(passed, "{printed}");
    assert_eq!(
        Path::new(printed.trim()),
        package
            .join("__init__.py")
            .canonicalize()
            .expect("the runtime"),
        "the test environment imports another runtime than python/cardc-runtime"
    );
}

/// The 1-based lines of the bridge holding `assert_never(view)`: its two matches' ends.
fn assert_never_lines() -> Vec<usize> {
    let source = std::fs::read_to_string(repo_root().join(BRIDGE)).expect("the bridge");
    let lines: Vec<usize> = source
        .lines()
        .enumerate()
        .filter(|(_, line)| line.trim() == "assert_never(view)")
        .map(|(index, _)| index + 1)
        .collect();
    assert_eq!(
        lines.len(),
        2,
        "{BRIDGE} should end its two matches in `assert_never(view)`: update this test"
    );
    lines
}

#[test]
fn an_added_card_fails_both_checkers_at_the_unchanged_bridges_matches() {
    let root = repo_root();
    let scratch = root.join("target/python-proof");
    let _ = std::fs::remove_dir_all(&scratch);
    // The schema with the table card, as `schema/render_intent.cards` would be, generated into
    // the scratch directory: its package is `render_intent`, as the bridge imports it.
    let text = std::fs::read_to_string(root.join(TABLE_SCHEMA)).expect("the table schema");
    let schema_path = scratch.join("schema/render_intent.cards");
    std::fs::create_dir_all(schema_path.parent().expect("a parent")).expect("create scratch");
    std::fs::write(&schema_path, &text).expect("write the schema");
    let generated = scratch.join("generated");
    let schema = compile(&header_name(&schema_path, &generated), &text)
        .unwrap_or_else(|errors| panic!("{TABLE_SCHEMA} does not compile: {errors:?}"));
    out::write(&generated, &emit::all(&schema)).expect("generate");
    let packages = generated.join("python");
    let bridge = scratch.join("bridges/markdown");
    std::fs::create_dir_all(bridge.join("cardc_markdown")).expect("create the bridge copy");
    // The whole package: the bridge imports its mirror of the shared rules beside it.
    let package = root.join("bridges/markdown/cardc_markdown");
    for entry in std::fs::read_dir(&package).expect("the bridge package") {
        let entry = entry.expect("an entry");
        if entry.file_type().expect("a file type").is_file() {
            std::fs::copy(
                entry.path(),
                bridge.join("cardc_markdown").join(entry.file_name()),
            )
            .expect("copy the bridge");
        }
    }
    let lines = assert_never_lines();

    let (passed, printed) = mypy(&[&packages, &bridge], &[&bridge.join("cardc_markdown")]);
    println!("mypy on the unchanged bridge, with the table card:\n{printed}");
    assert!(
        !passed,
        "mypy passed the bridge against a schema with a `table` card"
    );
    let errors: Vec<&str> = printed.lines().filter(|l| l.contains(": error:")).collect();
    assert_eq!(
        errors.len(),
        2,
        "one error per match and nothing else:\n{printed}"
    );
    for (error, (line, variant)) in errors.iter().zip(lines.iter().zip(["Call", "Result"])) {
        assert!(
            error.contains(&format!("__init__.py:{line}: error:"))
                && error.contains(&format!("\"Tool{variant}View_Table\""))
                && error.contains("assert_never"),
            "expected mypy's error at the `assert_never` on line {line}, naming \
             Tool{variant}View_Table, got:\n{error}\n\nin:\n{printed}"
        );
    }

    // Laid out as bridges/markdown/pyrightconfig.json is, so that the generated package is a
    // library outside the checked project, as it is there.
    let config = bridge.join("pyrightconfig.json");
    let settings = serde_json::json!({
        "typeCheckingMode": "strict",
        "pythonVersion": "3.11",
        "include": ["cardc_markdown"],
        "extraPaths": ["../../generated/python"],
    });
    std::fs::write(&config, settings.to_string()).expect("write pyrightconfig.json");
    let (passed, printed) = pyright(&config);
    println!("pyright on the unchanged bridge, with the table card:\n{printed}");
    assert!(
        !passed,
        "pyright passed the bridge against a schema with a `table` card"
    );
    let errors: Vec<&str> = printed
        .lines()
        .filter(|l| l.contains(" - error:"))
        .collect();
    assert_eq!(
        errors.len(),
        2,
        "one error per match and nothing else:\n{printed}"
    );
    for (error, (line, variant)) in errors.iter().zip(lines.iter().zip(["Call", "Result"])) {
        assert!(
            error.contains(&format!("__init__.py:{line}:"))
                && error.contains(&format!("\"Tool{variant}View_Table\""))
                && error.contains("\"Never\""),
            "expected pyright's error at the `assert_never` on line {line}, naming \
             Tool{variant}View_Table, got:\n{error}\n\nin:\n{printed}"
        );
    }
}

/// Runs `tests/python/exhaustive_matches.py` over `file`.
fn exhaustive_matches(file: &Path) -> (bool, String) {
    run(Command::new(python_interpreter())
        .arg("tests/python/exhaustive_matches.py")
        .arg(file))
}

#[test]
fn no_bridge_match_hides_a_new_card_behind_a_catch_all_case() {
    let root = repo_root();
    let (passed, printed) = exhaustive_matches(&root.join(BRIDGE));
    assert!(passed, "{printed}");
    // The check itself: the bridge with its matches ending in a default instead fails it.
    let source = std::fs::read_to_string(root.join(BRIDGE)).expect("the bridge");
    let hidden = source.replace("            assert_never(view)", "            return \"\"");
    assert_ne!(hidden, source);
    let copy = root.join("target/python-wildcard/bridge.py");
    std::fs::create_dir_all(copy.parent().expect("a parent")).expect("create scratch");
    std::fs::write(&copy, hidden).expect("write the copy");
    let (passed, printed) = exhaustive_matches(&copy);
    assert!(
        !passed,
        "a catch-all `case _: return \"\"` passed the check"
    );
    assert_eq!(
        printed.matches("a catch-all case").count(),
        2,
        "both matches should be refused:\n{printed}"
    );
}

/// Every directory of Python the repository holds: the generated packages (render-intent,
/// every golden case, every public contract), the bridge, the test scripts and the benchmark.
fn python_trees() -> Vec<PathBuf> {
    let root = repo_root();
    let mut trees = vec![
        root.join("python/cardc-runtime"),
        root.join("generated/python"),
        root.join("bridges/markdown"),
        root.join("tests/python"),
        root.join("benches/python"),
    ];
    for parent in ["tests/schemas", "tests/contracts"] {
        for entry in std::fs::read_dir(root.join(parent)).expect("read a case directory") {
            let python = entry.expect("a case").path().join("python");
            if python.is_dir() {
                trees.push(python);
            }
        }
    }
    trees.sort();
    trees
}

#[test]
fn every_python_file_is_clean_under_ruff_check_and_ruff_format() {
    let trees = python_trees();
    assert!(trees.len() > 20, "too few Python trees found: {trees:?}");
    // --no-cache: ruff would otherwise write a .ruff_cache into the tree.
    let (passed, printed) = run(Command::new(tool("ruff"))
        .args(["check", "--no-cache"])
        .args(&trees));
    assert!(passed, "ruff check:\n{printed}");
    let (passed, printed) = run(Command::new(tool("ruff"))
        .args(["format", "--check", "--no-cache"])
        .args(&trees));
    assert!(
        passed,
        "ruff format --check (an emitter change must lay lines out as ruff does; see \
         codegen/src/emit/python/layout.rs):\n{printed}"
    );
}

/// The blocks of the hashed lock that pin `names`, as a requirements file of their own.
fn locked(names: &[&str]) -> String {
    let lock = std::fs::read_to_string(repo_root().join("python/requirements-dev.lock"))
        .expect("python/requirements-dev.lock");
    let mut kept = String::new();
    let mut keep = false;
    for line in lock.lines() {
        if !line.starts_with([' ', '#']) && !line.is_empty() {
            let name = line.split(['=', ' ', ';']).next().unwrap_or_default();
            keep = names.contains(&name);
        }
        if keep && !line.trim_start().starts_with('#') {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// The files under `dir` that git does not track, ignored or not: what a build left behind.
fn untracked(dir: &Path) -> Vec<String> {
    let listed = Command::new("git")
        .args(["ls-files", "--others", "--directory", "--"])
        .arg(dir)
        .current_dir(repo_root())
        .output()
        .expect("run git ls-files");
    String::from_utf8_lossy(&listed.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn generated_python_installs_with_pip_and_the_installed_copy_reads_the_corpus() {
    let root = repo_root();
    let scratch = root.join("target/python-install");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("create scratch");
    let (package, runtime) = (
        root.join("generated/python"),
        root.join("python/cardc-runtime"),
    );
    let leftovers = [untracked(&package), untracked(&runtime)];
    let venv = scratch.join("venv");
    let (made, printed) = run(Command::new("python3")
        .args(["-m", "venv", "--without-pip"])
        .arg(&venv));
    assert!(made, "python3 -m venv failed:\n{printed}");
    let target = venv.join("bin/python");
    // The packages' dependencies, hashed as the lock pins them, and flit-core to build them.
    let requirements = scratch.join("requirements.txt");
    let names = [
        "annotated-types",
        "flit-core",
        "jiter",
        "pydantic",
        "pydantic-core",
        "typing-extensions",
        "typing-inspection",
    ];
    std::fs::write(&requirements, locked(&names)).expect("write requirements.txt");
    let pip = |args: &[&std::ffi::OsStr]| {
        run(Command::new(python_interpreter())
            .args(["-m", "pip", "--disable-pip-version-check", "--python"])
            .arg(&target)
            .arg("install")
            .arg("--quiet")
            .args(args))
    };
    let (installed, printed) = pip(&[
        "--require-hashes".as_ref(),
        "-r".as_ref(),
        requirements.as_os_str(),
    ]);
    assert!(
        installed,
        "pip install of the locked dependencies failed:\n{printed}"
    );
    // The runtime and the generated package, from their folders in the tree, as a user
    // installs them: pip checks that the package's runtime requirement is met.
    let (installed, printed) = pip(&[
        "--no-index".as_ref(),
        "--no-build-isolation".as_ref(),
        runtime.as_os_str(),
        package.as_os_str(),
    ]);
    assert!(installed, "pip install generated/python failed:\n{printed}");
    // flit-core builds out of the folder: no build/ or .egg-info/ is left in the tree.
    assert_eq!(
        [untracked(&package), untracked(&runtime)],
        leftovers,
        "pip install left files in the package folders"
    );

    let corpus = root.join("tests/conformance/corpus/render_intent.jsonl");
    let (read, printed) = run(Command::new(&target)
        .arg("tests/python/python_check.py")
        .args(["--installed", "render_intent"])
        .arg(&corpus));
    assert!(
        read,
        "the installed package failed to read the corpus:\n{printed}"
    );
    let mut lines = printed.lines();
    let first: serde_json::Value =
        serde_json::from_str(lines.next().expect("a first line")).expect("JSON");
    let file = first["file"].as_str().expect("the package's file");
    let venv = venv.canonicalize().expect("the environment's path");
    assert!(
        Path::new(file).starts_with(&venv),
        "render_intent was imported from {file}, not from the fresh environment"
    );
    let runtime_file = lines.next().expect("the runtime's line");
    let runtime_file: serde_json::Value = serde_json::from_str(runtime_file).expect("JSON");
    let runtime_file = runtime_file["runtime"]
        .as_str()
        .expect("the runtime's file");
    assert!(
        Path::new(runtime_file).starts_with(&venv),
        "cardc_runtime was imported from {runtime_file}, not from the fresh environment"
    );
    let labels = std::fs::read_to_string(&corpus).expect("the corpus");
    let cases: Vec<serde_json::Value> = labels
        .split('\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_str(line).expect("a corpus line"))
        .collect();
    let verdicts: Vec<serde_json::Value> = lines
        .map(|line| serde_json::from_str(line).expect("a verdict"))
        .collect();
    assert_eq!(verdicts.len(), cases.len(), "one verdict per case");
    let mut valid = 0;
    for (case, verdict) in cases.iter().zip(&verdicts) {
        assert_eq!(case["name"], verdict["name"]);
        assert_eq!(
            case["valid"], verdict["accepted"],
            "{}: the installed package disagrees with the label: {verdict}",
            case["name"]
        );
        assert!(
            verdict.get("round_trip").is_none(),
            "{}: {verdict}",
            case["name"]
        );
        valid += usize::from(case["valid"] == true);
    }
    assert!(valid >= 100, "only {valid} valid payloads read");
}

#[test]
fn hypothesis_draws_from_the_schema_decode_exactly_and_mutations_are_refused() {
    let root = repo_root();
    let (passed, printed) = run(Command::new(python_interpreter())
        .env("PYTHONPATH", root.join("generated/python"))
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(root.join("tests/python/test_properties.py")));
    assert!(passed, "the hypothesis property tests fail:\n{printed}");
    let summary = printed.lines().last().unwrap_or_default();
    let count: usize = summary
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no pytest summary:\n{printed}"));
    assert!(count >= 40, "too few property tests ran: {summary}");
    println!("{summary}");
}

/// Runs the pytest file `tests/python/<file>` against the golden packages of `cases`, and
/// asserts that its tests ran and passed, none skipped.
fn golden_pytest(file: &str, cases: &[&str]) {
    let root = repo_root();
    let path = std::env::join_paths(
        cases
            .iter()
            .map(|case| root.join("tests/schemas").join(case).join("python")),
    )
    .expect("a PYTHONPATH");
    let (passed, printed) = run(Command::new(python_interpreter())
        .env("PYTHONPATH", path)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(root.join("tests/python").join(file)));
    assert!(passed, "{file} fails:\n{printed}");
    let summary = printed.lines().last().unwrap_or_default();
    assert!(
        summary.contains(" passed") && !summary.contains("skipped"),
        "{file}: no test ran, or one was skipped: {summary}"
    );
}

#[test]
fn the_open_union_catch_alls_read_write_back_and_refuse_known_tags() {
    golden_pytest("test_open_unions.py", &["open_unions"]);
}

#[test]
fn the_defaults_read_absent_keys_write_by_policy_and_refuse_invalid_values() {
    golden_pytest("test_defaults.py", &["defaults"]);
}

#[test]
fn json_text_rules_hold_in_every_place_a_number_or_key_can_stand() {
    golden_pytest(
        "test_json_rules.py",
        &[
            "primitives",
            "open_objects",
            "presence_rules",
            "open_unions",
        ],
    );
}

/// Defaults that are hostile strings: both quotes and three double quotes in a row (a
/// docstring's end), a backslash, line breaks, a tab, U+2028, a bidirectional control and
/// braces; the first omitted, so that its string is in the runtime's test too.
const HOSTILE_DEFAULTS: &str = r#"
struct Note {
    #[default = "\"q\\\" s' b\\\\ n\\n r\\r t\\t ls\\u2028 bidi\\u202e end\\\"\\\"\\\" {x}\""]
    #[omit_default]
    text: String,
    #[default = "\"\\\"\\\"\\\"\""]
    quotes: String,
}
"#;

#[test]
fn a_default_string_says_exactly_the_schema_string() {
    let root = repo_root();
    let scratch = root.join("target/python-defaults");
    let _ = std::fs::remove_dir_all(&scratch);
    let schema_path = scratch.join("hostile_defaults.cards");
    let schema = compile(&header_name(&schema_path, &scratch), HOSTILE_DEFAULTS)
        .unwrap_or_else(|errors| panic!("the hostile defaults do not compile: {errors:?}"));
    out::write(&scratch, &emit::all(&schema)).expect("generate");
    let Some(cardc_codegen::ir::TypeDef::Struct(note)) = schema.types.get("Note") else {
        panic!("no struct Note");
    };
    let defaults: serde_json::Map<String, serde_json::Value> = note
        .fields
        .iter()
        .map(
            |field| match field.default.as_ref().map(|default| &default.value) {
                Some(cardc_codegen::ir::JsonValue::String(text)) => {
                    (field.name.clone(), serde_json::Value::from(text.as_str()))
                }
                other => panic!("{}: not a string default: {other:?}", field.name),
            },
        )
        .collect();
    assert!(
        defaults["text"]
            .as_str()
            .is_some_and(|text| text.contains("\"\"\""))
    );
    // The defaults as the model holds them, and what a value of them writes: the kept one only.
    let script = "import json, hostile_defaults as h\n\
                  fields = h.Note.model_fields\n\
                  print(json.dumps({name: f.default for name, f in fields.items()}))\n\
                  print(h.Note().to_json())";
    let (passed, printed) = run(Command::new(python_interpreter())
        .env("PYTHONPATH", scratch.join("python"))
        .args(["-c", script]));
    assert!(passed, "the package does not import:\n{printed}");
    let lines: Vec<serde_json::Value> = printed
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(lines[0], serde_json::Value::Object(defaults.clone()));
    assert_eq!(
        lines[1],
        serde_json::json!({ "quotes": defaults["quotes"] })
    );
}
