//! The web renderer (`bridges/web/`, strict TypeScript): it compiles under its own tsconfig and
//! its unit tests pass; its HTML for every valid corpus payload matches the committed golden; the
//! closed-union proof (the unchanged renderer fails `tsc` at its dispatch once the schema gains a
//! `table` card, and compiles once it renders it); and the demo page in headless Chromium.
//!
//! Refresh the HTML golden after an intended change with
//! `CARDC_BLESS=1 cargo test -p cardc-conformance --test web`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use cardc_conformance::web::compiled;
use cardc_conformance::{node, repo_root};

/// The schema with the added `table` card, shared with the Rust bridges' proof.
const TABLE_SCHEMA: &str = "tests/ui/schemas/render_intent_with_table.cards";

#[test]
fn the_renderer_compiles_strictly_and_its_unit_tests_pass() {
    let tests = compiled().join("bridges/web/tests/unit.test.js");
    let output = node(&["--test".as_ref(), tests.as_os_str()]);
    let count = |key: &str| {
        output
            .lines()
            .find_map(|line| line.strip_prefix(&format!("# {key} ")))
            .and_then(|n| n.trim().parse::<u32>().ok())
            .unwrap_or_else(|| panic!("node --test printed no `# {key}` line:\n{output}"))
    };
    assert_eq!(count("fail"), 0, "{output}");
    assert!(count("pass") >= 20, "too few unit tests ran:\n{output}");
    println!("web renderer unit tests: {} passed", count("pass"));
}

#[test]
fn the_html_of_every_valid_corpus_payload_matches_the_golden() {
    // golden.mjs compares, or with CARDC_BLESS=1 (inherited) rewrites; a difference fails with
    // the first differing cases and the refresh command.
    let output = node(&[
        "bridges/web/tests/golden.mjs".as_ref(),
        compiled().as_os_str(),
    ]);
    print!("{output}");
}

/// `tests/ui/schemas/render_intent_with_table.cards` compiled by the cardc CLI into a scratch
/// directory; returns the TypeScript it wrote.
fn table_typescript() -> &'static str {
    static TS: OnceLock<String> = OnceLock::new();
    TS.get_or_init(|| {
        let root = repo_root();
        let out = root.join("target/web-proof/generated");
        std::fs::create_dir_all(&out).expect("create target/web-proof/generated");
        let output = Command::new(env!("CARGO"))
            .current_dir(&root)
            .args([
                "run",
                "--quiet",
                "--locked",
                "-p",
                "cardc-codegen",
                "--bin",
                "cardc",
                "--",
            ])
            // One file, which the scratch tree puts where the renderer imports it from.
            .args(["generate", TABLE_SCHEMA, "--self-contained", "--out"])
            .arg(&out)
            .output()
            .expect("run cargo");
        assert!(
            output.status.success(),
            "cardc generate {TABLE_SCHEMA} failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let path = out.join("render_intent_with_table.ts");
        std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
    })
}

/// A scratch tree `<dir>/bridges/web/{tsconfig.json,src/*.ts}` and `<dir>/generated/
/// render_intent.ts`, laid out like the repository so the renderer's relative import of the
/// generated module resolves to the schema with the table card. Returns `<dir>`.
fn scratch_tree(name: &str) -> PathBuf {
    let root = repo_root();
    let dir = root.join("target/web-proof").join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).expect("clear the scratch tree");
    }
    let src = dir.join("bridges/web/src");
    std::fs::create_dir_all(&src).expect("create the scratch tree");
    std::fs::create_dir_all(dir.join("generated")).expect("create the scratch tree");
    std::fs::write(dir.join("generated/render_intent.ts"), table_typescript())
        .expect("write generated/render_intent.ts");
    std::fs::copy(
        root.join("bridges/web/tsconfig.json"),
        dir.join("bridges/web/tsconfig.json"),
    )
    .expect("copy the renderer's tsconfig.json");
    for entry in std::fs::read_dir(root.join("bridges/web/src")).expect("bridges/web/src") {
        let path = entry.expect("a source file").path();
        if path.extension().is_some_and(|ext| ext == "ts") {
            std::fs::copy(&path, src.join(path.file_name().expect("a file name")))
                .expect("copy a renderer source file");
        }
    }
    dir
}

/// Type-checks the scratch tree with the renderer's own tsconfig, from inside it (so errors name
/// `bridges/web/src/...`); returns whether it compiled and what tsc printed.
fn tsc_in(dir: &Path) -> (bool, String) {
    let root = repo_root();
    assert!(
        root.join("node_modules/typescript").is_dir(),
        "TypeScript is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    let output = Command::new("node")
        .current_dir(dir)
        .arg(root.join("node_modules/typescript/bin/tsc"))
        .args([
            "-p",
            "bridges/web/tsconfig.json",
            "--noEmit",
            "--pretty",
            "false",
        ])
        .output()
        .expect("run node (install Node.js; scripts/test does)");
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), printed)
}

