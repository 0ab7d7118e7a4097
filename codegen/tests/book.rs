//! The book (`docs/src/`) and the READMEs say only what is true of them:
//!
//! - every schema block (a fence whose info string has `cards`, as ` ```rust,cards `) compiles
//!   with the checker, or fails to when it is marked `fails`; in a `rust` block, lines that
//!   start with `# ` (or are `#` alone) are part of the schema but hidden by mdBook, as rustdoc
//!   hides them (in a `ts` block, lines that start with `~`);
//! - the README's Rust, TypeScript, Python and schema examples are files of "Your first
//!   schema", as written (which `tests/dist.rs` runs as a session, from the built packages);
//! - "Projects" (`docs/src/guide/projects.md`) runs as a session: its `file=<name>` blocks are
//!   written into a scratch directory in order, and each `$ ...` line of its `console` blocks
//!   is run there and must print exactly the lines after it (a last line `...` matches the
//!   rest) and exit as its `# exits N` comment says (0 without one); its schema files import
//!   one another, so the session, not the schema-block check, compiles them;
//! - every other `rust` block of the book that uses the derive (in its hidden lines too)
//!   builds and runs (`no_run`: builds) in a fresh crate with the README's `[dependencies]`
//!   lines (`cardc` patched to this checkout) and this repository's schema;
//! - every other `ts` block of the book compiles under `tsc --strict` beside this
//!   repository's `generated/render_intent.ts`, but for those marked `fragment`;
//! - every other `python` block of the book runs against this repository's generated
//!   package (`generated/python`) and exits 0, but for those marked `fragment`;
//! - every `cardc` command line of the other `sh` blocks runs (its placeholders given real
//!   files, `--baseline` a git repository) without a usage error: it exits 0 or 1;
//! - every relative link resolves to a file, and every `#anchor` to a heading of that file (as
//!   mdBook and forges spell heading ids), and every chapter under `docs/src/` is in
//!   `SUMMARY.md`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use cardc_codegen::diagnostics::Source;

mod markdown;

use markdown::{Block, blocks, installed, prose, repo_root, shown, steps};

/// The chapter run as a session here (`tests/dist.rs` runs "Your first schema").
const PROJECTS: &str = "docs/src/guide/projects.md";

/// The book's chapters, then the READMEs that link into it or that it points readers to.
fn documents() -> Vec<PathBuf> {
    let root = repo_root();
    let mut files = Vec::new();
    let mut dirs = vec![root.join("docs/src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read a docs directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    for readme in [
        "README.md",
        "presenters/README.md",
        "bridges/README.md",
        "bridges/acp/README.md",
        "bridges/web/README.md",
        "apps/demo/README.md",
    ] {
        files.push(root.join(readme));
    }
    files
}

#[test]
fn every_schema_block_compiles_or_fails_as_marked() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for path in documents() {
        let text = std::fs::read_to_string(&path).expect("read a document");
        // The session compiles the projects chapter's files together: they import one another.
        let session = path.ends_with(PROJECTS);
        for block in blocks(&text).iter().filter(|b| b.has("cards")) {
            if session && block.attribute("file").is_some() {
                continue;
            }
            checked += 1;
            let name = format!("{}:{}", shown(&path), block.line);
            let schema = block.source();
            match (
                cardc_codegen::compile("block.cards", &schema),
                block.has("fails"),
            ) {
                (Ok(_), false) | (Err(_), true) => {}
                (Ok(_), true) => {
                    problems.push(format!("{name}: marked `fails`, but the schema compiles"))
                }
                (Err(errors), false) => {
                    let source = Source {
                        name: &name,
                        text: &schema,
                    };
                    problems.push(format!(
                        "{name}: the schema does not compile:\n{}",
                        source.render(&errors)
                    ));
                }
            }
        }
    }
    assert!(checked >= 5, "found only {checked} schema blocks");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Runs a command line in `dir`: `cardc` is the binary under test, and `cargo` builds in the
/// fresh-crate tests' shared target directory with the workspace's lockfile (so the
/// dependencies are built once). Returns the exit status and what it printed (stdout, then
/// stderr).
fn run(dir: &Path, command: &str) -> (i32, String) {
    let words: Vec<&str> = command.split_whitespace().collect();
    let root = repo_root();
    let mut process = match words.as_slice() {
        ["cardc", args @ ..] => {
            let mut process = Command::new(env!("CARGO_BIN_EXE_cardc"));
            process.args(args);
            process
        }
        ["cargo", args @ ..] => {
            if !dir.join("Cargo.lock").exists() {
                std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).expect("lock");
            }
            let mut process = Command::new(env!("CARGO"));
            process
                .args(args)
                .env("CARGO_TARGET_DIR", root.join("target/tests/trybuild"));
            process
        }
        _ => panic!("the book's tests run no `{command}`"),
    };
    let output = process
        .env_remove("CARDC_CHECK")
        .current_dir(dir)
        .output()
        .unwrap_or_else(|error| panic!("cannot run `{command}`: {error}"));
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.code().unwrap_or(-1), text)
}

