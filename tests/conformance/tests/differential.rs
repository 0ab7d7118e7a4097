//! The differential run's brief tier (see `cardc_conformance::differential`): the schemas the
//! committed seeds (`fuzz/corpus/differential/`) choose, over every construct, and payloads of
//! every type drawn, mutated and written with every lexical edge case, read by every reader.
//! No reader may disagree with the contract or with another. `CARDC_DIFFERENTIAL_PAYLOADS=<n>`
//! runs fresh schemas on top until `n` payloads are read (the long run the book reports).

use cardc_conformance::differential::{self, Report};
use cardc_conformance::outputs;

/// Draws of each type in the brief run.
const DRAWS: usize = 4;

#[test]
fn every_reader_agrees_on_drawn_schemas_and_payloads() {
    let seeds = differential::corpus_seeds();
    assert!(seeds.len() >= 10, "only {} committed seeds", seeds.len());
    let drawn = differential::schemas(&seeds, 0);
    assert!(
        drawn.len() * 2 >= seeds.len(),
        "only {} of {} committed seeds choose a schema that checks",
        drawn.len(),
        seeds.len()
    );
    let mut report = differential::run(
        &drawn,
        DRAWS,
        &outputs::scratch("cardc-differential", "brief"),
    );
    let target: usize = std::env::var("CARDC_DIFFERENTIAL_PAYLOADS")
        .ok()
        .and_then(|count| count.parse().ok())
        .unwrap_or(0);
    let mut batch = 0u64;
    while report.payloads < target {
        batch += 1;
        let seeds = differential::fresh_seeds(batch, 12);
        let drawn = differential::schemas(&seeds, 1000 * batch as usize);
        let dir = outputs::scratch("cardc-differential", &format!("batch-{batch}"));
        let more = differential::run(&drawn, 40, &dir);
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

fn merge(report: &mut Report, more: Report) {
    report.schemas += more.schemas;
    report.payloads += more.payloads;
    report.lexical += more.lexical;
    report.disagreements.extend(more.disagreements);
}
