//! Bad schemas: each `tests/schemas/errors/<condition>.cards` is named after what is wrong with
//! it, and its rendered report must equal its snapshot in `tests/schemas/errors/snapshots/`:
//! every problem, each with file:line:col, the source line, a caret and a hint.
//!
//! The snapshots are insta's: after an intended change, review them with `cargo insta review`
//! or accept them all with `INSTA_UPDATE=always cargo test -p cardc-codegen --test diagnostics`.

use std::path::{Path, PathBuf};

use cardc_codegen::compile;
use cardc_codegen::diagnostics::Source;

fn errors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/schemas/errors")
}

fn bad_schemas() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(errors_dir())
        .expect("tests/schemas/errors exists")
        .filter_map(Result::ok)
        .filter_map(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .strip_suffix(".cards")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

/// The report for one bad schema, exactly as `cardc` prints it.
fn report(name: &str) -> String {
    let relative = format!("tests/schemas/errors/{name}.cards");
    let text =
        std::fs::read_to_string(errors_dir().join(format!("{name}.cards"))).expect("readable");
    match compile(&relative, &text) {
        Ok(_) => format!("{relative} compiled without errors\n"),
        Err(errors) => Source {
            name: &relative,
            text: &text,
        }
        .render(&errors),
    }
}

#[test]
fn every_bad_schema_gets_its_expected_report() {
    let names = bad_schemas();
    assert!(
        names.len() >= 25,
        "expected at least 25 bad schemas, found {}",
        names.len()
    );
    insta::with_settings!({
        snapshot_path => errors_dir().join("snapshots"),
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        // Every case is compared before any failure is reported, so one run shows them all.
        insta::glob!("../../tests/schemas/errors", "*.cards", |path| {
            let name = path.file_stem().map(|stem| stem.to_string_lossy()).unwrap_or_default();
            let actual = report(&name);
            assert!(
                !actual.ends_with("compiled without errors\n"),
                "{name}.cards is meant to be a bad schema, but it compiles"
            );
            insta::assert_snapshot!("report", actual);
        });
    });
}

/// A snapshot whose bad schema was renamed or removed would otherwise linger unread.
#[test]
fn every_snapshot_has_its_bad_schema() {
    let names = bad_schemas();
    let snapshots = errors_dir().join("snapshots");
    for entry in std::fs::read_dir(&snapshots).expect("tests/schemas/errors/snapshots exists") {
        let file = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let case = file
            .strip_prefix("report@")
            .and_then(|rest| rest.strip_suffix(".cards.snap"));
        assert!(
            case.is_some_and(|case| names.iter().any(|name| name == case)),
            "{file} in {} belongs to no bad schema: delete it",
            snapshots.display()
        );
    }
}

#[test]
fn every_report_locates_each_problem_and_gives_a_hint() {
    for name in bad_schemas() {
        let text = report(&name);
        let location = format!("tests/schemas/errors/{name}.cards:");
        let problems = text.matches("\nerror: ").count() + usize::from(text.starts_with("error: "));
        assert!(problems >= 1, "{name}: no error in\n{text}");
        assert_eq!(
            text.matches(&location).count(),
            problems,
            "{name}: a problem without file:line:col\n{text}"
        );
        assert_eq!(
            text.matches("= hint: ").count(),
            problems,
            "{name}: a problem without a hint\n{text}"
        );
        assert!(text.contains('^'), "{name}: no caret\n{text}");
    }
}

#[test]
fn a_schema_with_several_mistakes_gets_all_of_them_in_one_run() {
    let text = report("several_mistakes_at_once");
    for expected in [
        ":4:12\n",  // unknown type
        ":5:11\n",  // u128
        ":8:8\n",   // duplicate type
        ":11:36\n", // duplicate tag value
    ] {
        assert!(
            text.contains(&format!("several_mistakes_at_once.cards{expected}")),
            "missing {expected} in\n{text}"
        );
    }
}

/// Every fix-it a report carries (what an editor offers as a quick fix) removes the problem it
/// is attached to, and the bad schemas exercise each kind: the did-you-mean type and entry,
/// another language's type name, a misspelt attribute, a missing `#[union(...)]` and a stray
/// `;`.
#[test]
fn every_fix_removes_its_problem() {
    let mut titles = Vec::new();
    for name in bad_schemas() {
        let relative = format!("tests/schemas/errors/{name}.cards");
        let text =
            std::fs::read_to_string(errors_dir().join(format!("{name}.cards"))).expect("readable");
        let Err(errors) = compile(&relative, &text) else {
            continue;
        };
        for error in &errors {
            for fix in &error.fixes {
                let mut fixed = text.clone();
                let mut edits = fix.edits.clone();
                edits.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
                for (span, replacement) in edits {
                    fixed.replace_range(span, &replacement);
                }
                let still = match compile(&relative, &fixed) {
                    Ok(_) => Vec::new(),
                    Err(after) => after,
                };
                assert!(
                    !still.iter().any(|other| other.message == error.message),
                    "{name}: `{}` left `{}` in place:\n{fixed}",
                    fix.title,
                    error.message
                );
                titles.push(fix.title.clone());
            }
        }
    }
    for kind in [
        "Replace with `ToolCallView`",
        "Replace with `String`",
        "Replace with `rename`",
        "Make it a tagged union",
        "Make it an untagged union",
        "Replace with `#[union(untagged)]`",
        "Replace with `#[union(tag = \"type\")]` `#[rename_all",
        "Remove the `;`",
    ] {
        assert!(
            titles.iter().any(|title| title.starts_with(kind)),
            "no bad schema gets a fix starting `{kind}`: {titles:?}"
        );
    }
}
