//! Realistic text for the corpus: source code, shell output with ANSI colours, paths and
//! prose. JSON escapes come naturally: newlines, tabs, quotes, backslashes, control
//! characters and non-ASCII text.

use std::ops::RangeInclusive;

use super::rng::Rng;

/// Words for identifiers, prose and paths.
const WORDS: &[&str] = &[
    "render", "intent", "card", "terminal", "diff", "search", "result", "view", "title", "content",
    "block", "path", "line", "match", "file", "cache", "index", "buffer", "stream", "parse",
    "token", "schema", "union", "variant", "field", "value", "error", "config", "session",
    "client", "server", "request", "response", "handler", "worker", "queue", "state", "event",
    "retry", "limit", "offset", "cursor", "commit", "branch", "module",
];

/// Non-ASCII words, so that text is not all ASCII.
const UNICODE: &[&str] = &["naïve", "café", "→", "✓", "über", "日本語", "Ωmega", "🚀"];

/// Directories for paths.
const DIRS: &[&str] = &[
    "src",
    "src/emit",
    "src/check",
    "tests",
    "crates/core/src",
    "web/src/components",
    "lib",
    "docs",
    "scripts",
    "packages/ui/src",
];

/// File extensions for paths.
const EXTENSIONS: &[&str] = &["rs", "ts", "tsx", "json", "md", "toml", "py", "sh"];

/// Shell commands for terminal cards.
const COMMANDS: &[&str] = &[
    "cargo test --workspace",
    "cargo build --release",
    "npm run build",
    "git status --short",
    "ls -la",
    "rg -n \"fn main\" src",
    "pytest -q tests/",
    "make -j2 all",
    "docker compose up -d",
    "grep -R 'TODO' .",
];

/// A word.
pub fn word(rng: &mut Rng) -> &'static str {
    if rng.chance(4) {
        rng.pick(UNICODE)
    } else {
        rng.pick(WORDS)
    }
}

/// A sentence of a number of words within `words`.
pub fn sentence(rng: &mut Rng, words: RangeInclusive<usize>) -> String {
    let words = rng.range(*words.start(), *words.end());
    let mut out = String::new();
    for index in 0..words {
        if index > 0 {
            out.push(' ');
        }
        out.push_str(word(rng));
    }
    out.push('.');
    out
}

/// A file path.
pub fn path(rng: &mut Rng) -> String {
    format!(
        "{}/{}_{}.{}",
        rng.pick(DIRS),
        rng.pick(WORDS),
        rng.pick(WORDS),
        rng.pick(EXTENSIONS)
    )
}

/// A shell command.
pub fn command(rng: &mut Rng) -> String {
    let base = rng.pick(COMMANDS);
    if rng.chance(30) {
        format!("{base} -- {}", path(rng))
    } else {
        base.to_owned()
    }
}

/// One line of source code, with quotes, backslashes and tabs.
pub fn code_line(rng: &mut Rng) -> String {
    let indent = "    ".repeat(rng.range(0, 3));
    let (a, b, c) = (word(rng), word(rng), word(rng));
    match rng.range(0, 7) {
        0 => format!(
            "{indent}let {a}_{b} = {c}(\"{a}\\n\", {});",
            rng.range(0, 999)
        ),
        1 => format!("{indent}fn {a}_{b}(&self, {c}: &str) -> Result<(), Error> {{"),
        2 => format!("{indent}// {}", sentence(rng, 6..=6)),
        3 => format!(
            "{indent}if {a}.len() > {} {{ return Err(\"{b}\\t{c}\".into()); }}",
            rng.range(1, 64)
        ),
        4 => format!("{indent}\tprintln!(\"{a} = {{:?}} \\\"{b}\\\"\", {c});"),
        5 => format!(
            "{indent}const {}: &str = \"C:\\\\{a}\\\\{b}\";",
            a.to_uppercase()
        ),
        6 => format!("{indent}}}"),
        _ => format!("{indent}{a}.{b}({c}, \"{}\");", word(rng)),
    }
}

/// Source text of a number of lines within `lines`, each ending in a newline.
pub fn code(rng: &mut Rng, lines: RangeInclusive<usize>) -> String {
    let lines = rng.range(*lines.start(), *lines.end());
    let mut out = String::new();
    for _ in 0..lines {
        out.push_str(&code_line(rng));
        out.push('\n');
    }
    out
}

/// Terminal output of a number of lines within `lines`: compiler and test output with ANSI
/// colours, tabs and carriage returns.
pub fn terminal_output(rng: &mut Rng, lines: RangeInclusive<usize>) -> String {
    let lines = rng.range(*lines.start(), *lines.end());
    let mut out = String::new();
    for _ in 0..lines {
        match rng.range(0, 5) {
            0 => out.push_str(&format!(
                "\u{1b}[32m   Compiling\u{1b}[0m {} v0.{}.{} ({})",
                word(rng),
                rng.range(0, 9),
                rng.range(0, 30),
                path(rng)
            )),
            1 => out.push_str(&format!(
                "test {}::{}_{} ... \u{1b}[32mok\u{1b}[0m",
                word(rng),
                word(rng),
                word(rng)
            )),
            2 => out.push_str(&format!(
                "\u{1b}[1m\u{1b}[31merror\u{1b}[0m: {}\n  --> {}:{}:{}",
                sentence(rng, 7..=7),
                path(rng),
                rng.range(1, 900),
                rng.range(1, 80)
            )),
            3 => out.push_str(&format!(
                "{}\t{}\t{}",
                rng.range(0, 99_999),
                word(rng),
                path(rng)
            )),
            4 => out.push_str(&format!("progress {}%\r", rng.range(0, 100))),
            _ => out.push_str(&code_line(rng)),
        }
        out.push('\n');
    }
    out
}

/// Base64-looking text of a length within `len`, as an image's data.
pub fn base64(rng: &mut Rng, len: RangeInclusive<usize>) -> String {
    let len = rng.range(*len.start(), *len.end());
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    (0..len).map(|_| char::from(rng.pick(ALPHABET))).collect()
}
