//! What the book's tests and the distribution test share: the repository's root, the fenced
//! code blocks of a Markdown document, the `$ ...` steps of a console block, and the tools the
//! test command installs. Each test binary uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The repository's root, resolved.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("repository root")
}

/// A path as the repository names it, for messages.
pub fn shown(path: &Path) -> String {
    path.strip_prefix(repo_root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A fenced code block: its info string's comma-separated words, its body, and the 1-based
/// line of its opening fence.
pub struct Block {
    pub info: Vec<String>,
    pub body: String,
    pub line: usize,
}

impl Block {
    /// Whether the info string has `word`.
    pub fn has(&self, word: &str) -> bool {
        self.info.iter().any(|w| w == word)
    }

    /// The value of a `key=value` word of the info string.
    pub fn attribute(&self, key: &str) -> Option<&str> {
        self.info
            .iter()
            .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
    }

    /// The text as a compiler reads it: the lines mdBook hides shown, `# ` (or `#` alone) in
    /// a `rust` block, as rustdoc hides them, and `~` in a `ts` block (`docs/book.toml`).
    pub fn source(&self) -> String {
        let language = self.info.first().map_or("", String::as_str);
        let mut text = String::new();
        for line in self.body.lines() {
            let line = match (language, line) {
                ("rust", "#") => "",
                ("rust", _) => line.strip_prefix("# ").unwrap_or(line),
                ("ts", _) => line.strip_prefix('~').unwrap_or(line),
                _ => line,
            };
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}

/// A line that opens or closes a fence: its run of backticks and the info string after it
/// (CommonMark: three or more backticks at the start of a line, and no backtick after them,
/// so a line that starts with an inline code span of backticks is prose).
pub fn fence(line: &str) -> Option<(usize, &str)> {
    let ticks = line.len() - line.trim_start_matches('`').len();
    let info = &line[ticks..];
    (ticks >= 3 && !info.contains('`')).then_some((ticks, info.trim()))
}

/// The fenced blocks of a Markdown text (fenced at the start of a line, as every document
/// here writes them), and the lines outside them with their 1-based numbers.
pub fn parse(text: &str) -> (Vec<Block>, Vec<(usize, &str)>) {
    let mut found = Vec::new();
    let mut prose = Vec::new();
    let mut open: Option<(usize, Block)> = None;
    for (index, line) in text.lines().enumerate() {
        match (&mut open, fence(line)) {
            (None, Some((ticks, info))) => {
                let block = Block {
                    info: info
                        .split(',')
                        .map(|w| w.trim().to_string())
                        .filter(|w| !w.is_empty())
                        .collect(),
                    body: String::new(),
                    line: index + 1,
                };
                open = Some((ticks, block));
            }
            (Some((opened, _)), Some((ticks, ""))) if ticks >= *opened => {
                found.extend(open.take().map(|(_, block)| block));
            }
            (Some((_, block)), _) => {
                block.body.push_str(line);
                block.body.push('\n');
            }
            (None, None) => prose.push((index + 1, line)),
        }
    }
    assert!(open.is_none(), "an unclosed code block");
    (found, prose)
}

/// The fenced blocks of a Markdown text.
pub fn blocks(text: &str) -> Vec<Block> {
    parse(text).0
}

/// The lines of a Markdown text outside its fenced blocks, with their 1-based numbers.
pub fn prose(text: &str) -> Vec<(usize, &str)> {
    parse(text).1
}

/// One `$ ...` line of a console block and what it must print.
pub struct Step {
    pub command: String,
    pub status: i32,
    pub output: Vec<String>,
}

/// The steps of a console block: each `$ ` line, its `# exits N` status (0 without one), and
/// the lines after it, which it must print.
pub fn steps(body: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for line in body.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            let (command, status) = match command.split_once("# exits ") {
                Some((command, status)) => (command, status.trim().parse().expect("a status")),
                None => (command, 0),
            };
            steps.push(Step {
                command: command.trim().to_string(),
                status,
                output: Vec::new(),
            });
        } else {
            let step = steps.last_mut().expect("a console block starts with `$ `");
            step.output.push(line.to_string());
        }
    }
    steps
}

/// A tool the test command installs: a missing one is a failure, not a skip.
pub fn installed(relative: &str, how: &str) -> PathBuf {
    let path = repo_root().join(relative);
    assert!(
        path.exists(),
        "{relative} is missing: {how} (scripts/test does)"
    );
    path
}
