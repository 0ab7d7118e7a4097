//! The `build.rs` API writes exactly what the CLI writes, only when contents change, and its
//! check mode reports stale and missing outputs without writing.
//!
//! One test function on purpose: it changes the working directory (to the repository root, so
//! that schema paths and headers read as they do for the CLI), which parallel tests would race.

use std::path::{Path, PathBuf};

use cardc_codegen::build::Build;
use cardc_codegen::target::Options;
use cardc_codegen::{compile, emit, header_name};

fn cases() -> Vec<String> {
    let mut cases: Vec<String> = std::fs::read_dir("tests/schemas")
        .expect("tests/schemas")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|case| Path::new(&format!("tests/schemas/{case}/{case}.cards")).is_file())
        .collect();
    cases.sort();
    cases
}

fn modified(path: &Path) -> std::time::SystemTime {
    std::fs::metadata(path)
        .and_then(|meta| meta.modified())
        .expect("mtime")
}

#[test]
fn build_api_writes_what_the_cli_writes_and_checks_without_writing() {
    std::env::set_current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("..")).expect("chdir");
    // Inside the repository's target directory, so the headers name the schema by a relative
    // path (one that shares only `/` with the outputs is written absolute, hiding depth bugs).
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cardc-build-api-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch dir");
    let mut cases = cases();
    cases.push("render_intent".to_string());
    for case in &cases {
        let schema = if case == "render_intent" {
            "schema/render_intent.cards".to_string()
        } else {
            format!("tests/schemas/{case}/{case}.cards")
        };
        let stem = Path::new(&schema)
            .file_stem()
            .expect("stem")
            .to_string_lossy();
        let paths: Vec<PathBuf> = emit::TARGETS
            .iter()
            .map(|target| scratch.join(target.file_name(&stem)))
            .collect();
        let build = || {
            emit::TARGETS
                .iter()
                .zip(&paths)
                .fold(Build::new(&schema), |build, (target, path)| {
                    build.output(target.key(), path)
                })
                .check(false)
        };
        build()
            .run()
            .unwrap_or_else(|error| panic!("{case}: {error}"));
        // What `cardc generate <schema> --out <scratch>` writes.
        let cli = emit::outputs(
            &compile(
                &header_name(Path::new(&schema), &scratch),
                &std::fs::read_to_string(&schema).expect("schema"),
            )
            .expect("compiles"),
            &Options::runtimes_beside(emit::TARGETS),
        );
        for (path, output) in paths.iter().zip(&cli) {
            assert_eq!(
                std::fs::read_to_string(path).expect("written"),
                output.contents,
                "{case}: {}",
                output.path
            );
        }
        // The modules (TypeScript's guards module and shared runtime) and the companions (a
        // Python package's runtime, marker and project file) too, where the CLI puts them.
        for output in &cli[paths.len()..] {
            assert_eq!(
                std::fs::read_to_string(scratch.join(&output.path)).expect("companion written"),
                output.contents,
                "{case}: {}",
                output.path
            );
        }
        let before = modified(&paths[0]);
        build().run().expect("second run");
        assert_eq!(
            modified(&paths[0]),
            before,
            "{case}: an unchanged output was rewritten"
        );
        build()
            .check(true)
            .run()
            .expect("fresh outputs pass check mode");
    }

    let rust = scratch.join("render_intent.rs");
    std::fs::write(&rust, "// stale\n").expect("make stale");
    std::fs::remove_file(scratch.join("render_intent.ts")).expect("make missing");
    let error = Build::new("schema/render_intent.cards")
        .output("rust", &rust)
        .output("typescript", scratch.join("render_intent.ts"))
        .check(true)
        .run()
        .expect_err("check mode fails on stale outputs");
    let report = error.to_string();
    assert!(
        report.contains("stale: ") && report.contains("-// stale"),
        "{report}"
    );
    assert!(report.contains("missing: "), "{report}");
    assert_eq!(
        std::fs::read_to_string(&rust).expect("still there"),
        "// stale\n",
        "check mode wrote"
    );
    assert!(
        !scratch.join("render_intent.ts").exists(),
        "check mode wrote"
    );

    let bad = scratch.join("bad.cards");
    std::fs::write(&bad, "struct A { b: Missing }\n").expect("bad schema");
    let error = Build::new(&bad)
        .output("rust", scratch.join("bad.rs"))
        .check(false)
        .run()
        .expect_err("bad schema");
    assert!(error.to_string().contains("bad.cards:1:15"), "{error}");
    assert!(error.to_string().contains("= hint: "), "{error}");
    assert!(
        !scratch.join("bad.rs").exists(),
        "a bad schema wrote output"
    );

    // A shared TypeScript runtime in a directory of its own: the output imports it by its
    // relative path, and the module is what the CLI writes beside its outputs.
    let web = scratch.join("web/render_intent.ts");
    let runtime = scratch.join("shared/cardc_runtime.ts");
    Build::new("schema/render_intent.cards")
        .output("typescript", &web)
        .shared_runtime("typescript", &runtime)
        .check(false)
        .run()
        .expect("a shared runtime");
    let typescript = std::fs::read_to_string(&web).expect("written");
    assert!(
        typescript.contains("} from '../shared/cardc_runtime.js';\n")
            && typescript.contains("import * as guards from './render_intent.guards.js';\n"),
        "{typescript}"
    );
    let guards = std::fs::read_to_string(scratch.join("web/render_intent.guards.ts"))
        .expect("the guards module, beside the output");
    assert!(
        guards.contains("} from '../shared/cardc_runtime.js';\n"),
        "{guards}"
    );
    assert!(
        !scratch.join("web/cardc_runtime.ts").exists(),
        "a runtime asked for elsewhere was also written beside the output"
    );
    // Self-contained, the output carries its helpers and nothing is written beside it.
    let alone = scratch.join("alone/render_intent.ts");
    Build::new("schema/render_intent.cards")
        .output("typescript", &alone)
        .self_contained("typescript")
        .check(false)
        .run()
        .expect("a self-contained output");
    let typescript = std::fs::read_to_string(&alone).expect("written");
    assert!(
        typescript.contains("function cardcRun") && !typescript.contains("import "),
        "{typescript}"
    );
    assert_eq!(
        std::fs::read_dir(scratch.join("alone"))
            .expect("alone/")
            .count(),
        1,
        "a self-contained output wrote a module beside it"
    );
    let beside = emit::outputs(
        &compile("x.cards", "struct X {}").expect("compiles"),
        &Options::runtimes_beside(emit::TARGETS),
    );
    assert_eq!(
        Some(std::fs::read_to_string(&runtime).expect("written")),
        beside
            .into_iter()
            .find(|output| output.path == "cardc_runtime.ts")
            .map(|output| output.contents),
        "the module is not the one the CLI writes"
    );

    // A key that names no target, or a target without a shared runtime, fails before
    // anything is written, listing the targets.
    let error = Build::new("schema/render_intent.cards")
        .output("python2", scratch.join("x.py"))
        .check(false)
        .run()
        .expect_err("unknown target");
    assert!(
        error
            .to_string()
            .contains("unknown target `python2`: the targets are `rust`"),
        "{error}"
    );
    let error = Build::new("schema/render_intent.cards")
        .shared_runtime("rust", scratch.join("runtime.rs"))
        .check(false)
        .run()
        .expect_err("no shared runtime");
    assert!(
        error.to_string().contains("has no shared runtime"),
        "{error}"
    );
    assert!(!scratch.join("x.py").exists() && !scratch.join("runtime.rs").exists());
    let _ = std::fs::remove_dir_all(&scratch);
}
