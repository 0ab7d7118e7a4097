//! Lists the golden cases under `tests/schemas` and the public contracts under
//! `tests/contracts` as modules, so a new case is compiled without editing this crate: each case
//! twice, as the committed CLI output and through the derive.

use std::fmt::Write as _;
use std::path::Path;

/// The directories, relative to the repository root, whose every `<case>/<case>.cards` has
/// committed outputs beside it.
const ROOTS: [&str; 2] = ["tests/schemas", "tests/contracts"];

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let repo = Path::new(&manifest).join("../..");
    // (directory relative to the repository root, case name), sorted by name.
    let mut cases: Vec<(String, String)> = Vec::new();
    for root in ROOTS {
        let dir = repo.join(root);
        println!("cargo:rerun-if-changed={}", dir.display());
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()));
        for entry in entries.filter_map(Result::ok) {
            let case = entry.file_name().to_string_lossy().into_owned();
            if dir.join(&case).join(format!("{case}.rs")).is_file() {
                cases.push((format!("{root}/{case}"), case));
            }
        }
    }
    cases.sort_by(|a, b| a.1.cmp(&b.1));
    if let Some(pair) = cases.windows(2).find(|pair| pair[0].1 == pair[1].1) {
        panic!(
            "two cases are named {}: {} and {}",
            pair[0].1, pair[0].0, pair[1].0
        );
    }
    let mut modules = format!(
        "/// The directories, relative to the repository root, whose cases this crate compiles.\n\
         pub const ROOTS: &[&str] = &{ROOTS:?};\n\n"
    );
    for (dir, case) in &cases {
        let path = repo.join(dir).join(format!("{case}.rs"));
        println!("cargo:rerun-if-changed={}", path.display());
        // The derive reads its schema relative to this crate's manifest.
        let schema = format!("../../{dir}/{case}.cards");
        let cards = repo.join(dir).join(format!("{case}.cards"));
        println!("cargo:rerun-if-changed={}", cards.display());
        let arms = type_arms(&cards, &schema, "        ");
        writeln!(
            modules,
            "/// The golden Rust output of `{dir}`.\npub mod {case} {{\n    include!({path:?});\n\n    \
             /// Runs `action` on the type named `type_name`, or gives `None` for a name the \
             schema does not declare.\n    \
             pub fn with_named_type<__Action: crate::TypeAction>(type_name: &str, action: __Action) -> Option<__Action::Output> {{\n    \
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
    for (_, case) in &cases {
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
    for (_, case) in &cases {
        writeln!(
            modules,
            "        {case:?} => {case}::with_named_type(type_name, action),"
        )
        .expect("writing to a String cannot fail");
    }
    modules.push_str("        _ => None,\n    }\n}\n");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out_dir).join("cases.rs");
    std::fs::write(out, modules).expect("write the case list");
    compat_pairs(&repo, Path::new(&out_dir));
    projects(&repo, Path::new(&out_dir));
}

/// The golden projects (`tests/projects/<case>/cardc.toml`), their committed Rust outputs in
/// `out/` compiled as sibling modules of one module per project, `project_<case>::<stem>`, as
/// `cardc generate` writes them to be (each imports the others' items from `super::<stem>`).
fn projects(repo: &Path, out_dir: &Path) {
    let dir = repo.join("tests/projects");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut cases: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|case| dir.join(case).join("cardc.toml").is_file())
        .collect();
    cases.sort();
    let mut modules =
        String::from("/// The golden projects, each a module of its schemas' modules.\n");
    let mut dispatch = String::new();
    for case in &cases {
        let file = dir.join(case).join("cardc.toml");
        println!("cargo:rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(&file).expect("the project file");
        let config = cardc_codegen::project::config::read(&dir.join(case), &text)
            .unwrap_or_else(|problems| panic!("{}: {problems:?}", file.display()));
        let loaded = config.load(&cardc_codegen::project::Disk);
        let schemas = loaded
            .schemas()
            .unwrap_or_else(|| panic!("{}: {}", file.display(), loaded.report()));
        writeln!(modules, "#[allow(missing_docs)]\npub mod project_{case} {{")
            .expect("writing to a String cannot fail");
        for schema in schemas {
            let output = dir
                .join(case)
                .join("out")
                .join(format!("{}.rs", schema.stem));
            println!("cargo:rerun-if-changed={}", output.display());
            let arms: String = schema
                .own_types()
                .map(|def| {
                    format!(
                        "                {:?} => Some(action.act::<{}>()),\n",
                        def.name(),
                        def.name()
                    )
                })
                .collect();
            writeln!(
                modules,
                "    pub mod {stem} {{\n        include!({output:?});\n\n        \
                 pub fn with_named_type<__Action: crate::TypeAction>(type_name: &str, action: __Action) -> Option<__Action::Output> {{\n            \
                 match type_name {{\n{arms}                _ => None,\n            }}\n        }}\n    }}",
                stem = schema.stem
            )
            .expect("writing to a String cannot fail");
            writeln!(
                dispatch,
                "        ({case:?}, {:?}) => project_{case}::{}::with_named_type(type_name, action),",
                schema.stem, schema.stem
            )
            .expect("writing to a String cannot fail");
        }
        modules.push_str("}\n\n");
    }
    modules.push_str(
        "/// Runs `action` on the type named `type_name` of the schema of stem `stem` of the \
         golden project `case`, or gives `None` for an unknown project, schema or type.\n\
         pub fn with_project_type<A: TypeAction>(case: &str, stem: &str, type_name: &str, action: A) -> Option<A::Output> {\n\
         match (case, stem) {\n",
    );
    modules.push_str(&dispatch);
    modules.push_str("        _ => None,\n    }\n}\n");
    std::fs::write(out_dir.join("projects.rs"), modules).expect("write the golden projects");
}

/// The `match` arms of a `with_named_type` that runs an action on each named type of the
/// schema at `cards` (named `name` in its diagnostics), each line indented by `indent`.
fn type_arms(cards: &Path, name: &str, indent: &str) -> String {
    let text = std::fs::read_to_string(cards)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", cards.display()));
    let ir = cardc_codegen::compile(name, &text)
        .unwrap_or_else(|errors| panic!("{} does not check: {errors:?}", cards.display()));
    ir.types
        .keys()
        .map(|type_name| format!("{indent}{type_name:?} => Some(action.act::<{type_name}>()),\n"))
        .collect()
}

/// Compiles both schemas of every compat golden pair (`tests/schemas/compat/<pair>/{old,new}.cards`)
/// through the build API into modules `compat::<pair>::{old, new}`, for the measured proof of
/// compat's verdicts: the conformance suite reads payloads of one version with the other's types.
fn compat_pairs(repo: &Path, out_dir: &Path) {
    let dir = repo.join("tests/schemas/compat");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut pairs: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|pair| dir.join(pair).join("old.cards").is_file())
        .collect();
    pairs.sort();
    let mut modules = String::from(
        "/// Both versions of every compat golden pair, each its own module of types.\n\
         #[allow(missing_docs)]\npub mod compat {\n",
    );
    let mut dispatch = String::new();
    for pair in &pairs {
        writeln!(modules, "    pub mod {pair} {{").expect("writing to a String cannot fail");
        for side in ["old", "new"] {
            let schema = dir.join(pair).join(format!("{side}.cards"));
            let output = out_dir.join("compat").join(pair).join(format!("{side}.rs"));
            cardc_codegen::build::Build::new(&schema)
                .output("rust", &output)
                .check(false)
                .run()
                .unwrap_or_else(|error| panic!("{}: {error}", schema.display()));
            let arms = type_arms(&schema, &schema.to_string_lossy(), "                ");
            writeln!(
                modules,
                "        pub mod {side} {{\n            include!({output:?});\n\n            \
                 pub fn with_named_type<__Action: crate::TypeAction>(type_name: &str, action: __Action) -> Option<__Action::Output> {{\n            \
                 match type_name {{\n{arms}                _ => None,\n            }}\n            }}\n        }}"
            )
            .expect("writing to a String cannot fail");
            writeln!(
                dispatch,
                "        ({pair:?}, {:?}) => compat::{pair}::{side}::with_named_type(type_name, action),",
                side == "new"
            )
            .expect("writing to a String cannot fail");
        }
        modules.push_str("    }\n");
    }
    modules.push_str("}\n\n");
    modules.push_str(
        "/// Runs `action` on the type named `type_name` of the compat golden pair `pair`, in its new \
         version or its old, or gives `None` for an unknown pair or type.\n\
         pub fn with_compat_type<A: TypeAction>(pair: &str, new: bool, type_name: &str, action: A) -> Option<A::Output> {\n\
         match (pair, new) {\n",
    );
    modules.push_str(&dispatch);
    modules.push_str("        _ => None,\n    }\n}\n");
    std::fs::write(out_dir.join("compat.rs"), modules).expect("write the compat pairs");
}
