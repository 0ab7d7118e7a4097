//! Standalone payloads: every value of a named type in the valid hand-written cases, read as
//! that type on its own, without the tags of the unions above it (valid) and with them (what a
//! union holds: refused by a closed struct, kept by an open one). The four readers agree with
//! every label, for every named type.

use std::collections::BTreeMap;

use cardc_conformance::{
    Case, ENTRY_UNIONS, NAMED_TYPES, reader_disagreements, render_intent_ir, standalone_cases,
    write_corpus,
};

#[test]
fn standalone_payloads_cover_every_named_type_and_every_reader_agrees() {
    let taken = standalone_cases(&render_intent_ir());
    // (valid, invalid) per class and type.
    let mut counts: BTreeMap<(&str, &str), (usize, usize)> = BTreeMap::new();
    for (class, case) in &taken {
        let (valid, invalid) = counts.entry((class, &case.type_name)).or_default();
        if case.valid {
            *valid += 1;
        } else {
            *invalid += 1;
        }
    }
    // Every type but the entry unions, which nothing holds, is found inside another.
    for type_name in NAMED_TYPES
        .iter()
        .filter(|name| !ENTRY_UNIONS.contains(name))
    {
        assert!(
            counts.contains_key(&("standalone", type_name)),
            "{type_name}: no standalone payload taken: {counts:?}"
        );
    }
    let outer_tagged: usize = counts
        .iter()
        .filter(|((class, _), _)| *class == "standalone/outer-tag")
        .map(|(_, (_, invalid))| invalid)
        .sum();
    assert!(
        outer_tagged >= 100,
        "only {outer_tagged} variants refused with their outer tags: {counts:?}"
    );
    let mut names: Vec<&str> = taken.iter().map(|(_, case)| case.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), taken.len(), "standalone names must be unique");

    let cases: Vec<Case> = taken.into_iter().map(|(_, case)| case).collect();
    let path = write_corpus("standalone.jsonl", &cases);
    let disagreements = reader_disagreements(&cases, &path);
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s) over {} standalone cases:\n{}",
        disagreements.len(),
        cases.len(),
        disagreements.join("\n")
    );
}
