//! Loading sets of schema files from an [`Overlay`] of texts that are nowhere on disk: the
//! imports resolve, and each refused import is reported at its `use`, in its own file.

use std::path::{Path, PathBuf};

use super::{Loaded, Overlay, load};

/// The files, as `(path under /virtual, text)`, loaded from the first.
fn loaded(files: &[(&str, &str)]) -> Loaded {
    let mut overlay = Overlay::new();
    for (path, text) in files {
        overlay.insert(Path::new("/virtual").join(path), *text);
    }
    let root = PathBuf::from("/virtual").join(files[0].0);
    load(&[root], &overlay, &|path| crate::source_name(path))
}

/// Every problem, rendered: each file's against its own text.
fn report(files: &[(&str, &str)]) -> String {
    let loaded = loaded(files);
    assert!(loaded.schemas().is_none(), "the files check");
    loaded.report()
}

const COMMON: &str = "struct SessionId(String);\n\
                      #[union(tag = \"type\")]\nenum Block {\n    Text(TextBlock),\n}\n\
                      struct TextBlock {\n    text: String,\n    mode: Mode,\n}\n\
                      enum Mode {\n    Plain,\n}\n";

#[test]
fn imported_types_are_foreign_with_every_type_they_hold() {
    let loaded = loaded(&[
        (
            "chat.cards",
            "use common::{Block, SessionId};\nstruct Say {\n    id: SessionId,\n    \
             blocks: Vec<Block>,\n}\n",
        ),
        ("common.cards", COMMON),
    ]);
    let schemas = loaded.schemas().expect("both check");
    // The imported file first, then the file that imports it.
    let stems: Vec<&str> = schemas.iter().map(|schema| schema.stem.as_str()).collect();
    assert_eq!(stems, ["common", "chat"]);
    let chat = schemas[1];
    let foreign: Vec<&str> = chat.foreign.keys().map(String::as_str).collect();
    assert_eq!(foreign, ["Block", "Mode", "SessionId", "TextBlock"]);
    assert!(chat.foreign.values().all(|module| module.stem == "common"));
    let own: Vec<&str> = chat.own_types().map(|def| def.name()).collect();
    assert_eq!(own, ["Say"]);
    // An imported type's spans are at the `use` that brings it in.
    let text = "use common::{Block, SessionId};";
    assert_eq!(chat.types["Block"].name_span(), &(13..18));
    assert_eq!(chat.types["Mode"].name_span(), &(4..10), "{text}");
}

#[test]
fn a_file_that_is_not_there_is_reported_at_the_use() {
    let report = report(&[(
        "chat.cards",
        "use missing::Thing;\nstruct A {\n    t: Thing,\n}\n",
    )]);
    assert!(
        report.contains("cannot read /virtual/missing.cards"),
        "{report}"
    );
    assert!(report.contains("/virtual/chat.cards:1:5"), "{report}");
    // Its names are not unknown types on top.
    assert_eq!(report.matches("error:").count(), 1, "{report}");
}

#[test]
fn an_unknown_name_is_reported_at_its_place_in_the_list_with_the_likely_one() {
    let report = report(&[
        ("chat.cards", "use common::{SessionId, TxtBlock};\n"),
        ("common.cards", COMMON),
    ]);
    assert!(
        report.contains("`common.cards` declares no type `TxtBlock`"),
        "{report}"
    );
    assert!(report.contains("/virtual/chat.cards:1:25"), "{report}");
    assert!(report.contains("did you mean `TextBlock`?"), "{report}");
}

#[test]
fn a_cycle_names_every_file_on_it() {
    let report = report(&[
        ("a.cards", "use b::B;\nstruct A {\n    b: B,\n}\n"),
        ("b.cards", "use a::A;\nstruct B {\n    a: Option<A>,\n}\n"),
    ]);
    assert!(
        report.contains(
            "a cycle of imports: /virtual/a.cards -> /virtual/b.cards -> /virtual/a.cards"
        ),
        "{report}"
    );
    assert!(report.contains("/virtual/b.cards:1:5"), "{report}");
    assert!(
        report.contains("/virtual/b.cards does not check"),
        "{report}"
    );
}

