//! `cardc import` of the public contracts' JSON Schemas as their owners' tools write them (see
//! `cardc_conformance::import_proof`): every reader of the import agrees with the import's own
//! labels on the contract's whole corpus (its examples, payloads drawn from the transcription
//! and the mutations of both), and the import judges each case as the original JSON Schema and
//! the reference validator do, but where a class of the contract's `import_gaps.json` says why
//! not. The tables are in `docs/src/guide/import.md` between `<!-- import:<name> -->` and
//! `<!-- /import:<name> -->`; refresh them with
//! `CARDC_BLESS=1 cargo test -p cardc-conformance --test import_contracts`.

use std::collections::BTreeSet;

use cardc_conformance::contracts::{self, Entry, Reference, contracts, load_examples};
use cardc_conformance::import_proof::{Agreement, Import, Judged, Published, load_gaps};
use cardc_conformance::{Case, Subject, disagreement, repo_root, validator_verdict, write_corpus};

/// Shows at most this many disagreements in full.
const SHOWN: usize = 25;

#[test]
fn imported_public_contracts_judge_their_corpora_as_the_original_and_the_reference_do() {
    let bless = std::env::var_os("CARDC_BLESS").is_some_and(|value| value == "1");
    let page_path = repo_root().join("docs/src/guide/import.md");
    let original_page = std::fs::read_to_string(&page_path).expect("read docs/src/guide/import.md");
    let mut page = original_page.clone();
    let mut problems = Vec::new();
    let names = contracts();
    assert!(
        names.len() >= 2,
        "expected both public contracts, found {names:?}"
    );
    for name in names {
        let published = Published::write(&name);
        let import = Import::of(&name, &published);
        let subject = Subject::contract(&name);
        let types: BTreeSet<String> = published.types.keys().cloned().collect();
        let examples: Vec<_> = load_examples(&name)
            .into_iter()
            .filter(|example| types.contains(&example.case.type_name))
            .collect();
        let corpus: Vec<Entry> = contracts::corpus(&subject, &examples, &types);
        let original_cases: Vec<Case> = corpus.iter().map(|entry| entry.case.clone()).collect();
        let reference_path =
            write_corpus(&format!("import-{name}-reference.jsonl"), &original_cases);
        let reference = Reference::load(&name);
        let verdicts = reference.read(&reference_path);

        // Every reader of the import holds the import's labels.
        let cases = import.cases(&corpus);
        let read: Vec<Case> = cases
            .iter()
            .filter(|case| import.read_by_name(case))
            .cloned()
            .collect();
        let path = write_corpus(&format!("import-{name}.jsonl"), &read);
        let readers = import.readers(&name, &path);
        let mut split = Vec::new();
        for case in &read {
            for reader in &readers {
                split.extend(disagreement(case, reader.name(), &reader.read(case)));
            }
        }
        if !split.is_empty() {
            problems.push(format!(
                "{name}: the import's readers disagree with its labels on {} case(s) (the first {}):\n{}",
                split.len(),
                SHOWN.min(split.len()),
                split[..SHOWN.min(split.len())].join("\n")
            ));
        }

        // The import against the original and the reference.
        let validators = published.validators();
        let judged: Vec<Judged> = corpus
            .iter()
            .zip(&cases)
            .map(|(entry, case)| {
                let original =
                    validator_verdict(&validators[&entry.case.type_name], &entry.case.payload);
                Judged {
                    entry,
                    import: case.fault.clone(),
                    original: if original.accepted {
                        Vec::new()
                    } else {
                        original.detail.split("; ").map(str::to_string).collect()
                    },
                    reference: &verdicts[&entry.case.name],
                }
            })
            .collect();
        let gaps = load_gaps(&name);
        let agreement = Agreement::tally(&judged, &gaps);
        let all = repo_root().join(format!("target/cardc-import/{name}-unexplained.txt"));
        let _ = std::fs::remove_file(&all);
        if !agreement.unexplained.is_empty() {
            let listing: String = agreement
                .unexplained
                .iter()
                .map(|d| {
                    format!(
                        "{}\t{}\t{}\t{}\t{}\t{}\t{:?}\n",
                        d.judge.name(),
                        d.side.name(),
                        d.class,
                        d.type_name,
                        d.pointer,
                        d.name,
                        d.detail
                    )
                })
                .collect();
            std::fs::write(&all, listing).expect("write the unexplained disagreements");
            let shown: Vec<String> = agreement
                .unexplained
                .iter()
                .take(SHOWN)
                .map(|d| {
                    let payload = corpus
                        .iter()
                        .find(|entry| entry.case.name == d.name)
                        .map_or(String::new(), |entry| entry.case.payload.to_string());
                    format!(
                        "  {} [{}] {} against the {}: {} at {:?}: {}\n    payload: {payload}",
                        d.name,
                        d.type_name,
                        d.class,
                        d.judge.name(),
                        d.side.name(),
                        d.pointer,
                        d.detail
                    )
                })
                .collect();
            problems.push(format!(
                "{name}: {} disagreement(s) of the import that no class of import_gaps.json covers \
                 (all of them, tab-separated, in {}; the first {}):\n{}",
                agreement.unexplained.len(),
                all.display(),
                shown.len(),
                shown.join("\n")
            ));
        }
        for (gap, count) in gaps.iter().zip(&agreement.covered) {
            if *count == 0 {
                problems.push(format!(
                    "{name}: the import gap {} covers no disagreement: remove it",
                    gap.class
                ));
            }
        }
        let table = agreement.markdown(&published, &reference.name, &import, &gaps);
        println!("{name}:\n{table}");
        let (open, close) = (
            format!("<!-- import:{name} -->\n"),
            format!("<!-- /import:{name} -->"),
        );
        let (Some(start), Some(end)) = (page.find(&open), page.find(&close)) else {
            problems.push(format!(
                "{name}: docs/src/guide/import.md has no `{}` ... `{close}` block for the table",
                open.trim_end()
            ));
            continue;
        };
        let start = start + open.len();
        if page[start..end] != table {
            if bless {
                page.replace_range(start..end, &table);
            } else {
                problems.push(format!(
                    "{name}: the import table in docs/src/guide/import.md is stale; refresh it with:\n    \
                     CARDC_BLESS=1 cargo test -p cardc-conformance --test import_contracts\n\
                     it is now:\n{table}"
                ));
            }
        }
    }
    if bless && page != original_page {
        std::fs::write(&page_path, &page).expect("write docs/src/guide/import.md");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
