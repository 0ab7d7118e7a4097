//! The shared TypeScript runtime (`cardc generate --ts-runtime shared`,
//! `Build::typescript_runtime`): two schemas' outputs in one project import their helpers from
//! one `cardc_runtime.ts` and can be re-exported side by side, which self-contained outputs
//! cannot (each exports its own `assertNever`: TS2308); the guards and matchers work the same.

use cardc_codegen::emit::typescript::{self, Runtime, SHARED_RUNTIME_FILE, SHARED_RUNTIME_IMPORT};
use cardc_codegen::{compile, ir};
use cardc_conformance::{outputs, repo_root};

fn schema(path: &str) -> ir::Schema {
    let text = std::fs::read_to_string(repo_root().join(path)).expect("schema");
    compile(path, &text).expect("compiles")
}

/// The two outputs, emitted with `runtime`, and a module re-exporting both.
fn project(runtime: &Runtime) -> Vec<(String, String)> {
    vec![
        (
            "render_intent".to_string(),
            typescript::emit_with(&schema("schema/render_intent.cards"), runtime),
        ),
        (
            "unions".to_string(),
            typescript::emit_with(&schema("tests/schemas/unions/unions.cards"), runtime),
        ),
        (
            "index".to_string(),
            "export * from './render_intent.js';\nexport * from './unions.js';\n".to_string(),
        ),
    ]
}

#[test]
fn self_contained_outputs_cannot_be_re_exported_together() {
    let dir = outputs::scratch("cardc-shared-runtime", "inline");
    let diagnostics = outputs::typescript_compile(&dir, &project(&Runtime::Inline))
        .expect_err("two self-contained outputs re-exported together");
    assert!(
        diagnostics.contains("TS2308") && diagnostics.contains("assertNever"),
        "{diagnostics}"
    );
}

#[test]
fn outputs_sharing_the_runtime_re_export_together_and_work() {
    let runtime = Runtime::Shared(SHARED_RUNTIME_IMPORT.to_string());
    let mut modules = project(&runtime);
    for (stem, text) in &modules {
        if stem != "index" {
            assert!(
                !text.contains("function cardcRun") && !text.contains("function assertNever"),
                "{stem} carries the runtime"
            );
        }
    }
    modules.push((
        SHARED_RUNTIME_FILE.trim_end_matches(".ts").to_string(),
        typescript::shared_runtime(),
    ));
    // Guards and matchers from both schemas, through the re-exports; a wrong answer throws.
    modules.push((
        "use".to_string(),
        "import { isToolCallView, parseShape, matchShape } from './index.js';\n\
         import { assertNever } from './cardc_runtime.js';\n\
         if (!isToolCallView({ card: 'terminal', title: 'ls' })) throw new Error('isToolCallView');\n\
         if (isToolCallView({ card: 'terminal' })) throw new Error('isToolCallView accepted');\n\
         const parsed = parseShape({ type: 'circle', radius: 'big' });\n\
         if (parsed.ok) throw new Error('parseShape accepted');\n\
         const found = parsed.errors[0];\n\
         if (found === undefined || found.pointer !== '/radius') throw new Error(JSON.stringify(parsed));\n\
         const area = matchShape({ type: 'circle', radius: 1 }, {\n  \
           circle: () => 'circle',\n  rectangle: () => 'rectangle',\n  empty_shape: () => 'empty',\n});\n\
         if (area !== 'circle') throw new Error(area);\n\
         export function exhaustive(value: never): never {\n  return assertNever(value);\n}\n"
            .to_string(),
    ));
    let dir = outputs::scratch("cardc-shared-runtime", "shared");
    let (stdout, stderr) = outputs::typescript_compile_and_import(&dir, &modules);
    assert_eq!((stdout.as_str(), stderr.as_str()), ("", ""));
}