#[test]
fn the_projects_chapter_runs_as_written() {
    let path = repo_root().join(PROJECTS);
    let text = std::fs::read_to_string(&path).expect("read the chapter");
    let dir = tempfile::tempdir().expect("a scratch directory");
    let mut commands = 0;
    for block in blocks(&text) {
        if let Some(file) = block.attribute("file") {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().expect("a directory")).expect("mkdir");
            std::fs::write(path, block.source()).expect("write a file");
        } else if block.has("console") {
            for step in steps(&block.body) {
                commands += 1;
                let (status, printed) = run(dir.path(), &step.command);
                let printed: Vec<&str> = printed.lines().collect();
                let matches = match step.output.split_last() {
                    Some((last, expected)) if last == "..." => printed
                        .starts_with(&expected.iter().map(String::as_str).collect::<Vec<_>>()),
                    _ => printed == step.output,
                };
                assert!(
                    matches && status == step.status,
                    "{}:{}: `{}` exited {status} (the chapter says {}) and printed:\n{}\n\
                     where the chapter shows:\n{}",
                    shown(&path),
                    block.line,
                    step.command,
                    step.status,
                    printed.join("\n"),
                    step.output.join("\n")
                );
            }
        }
    }
    assert!(commands >= 5, "ran only {commands} commands");
}

/// The README's examples are files of "Your first schema", as written, so the distribution
/// test's run of that chapter (`tests/dist.rs`) proves them too.
#[test]
fn the_readme_examples_are_files_of_your_first_schema() {
    let chapter = std::fs::read_to_string(repo_root().join("docs/src/first-schema.md"))
        .expect("read the chapter");
    let files: Vec<String> = blocks(&chapter)
        .into_iter()
        .filter(|block| block.attribute("file").is_some())
        .map(|block| block.body)
        .collect();
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("README.md");
    let examples: Vec<Block> = blocks(&readme)
        .into_iter()
        .filter(|block| {
            let language = block.info.first().map(String::as_str);
            matches!(language, Some("rust" | "ts" | "python"))
        })
        .collect();
    assert!(
        examples.len() >= 4,
        "the README shows a schema and three languages"
    );
    for example in examples {
        assert!(
            files.contains(&example.body),
            "README.md:{}: this example is none of the files of docs/src/first-schema.md, \
             which the distribution test runs; show one of them as written",
            example.line
        );
    }
}

/// The id mdBook (and forges) give a heading: lower case, letters, digits, `_` and `-` kept,
/// spaces as `-`, everything else dropped, after inline code's backticks and links' targets.
fn heading_id(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    // A link `[text](target)` keeps only its text.
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|i| open + i) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|i| close + i) else {
            break;
        };
        text.push_str(&rest[..open]);
        text.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    text.push_str(rest);
    text.trim()
        .chars()
        .filter_map(|c| match c {
            c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c.to_ascii_lowercase()),
            c if c.is_whitespace() => Some('-'),
            _ => None,
        })
        .collect()
}

