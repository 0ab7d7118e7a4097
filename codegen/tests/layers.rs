//! The pipeline's layers only look inward: the IR and the neutral modules depend on nothing
//! outer, the syntax layer on the IR's leaf types, the checker on the syntax layer, the IR and
//! the target trait, and every emitter on the IR, the naming rules and the target trait alone.
//! This test reads the crate's source as syntax trees and fails on any path from a module to
//! one its layer may not name, so that a shortcut shows up in review as a red test.
//!
//! Test code (`#[cfg(test)]` items and `tests/` directories) is left out: a unit test may build
//! its IR through the whole front end.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// Each layer (a top-level module of `cardc_codegen`) and the modules it may name. The root
/// (`lib.rs`), `build.rs`, `out`, `git`, the language server (`lsp`) and the binary are front
/// ends, which may name anything.
const LAYERS: &[(&str, &[&str])] = &[
    ("ir", &[]),
    ("naming", &[]),
    ("limits", &[]),
    ("diagnostics", &["text"]),
    ("text", &[]),
    // The words of a published JSON Schema, written by its emitter and read by `published`.
    ("wording", &[]),
    // The header sentence, written by every emitter and read back by `published`.
    ("header", &["ir"]),
    // JSON pointers, the one way every layer writes and reads them.
    ("json_pointer", &[]),
    // A JSON value of the schema (an example, a default) as text, for outputs and compat.
    ("json_text", &["ir"]),
    ("target", &["ir"]),
    // Whether a JSON value is one the contract accepts, for the checker and the doc renderer.
    ("accept", &["ir", "json_pointer"]),
    ("syntax", &["ir", "naming", "limits", "diagnostics"]),
    (
        "check",
        &[
            "syntax",
            "ir",
            "naming",
            "limits",
            "diagnostics",
            "target",
            "accept",
        ],
    ),
    (
        "emit",
        &[
            "ir",
            "naming",
            "target",
            "text",
            "json_text",
            "header",
            "wording",
            "json_pointer",
            "limits",
        ],
    ),
    // A second front end: reads a published JSON Schema back into the IR.
    (
        "published",
        &[
            "ir",
            "header",
            "json_text",
            "json_pointer",
            "limits",
            "wording",
        ],
    ),
    // A front end from someone else's JSON Schema to schema text: builds the IR with the
    // published reader's nodes, the checker's pattern rule and the naming rules.
    (
        "import",
        &[
            "ir",
            "naming",
            "json_text",
            "limits",
            "wording",
            "header",
            "published",
            "check",
            "syntax",
            "diagnostics",
            "json_pointer",
        ],
    ),
    // Beside the emitters: reads the IR, and renders locations as diagnostics do.
    ("compat", &["ir", "diagnostics", "json_text"]),
    // Beside the emitters too: reads the IR, compat's report and the accepting rule.
    (
        "doc",
        &[
            "ir",
            "header",
            "json_text",
            "text",
            "compat",
            "accept",
            "diagnostics",
        ],
    ),
    // Lays out schema text: parses it with the syntax layer, reports as diagnostics do.
    ("fmt", &["syntax", "diagnostics"]),
];

#[test]
fn inner_layers_import_no_outer_one() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut violations = Vec::new();
    let mut seen_layers = BTreeSet::new();
    let targets = target_modules(&src);
    assert!(
        targets.len() >= 3,
        "the target modules under src/emit: {targets:?}"
    );
    for file in rust_files(&src) {
        let relative = file.strip_prefix(&src).expect("under src");
        let module = module_path(relative);
        let Some(&(layer, allowed)) = LAYERS.iter().find(|(layer, _)| module[0] == *layer) else {
            continue;
        };
        seen_layers.insert(layer);
        let text = std::fs::read_to_string(&file).expect("source");
        let syntax = syn::parse_file(&text).unwrap_or_else(|error| panic!("{file:?}: {error}"));
        for path in &names_in(&syntax, &module) {
            let name = &path[0];
            if name != layer && !allowed.contains(&name.as_str()) {
                violations.push(format!(
                    "{}: the `{layer}` layer names `crate::{name}`",
                    relative.display()
                ));
            }
            // A target's module reads the IR, not another target.
            if let (Some(own), Some(other)) =
                (target_of(&module, &targets), target_of(path, &targets))
                && own != other
            {
                violations.push(format!(
                    "{}: the `{own}` target names the `{other}` target",
                    relative.display()
                ));
            }
        }
    }
    // A renamed or moved layer must not make the test pass by matching no file.
    assert_eq!(
        seen_layers.len(),
        LAYERS.len(),
        "layers without source: {seen_layers:?}"
    );
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

/// The modules a file's paths name, resolved from its own module path.
fn names_in(syntax: &syn::File, module: &[impl ToString]) -> BTreeSet<Vec<String>> {
    names_keeping(syntax, module, 2)
}

