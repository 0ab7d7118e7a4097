//! The fifth reader: typify's Rust types, generated from the published JSON Schema alone. They
//! must never decode a payload as the wrong variant, and may differ from the labels only on
//! the classes of case that typify's own semantics cannot express, each counted here and in
//! the book ("What typify gets wrong", `docs/src/evidence/conformance.md`).

use std::collections::BTreeMap;

use cardc_conformance::gaps::{Gap, gaps};
use cardc_conformance::{contract, every_case, render_intent_ir, typify_reader};

/// Each class typify misjudges, with how many cases of the corpus and its mutations fall in
/// it. Keep in step with the book.
const EXPECTED: [(Gap, usize); 3] = [
    (Gap::OptionalNull, 217),
    (Gap::ArrayAsStruct, 4),
    (Gap::TaggedUnitEnum, 1),
];

#[test]
fn typify_never_picks_a_wrong_variant_and_differs_only_where_it_cannot_express_the_contract() {
    let schema = render_intent_ir();
    let known = EXPECTED.map(|(gap, _)| gap);
    let mut counts: BTreeMap<Gap, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut rewritten = 0;
    let cases = every_case(&schema);
    for (class, case) in &cases {
        let read = typify_reader::read(&schema, case);
        if let Some(wrong) = &read.wrong_variant {
            failures.push(format!("  {} ({class}): wrong variant: {wrong}", case.name));
        }
        if let (true, Some(written)) = (case.valid, &read.rewritten) {
            // typify leaves out an empty optional array when it writes: a different but
            // still valid payload.
            rewritten += 1;
            if let Err(fault) = contract::check(&schema, &case.type_name, written) {
                failures.push(format!("  {}: typify wrote {written}: {fault}", case.name));
            }
        }
        if read.verdict.accepted == case.valid {
            continue;
        }
        let gap = gaps(&schema, &case.type_name, &case.payload)
            .into_iter()
            .find(|gap| known.contains(gap));
        match gap {
            Some(gap) if !case.valid => *counts.entry(gap).or_default() += 1,
            _ => failures.push(format!(
                "  {} ({class}, valid={}): typify accepted={} ({}): {}",
                case.name, case.valid, read.verdict.accepted, read.verdict.detail, case.payload
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} unexplained case(s) of {}:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    assert_eq!(
        counts,
        BTreeMap::from(EXPECTED),
        "the classes typify gets wrong changed: update EXPECTED and docs/src/evidence/conformance.md"
    );
    assert!(
        rewritten > 0,
        "typify is expected to drop empty optional arrays"
    );
}
