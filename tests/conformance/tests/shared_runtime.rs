//! The shared TypeScript runtime (what `cardc generate` writes by default,
//! `Build::shared_runtime("typescript", ...)`): several schemas' outputs in one project import
//! their helpers from one `cardc_runtime.ts`, each its checks from its own guards module, and can
//! be re-exported side by side (each re-exports the one `assertNever`), which self-contained
//! outputs (`--self-contained`) cannot (each exports its own `assertNever`: TS2308); the guards
//! and matchers work the same.

use cardc_codegen::emit::typescript::TypeScript;
use cardc_codegen::target::{Options, Target};
use cardc_codegen::{compile, ir};
use cardc_conformance::{outputs, repo_root};

fn schema(path: &str) -> ir::Schema {
    let text = std::fs::read_to_string(repo_root().join(path)).expect("schema");
    compile(path, &text).expect("compiles")
}

/// The three outputs, emitted with `options`, with the modules each imports from beside it (the
/// guards modules, when the runtime is shared), and a module re-exporting the three.
fn project(options: &Options) -> Vec<(String, String)> {
    let mut modules = Vec::new();
    for (stem, path) in [
        ("render_intent", "schema/render_intent.cards"),
        ("unions", "tests/schemas/unions/unions.cards"),
        // Defaults make an output rewrite what it parses and write it back.
        ("defaults", "tests/schemas/defaults/defaults.cards"),
    ] {
        let schema = schema(path);
        modules.push((stem.to_string(), TypeScript.emit(&schema, options)));
        for (file, text) in TypeScript.modules(&schema, options) {
            modules.push((file.trim_end_matches(".ts").to_string(), text));
        }
    }
    modules.push((
        "index".to_string(),
        "export * from './render_intent.js';\nexport * from './unions.js';\n\
         export * from './defaults.js';\n"
            .to_string(),
    ));
    modules
}

#[test]
fn self_contained_outputs_cannot_be_re_exported_together() {
    let dir = outputs::scratch("cardc-shared-runtime", "inline");
    let diagnostics = outputs::typescript_compile(&dir, &project(&Options::default()))
        .expect_err("two self-contained outputs re-exported together");
    assert!(
        diagnostics.contains("TS2308") && diagnostics.contains("assertNever"),
        "{diagnostics}"
    );
}

#[test]
fn outputs_sharing_the_runtime_re_export_together_and_work() {
    let runtime = TypeScript
        .shared_runtime()
        .expect("TypeScript has a shared runtime");
    let mut modules = project(&Options::runtimes_beside(&[&TypeScript]));
    for (stem, text) in &modules {
        if !stem.contains('.') && stem != "index" {
            assert!(
                !text.contains("function cardcRun")
                    && !text.contains("function assertNever")
                    && !text.contains("function check"),
                "{stem} carries the runtime"
            );
        }
    }
    modules.push((
        runtime.file_name.trim_end_matches(".ts").to_string(),
        runtime.contents,
    ));
    // Guards and matchers from both schemas, through the re-exports; a wrong answer throws.
    modules.push((
        "use".to_string(),
        "import { isToolCallView, parseShape, matchShape, parseTask, writeTask } from './index.js';\n\
         import { assertNever } from './index.js';\n\
         if (!isToolCallView({ card: 'terminal', title: 'ls' })) throw new Error('isToolCallView');\n\
         if (isToolCallView({ card: 'terminal' })) throw new Error('isToolCallView accepted');\n\
         const parsed = parseShape({ type: 'circle', radius: 'big' });\n\
         if (parsed.ok) throw new Error('parseShape accepted');\n\
         const found = parsed.errors[0];\n\
         if (found === undefined || found.pointer !== '/radius') throw new Error(JSON.stringify(parsed));\n\
         const area = matchShape({ type: 'circle', radius: 1 }, {\n  \
           circle: () => 'circle',\n  rectangle: () => 'rectangle',\n  empty_shape: () => 'empty',\n});\n\
         if (area !== 'circle') throw new Error(area);\n\
         const task = parseTask({ id: 't', kind: 'other' });\n\
         if (!task.ok || task.value.status !== 'pending') throw new Error(JSON.stringify(task));\n\
         if ('kind' in writeTask(task.value)) throw new Error('writeTask kept the default kind');\n\
         export function exhaustive(value: never): never {\n  return assertNever(value);\n}\n"
            .to_string(),
    ));
    let dir = outputs::scratch("cardc-shared-runtime", "shared");
    let (stdout, stderr) = outputs::typescript_compile_and_import(&dir, &modules);
    assert_eq!((stdout.as_str(), stderr.as_str()), ("", ""));
}