/// The 1-based line of `src/render.ts` holding `needle`, which must occur exactly once.
fn line_of(source: &str, needle: &str) -> usize {
    let lines: Vec<usize> = source
        .lines()
        .enumerate()
        .filter(|(_, line)| line.contains(needle))
        .map(|(index, _)| index + 1)
        .collect();
    assert_eq!(
        lines.len(),
        1,
        "bridges/web/src/render.ts should hold `{needle}` once: update this test"
    );
    lines[0]
}

#[test]
fn an_added_card_breaks_the_unchanged_renderer_at_its_dispatch() {
    let dir = scratch_tree("unchanged");
    let (compiled, printed) = tsc_in(&dir);
    std::fs::write(dir.join("tsc.txt"), &printed).expect("save tsc's output");
    println!("tsc on the unchanged renderer, with the table card:\n{printed}");
    assert!(
        !compiled,
        "the unchanged renderer compiled against a schema with a `table` card; its dispatch is \
         not exhaustive:\n{printed}"
    );
    let source = std::fs::read_to_string(repo_root().join("bridges/web/src/render.ts"))
        .expect("bridges/web/src/render.ts");
    let errors: Vec<&str> = printed
        .lines()
        .filter(|line| line.contains("error TS"))
        .collect();
    let expected = [
        (
            line_of(&source, "return matchToolCallView(view, {"),
            "ToolCallViewHandlers<string>",
        ),
        (
            line_of(&source, "return matchToolResultView(view, {"),
            "ToolResultViewHandlers<string>",
        ),
    ];
    assert_eq!(
        errors.len(),
        expected.len(),
        "expected one error per dispatch and nothing else:\n{printed}"
    );
    for (error, (line, handlers)) in errors.iter().zip(expected) {
        assert!(
            error.starts_with(&format!("bridges/web/src/render.ts({line},"))
                && error.contains("error TS2345")
                && error.contains(&format!("parameter of type '{handlers}'")),
            "expected the error at the dispatch on line {line} of src/render.ts, got:\n{error}\n\nin:\n{printed}"
        );
    }
    let missing = "Property 'table' is missing in type";
    assert_eq!(
        printed.matches(missing).count(),
        2,
        "tsc should name the missing `table` handler at both dispatches:\n{printed}"
    );
}

/// What the proof adds to the renderer to render the table card: `bridges/web/proof/table.ts`
/// becomes `src/table.ts`, and each line below goes after its anchor in `src/render.ts`.
const EXTENSION: [(&str, &str); 3] = [
    (
        "import { attr, escapeHtml, pre } from './html.js';\n",
        "import { renderTableCall, renderTableResult } from './table.js';\n",
    ),
    (
        "    diff: renderDiffCall,\n",
        "    table: renderTableCall,\n",
    ),
    (
        "    diff: renderDiffResult,\n",
        "    table: renderTableResult,\n",
    ),
];

#[test]
fn the_renderer_extended_with_a_table_handler_compiles() {
    let dir = scratch_tree("extended");
    let src = dir.join("bridges/web/src");
    std::fs::copy(
        repo_root().join("bridges/web/proof/table.ts"),
        src.join("table.ts"),
    )
    .expect("copy bridges/web/proof/table.ts");
    let mut render = std::fs::read_to_string(src.join("render.ts")).expect("src/render.ts");
    for (anchor, addition) in EXTENSION {
        assert_eq!(
            render.matches(anchor).count(),
            1,
            "bridges/web/src/render.ts should hold {anchor:?} once: update EXTENSION in this test"
        );
        render = render.replace(anchor, &format!("{anchor}{addition}"));
    }
    std::fs::write(src.join("render.ts"), render).expect("write the extended src/render.ts");
    let (compiled, printed) = tsc_in(&dir);
    assert!(
        compiled,
        "the renderer with a table handler does not compile:\n{printed}"
    );
}

#[test]
fn the_demo_page_works_in_headless_chromium() {
    assert!(
        Path::new("/usr/bin/chromium").exists(),
        "/usr/bin/chromium is missing: install Debian's chromium (`apt-get install chromium`; \
         scripts/test does)"
    );
    assert!(
        repo_root().join("node_modules/playwright-core").is_dir(),
        "playwright-core is not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    let out = repo_root().join("target/browser-test");
    let output = node(&[
        "bridges/web/tests/browser.mjs".as_ref(),
        compiled().as_os_str(),
        out.as_os_str(),
    ]);
    print!("{output}");
    assert!(
        out.join("screenshot.png").is_file(),
        "no screenshot in {}",
        out.display()
    );
}
