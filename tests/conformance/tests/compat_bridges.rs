//! The measured proof of `cardc compat`'s verdicts for bridges, pair by pair.
//!
//! For every compat golden pair, an exhaustive consumer is written from OLD's IR (see
//! [`cardc_conformance::consumers`]) and compiled against OLD's generated code, which it must
//! compile against, and against NEW's. Bridges break when it no longer compiles against NEW's;
//! that must be exactly what the pair's verdicts say: bridges break if and only if some change
//! of the pair says they do. A bridge breaks when either language's consumer no longer
//! compiles: TypeScript's types spell wire keys, tag values and enum strings, which Rust's
//! names do not, and Rust's types tell apart what TypeScript's may both accept.

use cardc_codegen::compat;
use cardc_codegen::ir::Schema;
use cardc_conformance::compat_pairs::{breaks, pairs, version};
use cardc_conformance::consumers::{self, Errors, Unit, first_lines};
use cardc_conformance::repo_root;

/// The lines of a compiler error a report shows.
const ERROR_LINES: usize = 6;

/// The errors of one unit in one language a report shows: the first say what broke.
const ERRORS_SHOWN: usize = 3;

/// Both units of every pair: OLD's consumer against OLD's code (`<pair>_old`) and against NEW's
/// (`<pair>_new`).
fn units<'a>(pairs: &[String], versions: &'a [(Schema, Schema)]) -> Vec<Unit<'a>> {
    pairs
        .iter()
        .zip(versions)
        .flat_map(|(pair, (old, new))| {
            [("old", old), ("new", new)].map(|(side, against)| Unit {
                name: format!("{pair}_{side}"),
                consumer_of: old,
                against,
            })
        })
        .collect()
}

/// Each error of `unit` in `errors`, first lines only, labelled with the language.
fn shown(language: &str, errors: &Errors, unit: &str) -> Vec<String> {
    errors[unit]
        .iter()
        .take(ERRORS_SHOWN)
        .map(|error| format!("  {language}: {}", first_lines(error, ERROR_LINES)))
        .collect()
}

#[test]
fn bridges_break_exactly_as_the_verdicts_say() {
    let pairs = pairs();
    assert!(pairs.len() >= 40, "too few compat pairs: {pairs:?}");
    let versions: Vec<(Schema, Schema)> = pairs
        .iter()
        .map(|pair| (version(pair, "old"), version(pair, "new")))
        .collect();
    let units = units(&pairs, &versions);
    let dir = repo_root().join("target/cardc-conformance/compat-bridges");
    let rust = consumers::rust::check(&units, &dir.join("rust"));
    let typescript = consumers::typescript::check(&units, &dir.join("typescript"));

    let mut problems = Vec::new();
    let mut wrong = Vec::new();
    for (pair, (old, new)) in pairs.iter().zip(&versions) {
        let (own, other) = (format!("{pair}_old"), format!("{pair}_new"));
        if !rust[&own].is_empty() || !typescript[&own].is_empty() {
            problems.push(format!(
                "{pair}: OLD's consumer does not compile against OLD"
            ));
            problems.extend(shown("Rust", &rust, &own));
            problems.extend(shown("TypeScript", &typescript, &own));
        }
        let changes = compat::compare(old, new);
        let claimed = changes.iter().any(|c| c.verdict().breaks.bridges);
        let measured = !rust[&other].is_empty() || !typescript[&other].is_empty();
        if measured != claimed {
            let classes: Vec<&str> = changes.iter().map(|c| c.class.name()).collect();
            wrong.push(format!(
                "{pair} ({}): the verdicts say bridges {}; measured they {}",
                classes.join(", "),
                breaks(claimed),
                breaks(measured)
            ));
            wrong.extend(shown("Rust", &rust, &other));
            wrong.extend(shown("TypeScript", &typescript, &other));
        }
    }
    assert!(
        problems.is_empty(),
        "the consumers are wrong:\n{}",
        problems.join("\n")
    );
    assert!(
        wrong.is_empty(),
        "measured breaks differ from the verdicts:\n{}",
        wrong.join("\n")
    );
}

/// The golden cases' schemas (`tests/schemas/<case>/<case>.cards`), each compiled, with its
/// case name.
fn golden_schemas() -> Vec<(String, Schema)> {
    let dir = repo_root().join("tests/schemas");
    let mut cases: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/schemas")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|case| dir.join(case).join(format!("{case}.cards")).is_file())
        .collect();
    cases.sort();
    cases
        .into_iter()
        .map(|case| {
            let path = dir.join(&case).join(format!("{case}.cards"));
            let text = std::fs::read_to_string(&path).expect("a golden schema");
            let schema = cardc_codegen::compile(&path.to_string_lossy(), &text)
                .unwrap_or_else(|errors| panic!("{}: {errors:?}", path.display()));
            (case, schema)
        })
        .collect()
}

/// The consumers are right for every construct a schema has, not only the pairs' few: each
/// golden case's consumer compiles against its own generated code, in both languages.
#[test]
fn every_golden_schemas_consumer_compiles_against_its_own_code() {
    let schemas = golden_schemas();
    assert!(schemas.len() >= 20, "too few golden schemas");
    let units: Vec<Unit> = schemas
        .iter()
        .map(|(case, schema)| Unit {
            name: format!("{case}_own"),
            consumer_of: schema,
            against: schema,
        })
        .collect();
    let dir = repo_root().join("target/cardc-conformance/golden-consumers");
    let rust = consumers::rust::check(&units, &dir.join("rust"));
    let typescript = consumers::typescript::check(&units, &dir.join("typescript"));
    let mut problems = Vec::new();
    for unit in &units {
        problems.extend(shown("Rust", &rust, &unit.name));
        problems.extend(shown("TypeScript", &typescript, &unit.name));
    }
    assert!(
        problems.is_empty(),
        "consumers that do not compile against their own schema's code:\n{}",
        problems.join("\n")
    );
}
