//! The fifth reader: typify's Rust types, generated from the published JSON Schema alone. They
//! must never decode a payload as the wrong variant, and may differ from the labels only on
//! the classes of case that typify's own semantics cannot express. How many cases fall in each
//! class is typify's behaviour, not cardc's, so it is reported, not asserted: the test prints
//! the figures the book gives ("What typify gets wrong", `docs/src/evidence/conformance.md`;
//! `cargo test -p cardc-conformance --test typify -- --nocapture`).

use std::collections::BTreeMap;

use cardc_conformance::gaps::{Gap, gaps};
use cardc_conformance::{contract, every_case, render_intent_ir, typify_reader};

/// The classes typify's semantics cannot express, where it may differ from the labels.
const KNOWN: [Gap; 3] = [Gap::OptionalNull, Gap::ArrayAsStruct, Gap::TaggedUnitEnum];

#[test]
fn typify_never_picks_a_wrong_variant_and_differs_only_where_it_cannot_express_the_contract() {
    let schema = render_intent_ir();
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
            .find(|gap| KNOWN.contains(gap));
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
    println!(
        "typify over {} cases: {counts:?} misjudged by class; {rewritten} valid payload(s) \
         written back otherwise (still valid)",
        cases.len()
    );
}
