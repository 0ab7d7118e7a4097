//! The TypeScript benchmark (`benches/typescript/run.sh`) times the generated guards against a
//! zod schema written by hand for the same contract; this test keeps that comparison honest. It
//! writes the benchmark's corpus (the wire corpus of the entry unions and its mutations) to
//! `target/cardc-conformance/typescript-bench.jsonl`, which the benchmark reads, and holds the
//! zod contender (`benches/typescript/render_intent_zod.mjs`) to the guards' verdict on every
//! case, so that it cannot drift from the contract the guards check.

use cardc_conformance::contracts::Reference;
use cardc_conformance::{
    ENTRY_UNIONS, GuardsReader, Reader, disagreement, entry_union_corpus, render_intent_ir,
    render_intent_typescript_path, repo_root, write_corpus,
};

#[test]
fn the_zod_contender_accepts_exactly_what_the_guards_accept() {
    let cases = entry_union_corpus(&render_intent_ir());
    let path = write_corpus("typescript-bench.jsonl", &cases);
    for valid in [true, false] {
        let count = cases.iter().filter(|case| case.valid == valid).count();
        assert!(count >= 100, "only {count} cases with valid={valid}");
    }
    let zod = Reference::at(repo_root().join("benches/typescript/render_intent_zod.mjs"));
    assert_eq!(
        zod.types.iter().map(String::as_str).collect::<Vec<_>>(),
        ENTRY_UNIONS,
        "the zod contender reads the entry unions"
    );
    let zod_verdicts = zod.read(&path);
    let guards = GuardsReader::run(&render_intent_typescript_path(), &path);
    let mut problems = Vec::new();
    for case in &cases {
        let verdict = guards.read(case);
        // The guards are held to the labels here too: the benchmark splits the corpus by label.
        problems.extend(disagreement(case, guards.name(), &verdict));
        let Some(by_zod) = zod_verdicts.get(&case.name) else {
            problems.push(format!("  {}: zod gave no verdict", case.name));
            continue;
        };
        if by_zod.accepted != verdict.accepted {
            problems.push(format!(
                "  {} [{}]: the guards say accepted={}, zod says accepted={} {:?}\n    payload: {}",
                case.name,
                case.type_name,
                verdict.accepted,
                by_zod.accepted,
                by_zod.errors,
                case.payload
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} disagreement(s) over {} cases:\n{}",
        problems.len(),
        cases.len(),
        problems.join("\n")
    );
}