#[test]
fn a_name_imported_twice_or_declared_too_is_refused_at_the_use() {
    let report = report(&[
        (
            "chat.cards",
            "use common::{SessionId, SessionId};\nuse common::Mode;\nenum Mode {\n    A,\n}\n",
        ),
        ("common.cards", COMMON),
    ]);
    assert!(report.contains("`SessionId` is imported twice"), "{report}");
    assert!(
        report.contains("`Mode` is imported from `common.cards` and declared in this file too"),
        "{report}"
    );
}

#[test]
fn a_declared_name_that_an_import_holds_is_refused() {
    let report = report(&[
        ("chat.cards", "use common::Block;\nenum Mode {\n    A,\n}\n"),
        ("common.cards", COMMON),
    ]);
    assert!(
        report.contains("the types imported from `common.cards` hold a type `Mode`"),
        "{report}"
    );
    assert!(report.contains("/virtual/chat.cards:1:5"), "{report}");
}

#[test]
fn a_type_another_file_imports_is_imported_from_the_file_that_declares_it() {
    let report = report(&[
        ("chat.cards", "use middle::SessionId;\n"),
        (
            "middle.cards",
            "use common::SessionId;\nstruct M {\n    id: SessionId,\n}\n",
        ),
        ("common.cards", COMMON),
    ]);
    assert!(
        report.contains("`SessionId` is not declared in `middle.cards`, which imports it itself"),
        "{report}"
    );
    assert!(report.contains("here `common.cards`"), "{report}");
}

#[test]
fn errors_in_an_imported_file_are_reported_there_and_once_at_the_use() {
    let report = report(&[
        (
            "chat.cards",
            "use common::SessionId;\nstruct A {\n    id: SessionId,\n}\n",
        ),
        ("common.cards", "struct SessionId(Strin);\n"),
    ]);
    assert!(report.contains("/virtual/common.cards:1:18"), "{report}");
    assert!(report.contains("unknown type `Strin`"), "{report}");
    assert!(
        report.contains("/virtual/common.cards does not check: 1 problem(s), reported there"),
        "{report}"
    );
    assert_eq!(report.matches("error:").count(), 2, "{report}");
}

#[test]
fn an_unsaved_buffer_overrides_the_disk() {
    let dir = tempfile::tempdir().expect("scratch");
    let common = dir.path().join("common.cards");
    std::fs::write(&common, "struct Old(String);\n").expect("write");
    std::fs::write(dir.path().join("chat.cards"), "use common::New;\n").expect("write");
    let mut overlay = Overlay::new();
    let roots = [dir.path().join("chat.cards")];
    let header = |path: &Path| crate::source_name(path);
    assert!(load(&roots, &overlay, &header).schemas().is_none());
    overlay.insert(&common, "struct New(String);\n");
    assert!(load(&roots, &overlay, &header).schemas().is_some());
    overlay.remove(&common);
    assert!(load(&roots, &overlay, &header).schemas().is_none());
}

#[test]
fn text_compiled_alone_refuses_a_use() {
    let errors =
        crate::compile("x.cards", "use common::A;\nstruct B {\n    a: A,\n}\n").expect_err("a use");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].message.contains("imports from `common.cards`"));
}

#[test]
fn a_use_of_the_wrong_shape_is_refused_with_its_reason() {
    let cases = [
        ("use common::*;", "a `use` lists the types it imports"),
        (
            "use common::A as B;",
            "`A` cannot be imported under another name",
        ),
        ("use A;", "a `use` names the file its types are declared in"),
        ("pub use common::A;", "a `use` cannot be public"),
        ("use a::{b::C};", "a `use` imports from one file"),
        (
            "use crate::a::B;",
            "`crate` cannot appear here in a `use` path",
        ),
    ];
    for (text, expected) in cases {
        let (_, errors) = crate::syntax::parse(text);
        assert!(
            errors.iter().any(|error| error.message == expected),
            "{text}: {errors:?}"
        );
    }
    let (file, errors) = crate::syntax::parse("use super::super::shared::ids::{A, B};");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(file.uses[0].path.value, "../../shared/ids.cards");
}

