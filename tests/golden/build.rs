//! Lists the golden cases under `tests/schemas` as modules, so a new case is compiled without
//! editing this crate.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let schemas = Path::new(&manifest).join("../schemas");
    println!("cargo:rerun-if-changed={}", schemas.display());
    let mut cases: Vec<String> = std::fs::read_dir(&schemas)
        .expect("tests/schemas exists")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|case| schemas.join(case).join(format!("{case}.rs")).is_file())
        .collect();
    cases.sort();
    let mut modules = String::new();
    for case in &cases {
        let path = schemas.join(case).join(format!("{case}.rs"));
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            modules,
            "/// The golden Rust output of `tests/schemas/{case}`.\npub mod {case} {{\n    include!({path:?});\n}}"
        )
        .expect("writing to a String cannot fail");
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("cases.rs");
    std::fs::write(out, modules).expect("write the case list");
}
