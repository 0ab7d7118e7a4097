//! `cardc fmt`'s layout: the committed schemas are in it, and for any schema the grammar draws
//! (with whitespace jumbled and comments put between any two tokens) formatting keeps every
//! comment, compiles to the same contract, and changes nothing the second time.

use std::ops::Range;
use std::path::{Path, PathBuf};

use cardc_codegen::{compile, emit, fmt};
use proc_macro2::{TokenStream, TokenTree};
use proptest::prelude::*;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The schemas the repository formats: the render-intent schema, every golden case and every
/// public contract (`<root>/<case>/<case>.cards`), relative to the repository root.
fn committed_schemas() -> Vec<String> {
    let mut schemas = vec!["schema/render_intent.cards".to_string()];
    for root in ["tests/schemas", "tests/contracts"] {
        for entry in std::fs::read_dir(repo_root().join(root)).expect("schema directory") {
            let name = entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned();
            let schema = format!("{root}/{name}/{name}.cards");
            if repo_root().join(&schema).is_file() {
                schemas.push(schema);
            }
        }
    }
    schemas.sort();
    schemas
}

#[test]
fn the_committed_schemas_are_formatted() {
    let schemas = committed_schemas();
    assert!(schemas.len() >= 20, "{schemas:?}");
    let mut stale = Vec::new();
    for schema in &schemas {
        let text = std::fs::read_to_string(repo_root().join(schema)).expect("schema readable");
        let formatted = fmt::format(&text).unwrap_or_else(|errors| panic!("{schema}: {errors:?}"));
        if formatted != text {
            stale.push(format!(
                "{schema}:\n{}",
                similar::TextDiff::from_lines(&text, &formatted).unified_diff()
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\nschemas not in cardc's layout; format them with:\n    \
         cargo run --bin cardc -- fmt {}",
        stale.join("\n"),
        schemas.join(" ")
    );
}

/// The byte ranges of a text's leaf tokens (a doc comment whole), in order.
fn leaves(text: &str, tokens: TokenStream, out: &mut Vec<Range<usize>>) {
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        let range = token.span().byte_range();
        match token {
            TokenTree::Group(group) => {
                out.push(group.span_open().byte_range());
                leaves(text, group.stream(), out);
                out.push(group.span_close().byte_range());
            }
            _ if text[range.clone()].starts_with("//") || text[range.clone()].starts_with("/*") => {
                while tokens
                    .peek()
                    .is_some_and(|next| next.span().byte_range() == range)
                {
                    tokens.next();
                }
                out.push(range);
            }
            _ => out.push(range),
        }
    }
}

/// `text` with the whitespace between its tokens replaced as `choices` say: kept, a space, a
/// line break, a blank line, or a numbered comment of either kind on the line or on its own.
/// Returns the text and the comments put in, or `None` for a text that does not lex (a raw
/// name Rust refuses, say).
fn jumbled(text: &str, choices: &[u8]) -> Option<(String, Vec<String>)> {
    let mut ranges = Vec::new();
    leaves(text, text.parse().ok()?, &mut ranges);
    ranges.sort_by_key(|range| range.start);
    let mut out = String::new();
    let mut comments = Vec::new();
    let mut end = 0;
    for (index, range) in ranges.iter().enumerate() {
        let gap = &text[end..range.start];
        let choice = choices.get(index).copied().unwrap_or(0);
        let number = comments.len();
        let mut replaced = match choice % 12 {
            0..=4 => gap.to_string(),
            5 => " ".to_string(),
            6 => "\n".to_string(),
            7 => "\n\n".to_string(),
            8 => format!(" /* c{number}~ */ "),
            9 => format!(" // c{number}~\n"),
            10 => format!("\n// c{number}~\n"),
            _ => format!("\n\n/* c{number}~ */\n\n"),
        };
        if (8..12).contains(&(choice % 12)) {
            comments.push(format!("c{number}~"));
        }
        // A line doc comment ends at its line break: anything after it on its line is in it.
        let after_line_doc = index > 0 && text[ranges[index - 1].clone()].starts_with("//");
        if after_line_doc && !replaced.starts_with('\n') {
            replaced.insert(0, '\n');
        }
        out.push_str(&replaced);
        out.push_str(&text[range.clone()]);
        end = range.end;
    }
    out.push_str(&text[end..]);
    Some((out, comments))
}

/// The schema's IR with every source position left out, and its outputs.
fn contract(text: &str) -> Result<(String, Vec<emit::Output>), Vec<String>> {
    let positions = regex::Regex::new(r"\d+\.\.\d+").expect("regex");
    match compile("drawn.cards", text) {
        Ok(schema) => Ok((
            positions
                .replace_all(&format!("{schema:?}"), "_")
                .into_owned(),
            emit::all(&schema),
        )),
        Err(errors) => {
            let mut messages: Vec<String> = errors.into_iter().map(|e| e.message).collect();
            messages.sort();
            Err(messages)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn formatting_keeps_comments_and_the_contract_and_is_idempotent(
        drawn in proptest::collection::vec(any::<u8>(), 16..400),
        choices in proptest::collection::vec(any::<u8>(), 0..200),
    ) {
        let Ok(text) = cardc_schema_gen::schema(&mut cardc_schema_gen::Unstructured::new(&drawn))
        else {
            return Ok(());
        };
        let Some((text, comments)) = jumbled(&text, &choices) else {
            return Ok(());
        };
        let Ok(once) = fmt::format(&text) else {
            // Refused: it does not parse, which the syntax layer says too.
            prop_assert!(!cardc_codegen::syntax::parse(&text).1.is_empty());
            return Ok(());
        };
        let twice = fmt::format(&once);
        prop_assert_eq!(twice.as_ref(), Ok(&once), "not idempotent:\n{}\n---\n{}", text, once);
        for comment in &comments {
            prop_assert_eq!(
                once.matches(comment.as_str()).count(), 1,
                "comment {} lost or doubled:\n{}\n---\n{}", comment, text, once
            );
        }
        prop_assert_eq!(contract(&text), contract(&once), "contract changed:\n{}\n---\n{}", text, once);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The committed schemas use every construct, and all of them compile.
    #[test]
    fn a_committed_schema_jumbled_formats_back_to_the_same_contract(
        pick in any::<proptest::sample::Index>(),
        choices in proptest::collection::vec(any::<u8>(), 0..3000),
    ) {
        let schemas = committed_schemas();
        let schema = pick.get(&schemas);
        let original = std::fs::read_to_string(repo_root().join(schema)).expect("schema readable");
        let Some((text, comments)) = jumbled(&original, &choices) else {
            panic!("{schema} does not lex");
        };
        let once = fmt::format(&text);
        prop_assert!(once.is_ok(), "{}: {:?}\n{}", schema, once, text);
        let once = once.unwrap_or_default();
        let twice = fmt::format(&once);
        prop_assert_eq!(twice.as_ref(), Ok(&once), "not idempotent:\n{}\n---\n{}", text, once);
        for comment in &comments {
            prop_assert_eq!(
                once.matches(comment.as_str()).count(), 1,
                "comment {} lost or doubled:\n{}\n---\n{}", comment, text, once
            );
        }
        let expected = contract(&original);
        prop_assert!(expected.is_ok(), "{} does not compile", schema);
        prop_assert_eq!(contract(&once), expected, "contract changed:\n{}", once);
    }
}

/// The inputs the `schema` fuzz target kept, for what they reach: byte order marks, raw strings,
/// comments of every kind, recovered errors. A fixed eighth of them (by name), to stay quick.
#[test]
fn the_fuzz_corpus_formats_to_the_same_contract_and_stays_formatted() {
    // The syntax layer's recursion on some of these inputs needs more than a test thread's
    // stack in a debug build.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(fuzz_corpus)
        .expect("spawn")
        .join()
        .expect("no panic");
}

fn fuzz_corpus() {
    let dir = repo_root().join("fuzz/corpus/schema");
    let mut formatted = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the fuzz corpus") {
        let path = entry.expect("entry").path();
        let sampled = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with(['0', '1']));
        if !sampled {
            continue;
        }
        // Inputs that are not UTF-8, or do not parse, are no schemas to format.
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(once) = fmt::format(&text) else {
            continue;
        };
        formatted += 1;
        if fmt::format(&once).as_ref() != Ok(&once) {
            failures.push(format!("{}: not idempotent", path.display()));
        } else if contract(&text) != contract(&once) {
            failures.push(format!("{}: the contract changed", path.display()));
        }
    }
    assert!(formatted >= 100, "only {formatted} corpus inputs formatted");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
