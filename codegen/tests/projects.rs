//! Projects from the command line: `cardc init` starts one, `generate` and `check` with no
//! schema argument act on the whole project file, `--target` keeps some outputs, and schema
//! files that import one another are generated together.

use std::path::Path;
use std::process::{Command, Output};

const CARDC: &str = env!("CARGO_BIN_EXE_cardc");

fn cardc(dir: &Path, args: &[&str]) -> Output {
    Command::new(CARDC)
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run cardc")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn init_starts_a_project_that_generates_and_checks_and_never_overwrites() {
    let dir = tempfile::tempdir().expect("scratch");
    let init = cardc(
        dir.path(),
        &["init", "--rust", "--typescript", "web/src/contracts"],
    );
    assert!(init.status.success(), "{}", text(&init.stderr));
    let printed = text(&init.stdout);
    assert!(
        printed.contains("wrote cardc.toml\nwrote schema/contract.cards\n"),
        "{printed}"
    );
    assert!(printed.contains("pub mod contract;"), "{printed}");
    assert!(
        printed.contains("web/src/contracts/contract.js"),
        "{printed}"
    );
    assert!(!printed.contains("Python"), "{printed}");
    let generate = cardc(dir.path(), &["generate"]);
    assert!(generate.status.success(), "{}", text(&generate.stderr));
    assert!(dir.path().join("src/contracts/contract.rs").is_file());
    assert!(dir.path().join("web/src/contracts/contract.ts").is_file());
    assert!(!dir.path().join("schemas").exists());
    let check = cardc(dir.path(), &["check"]);
    assert!(check.status.success(), "{}", text(&check.stderr));
    // A second init refuses, and writes nothing.
    let project = std::fs::read_to_string(dir.path().join("cardc.toml")).expect("project file");
    let again = cardc(dir.path(), &["init", "--python", "worker"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("cardc.toml exists already"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("cardc.toml")).expect("project file"),
        project
    );
}

#[test]
fn init_keeps_a_schema_that_is_there() {
    let dir = tempfile::tempdir().expect("scratch");
    std::fs::create_dir_all(dir.path().join("schema")).expect("mkdir");
    std::fs::write(dir.path().join("schema/contract.cards"), "struct Mine {}\n").expect("write");
    let init = cardc(dir.path(), &["init"]);
    assert!(init.status.success(), "{}", text(&init.stderr));
    assert!(text(&init.stdout).contains("kept schema/contract.cards, which exists"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("schema/contract.cards")).expect("schema"),
        "struct Mine {}\n"
    );
}

/// A project of two files, one importing the other, every target in its own directory.
fn two_file_project(dir: &Path) {
    std::fs::create_dir_all(dir.join("schema")).expect("mkdir");
    std::fs::write(
        dir.join("schema/common.cards"),
        "/// An id.\nstruct Id(String);\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("schema/chat.cards"),
        "use common::Id;\n#[union(tag = \"kind\")]\nenum Message {\n    Say(Say),\n}\n\
         struct Say {\n    id: Id,\n}\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("cardc.toml"),
        "schemas = [\"schema/chat.cards\"]\n[rust]\nout = \"rust\"\n[typescript]\nout = \"web\"\n\
         [python]\nout = \"worker\"\n[json-schema]\nout = \"schemas\"\n",
    )
    .expect("write");
}

#[test]
fn generate_and_check_act_on_the_whole_project_or_the_targets_named() {
    let dir = tempfile::tempdir().expect("scratch");
    two_file_project(dir.path());
    let only = cardc(dir.path(), &["generate", "--target", "typescript"]);
    assert!(only.status.success(), "{}", text(&only.stderr));
    assert!(dir.path().join("web/chat.ts").is_file());
    assert!(dir.path().join("web/common.ts").is_file());
    assert!(!dir.path().join("rust").exists());
    let stale = cardc(dir.path(), &["check"]);
    assert_eq!(stale.status.code(), Some(1));
    assert!(
        text(&stale.stderr).contains("missing: rust/chat.rs"),
        "{}",
        text(&stale.stderr)
    );
    assert!(
        text(&stale.stderr).contains(" generate\n"),
        "{}",
        text(&stale.stderr)
    );
    assert!(cardc(dir.path(), &["generate"]).status.success());
    assert!(cardc(dir.path(), &["check"]).status.success());
    let rust = std::fs::read_to_string(dir.path().join("rust/chat.rs")).expect("chat.rs");
    assert!(rust.contains("use super::common::Id;"), "{rust}");
    // From a directory below, the project file is found above.
    std::fs::create_dir_all(dir.path().join("web/deep")).expect("mkdir");
    let below = cardc(&dir.path().join("web/deep"), &["check", "--target", "rust"]);
    assert!(below.status.success(), "{}", text(&below.stderr));
    // A target the project file does not place is refused, and nothing is written.
    std::fs::write(
        dir.path().join("cardc.toml"),
        "schemas = [\"schema/chat.cards\"]\n[rust]\nout = \"rust\"\n",
    )
    .expect("write");
    let missing = cardc(dir.path(), &["generate", "--target", "python"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("writes no `python` outputs"));
}

#[test]
fn a_bad_project_file_is_reported_where_it_is_wrong_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("scratch");
    two_file_project(dir.path());
    std::fs::write(
        dir.path().join("cardc.toml"),
        "schemas = [\"schema/chat.cards\"]\n[rust]\nout = \"rust\"\nmodul = \"crate\"\n",
    )
    .expect("write");
    let output = cardc(dir.path(), &["generate"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("cardc.toml:4:1"), "{stderr}");
    assert!(stderr.contains("did you mean `module`?"), "{stderr}");
    assert!(!dir.path().join("rust").exists());
}

#[test]
fn a_schema_is_generated_with_the_files_it_imports_and_an_import_error_is_located() {
    let dir = tempfile::tempdir().expect("scratch");
    two_file_project(dir.path());
    let output = cardc(
        dir.path(),
        &["generate", "schema/chat.cards", "--out", "out"],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    for file in [
        "chat.rs",
        "common.rs",
        "chat.schema.json",
        "common.schema.json",
    ] {
        assert!(dir.path().join("out").join(file).is_file(), "{file}");
    }
    // Two Python packages side by side: each a distribution of its own.
    let pyproject = std::fs::read_to_string(dir.path().join("out/python/chat/pyproject.toml"))
        .expect("chat's pyproject.toml");
    assert!(pyproject.contains(", \"common\"]"), "{pyproject}");
    let contained = cardc(
        dir.path(),
        &[
            "generate",
            "schema/chat.cards",
            "--out",
            "inline",
            "--self-contained",
        ],
    );
    assert_eq!(contained.status.code(), Some(1));
    assert!(text(&contained.stderr).contains("written self-contained"));
    std::fs::write(dir.path().join("schema/chat.cards"), "use comon::Id;\n").expect("write");
    let missing = cardc(dir.path(), &["check", "schema/chat.cards", "--out", "out"]);
    assert_eq!(missing.status.code(), Some(1));
    let stderr = text(&missing.stderr);
    assert!(
        stderr.contains("cannot read schema/comon.cards"),
        "{stderr}"
    );
    assert!(stderr.contains("schema/chat.cards:1:5"), "{stderr}");
}

/// A running `cardc generate --watch`, its output lines as they come, killed when dropped.
struct Watch {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Watch {
    fn start(dir: &Path) -> Watch {
        use std::io::BufRead;
        let mut child = Command::new(CARDC)
            .current_dir(dir)
            .args(["generate", "--watch"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("run cardc --watch");
        let (send, lines) = std::sync::mpsc::channel();
        // The watch writes its whole log, reports too, to standard output, in order.
        let stdout = child.stdout.take().expect("piped");
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Watch {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for a line holding `needle` (a minute at most, so a broken watch fails the test
    /// rather than hanging it); gives every line seen up to it.
    fn until(&mut self, needle: &str) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let start = self.seen.len();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let found = line.contains(needle);
                    self.seen.push(line);
                    if found {
                        return self.seen[start..].join("\n");
                    }
                }
                Err(_) => panic!("no line with {needle:?}; saw:\n{}", self.seen.join("\n")),
            }
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Saves `text` at `path` as an editor does: written beside it, then renamed over it.
fn save(path: &Path, text: &str) {
    let temporary = path.with_extension("cards.swp");
    std::fs::write(&temporary, text).expect("write");
    std::fs::rename(&temporary, path).expect("rename");
}

#[test]
fn watch_regenerates_on_a_change_and_goes_on_after_an_error_reported_once() {
    let dir = tempfile::tempdir().expect("scratch");
    two_file_project(dir.path());
    let mut watch = Watch::start(dir.path());
    let first = watch.until("watching");
    assert!(first.contains("wrote rust/chat.rs"), "{first}");
    // A mistake in the imported file: reported, and the watch goes on.
    let common = dir.path().join("schema/common.cards");
    save(&common, "struct Id(Strin);\n");
    watch.until("unknown type `Strin`");
    // Changes that leave the same mistake do not report it again; the fix is generated.
    save(&common, "struct Id(Strin);\n\n");
    save(
        &dir.path().join("schema/chat.cards"),
        &std::fs::read_to_string(dir.path().join("schema/chat.cards")).expect("chat"),
    );
    save(&common, "/// An id, now a number.\nstruct Id(u32);\n");
    watch.until("wrote rust/common.rs");
    let log = watch.seen.join("\n");
    assert_eq!(log.matches("unknown type `Strin`").count(), 1, "{log}");
    let rust = std::fs::read_to_string(dir.path().join("rust/common.rs")).expect("common.rs");
    assert!(rust.contains("pub struct Id(pub u32);"), "{rust}");
}

#[test]
fn fmt_with_no_file_lays_out_the_whole_project_or_nothing() {
    let dir = tempfile::tempdir().expect("scratch");
    two_file_project(dir.path());
    let common = dir.path().join("schema/common.cards");
    std::fs::write(&common, "struct   Id( String );\n").expect("write");
    let check = cardc(dir.path(), &["fmt", "--check"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(text(&check.stdout).contains("+struct Id(String);"));
    // One file that does not parse: no file is written.
    let chat = dir.path().join("schema/chat.cards");
    let chat_text = std::fs::read_to_string(&chat).expect("chat");
    std::fs::write(&chat, format!("{chat_text}struct {{\n")).expect("write");
    let broken = cardc(dir.path(), &["fmt"]);
    assert_eq!(broken.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(&common).expect("common"),
        "struct   Id( String );\n"
    );
    std::fs::write(&chat, &chat_text).expect("write");
    let formatted = cardc(dir.path(), &["fmt"]);
    assert!(formatted.status.success(), "{}", text(&formatted.stderr));
    assert_eq!(
        std::fs::read_to_string(&common).expect("common"),
        "struct Id(String);\n"
    );
}
