//! End to end in a real editor: Neovim (Debian's package, which the test command installs),
//! headless, with its built-in LSP client against `cardc lsp`. `neovim/e2e.lua` opens a schema,
//! makes a mistake and undoes it, hovers, jumps to a definition, renames and formats, and
//! records what the editor shows; this test judges it.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const CARDS: &str = include_str!("lsp/cards.cards");

/// Neovim, which must be there: the test command installs it, and a missing editor fails the
/// test rather than skipping it.
fn nvim() -> &'static str {
    let found = Command::new("nvim")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    assert!(
        found,
        "Neovim is not installed: scripts/test installs Debian's neovim (apt-get install neovim)"
    );
    "nvim"
}

#[test]
fn neovim_shows_the_servers_diagnostics_hover_definition_rename_and_formatting() {
    let dir = tempfile::tempdir().expect("scratch");
    let root = dir.path().canonicalize().expect("canonical");
    std::fs::write(root.join("cards.cards"), CARDS).expect("schema");
    let result_path = root.join("result.json");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/neovim/e2e.lua");
    let mut editor = Command::new(nvim())
        .args(["--headless", "--clean", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .arg("cards.cards")
        .current_dir(&root)
        .env("CARDC", env!("CARGO_BIN_EXE_cardc"))
        .env("CARDC_RESULT", &result_path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .expect("nvim starts");
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = editor.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = editor.kill();
            panic!("Neovim did not finish in two minutes");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "nvim exited with {status}");
    let result: Value = serde_json::from_str(
        &std::fs::read_to_string(&result_path).expect("the script wrote its result"),
    )
    .expect("JSON");
    assert!(
        result["timed_out"].is_null(),
        "timed out waiting for {}: {result}",
        result["timed_out"]
    );

    // The checker's report, where the mistake is, as an error.
    let diagnostics = result["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let diagnostic = &diagnostics[0];
    let message = diagnostic["message"].as_str().expect("message");
    assert!(
        message.starts_with("unknown type `TextCrad`")
            && message.contains("hint: did you mean `TextCard`?"),
        "{message}"
    );
    let (line, column) = line_col(CARDS, "TextCard)", 0);
    assert_eq!(
        (diagnostic["lnum"].as_u64(), diagnostic["col"].as_u64()),
        (Some(line), Some(column))
    );
    assert_eq!(diagnostic["severity"], 1, "an error");
    assert_eq!(diagnostic["source"], "cardc");

    // The hover window: the type's keys with their wire names, and an example payload.
    let hover = result["hover"]
        .as_array()
        .expect("hover lines")
        .iter()
        .map(|line| line.as_str().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    for expected in [
        "ImageCard",
        "\"imageUrl\"",
        "\"altText\"",
        "optional",
        "Read aloud in its place.",
    ] {
        assert!(
            hover.contains(expected),
            "{expected:?} not in the hover:\n{hover}"
        );
    }

    // The jump lands on the declaration.
    let definition = &result["definition"];
    assert_eq!(definition["text"], "struct ImageCard {");
    assert_eq!(
        definition["line"].as_u64(),
        Some(line_col(CARDS, "struct ImageCard", 0).0)
    );

    // The rename reached the string that flattens the struct.
    let renamed = lines(&result["renamed"]);
    assert!(
        renamed.contains("#[flatten = \"Common\"]") && renamed.contains("struct Common {"),
        "{renamed}"
    );
    assert!(!renamed.contains("Envelope"), "{renamed}");

    // Formatting gives cardc fmt's layout.
    let formatted = lines(&result["formatted"]);
    let expected = cardc_codegen::fmt::format(&renamed).expect("the renamed schema formats");
    assert_eq!(formatted, expected.trim_end_matches('\n'));
    assert_ne!(formatted, renamed);
}

/// A buffer's lines as one text.
fn lines(value: &Value) -> String {
    value
        .as_array()
        .expect("lines")
        .iter()
        .map(|line| line.as_str().expect("a line"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The 0-based line and byte column of the `nth` occurrence of `needle`.
fn line_col(text: &str, needle: &str, nth: usize) -> (u64, u64) {
    let offset = text.match_indices(needle).nth(nth).expect("present").0;
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let column = offset - before.rfind('\n').map_or(0, |newline| newline + 1);
    (line as u64, column as u64)
}
