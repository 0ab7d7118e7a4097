//! The Demo section of `apps/demo/README.md` shows real output: each `sed -n '...' <sample> | cargo
//! run -q -p cardc-demo -- <args>` block there is run, and the block after it must be exactly what
//! the demo prints.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The fenced blocks of `apps/demo/README.md`'s `## Demo` section, in order.
fn demo_blocks() -> Vec<String> {
    let readme =
        std::fs::read_to_string(repo().join("apps/demo/README.md")).expect("read the README");
    let start = readme.find("\n## Demo\n").expect("a Demo section");
    let section = &readme[start + 1..];
    let end = section[1..]
        .find("\n#")
        .map_or(section.len(), |end| end + 1);
    let mut blocks = Vec::new();
    let mut block: Option<String> = None;
    for line in section[..end].lines() {
        match (&mut block, line.starts_with("```")) {
            (None, true) => block = Some(String::new()),
            (Some(_), true) => blocks.extend(block.take()),
            (Some(text), false) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, false) => {}
        }
    }
    blocks
}

/// Runs `sed -n '<a>p;<b>p' <file> | cargo run -q -p cardc-demo -- <args>` with the built
/// binary, selecting the lines itself.
fn run(command: &str) -> String {
    let (sed, args) = command
        .trim()
        .split_once(" | cargo run -q -p cardc-demo -- ")
        .expect("a command piping sed into the demo");
    let (spec, file) = sed
        .strip_prefix("sed -n '")
        .and_then(|rest| rest.split_once("' "))
        .expect("sed -n '<lines>' <file>");
    let text = std::fs::read_to_string(repo().join(file)).expect("read the sample");
    let lines: Vec<&str> = text.lines().collect();
    let mut input = String::new();
    for number in spec.split(';') {
        let number: usize = number
            .strip_suffix('p')
            .and_then(|number| number.parse().ok())
            .expect("a `<n>p` line selection");
        let line = number.checked_sub(1).and_then(|index| lines.get(index));
        input.push_str(line.expect("a line of the sample"));
        input.push('\n');
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc-demo"))
        .args(args.split_whitespace())
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start cardc-demo");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    stdin.write_all(input.as_bytes()).expect("write the input");
    drop(stdin);
    let output = child.wait_with_output().expect("run cardc-demo");
    assert!(output.status.success(), "{command}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
fn the_readme_demo_shows_what_the_demo_prints() {
    let blocks = demo_blocks();
    assert!(
        blocks.len() >= 2 && blocks.len().is_multiple_of(2),
        "command and output blocks in pairs"
    );
    for pair in blocks.chunks(2) {
        assert_eq!(
            run(&pair[0]),
            pair[1],
            "the README's output for `{}` is stale",
            pair[0].trim()
        );
    }
}
