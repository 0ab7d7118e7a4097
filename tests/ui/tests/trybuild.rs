//! Compile-fail and compile-pass cases for `#[derive(cardc::Schema)]` and for the closed-union
//! proof on the bridge traits, one small file per condition under `fail/` (each with the
//! `.stderr` it must produce) and `pass/`; `closed_union.rs` holds the proof on the bridge
//! crates themselves, and `tracking.rs` shows cargo rebuilding on a change to an imported file.
//!
//! Schema paths in the cases are relative to trybuild's scratch crate under
//! `target/tests/trybuild/`, hence the `../../../../` prefix. Refresh the `.stderr` files with
//! `TRYBUILD=overwrite cargo test -p cardc-ui-tests`.

use std::path::Path;

#[test]
fn derive_cases() {
    let cases = trybuild::TestCases::new();
    cases.pass("pass/*.rs");
    cases.compile_fail("fail/*.rs");
}

/// The proof's schema must be the real one plus the `table` card, or the proof proves
/// nothing about the real bridges: every line of the real schema appears in the copy, in order.
#[test]
fn the_table_schema_is_the_real_schema_plus_a_card() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let real =
        std::fs::read_to_string(root.join("schema/render_intent.cards")).expect("the schema");
    let copy =
        std::fs::read_to_string(root.join("tests/ui/schemas/render_intent_with_table.cards"))
            .expect("the copy");
    let mut copy_lines = copy.lines();
    for line in real.lines() {
        assert!(
            copy_lines.any(|candidate| candidate == line),
            "tests/ui/schemas/render_intent_with_table.cards lacks, or reorders, the line {line:?} of \
             schema/render_intent.cards: copy the schema again and re-add the `table` card"
        );
    }
    assert_eq!(
        copy.matches("Table(").count(),
        2,
        "the copy adds `table` to both unions"
    );
}

/// The multi-file proof's project with a `table` card must be the project plus the card, added
/// to the imported union and, with an imported payload, to the importing one.
#[test]
fn the_project_with_table_is_the_project_plus_the_cards() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas");
    for (file, added) in [
        ("ids.cards", &[][..]),
        ("blocks.cards", &["    Table(TableBlock),"][..]),
        (
            "chat.cards",
            &[
                "use blocks::{Block, Origin, TableBlock, TextBlock};",
                "    Table(TableBlock),",
            ][..],
        ),
    ] {
        let older = std::fs::read_to_string(root.join("project").join(file)).expect("older");
        let newer =
            std::fs::read_to_string(root.join("project_with_table").join(file)).expect("newer");
        let mut newer_lines = newer.lines();
        for line in older
            .lines()
            .filter(|line| !line.starts_with("use blocks::"))
        {
            assert!(
                newer_lines.any(|candidate| candidate == line),
                "tests/ui/schemas/project_with_table/{file} lacks, or reorders, the line {line:?} \
                 of project/{file}"
            );
        }
        for line in added {
            assert!(
                newer.lines().any(|candidate| candidate == *line),
                "{file}: {line}"
            );
        }
        assert_eq!(
            newer.lines().count(),
            older.lines().count() + added.len() - usize::from(file == "chat.cards"),
            "{file}"
        );
    }
}

/// The open-union proof's newer schema must be the older one plus a card and a role, or the
/// proof proves nothing about a bridge written for the older one.
#[test]
fn the_chart_schema_is_the_open_schema_plus_a_card() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas");
    let older = std::fs::read_to_string(root.join("open_cards.cards")).expect("the schema");
    let newer =
        std::fs::read_to_string(root.join("open_cards_with_chart.cards")).expect("the newer");
    let mut newer_lines = newer.lines();
    for line in older.lines() {
        assert!(
            newer_lines.any(|candidate| candidate == line),
            "tests/ui/schemas/open_cards_with_chart.cards lacks, or reorders, the line {line:?} \
             of open_cards.cards"
        );
    }
    assert!(newer.contains("    Chart(ChartCard),\n") && newer.contains("    Moderator,\n"));
    assert_eq!(newer.lines().count(), older.lines().count() + 6);
}