/// Every heading id of a Markdown text, repeated ones numbered as mdBook numbers them.
fn heading_ids(text: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for (_, line) in prose(text) {
        let Some(heading) = line.trim_start_matches('#').strip_prefix(' ') else {
            continue;
        };
        if !line.starts_with('#') {
            continue;
        }
        let id = heading_id(heading);
        let mut unique = id.clone();
        let mut n = 1;
        while ids.contains(&unique) {
            unique = format!("{id}-{n}");
            n += 1;
        }
        ids.insert(unique);
    }
    ids
}

/// A line without its inline code spans (a run of backticks up to the next run of the same
/// length), so that code that looks like a link is not one.
fn without_code(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let mut after = &rest[start + ticks..];
        let mut closed = false;
        while let Some(next) = after.find('`') {
            let run = after[next..].len() - after[next..].trim_start_matches('`').len();
            after = &after[next + run..];
            if run == ticks {
                closed = true;
                break;
            }
        }
        // An unmatched run is literal text, and so is what follows it.
        rest = if closed {
            after
        } else {
            &rest[start + ticks..]
        };
    }
    out.push_str(rest);
    out
}

/// The targets of the inline links `[text](target)` of a Markdown text, with their lines.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in prose(text) {
        let line = without_code(line);
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let target = &rest[at + 2..];
            let end = target.find(')').unwrap_or(target.len());
            found.push((number, target[..end].to_string()));
            rest = &target[end..];
        }
    }
    found
}

#[test]
fn every_link_resolves_and_every_chapter_is_in_the_summary() {
    let root = repo_root();
    let mut problems = Vec::new();
    let mut checked = 0;
    for path in documents() {
        let text = std::fs::read_to_string(&path).expect("read a document");
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let linked = if file.is_empty() {
                path.clone()
            } else {
                path.parent().expect("a directory").join(file)
            };
            let at = format!("{}:{line}: `{target}`", shown(&path));
            if !linked.exists() {
                problems.push(format!("{at}: no such file"));
                continue;
            }
            // A directory or a picture has no headings to check an anchor against.
            let Ok(linked_text) = std::fs::read_to_string(&linked) else {
                continue;
            };
            if !anchor.is_empty() && !heading_ids(&linked_text).contains(anchor) {
                problems.push(format!("{at}: no heading with the id `{anchor}` there"));
            }
        }
    }
    let summary = std::fs::read_to_string(root.join("docs/src/SUMMARY.md")).expect("SUMMARY.md");
    let listed: BTreeSet<PathBuf> = links(&summary)
        .into_iter()
        .map(|(_, target)| root.join("docs/src").join(target))
        .collect();
    for path in documents() {
        if path.starts_with(root.join("docs/src"))
            && !path.ends_with("SUMMARY.md")
            && !listed.contains(&path)
        {
            problems.push(format!("{}: not in SUMMARY.md", shown(&path)));
        }
    }
    assert!(checked >= 50, "found only {checked} relative links");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The `cardc` command lines of the `sh` blocks of the book (but "Your first schema", whose
/// sessions run with their output) and the README, with their comments cut, as
/// `(document, line, command)`; `cargo run --bin cardc -- <args>` counts as `cardc <args>`.
fn cardc_commands() -> Vec<(String, usize, String)> {
    let mut found = Vec::new();
    for path in documents() {
        if path.ends_with("first-schema.md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read a document");
        for block in blocks(&text).iter().filter(|b| b.has("sh")) {
            for (offset, line) in block.body.lines().enumerate() {
                let command = line.split(" #").next().unwrap_or(line).trim();
                let command = match command.strip_prefix("cargo run --bin cardc -- ") {
                    Some(args) => format!("cardc {args}"),
                    None => command.to_string(),
                };
                if command.starts_with("cardc ") {
                    found.push((shown(&path), block.line + 1 + offset, command));
                }
            }
        }
    }
    found
}

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(["-c", "user.name=cardc", "-c", "user.email=cardc@localhost"])
        .args(args)
        .current_dir(dir)
        .status()
        .expect("run git");
    assert!(status.success(), "git {args:?}");
}

