//! Parsing piece by piece gives what parsing the whole file gives: the same tree and the same
//! reports, on every schema of the repository (the bad-schema corpus among them), on a sample of
//! the fuzz corpus, and on schemas drawn from the grammar and then broken by random edits, each
//! version parsed through one cache as an editor's would be.

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use super::{ParseCache, parse_cached, parse_whole, pieces, split};

/// Both parses of `text`, as text to compare: the tree and the reports.
fn both(text: &str) -> (String, String) {
    let whole = parse_whole(text);
    let in_pieces = pieces::parse(text, None);
    (format!("{whole:#?}"), format!("{in_pieces:#?}"))
}

fn assert_alike(name: &str, text: &str) {
    let (whole, in_pieces) = both(text);
    if whole != in_pieces {
        panic!(
            "{name}: parsing in pieces differs from parsing whole:\n{}",
            similar::TextDiff::from_lines(&whole, &in_pieces).unified_diff()
        );
    }
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.cards` file under a directory, in name order.
fn schemas_under(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            schemas_under(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "cards") {
            found.push(path);
        }
    }
}

#[test]
fn every_schema_of_the_repository_parses_alike_in_pieces() {
    let mut found = vec![repo().join("schema/render_intent.cards")];
    schemas_under(&repo().join("tests"), &mut found);
    assert!(found.len() > 250, "{} schemas", found.len());
    let mut cut = 0;
    for path in &found {
        let text = std::fs::read_to_string(path).expect("readable");
        assert_alike(&path.display().to_string(), &text);
        cut += usize::from(split::split(&text).is_some_and(|pieces| pieces.len() > 1));
    }
    // Most are cut: the test compares the pieces' parse, not the whole file's with itself.
    assert!(cut * 2 > found.len(), "{cut} of {} cut", found.len());
}

#[test]
fn a_sample_of_the_fuzz_corpus_parses_alike_in_pieces() {
    let dir = repo().join("fuzz/corpus/schema");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("the fuzz corpus")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .collect();
    names.sort();
    assert!(names.len() > 1_000, "{} inputs", names.len());
    // Every 25th input: about 400 of them, a test's worth; all of them agree too (the
    // performance page says how that was run).
    for path in names.iter().step_by(25) {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        assert_alike(&path.display().to_string(), &text);
    }
}

#[test]
fn a_broken_declaration_before_a_use_parses_alike_in_pieces() {
    // The whole file's parser skips a broken declaration up to what may start the next one,
    // and a `use` is not such a start: the `use` after it is skipped too.
    assert_alike("broken struct", "struct A { x: }\nuse a::B;\nstruct C {}\n");
    assert_alike("broken use", "use a::;\nuse b::C;\n");
    assert_alike(
        "broken before a struct",
        "struct A { x: }\nstruct C { a: B }\n",
    );
}

/// Pieces of text an edit puts in: brackets, quotes, comments, attributes, keywords and the
/// tokens the scanner gives up at.
const INSERTS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    "\"",
    "'",
    ";",
    ",",
    "#",
    "!",
    "/",
    "*",
    "//",
    "/*",
    "*/",
    "///",
    "//!",
    "/**",
    "#[",
    "#![",
    "#![id = \"x\"]",
    "#[rename = \"x\"]",
    "pub ",
    "struct ",
    "enum ",
    "struct A {}",
    "enum E { X }",
    "r#",
    "r#self",
    "Self",
    "\\d",
    "\"\\d\"",
    "r#\"",
    "\"#",
    "\n",
    "\r",
    "\u{feff}",
    "é",
    "Vec<",
    "Option<",
    "fn",
    "'a",
    "0",
    "-",
    "use ",
    "use a::{B, C};",
    "use super::a::B;",
    "::",
    "*",
];

/// `text` with each edit applied in turn: a byte offset, and a piece of text to put there or a
/// length to delete.
fn edited(text: &str, edits: &[(usize, usize, bool)]) -> String {
    let mut text = text.to_string();
    for &(at, what, delete) in edits {
        let mut at = at % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        if delete {
            let mut end = (at + what % 12).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            text.replace_range(at..end, "");
        } else {
            text.insert_str(at, INSERTS[what % INSERTS.len()]);
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn drawn_and_broken_schemas_parse_alike_in_pieces_and_through_a_cache(
        drawn in proptest::collection::vec(any::<u8>(), 16..600),
        versions in proptest::collection::vec(
            proptest::collection::vec((any::<usize>(), any::<usize>(), any::<bool>()), 0..4),
            1..5,
        ),
    ) {
        let Ok(text) = cardc_schema_gen::schema(&mut cardc_schema_gen::Unstructured::new(&drawn))
        else {
            return Ok(());
        };
        let mut cache = ParseCache::default();
        let mut text = text;
        for edits in &versions {
            let (whole, in_pieces) = both(&text);
            prop_assert_eq!(&whole, &in_pieces, "in pieces:\n{}", text);
            let cached = format!("{:#?}", parse_cached(&text, &mut cache));
            prop_assert_eq!(&whole, &cached, "through the cache:\n{}", text);
            let cut = cache.last.as_ref().map(|(_, pieces)| pieces.clone());
            prop_assert_eq!(cut, split::split(&text), "cut again around the edit:\n{}", text);
            text = edited(&text, edits);
        }
    }
}
