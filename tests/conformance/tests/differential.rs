//! The differential run's brief tier (see `cardc_conformance::differential`): the schemas the
//! committed seeds (`fuzz/corpus/differential/`) choose, over every construct, and payloads of
//! every type drawn, mutated and written with every lexical edge case, read by every reader.
//! No reader may disagree with the contract or with another. `CARDC_DIFFERENTIAL_PAYLOADS=<n>`
//! runs fresh schemas on top until `n` payloads are read (the long run the book reports); with
//! `CARDC_DIFFERENTIAL_FIRST_BATCH=<k>` too it reads only fresh schemas, its batches numbered
//! from `k`, so that runs side by side read different schemas; `CARDC_DIFFERENTIAL_DRAWS=<d>`
//! draws `d` payloads of each type of a fresh schema (40 unless set).

use cardc_conformance::differential::{self, Report};
use cardc_conformance::outputs;

/// Draws of each type in the brief run.
const DRAWS: usize = 4;

#[test]
fn every_reader_agrees_on_drawn_schemas_and_payloads() {
    let target: usize = env("CARDC_DIFFERENTIAL_PAYLOADS").unwrap_or(0);
    // A run beside another starts its fresh schemas at a batch of its own; the committed seeds
    // are the first run's.
    let side_by_side = env("CARDC_DIFFERENTIAL_FIRST_BATCH");
    let mut report = match side_by_side {
        Some(_) => Report::default(),
        None => committed_seeds(),
    };
    let first: u64 = side_by_side.unwrap_or(1).max(1) as u64;
    // Each schema costs its builds (rustc, tsc, pydantic) whatever its payloads, so a long run
    // may draw more of each type.
    let draws = env("CARDC_DIFFERENTIAL_DRAWS").unwrap_or(40);
    let mut batch = first - 1;
    while report.payloads < target {
        batch += 1;
        let seeds = differential::fresh_seeds(batch, 12);
        let drawn = differential::schemas(&seeds, 1000 * batch as usize);
        let dir = outputs::scratch("cardc-differential", &format!("batch-{batch}"));
        let more = differential::run(&drawn, draws, &dir);
        // Said as they are found, since a long run reports at its end.
        for problem in &more.disagreements {
            eprintln!("differential: batch {batch}: {problem}");
        }
        merge(&mut report, more);
        eprintln!(
            "differential: {} schemas, {} payloads ({} lexical), {} disagreements",
            report.schemas,
            report.payloads,
            report.lexical,
            report.disagreements.len()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
    println!(
        "differential: {} schemas, {} payloads ({} lexical)",
        report.schemas, report.payloads, report.lexical
    );
    assert!(report.payloads >= 1000, "only {} payloads", report.payloads);
    assert!(
        report.disagreements.is_empty(),
        "{} disagreement(s):\n{}",
        report.disagreements.len(),
        report
            .disagreements
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The brief tier: the schemas the committed seeds choose, `DRAWS` payloads of each type.
fn committed_seeds() -> Report {
    let seeds = differential::corpus_seeds();
    assert!(seeds.len() >= 10, "only {} committed seeds", seeds.len());
    let drawn = differential::schemas(&seeds, 0);
    assert!(
        drawn.len() * 2 >= seeds.len(),
        "only {} of {} committed seeds choose a schema that checks",
        drawn.len(),
        seeds.len()
    );
    differential::run(
        &drawn,
        DRAWS,
        &outputs::scratch("cardc-differential", "brief"),
    )
}

/// A count the environment variable `name` gives, if any.
fn env(name: &str) -> Option<usize> {
    std::env::var(name)
        .ok()
        .and_then(|count| count.parse().ok())
}

fn merge(report: &mut Report, more: Report) {
    report.schemas += more.schemas;
    report.payloads += more.payloads;
    report.lexical += more.lexical;
    report.disagreements.extend(more.disagreements);
}
