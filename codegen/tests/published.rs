//! Reading back a published JSON Schema: every golden JSON Schema reads back into an IR that
//! the emitter writes out as the same bytes (so the reader misses nothing the schema says),
//! `cardc compat` over two published schemas finds the changes it finds over the schema files
//! (but for what a published schema cannot say, pair by pair below), and a document cardc did
//! not write is refused with the pointer of every problem.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cardc_codegen::compat::{self, Change};
use cardc_codegen::emit::json_schema;
use cardc_codegen::ir::Schema;
use cardc_codegen::{compile, published};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every committed JSON Schema: the golden cases', the public contracts' and `generated/`'s.
fn published_files() -> Vec<PathBuf> {
    let mut files = vec![repo_root().join("generated/render_intent.schema.json")];
    for root in ["tests/schemas", "tests/contracts"] {
        for entry in std::fs::read_dir(repo_root().join(root)).expect("a golden root") {
            let dir = entry.expect("an entry").path();
            let name = dir
                .file_name()
                .map(|name| name.to_string_lossy().into_owned());
            let file = dir.join(format!("{}.schema.json", name.unwrap_or_default()));
            if file.is_file() {
                files.push(file);
            }
        }
    }
    files.sort();
    files
}

fn read_back(name: &str, text: &str) -> Schema {
    match published::read(name, text) {
        Ok(published) => published.schema,
        Err(problems) => panic!("{name}: {problems:#?}"),
    }
}

#[test]
fn every_published_schema_reads_back_to_the_same_document() {
    let files = published_files();
    assert!(files.len() > 30, "too few published schemas: {files:?}");
    for file in files {
        let name = file.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).expect("a published schema");
        let schema = read_back(&name, &text);
        let again = json_schema::emit(&schema);
        if again != text {
            let diff = similar::TextDiff::from_lines(&text, &again);
            panic!(
                "{name} reads back as another document:\n{}",
                diff.unified_diff().context_radius(3)
            );
        }
    }
}

/// A change's class, path and verdict: what compat decides, whichever way each side spells the
/// item (a published schema's integer types are its bounds' smallest, say).
fn summary(changes: &[Change]) -> BTreeSet<String> {
    changes
        .iter()
        .map(|change| {
            let breaks = change.verdict().breaks;
            format!(
                "{} {}: readers {} writers {} bridges {}",
                change.class.name(),
                change.path,
                breaks.readers,
                breaks.writers,
                breaks.bridges
            )
        })
        .collect()
}

/// The golden pairs whose published schemas cannot show a change as their schema files do, and
/// why: what a published schema does not hold.
const NOT_PUBLISHED: &[(&str, &str)] = &[
    (
        "default_added_always_written",
        "a published schema does not say whether writers leave a default out, only that they may",
    ),
    (
        "default_changed_always_written",
        "a published schema does not say whether writers leave a default out, only that they may",
    ),
    (
        "default_changed_left_out_by_new_writers",
        "a published schema does not say whether writers leave a default out, only that they may",
    ),
    (
        "default_removed_always_written",
        "a published schema does not say whether writers leave a default out, only that they may",
    ),
    (
        "default_write_changed",
        "a published schema does not say whether writers leave a default out, only that they may",
    ),
    (
        "enum_value_renamed",
        "a published schema holds no names in code, so a rename on the wire is a removal and an addition",
    ),
    (
        "field_renamed",
        "a published schema holds no names in code, so a rename on the wire is a removal and an addition",
    ),
    (
        "field_renamed_defaulted_on_open_objects",
        "a published schema holds no names in code, so a rename on the wire is a removal and an addition",
    ),
    (
        "presence_changed_to_defaulted_from_nullable",
        "a published schema does not say whether writers leave a default out, only that they may",
    ),
    (
        "presence_changed_to_null_as_absent",
        "JSON Schema says a key may be absent or `null`, not that `null` reads as absent",
    ),
    (
        "tolerance_changed",
        "a reader's policies for invalid values are not published: the schema says what writers write",
    ),
    (
        "unknown_fields_changed",
        "JSON Schema says an object is open, not whether its readers keep or drop the keys it does not name",
    ),
    (
        "variant_renamed",
        "a published schema holds no names in code, so a rename on the wire is a removal and an addition",
    ),
];

