//! The compat golden pairs (`tests/schemas/compat/<pair>/{old,new}.cards`), listed and compiled
//! for the measured proofs of `cardc compat`'s verdicts.

use cardc_codegen::compile;
use cardc_codegen::ir::Schema;

use crate::repo_root;

/// The compat golden pairs, in name order.
pub fn pairs() -> Vec<String> {
    let dir = repo_root().join("tests/schemas/compat");
    let mut pairs: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/schemas/compat")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|pair| dir.join(pair).join("old.cards").is_file())
        .collect();
    pairs.sort();
    pairs
}

/// One version (`old` or `new`) of a pair, compiled.
pub fn version(pair: &str, side: &str) -> Schema {
    let path = repo_root()
        .join("tests/schemas/compat")
        .join(pair)
        .join(format!("{side}.cards"));
    let text = std::fs::read_to_string(&path).expect("a compat schema");
    compile(&path.to_string_lossy(), &text)
        .unwrap_or_else(|errors| panic!("{}: {errors:?}", path.display()))
}

/// Whether a party breaks, as the proofs' messages say it.
pub fn breaks(broke: bool) -> &'static str {
    if broke { "break" } else { "do not break" }
}
