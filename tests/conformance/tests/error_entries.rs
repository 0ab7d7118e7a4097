//! A refusal says the same in Rust and Python: for every one-fault invalid case (hand-written
//! or a mutation) of the golden corpora that nest types, the first entry of the Python
//! package's `DecodeError` names the pointer, the innermost struct or union, and the variant
//! struct the outermost union picked, that the Rust types' `DecodeError` names. Python used
//! to name the outer union (`Event`) where Rust names the variant's struct, the object where
//! Rust names a nested union's tag, and a key that does not exist (`/pointer` for a tag value).

use cardc_conformance::{
    Case, Subject, golden_dir, load_golden_corpus, mutate, python, write_corpus,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The golden cases whose types nest structs in unions, unions in unions, and unions in fields.
const CASES: &[&str] = &["nested_unions", "unions", "open_unions", "shared_payloads"];

/// Where a refusal is and in which type and variant, as the Rust types' `DecodeError` says.
struct Locate<'a>(&'a str);

/// A refusal's pointer, innermost type and outermost variant, or `None` for an acceptance.
type Located = Option<(String, Option<String>, Option<String>)>;

impl cardc_golden::TypeAction for Locate<'_> {
    type Output = Located;

    fn act<T: DeserializeOwned + serde::Serialize>(self) -> Located {
        let error = cardc::decode_str::<T>(self.0).err()?;
        Some((
            error.pointer().to_owned(),
            error.type_name().map(str::to_owned),
            error.variant().map(str::to_owned),
        ))
    }
}

#[test]
fn python_names_the_place_type_and_variant_rust_names() {
    let mut problems = Vec::new();
    let mut compared = 0;
    for case in CASES {
        let subject = Subject::golden(case);
        let corpus = load_golden_corpus(case);
        let cases: Vec<Case> = mutate::mutations(&subject.ir, &corpus)
            .into_iter()
            .map(|mutation| mutation.case)
            .chain(corpus)
            .filter(|case| !case.valid && !case.several_faults)
            .collect();
        let path = write_corpus(&format!("error-entries-{case}.jsonl"), &cases);
        let package = golden_dir(case).join("python").join(case);
        let printed = python(&[
            "tests/python/python_check.py".as_ref(),
            package.as_os_str(),
            path.as_os_str(),
        ]);
        let python: std::collections::BTreeMap<String, Value> = printed
            .lines()
            .map(|line| {
                let report: Value = serde_json::from_str(line).expect("a JSON line");
                (
                    report["name"].as_str().unwrap_or_default().to_owned(),
                    report,
                )
            })
            .collect();
        for one in &cases {
            let text = one.payload.to_string();
            let rust = cardc_golden::with_named_type(case, &one.type_name, Locate(&text))
                .unwrap_or_else(|| panic!("{case}: no type {}", one.type_name));
            let report = &python[&one.name];
            let said = (report["accepted"] == Value::Bool(false)).then(|| {
                let text = |key: &str| report[key].as_str().map(str::to_owned);
                (
                    text("pointer").unwrap_or_default(),
                    text("type"),
                    text("variant"),
                )
            });
            compared += 1;
            if rust != said {
                problems.push(format!(
                    "  {case}: {} [{}]: rust {rust:?}, python {said:?}\n    {text}",
                    one.name, one.type_name
                ));
            }
        }
    }
    assert!(compared >= 300, "only {compared} cases compared");
    assert!(
        problems.is_empty(),
        "{} refusal(s) named otherwise:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