#[test]
fn published_pairs_show_the_changes_of_their_schema_files() {
    let dir = repo_root().join("tests/schemas/compat");
    let mut pairs: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/schemas/compat")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|pair| dir.join(pair).join("old.cards").is_file())
        .collect();
    pairs.sort();
    let mut problems = Vec::new();
    for pair in &pairs {
        let [old, new] = ["old", "new"].map(|side| {
            let path = format!("tests/schemas/compat/{pair}/{side}.cards");
            let text = std::fs::read_to_string(repo_root().join(&path)).expect("a pair");
            compile(&path, &text).unwrap_or_else(|errors| panic!("{path}: {errors:?}"))
        });
        let [published_old, published_new] = [&old, &new].map(|schema| {
            let name = format!("{pair}.schema.json");
            read_back(&name, &json_schema::emit(schema))
        });
        let files = summary(&compat::compare(&old, &new));
        let published = summary(&compat::compare(&published_old, &published_new));
        let expected_to_differ = NOT_PUBLISHED.iter().any(|(name, _)| name == pair);
        if (files != published) != expected_to_differ {
            problems.push(format!(
                "{pair}: {}\n  schema files: {files:#?}\n  published: {published:#?}",
                if expected_to_differ {
                    "the same changes, though listed as differing"
                } else {
                    "other changes"
                }
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The render-intent schema as published, edited by `edit`.
fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let text = std::fs::read_to_string(repo_root().join("generated/render_intent.schema.json"))
        .expect("the published render-intent schema");
    let mut document: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    edit(&mut document);
    serde_json::to_string_pretty(&document).expect("JSON")
}

#[test]
fn a_document_cardc_did_not_write_is_refused_with_every_fault_at_its_pointer() {
    let text = edited(|document| {
        document["$defs"]["GenericCallView"]["x-owner"] = "search team".into();
        document["$defs"]["GenericCallView"]["properties"]["kind"]["$ref"] =
            "kinds.json#/Kind".into();
        document["$defs"]["ToolCallKind"]["enum"] = 7.into();
    });
    let problems = published::read("render_intent.schema.json", &text)
        .expect_err("an edited schema is refused");
    let spelled: Vec<String> = problems
        .iter()
        .map(|problem| format!("{}: {}", problem.pointer, problem.message))
        .collect();
    assert_eq!(
        spelled,
        [
            "/$defs/GenericCallView: `x-owner` is no keyword cardc writes here",
            "/$defs/ToolCallKind/enum: expected an array",
        ],
        "{problems:#?}"
    );
    // With the unknown keyword gone, the bad `$ref` inside the struct is found too.
    let text = edited(|document| {
        document["$defs"]["GenericCallView"]["properties"]["kind"]["$ref"] =
            "kinds.json#/Kind".into();
    });
    let problems = published::read("render_intent.schema.json", &text)
        .expect_err("an edited schema is refused");
    assert_eq!(
        problems
            .iter()
            .map(|problem| problem.pointer.as_str())
            .collect::<Vec<_>>(),
        ["/$defs/GenericCallView/properties/kind/$ref"],
        "{problems:#?}"
    );
}

#[test]
fn text_that_is_no_json_or_no_cardc_header_is_refused() {
    let not_json = published::read("a.schema.json", "{\"$defs\": ").expect_err("refused");
    assert!(not_json[0].message.starts_with("not JSON"), "{not_json:?}");
    let text = edited(|document| document["$comment"] = "written by hand".into());
    let problems = published::read("a.schema.json", &text).expect_err("refused");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].pointer, "/$comment");
}

#[test]
fn a_published_schema_gives_its_version_and_the_pointer_of_each_item() {
    let text = std::fs::read_to_string(
        repo_root().join("tests/schemas/evolution_v2/evolution_v2.schema.json"),
    )
    .expect("a published schema");
    let published = published::read("evolution_v2.schema.json", &text).expect("it reads back");
    let version = published
        .schema
        .version
        .as_ref()
        .expect("a declared version");
    assert_eq!(version.to_string(), "2.0.0");
    assert_eq!(published.pointer(&version.span), Some("/$comment"));
    let Some(cardc_codegen::ir::TypeDef::Struct(attachment)) =
        published.schema.types.get("Attachment")
    else {
        panic!("Attachment is a struct");
    };
    let size = attachment
        .fields
        .iter()
        .find(|field| field.wire_name == "size")
        .expect("a size field");
    assert_eq!(
        published.pointer(&size.span),
        Some("/$defs/Attachment/properties/size")
    );
    assert_eq!(published.schema.stem, "evolution_v2");
}

#[test]
fn a_document_whose_types_break_the_checkers_invariants_is_refused() {
    let text = edited(|document| {
        document["$defs"]["GenericCallView"]["properties"]["kind"]["$ref"] =
            "#/$defs/Nowhere".into();
        document["$defs"]["ToolCallView"]["allOf"][0]["then"]["title"] = "ToolCallView".into();
    });
    let problems = published::read("render_intent.schema.json", &text)
        .expect_err("an edited schema is refused");
    let spelled: Vec<String> = problems
        .iter()
        .map(|problem| format!("{}: {}", problem.pointer, problem.message))
        .collect();
    assert_eq!(
        spelled,
        [
            "/$defs/GenericCallView/properties/kind: `Nowhere` is no `$defs` entry",
            "/$defs/ToolCallView: `ToolCallView` is nested in itself through its variants",
        ],
        "{problems:#?}"
    );
}

/// A nested union's branch written by a cardc from before it was titled reads as that union.
#[test]
fn an_untitled_nested_union_branch_of_an_older_cardc_reads_as_its_union() {
    let current = edited(|_| {});
    let older = edited(|document| {
        let then = &mut document["$defs"]["ToolResultView"]["allOf"][3]["then"];
        assert_eq!(
            then["title"], "SearchResultView",
            "the nested union's branch"
        );
        then.as_object_mut().map(|then| then.remove("title"));
    });
    let read = |text: &str| read_back("render_intent.schema.json", text);
    assert_eq!(read(&older), read(&current));
    // A unit variant's branch is its tag alone, closed: anything else without a title is
    // refused rather than read as a unit variant.
    let text = edited(|document| {
        let then = &mut document["$defs"]["ToolCallView"]["allOf"][0]["then"];
        then.as_object_mut().map(|then| then.remove("title"));
    });
    let problems = published::read("render_intent.schema.json", &text).expect_err("refused");
    assert_eq!(
        problems[0].pointer, "/$defs/ToolCallView/allOf/0/then",
        "{problems:?}"
    );
}
