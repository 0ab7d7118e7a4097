//! Lists the golden cases under `tests/schemas` as modules, so a new case is compiled without
//! editing this crate: each case twice, as the committed CLI output and through the derive.

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
        let schema = format!("../schemas/{case}/{case}.cards");
        println!(
            "cargo:rerun-if-changed={}",
            schemas.join(case).join(format!("{case}.cards")).display()
        );
        let cards = schemas.join(case).join(format!("{case}.cards"));
        let text = std::fs::read_to_string(&cards)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", cards.display()));
        let ir = cardc_codegen::compile(&schema, &text)
            .unwrap_or_else(|errors| panic!("{} does not check: {errors:?}", cards.display()));
        let arms: String = ir
            .types
            .keys()
            .map(|name| format!("        {name:?} => Some(action.act::<{name}>()),\n"))
            .collect();
        writeln!(
            modules,
            "/// The golden Rust output of `tests/schemas/{case}`.\npub mod {case} {{\n    include!({path:?});\n\n    \
             /// Runs `action` on the type named `type_name`, or gives `None` for a name the \
             schema does not declare.\n    \
             pub fn with_named_type<A: crate::TypeAction>(type_name: &str, action: A) -> Option<A::Output> {{\n    \
             match type_name {{\n{arms}        _ => None,\n    }}\n    }}\n}}\n\n\
             /// The same schema compiled by the derive.\npub mod derived_{case} {{\n    \
             /// The marker the derive hangs its constants on.\n    \
             #[derive(cardc::Schema)]\n    #[schema = {schema:?}]\n    pub struct Marker;\n}}"
        )
        .expect("writing to a String cannot fail");
    }
    modules.push_str(
        "/// Every case with the derive's outputs, one per target: the case, and each output's \
         file name and text.\n\
         pub const DERIVED: &[(&str, &[(&str, &str)])] = &[\n",
    );
    for case in &cases {
        let marker = format!("derived_{case}::Marker");
        let outputs: Vec<String> = cardc_codegen::emit::TARGETS
            .iter()
            .map(|target| {
                format!(
                    "({:?}, {marker}::{})",
                    target.file_name(case),
                    target.constant()
                )
            })
            .collect();
        writeln!(modules, "    ({case:?}, &[{}]),", outputs.join(", "))
            .expect("writing to a String cannot fail");
    }
    modules.push_str("];\n\n");
    modules.push_str(
        "/// Runs `action` on the type named `type_name` of the golden case `case`, or gives `None` \
         for an unknown case or type.\n\
         pub fn with_named_type<A: TypeAction>(case: &str, type_name: &str, action: A) -> Option<A::Output> {\n\
         match case {\n",
    );
    for case in &cases {
        writeln!(
            modules,
            "        {case:?} => {case}::with_named_type(type_name, action),"
        )
        .expect("writing to a String cannot fail");
    }
    modules.push_str("        _ => None,\n    }\n}\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("cases.rs");
    std::fs::write(out, modules).expect("write the case list");
}