/// The paths a file names through `crate::` or `super::`, resolved from its own module path,
/// each cut to its first `keep` segments.
fn names_keeping(
    syntax: &syn::File,
    module: &[impl ToString],
    keep: usize,
) -> BTreeSet<Vec<String>> {
    let module: Vec<String> = module.iter().map(ToString::to_string).collect();
    let mut names = Names {
        module: &module,
        keep,
        found: BTreeSet::new(),
    };
    names.visit_file(syntax);
    names.found
}

/// Within a target's emitter, and among the Rust runtime's modules, imports point one way: no
/// module reaches itself again through the modules it names (a module's own parent, whose
/// shared items its children use, aside). A circle means two modules that are one concept, or
/// a helper in the wrong one.
#[test]
fn sibling_modules_depend_on_each_other_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut circles = Vec::new();
    for target in target_modules(&src) {
        let dir = src.join("emit").join(&target);
        let prefix = ["emit".to_string(), target.clone()];
        let graph = sibling_graph(&dir, &prefix, 3);
        assert!(graph.len() >= 3, "the modules of {dir:?}: {graph:?}");
        circles.extend(
            circles_in(&graph)
                .into_iter()
                .map(|c| format!("emit::{target}: {c}")),
        );
    }
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/src");
    let graph = sibling_graph(&runtime, &[], 1);
    assert!(graph.len() >= 10, "the runtime's modules: {graph:?}");
    circles.extend(
        circles_in(&graph)
            .into_iter()
            .map(|c| format!("cardc-runtime: {c}")),
    );
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

/// The modules directly under `prefix` (the files and directories in `dir`, but `mod.rs` and
/// `lib.rs`), each with the others it names; a path is cut to `keep` segments, the module's
/// own. Paths through re-exports of the parent (`crate::decode_str`) name no module and are not
/// followed.
fn sibling_graph(
    dir: &Path,
    prefix: &[String],
    keep: usize,
) -> std::collections::BTreeMap<String, BTreeSet<String>> {
    let mut graph = std::collections::BTreeMap::<String, BTreeSet<String>>::new();
    for file in rust_files(dir) {
        let relative = file.strip_prefix(dir).expect("under the directory");
        let mut module: Vec<String> = prefix.to_vec();
        module.extend(module_path(relative));
        let Some(own) = module.get(prefix.len()).cloned() else {
            continue;
        };
        if own == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source");
        let syntax = syn::parse_file(&text).unwrap_or_else(|error| panic!("{file:?}: {error}"));
        let named = names_keeping(&syntax, &module, keep)
            .into_iter()
            .filter(|path| path.len() == keep && path.starts_with(prefix))
            .map(|path| path[prefix.len()].clone())
            .filter(|name| *name != own)
            .collect::<Vec<_>>();
        graph.entry(own).or_default().extend(named);
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for named in graph.values_mut() {
        named.retain(|name| modules.contains(name));
    }
    graph
}

/// Every circle of `graph`, each as the modules on it (`a -> b -> a`), found by a depth-first
/// walk from every module.
fn circles_in(graph: &std::collections::BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut circles = BTreeSet::new();
    for start in graph.keys() {
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in graph.get(&at).into_iter().flatten() {
                if next == start {
                    // One spelling per circle: from its least module.
                    let least = path.iter().min().expect("a path");
                    let turn = path
                        .iter()
                        .position(|module| module == least)
                        .expect("in it");
                    let mut circle: Vec<&String> =
                        path[turn..].iter().chain(&path[..turn]).collect();
                    circle.push(least);
                    circles.insert(
                        circle
                            .iter()
                            .map(|m| m.as_str())
                            .collect::<Vec<_>>()
                            .join(" -> "),
                    );
                } else if seen.insert(next.clone()) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    circles.into_iter().collect()
}

#[test]
fn a_circle_of_modules_is_found() {
    let graph = std::collections::BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["c".to_string()])),
        ("c".to_string(), BTreeSet::from(["a".to_string()])),
        ("d".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert_eq!(circles_in(&graph), ["a -> b -> c -> a"]);
    let mut acyclic = graph;
    acyclic.insert("c".to_string(), BTreeSet::new());
    assert!(circles_in(&acyclic).is_empty());
}

/// The test's own rule, on files that break it: the checker naming an emitter is found, and
/// so is a target naming another through `super`.
#[test]
fn a_checker_naming_an_emitter_and_a_target_naming_another_are_found() {
    let checker: syn::File = syn::parse_quote! {
        use crate::{ir, emit::rust::bridge};
        fn f() -> String { super::super::emit::header() }
    };
    let found = names_in(&checker, &["check", "types"]);
    let tops: BTreeSet<&str> = found.iter().map(|path| path[0].as_str()).collect();
    assert_eq!(tops, BTreeSet::from(["emit", "ir"]));
    let glob: syn::File = syn::parse_quote! {
        use crate::*;
    };
    assert!(names_in(&glob, &["emit", "rust"]).contains(&vec!["*".to_string()]));
    let target: syn::File = syn::parse_quote! {
        fn f() -> String { super::super::typescript::emit() }
    };
    let found = names_in(&target, &["emit", "rust", "bridge"]);
    let targets = BTreeSet::from(["rust".to_string(), "typescript".to_string()]);
    let named: Vec<_> = found
        .iter()
        .filter_map(|path| target_of(path, &targets))
        .collect();
    assert_eq!(named, ["typescript"]);
}

/// The target modules: the directories under `src/emit`.
fn target_modules(src: &Path) -> BTreeSet<String> {
    std::fs::read_dir(src.join("emit"))
        .expect("src/emit")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.is_dir())
        .filter_map(|path| Some(path.file_name()?.to_string_lossy().into_owned()))
        .collect()
}

/// The target a module path lies in (`emit::rust::bridge` is in `rust`), if any.
fn target_of<'p>(path: &'p [String], targets: &BTreeSet<String>) -> Option<&'p str> {
    match path {
        [emit, target, ..] if emit == "emit" && targets.contains(target) => Some(target),
        _ => None,
    }
}

