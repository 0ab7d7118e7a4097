//! Reading back a published JSON Schema: every golden JSON Schema reads back into an IR that
//! the emitter writes out as the same bytes (so the reader misses nothing the schema says), and
//! a document cardc did not write is refused with the pointer of every problem. That compat
//! finds the same changes between two published schemas as between their schema files is
//! `tests/compat.rs`'s.

use std::path::{Path, PathBuf};

use cardc_codegen::emit::json_schema;
use cardc_codegen::ir::Schema;
use cardc_codegen::published;

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

/// The problems of a document refused by the read-back, and each as `pointer: message`.
fn refused(text: &str) -> (Vec<published::Problem>, Vec<String>) {
    let problems = published::read("render_intent.schema.json", text)
        .expect_err("an edited schema is refused");
    let spelled = problems
        .iter()
        .map(|problem| format!("{}: {}", problem.pointer, problem.message))
        .collect();
    (problems, spelled)
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
    let (problems, spelled) = refused(&text);
    assert_eq!(
        spelled,
        [
            "/$defs/GenericCallView: `x-owner` is no keyword cardc writes here",
            "/$defs/GenericCallView/properties/kind/$ref: cardc writes `$ref` only as \
             `#/$defs/<type>`, or `<document>#/$defs/<type>`",
            "/$defs/ToolCallKind/enum: expected an array",
        ],
        "{problems:#?}"
    );
    // A bad variant does not hide the next one's fault.
    let text = edited(|document| {
        document["$defs"]["ToolCallView"]["allOf"][0]["x-note"] = 1.into();
        document["$defs"]["ToolCallView"]["allOf"][1]["then"]["title"] = "Nowhere".into();
    });
    let (_, spelled) = refused(&text);
    assert_eq!(
        spelled,
        [
            "/$defs/ToolCallView/allOf/0: `x-note` is no keyword cardc writes here",
            "/$defs/ToolCallView/allOf/1/then: the payload `Nowhere` is no `$defs` entry",
        ],
        "{spelled:#?}"
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
    let (problems, spelled) = refused(&text);
    assert_eq!(
        spelled,
        [
            "/$defs/GenericCallView/properties/kind: `Nowhere` is no `$defs` entry",
            "/$defs/ToolCallView: `ToolCallView` is nested in itself through its variants",
        ],
        "{problems:#?}"
    );
}

/// What the reader does not look at (a branch's copy of its payload) is still checked: a
/// document must be exactly what cardc writes for the contract it states.
#[test]
fn a_document_edited_where_the_reader_does_not_look_is_refused_at_the_edit() {
    let text = edited(|document| {
        let then = &mut document["$defs"]["ToolCallView"]["allOf"][0]["then"];
        then["properties"]["title"] = serde_json::json!({ "type": "integer" });
    });
    assert!(published::read("render_intent.schema.json", &text).is_ok());
    let problems =
        cardc_codegen::read_published("render_intent.schema.json", &text).expect_err("refused");
    assert_eq!(
        problems
            .iter()
            .map(|problem| problem.pointer.as_str())
            .collect::<Vec<_>>(),
        ["/$defs/ToolCallView/allOf/0/then/properties/title/type"],
        "{problems:?}"
    );
    // An untitled branch is a unit variant's only when it is its tag alone, closed.
    let text = edited(|document| {
        let then = &mut document["$defs"]["ToolCallView"]["allOf"][0]["then"];
        then.as_object_mut().map(|then| then.remove("title"));
    });
    let problems = published::read("render_intent.schema.json", &text).expect_err("refused");
    assert_eq!(
        problems[0].pointer, "/$defs/ToolCallView/allOf/0/then",
        "{problems:?}"
    );
    // Every committed published schema passes the check.
    for file in published_files() {
        let text = std::fs::read_to_string(&file).expect("a published schema");
        let name = file.to_string_lossy().into_owned();
        if let Err(problems) = cardc_codegen::read_published(&name, &text) {
            panic!("{name}: {problems:#?}");
        }
    }
}

/// A union `U<index>` of one variant, tagged `t<index>`, whose payload is `payload` (a unit
/// variant without one), as the emitter writes a union's standalone form.
fn union_def(index: usize, payload: Option<String>) -> serde_json::Value {
    let tag = format!("t{index}");
    let then = match payload {
        Some(title) => serde_json::json!({ "title": title }),
        None => serde_json::json!({
            "properties": { &tag: { "type": "string", "enum": ["a"] } },
            "required": [&tag],
            "additionalProperties": false
        }),
    };
    serde_json::json!({
        "type": "object",
        "properties": { &tag: { "enum": ["a"] } },
        "required": [&tag],
        "allOf": [{ "if": { "properties": { &tag: { "const": "a" } }, "required": [&tag] }, "then": then }]
    })
}

#[test]
fn a_document_past_the_schema_limits_is_refused() {
    // Seventeen unions, each the payload of the one before.
    let text = edited(|document| {
        for index in 0..17 {
            let payload = (index < 16).then(|| format!("U{}", index + 1));
            document["$defs"][format!("U{index}")] = union_def(index, payload);
        }
    });
    let (_, spelled) = refused(&text);
    assert_eq!(
        spelled,
        ["/$defs/U0: `U0` nests 17 unions, more than the 16 a schema may"],
        "{spelled:#?}"
    );
    // Sixteen are allowed, and a cycle is refused wherever it is entered.
    let text = edited(|document| {
        for index in 0..16 {
            let payload = (index < 15).then(|| format!("U{}", index + 1));
            document["$defs"][format!("U{index}")] = union_def(index, payload);
        }
    });
    assert!(published::read("render_intent.schema.json", &text).is_ok());
    let text = edited(|document| {
        document["$defs"]["U0"] = union_def(0, Some("U1".into()));
        document["$defs"]["U1"] = union_def(1, Some("U0".into()));
    });
    let (_, spelled) = refused(&text);
    assert_eq!(
        spelled,
        [
            "/$defs/U0: `U0` is nested in itself through its variants",
            "/$defs/U1: `U1` is nested in itself through its variants",
        ],
        "{spelled:#?}"
    );
    let text = edited(|document| {
        let properties: serde_json::Map<String, serde_json::Value> = (0..1001)
            .map(|index| {
                (
                    format!("f{index}"),
                    serde_json::json!({ "type": "boolean" }),
                )
            })
            .collect();
        document["$defs"]["Wide"] = serde_json::json!({
            "type": "object", "properties": properties, "required": [], "additionalProperties": false
        });
    });
    let (_, spelled) = refused(&text);
    assert_eq!(
        spelled,
        ["/$defs/Wide/properties: 1001 fields, more than the 1000 a struct may hold"],
        "{spelled:#?}"
    );
}

/// What a published schema cannot say, as the changes compat finds between a schema file's IR
/// and its published schema's read-back: any other change is a misreading.
fn unpublished(change: &cardc_codegen::compat::Change, compiled: &Schema) -> bool {
    use cardc_codegen::ir::{Ty, TypeDef};
    let type_name = change.path.split('/').next().unwrap_or_default();
    let key = change.path.split_once('/').map(|(_, key)| key);
    let def = compiled.types.get(type_name);
    let field = |test: &dyn Fn(&cardc_codegen::ir::Field) -> bool| {
        matches!(def, Some(TypeDef::Struct(def))
            if def.fields.iter().any(|f| Some(f.wire_name.as_str()) == key && test(f)))
    };
    let flattens =
        matches!(def, Some(TypeDef::Struct(def)) if def.fields.iter().any(|f| f.flatten));
    match change.class.name() {
        // `#[null_as_absent]`, `#[omit_default]`, dropped unknown keys (a struct's or a unit
        // variant's: an open object reads back as keeping them), reader policies and a
        // catch-all's key in code are not published.
        "presence_changed"
        | "default_write_changed"
        | "unknown_fields_changed"
        | "unit_variant_keep_changed"
        | "tolerance_changed"
        | "tolerant_reader_removed"
        | "catch_all_renamed" => true,
        // A flattened struct's keys are the object's own.
        _ if flattens => true,
        // An integer's type is the smallest that holds its bounds.
        name if name.starts_with("type_") || name.starts_with("constraints_") => {
            field(&|f| matches!(f.ty, Ty::Int(_)))
        }
        // An enum value's docs have no place, nor has a deprecation's note but an enum
        // value's.
        "doc_changed" => matches!(def, Some(TypeDef::Enum(_))) && key.is_some(),
        "deprecation_changed" => {
            change.new.as_deref() == Some("deprecated")
                && !(matches!(def, Some(TypeDef::Enum(_))) && key.is_some())
        }
        _ => false,
    }
}

#[test]
fn every_published_schema_reads_back_as_the_contract_of_its_schema_file() {
    let mut misread = Vec::new();
    for root in ["tests/schemas", "tests/contracts"] {
        for entry in std::fs::read_dir(repo_root().join(root)).expect("a golden root") {
            let dir = entry.expect("an entry").path();
            let name = dir
                .file_name()
                .map(|name| name.to_string_lossy().into_owned());
            let name = name.unwrap_or_default();
            let cards = dir.join(format!("{name}.cards"));
            if !cards.is_file() {
                continue;
            }
            let text = std::fs::read_to_string(&cards).expect("a schema");
            let compiled = cardc_codegen::compile(&format!("{name}.cards"), &text)
                .unwrap_or_else(|errors| panic!("{name}: {errors:?}"));
            let published = cardc_codegen::emit::json_schema::emit(&compiled);
            let read = read_back(&format!("{name}.schema.json"), &published);
            for change in cardc_codegen::compat::compare(&compiled, &read) {
                if !unpublished(&change, &compiled) {
                    misread.push(format!(
                        "{name}: {} {} ({:?} -> {:?})",
                        change.class.name(),
                        change.path,
                        change.old,
                        change.new
                    ));
                }
            }
        }
    }
    assert!(misread.is_empty(), "{}", misread.join("\n"));
}

/// The golden project's documents (`tests/projects/chat/out/`), which name one another's types:
/// read back together, each is its schema file's contract, with the same types imported from
/// the same documents, and writes out as the same bytes; read alone, one that names another's
/// types is refused, naming the document to publish beside it.
#[test]
fn the_documents_of_a_project_read_back_together() {
    let dir = repo_root().join("tests/projects/chat");
    let config_text = std::fs::read_to_string(dir.join("cardc.toml")).expect("cardc.toml");
    let config = cardc_codegen::project::config::read(&dir, &config_text).expect("the project");
    let loaded = config.load(&cardc_codegen::project::Disk);
    let compiled = loaded.schemas().expect("the project checks");
    let documents: Vec<(String, String)> = compiled
        .iter()
        .map(|schema| {
            let name = format!("{}.schema.json", schema.stem);
            let text = std::fs::read_to_string(dir.join("out").join(&name)).expect("a document");
            (name, text)
        })
        .collect();
    let read = cardc_codegen::read_published_set(&documents)
        .unwrap_or_else(|problems| panic!("{problems:#?}"));
    let mut misread = Vec::new();
    for ((schema, published), (name, text)) in compiled.iter().zip(&read).zip(&documents) {
        assert_eq!(json_schema::emit(&published.schema), *text, "{name}");
        let modules = |schema: &Schema| {
            schema
                .foreign
                .iter()
                .map(|(name, module)| (name.clone(), module.id.clone()))
                .collect::<Vec<_>>()
        };
        // A flattened struct's keys are the object's own: it is named nowhere.
        let compiled_modules: Vec<_> = modules(schema)
            .into_iter()
            .filter(|(type_name, _)| type_name != "Envelope")
            .collect();
        assert_eq!(modules(&published.schema), compiled_modules, "{name}");
        for change in cardc_codegen::compat::compare(schema, &published.schema) {
            // A flattened struct (`Say`'s envelope) is named nowhere.
            if !unpublished(&change, schema) && change.path != "Envelope" {
                misread.push(format!("{name}: {} {}", change.class.name(), change.path));
            }
        }
    }
    assert!(misread.is_empty(), "{}", misread.join("\n"));
    assert!(compiled[2].foreign.contains_key("ContentBlock"));

    let (name, text) = &documents[2];
    let alone = cardc_codegen::read_published(name, text).expect_err("chat reads its siblings");
    assert!(
        alone.iter().any(|problem| problem.message.contains(
            "https://schemas.cardc.dev/projects/chat/common.schema.json, which is not among the \
             documents read: publish it beside this one (common.schema.json)"
        )),
        "{alone:#?}"
    );
}