#[cfg(feature = "write")]
mod config {
    use std::path::Path;

    use crate::project::Runtime;
    use crate::project::config::read;

    const GOOD: &str = "schemas = [\"schema/chat.cards\"]\n\n[python]\nout = \"worker\"\n\
                        distributions = { chat = \"acme-chat\" }\n\n[typescript]\nout = \"web\"\n\
                        runtime = \"web/cardc_runtime.ts\"\n\n[rust]\nout = \"src/contracts\"\n\
                        module = \"crate::contracts\"\n\n[json-schema]\nout = \"schemas\"\n\
                        id-base = \"https://schemas.acme.dev/\"\n";

    #[test]
    fn a_project_file_places_each_target_relative_to_its_directory_in_registry_order() {
        let config = read(Path::new("app"), GOOD).expect("a valid project file");
        assert_eq!(config.schemas, [Path::new("app/schema/chat.cards")]);
        let placed: Vec<(&str, &Path)> = config
            .layout
            .placements
            .iter()
            .map(|placement| (placement.target.key(), placement.dir.as_path()))
            .collect();
        assert_eq!(
            placed,
            [
                ("rust", Path::new("app/src/contracts")),
                ("json-schema", Path::new("app/schemas")),
                ("typescript", Path::new("app/web")),
                ("python", Path::new("app/worker")),
            ]
        );
        assert_eq!(
            config.layout.placements[2].runtime,
            Runtime::At("app/web/cardc_runtime.ts".into())
        );
        assert_eq!(
            config.layout.rust_module.as_deref(),
            Some("crate::contracts")
        );
        assert_eq!(config.layout.python_distributions["chat"], "acme-chat");
        assert_eq!(config.id_base.as_deref(), Some("https://schemas.acme.dev/"));
        let only = config.only(&["python"]).expect("a target of the file");
        assert_eq!(only.layout.placements.len(), 1);
    }

    #[test]
    fn every_problem_of_a_project_file_is_located() {
        let text = "schemas = \"chat.cards\"\n[rust]\nout = \"x\"\nmodul = \"crate\"\n\
                    [typscript]\nout = \"web\"\n[python]\n\
                    distributions = { chat = \"acme chat\" }\n";
        let problems = read(Path::new(""), text).expect_err("problems");
        let found: Vec<(&str, usize)> = problems
            .iter()
            .map(|problem| (problem.message.as_str(), problem.span.start))
            .collect();
        let at = |needle: &str| text.find(needle).expect("in the text");
        assert_eq!(
            found,
            [
                (
                    "expected an array: a list of schema file paths",
                    at("\"chat")
                ),
                ("unknown key `modul`: not a key of `[rust]`", at("modul")),
                (
                    "unknown key `typscript`: not a target's table or `schemas`",
                    at("typscript")
                ),
                (
                    "`[python]` says nowhere to write its outputs",
                    at("[python]")
                ),
                (
                    "`acme chat` is not a Python distribution name: use ASCII letters, digits, \
                     `.`, `_` and `-`, starting and ending with a letter or digit",
                    at("\"acme")
                ),
            ]
        );
        assert_eq!(problems[1].hint, "did you mean `module`?");
    }

    #[test]
    fn toml_that_does_not_parse_is_located() {
        let problems = read(Path::new(""), "schemas = [\n[rust\n").expect_err("not TOML");
        assert!(
            problems[0]
                .message
                .starts_with("cardc.toml is not valid TOML")
        );
    }
}