/// Every `.rs` file below `dir`, except those in `tests` directories.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("source directory") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name != "tests") {
                files.extend(rust_files(&path));
            }
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// The module path of a source file: `emit/rust/bridge.rs` is `emit::rust::bridge`,
/// `emit/rust/mod.rs` is `emit::rust`.
fn module_path(relative: &Path) -> Vec<String> {
    let mut path: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    path
}

/// The modules a file names through `crate::` or `super::` paths, each as the first segments of
/// its path from the crate root (`emit::rust`, `ir::Field`).
struct Names<'a> {
    module: &'a [String],
    /// How many segments of each path are kept.
    keep: usize,
    found: BTreeSet<Vec<String>>,
}

impl Names<'_> {
    /// Records the path from the crate root that a path starting with these segments names;
    /// says whether it named anything below the root.
    fn record<'s>(&mut self, mut segments: impl Iterator<Item = &'s syn::Ident>) -> bool {
        let Some(first) = segments.next() else {
            return false;
        };
        let mut absolute: Vec<String> = if first == "crate" {
            Vec::new()
        } else if first == "super" {
            let mut depth = self.module.len() - 1;
            let mut next = segments.next();
            while next.is_some_and(|segment| segment == "super") {
                depth = depth.saturating_sub(1);
                next = segments.next();
            }
            let mut base = self.module[..depth].to_vec();
            base.extend(next.map(ToString::to_string));
            base
        } else {
            return false;
        };
        absolute.extend(segments.map(ToString::to_string));
        absolute.truncate(self.keep);
        // A bare `crate` is a visibility, `pub(crate)`; the caller records a glob of the root.
        let named = !absolute.is_empty();
        if named {
            self.found.insert(absolute);
        }
        named
    }
}

/// Whether an item is compiled only for tests.
fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Meta>()
                .is_ok_and(|meta| meta.path().is_ident("test"))
    })
}

impl<'ast> Visit<'ast> for Names<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(item) => &item.attrs,
            syn::Item::Fn(item) => &item.attrs,
            syn::Item::Use(item) => &item.attrs,
            syn::Item::Impl(item) => &item.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !is_test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.record(path.segments.iter().map(|segment| &segment.ident));
        syn::visit::visit_path(self, path);
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut prefixes = Vec::new();
        use_tree_roots(&item.tree, &mut Vec::new(), &mut prefixes);
        for prefix in prefixes {
            // `use crate::*;` (or `super::*` up to the root) names every module at once.
            let leading =
                matches!(prefix.first(), Some(first) if first == "crate" || first == "super");
            if !self.record(prefix.iter()) && leading {
                self.found.insert(vec!["*".to_string()]);
            }
        }
    }
}

/// Every path a `use` tree brings in, as its segments (`use crate::{a, b::c}` gives
/// `crate::a` and `crate::b::c`).
fn use_tree_roots(
    tree: &syn::UseTree,
    prefix: &mut Vec<syn::Ident>,
    out: &mut Vec<Vec<syn::Ident>>,
) {
    match tree {
        syn::UseTree::Path(path) => {
            prefix.push(path.ident.clone());
            use_tree_roots(&path.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(name) => {
            let mut path = prefix.clone();
            path.push(name.ident.clone());
            out.push(path);
        }
        syn::UseTree::Rename(rename) => {
            let mut path = prefix.clone();
            path.push(rename.ident.clone());
            out.push(path);
        }
        syn::UseTree::Glob(_) => out.push(prefix.clone()),
        syn::UseTree::Group(group) => {
            for tree in &group.items {
                use_tree_roots(tree, prefix, out);
            }
        }
    }
}
