//! Runs the `cardc-demo` binary on `samples/session.jsonl` and compares its output with the
//! committed expected outputs beside it: the transcript, and the ACP updates with and without
//! terminal output. They are
//! insta snapshots: after an intended change, review them with `cargo insta review` or accept
//! them with `INSTA_UPDATE=always cargo test -p cardc-demo --test samples`.
//! Also: bad lines, usage errors and colour.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn samples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples")
}

/// Runs the demo with `args` on `input`, without `NO_COLOR` or `COLUMNS` from the caller.
fn demo(args: &[&str], input: &[u8], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cardc-demo"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("start cardc-demo");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    stdin.write_all(input).expect("write the demo's input");
    drop(stdin);
    child.wait_with_output().expect("run cardc-demo")
}

fn session() -> Vec<u8> {
    std::fs::read(samples().join("session.jsonl")).expect("read the sample session")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("the demo writes UTF-8")
}

/// Runs the demo on the sample session and compares stdout with the snapshot `expected` in
/// `samples/`.
fn check_sample(args: &[&str], expected: &str) {
    let output = demo(args, &session(), &[]);
    assert_eq!(
        text(&output.stderr),
        "",
        "the sample session has no bad line"
    );
    assert!(output.status.success(), "{args:?}: {:?}", output.status);
    insta::with_settings!({
        snapshot_path => samples(),
        prepend_module_to_snapshot => false,
        omit_expression => true,
        description => format!("cardc-demo {}", args.join(" ")),
    }, {
        insta::assert_snapshot!(expected, text(&output.stdout));
    });
}

#[test]
fn the_transcript_of_the_sample_session() {
    check_sample(&["--width", "80", "--color", "never"], "session.transcript");
}

#[test]
fn the_acp_updates_of_the_sample_session() {
    check_sample(&["--acp"], "session.acp");
}

#[test]
fn the_acp_updates_for_a_client_with_terminal_output() {
    check_sample(&["--acp", "--terminal-output"], "session.acp-terminal");
}

#[test]
fn the_samples_cover_every_card() {
    let output = demo(&["--width", "80", "--color", "never"], &session(), &[]);
    let transcript = text(&output.stdout);
    // Each card's own mark in the transcript: generic call and result, terminal call and
    // result, diff call and result, and both kinds of search.
    for mark in [
        "[read]\n",
        "< result\n",
        "\n$ cargo test",
        "succeeded (exit code 0)",
        "\n  +++ src/config.rs\n",
        "< applied change\n",
        "< search: 3 matches in 2 files\n",
        "< search: 2 paths\n",
        "showing 3 of 1,204 matches",
        "[image: image/png, 70 bytes]",
    ] {
        assert!(transcript.contains(mark), "no {mark:?} in the transcript");
    }
}

#[test]
fn each_call_is_one_tool_call_then_one_tool_call_update() {
    let output = demo(&["--acp"], &session(), &[]);
    let updates: Vec<Value> = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect();
    let lines = text(&session()).lines().count();
    let mut open = None;
    for update in &updates {
        let id = update["toolCallId"]
            .as_str()
            .expect("a tool call id")
            .to_owned();
        match update["sessionUpdate"].as_str() {
            Some("tool_call") => open = Some(id),
            Some("tool_call_update") => {
                assert_eq!(open.take(), Some(id), "an update for the open call")
            }
            other => panic!("unexpected session update {other:?}"),
        }
    }
    // Every line is a call; all but the last (still running) have a result.
    assert_eq!(updates.len(), 2 * lines - 1);
}

#[test]
fn a_bad_line_is_reported_by_number_and_the_rest_still_print() {
    let input = b"{\"call\": {\"card\": \"terminal\", \"title\": \"ls\"}}\nnot json\n\n{\"call\": {\"card\": \"table\", \"title\": \"t\"}}\n\xff\n{\"tool\": \"read\", \"args\": {\"file_path\": \"a.rs\"}}\n";
    let output = demo(&["--color", "never", "--width", "40"], input, &[]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stdout),
        "$ ls\n\n> Read a.rs [read]\n  at a.rs:1\n"
    );
    let errors = text(&output.stderr);
    let lines: Vec<&str> = errors.lines().collect();
    assert_eq!(lines.len(), 3, "{errors}");
    assert!(
        lines[0].starts_with("cardc-demo: line 2: column 2: "),
        "{errors}"
    );
    assert!(
        lines[1].starts_with("cardc-demo: line 4: column 25: unknown variant `table`"),
        "{errors}"
    );
    assert!(
        lines[2].starts_with("cardc-demo: line 5: not UTF-8 text"),
        "{errors}"
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["--terminal-output"][..],
        &["--width", "5"],
        &["--width", "wide"],
        &["--acp", "--width", "80"],
        &["--color", "sometimes"],
    ] {
        let output = demo(args, b"", &[]);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(text(&output.stderr).contains("error:"), "{args:?}");
    }
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let line = br#"{"call": {"card": "terminal", "title": "ls"}, "result": {"card": "terminal", "exitCode": 0}}"#;
    let piped = demo(&[], line, &[]);
    assert!(
        !text(&piped.stdout).contains('\x1b'),
        "a pipe is not a terminal"
    );
    let forced = demo(&["--color", "always"], line, &[("NO_COLOR", "1")]);
    assert!(text(&forced.stdout).contains("\x1b[32msucceeded (exit code 0)\x1b[0m"));
}

#[test]
fn the_width_defaults_to_columns() {
    let line = format!(
        r#"{{"call": {{"card": "generic", "title": "{}"}}}}"#,
        "x".repeat(50)
    );
    let wide = demo(&[], line.as_bytes(), &[]);
    assert_eq!(
        text(&wide.stdout).lines().count(),
        1,
        "50 columns fit in 80"
    );
    let narrow = demo(&[], line.as_bytes(), &[("COLUMNS", "30")]);
    assert_eq!(text(&narrow.stdout).lines().count(), 2, "but not in 30");
}