#[test]
fn every_cardc_command_line_in_the_book_runs() {
    let root = repo_root();
    let dir = tempfile::tempdir().expect("a scratch directory");
    let at = dir.path();
    // What the commands name: this repository's schema and outputs, the README's first schema,
    // and the placeholders of the CLI chapter, each a real file.
    std::fs::create_dir_all(at.join("schema")).expect("mkdir");
    std::fs::create_dir_all(at.join("vendor")).expect("mkdir");
    let render_intent = root.join("schema/render_intent.cards");
    for copy in [
        "schema/render_intent.cards",
        "schema.cards",
        "old.cards",
        "new.cards",
        "OLD.cards",
        "NEW.cards",
    ] {
        std::fs::copy(&render_intent, at.join(copy)).expect("copy the schema");
    }
    let chapter = std::fs::read_to_string(root.join("docs/src/first-schema.md")).expect("read");
    let first = blocks(&chapter)
        .into_iter()
        .find(|block| block.attribute("file") == Some("cards.cards"))
        .expect("the first schema");
    std::fs::write(at.join("cards.cards"), first.source()).expect("write cards.cards");
    for (schema, out) in [
        ("schema/render_intent.cards", "generated"),
        ("cards.cards", "generated"),
    ] {
        let (status, printed) = run(at, &format!("cardc generate {schema} --out {out}"));
        assert_eq!(status, 0, "{printed}");
    }
    for copy in [
        "vendor/render_intent.schema.json",
        "pinned.schema.json",
        "published.schema.json",
    ] {
        std::fs::copy(
            at.join("generated/render_intent.schema.json"),
            at.join(copy),
        )
        .expect("copy the published schema");
    }
    git(at, &["init", "--quiet"]);
    git(at, &["add", "."]);
    git(at, &["commit", "--quiet", "-m", "baseline"]);
    git(at, &["update-ref", "refs/remotes/origin/main", "HEAD"]);

    let commands = cardc_commands();
    assert!(
        commands.len() >= 10,
        "found only {} cardc lines",
        commands.len()
    );
    let mut problems = Vec::new();
    for (document, line, command) in commands {
        let command = command
            .replace("<schema.cards>", "schema.cards")
            .replace("<old.cards>", "old.cards")
            .replace("<new.cards>", "new.cards")
            .replace("<dir>", "out")
            .replace("<schema.json>", "published.schema.json")
            .replace("<file.cards>", "imported.cards")
            .replace("<git-ref>", "HEAD");
        let (status, printed) = run(at, &command);
        // 0, or 1 for a verdict (stale outputs, a denied break); 2 is a usage error or a file
        // the command names that is not there.
        if !(status == 0 || status == 1) {
            problems.push(format!(
                "{document}:{line}: `{command}` exited {status}:\n{printed}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_python_block_of_the_guide_runs_against_the_render_intent_package() {
    let root = repo_root();
    let python = installed("target/python-env/bin/python", "run scripts/python-env");
    let dir = tempfile::tempdir().expect("a scratch directory");
    let mut ran = 0;
    let mut problems = Vec::new();
    for path in documents() {
        if !path.starts_with(root.join("docs/src")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read a document");
        for block in blocks(&text) {
            let python_block = block.info.first().is_some_and(|w| w == "python");
            if !python_block || block.attribute("file").is_some() || block.has("fragment") {
                continue;
            }
            ran += 1;
            let script = dir.path().join(format!("block{ran}.py"));
            std::fs::write(&script, &block.body).expect("write the block");
            let output = Command::new(&python)
                .arg(&script)
                .env("PYTHONPATH", root.join("generated/python"))
                .current_dir(dir.path())
                .output()
                .expect("run python");
            if !output.status.success() {
                problems.push(format!(
                    "{}:{}: the block fails:\n{}",
                    shown(&path),
                    block.line,
                    String::from_utf8_lossy(&output.stderr)
                ));
            }
        }
    }
    assert!(ran >= 2, "ran only {ran} Python blocks");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_derive_block_of_the_guide_builds_in_a_fresh_crate() {
    let root = repo_root();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    // The README's lines name the published version; the path form the README gives as the
    // alternative takes it from this checkout.
    let dependencies = format!(
        "{}\n[patch.crates-io]\ncardc = {{ path = {:?} }}\n",
        blocks(&readme)
            .into_iter()
            .find(|block| block.has("toml") && block.body.starts_with("[dependencies]\n"))
            .expect("the README's [dependencies] lines")
            .body,
        root.join("cardc")
    );
    let mut built = 0;
    for path in documents() {
        if !path.starts_with(root.join("docs/src")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read a document");
        for block in blocks(&text) {
            let rust = block.info.first().is_some_and(|w| w == "rust");
            if !rust
                || block.attribute("file").is_some()
                || !block.body.contains("#[derive(cardc::Schema)]")
            {
                continue;
            }
            built += 1;
            let dir = tempfile::tempdir().expect("a scratch crate");
            std::fs::create_dir_all(dir.path().join("src")).expect("mkdir");
            std::fs::create_dir_all(dir.path().join("schema")).expect("mkdir");
            std::fs::copy(
                root.join("schema/render_intent.cards"),
                dir.path().join("schema/render_intent.cards"),
            )
            .expect("copy the schema");
            std::fs::write(
                dir.path().join("Cargo.toml"),
                format!(
                    "[package]\nname = \"book-derive-{built}\"\nversion = \"0.1.0\"\n\
                     edition = \"2024\"\n\n{dependencies}"
                ),
            )
            .expect("Cargo.toml");
            let source = block.source();
            let main = if source.contains("fn main") {
                source
            } else {
                format!("{source}\nfn main() {{}}\n")
            };
            std::fs::write(dir.path().join("src/main.rs"), main).expect("main.rs");
            // `no_run`, as in rustdoc: built, not run (its inputs are the reader's).
            let command = if block.has("no_run") {
                "cargo build --quiet"
            } else {
                "cargo run --quiet"
            };
            let (status, printed) = run(dir.path(), command);
            assert_eq!(
                status,
                0,
                "{}:{}: the derive block does not build and run:\n{printed}",
                shown(&path),
                block.line
            );
        }
    }
    assert!(built >= 4, "built only {built} derive blocks");
}

#[test]
fn every_typescript_block_of_the_guide_compiles_against_the_render_intent_types() {
    let root = repo_root();
    let tsc = installed(
        "node_modules/typescript/bin/tsc",
        "run `npm ci` at the repository root",
    );
    let dir = tempfile::tempdir().expect("a scratch directory");
    // The output and the modules it imports from beside it.
    for module in [
        "render_intent.ts",
        "render_intent.guards.ts",
        "cardc_runtime.ts",
    ] {
        std::fs::copy(root.join("generated").join(module), dir.path().join(module))
            .expect("copy the TypeScript output");
    }
    let mut compiled = 0;
    let mut problems = Vec::new();
    for path in documents() {
        if !path.starts_with(root.join("docs/src")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read a document");
        for block in blocks(&text) {
            let ts = block.info.first().is_some_and(|w| w == "ts");
            if !ts || block.attribute("file").is_some() || block.has("fragment") {
                continue;
            }
            compiled += 1;
            let file = format!("block{compiled}.ts");
            std::fs::write(dir.path().join(&file), block.source()).expect("write the block");
            let output = Command::new("node")
                .arg(&tsc)
                .args(["--strict", "--noEmit", "--target", "es2022"])
                .args(["--module", "esnext", "--moduleResolution", "bundler"])
                .arg(&file)
                .current_dir(dir.path())
                .output()
                .expect("run tsc");
            if !output.status.success() {
                problems.push(format!(
                    "{}:{}: the block does not compile:\n{}",
                    shown(&path),
                    block.line,
                    String::from_utf8_lossy(&output.stdout)
                ));
            }
        }
    }
    assert!(compiled >= 2, "compiled only {compiled} TypeScript blocks");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
