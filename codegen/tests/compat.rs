//! `cardc compat`: each golden pair `tests/schemas/compat/<case>/{old,new}.cards` is named after
//! the class of change it shows (`field_added_optional`, or a longer name that begins with
//! it), and its human and JSON reports must equal their snapshots in
//! `tests/schemas/compat/snapshots/`. The binary's exit status follows `--deny`. Each pair's two
//! published JSON Schemas, read back, show the changes its schema files show, but for what a
//! published schema cannot say.
//!
//! After an intended change, accept the snapshots with
//! `INSTA_UPDATE=always cargo test -p cardc-codegen --test compat`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use cardc_codegen::compat::{self, Change, report};
use cardc_codegen::diagnostics::Source;
use cardc_codegen::emit::json_schema;
use cardc_codegen::{compile, published};

const CARDC: &str = env!("CARGO_BIN_EXE_cardc");

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn cases_dir() -> PathBuf {
    repo_root().join("tests/schemas/compat")
}

fn cases() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(cases_dir())
        .expect("tests/schemas/compat exists")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| cases_dir().join(name).join("old.cards").is_file())
        .collect();
    names.sort();
    names
}

/// Two schemas by their paths relative to the repository root, compiled and compared; the
/// human and JSON reports as `cardc compat` prints them from the root.
fn compared(old: &str, new: &str) -> (Vec<Change>, String, String) {
    let read = |path: &str| {
        std::fs::read_to_string(repo_root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let (old_text, new_text) = (read(old), read(new));
    let schema = |name: &str, text: &str| {
        compile(name, text).unwrap_or_else(|errors| {
            panic!("{}", Source { name, text }.render(&errors));
        })
    };
    let (old_schema, new_schema) = (schema(old, &old_text), schema(new, &new_text));
    let changes = compat::compare(&old_schema, &new_schema);
    let versioning = compat::version::versioning(&old_schema, &new_schema, &changes);
    let versions = report::Versions {
        old: Source {
            name: old,
            text: &old_text,
        },
        new: Source {
            name: new,
            text: &new_text,
        },
        versioning: &versioning
            .iter()
            .map(|versioning| (None, versioning))
            .collect::<Vec<_>>(),
    };
    let human = report::human(&changes, &versions);
    let json = report::json(&changes, &versions);
    (changes, human, json)
}

#[test]
fn every_golden_pair_gets_its_expected_reports() {
    let names = cases();
    assert!(
        names.len() >= 30,
        "expected at least 30 golden pairs, found {}",
        names.len()
    );
    insta::with_settings!({
        snapshot_path => cases_dir().join("snapshots"),
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::glob!("../../tests/schemas/compat", "*/old.cards", |path| {
            let case = path
                .parent()
                .and_then(Path::file_name)
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            let dir = format!("tests/schemas/compat/{case}");
            let (changes, human, json) =
                compared(&format!("{dir}/old.cards"), &format!("{dir}/new.cards"));
            let classes: Vec<&str> = changes.iter().map(|change| change.class.name()).collect();
            assert!(
                classes
                    .iter()
                    .any(|class| case == *class || case.starts_with(&format!("{class}_"))),
                "{case} is named after a class its report lacks: {classes:?}"
            );
            insta::assert_snapshot!("human", human);
            insta::assert_snapshot!("json", json);
        });
    });
}

/// A snapshot whose golden pair was renamed or removed would otherwise linger unread.
#[test]
fn every_snapshot_has_its_golden_pair() {
    let names = cases();
    for entry in std::fs::read_dir(cases_dir().join("snapshots")).expect("snapshots exist") {
        let file = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let case = file
            .split_once('@')
            .and_then(|(_, rest)| rest.split_once("__"))
            .map(|(case, _)| case.to_string())
            .unwrap_or_default();
        assert!(names.contains(&case), "snapshot {file} has no golden pair");
    }
}

/// The JSON report parses, and says of each change exactly what its verdict says.
#[test]
fn the_json_report_carries_every_verdict() {
    let dir = "tests/schemas/compat/field_added_optional";
    let (changes, _, json) = compared(&format!("{dir}/old.cards"), &format!("{dir}/new.cards"));
    let value: serde_json::Value = serde_json::from_str(&json).expect("the report is JSON");
    let reported = value["changes"].as_array().expect("a list of changes");
    assert_eq!(reported.len(), changes.len());
    for (reported, change) in reported.iter().zip(&changes) {
        let breaks = change.verdict().breaks;
        assert_eq!(reported["class"], change.class.name());
        assert_eq!(reported["path"], change.path.as_str());
        assert_eq!(reported["breaks"]["readers"], breaks.readers);
        assert_eq!(reported["breaks"]["writers"], breaks.writers);
        assert_eq!(reported["breaks"]["bridges"], breaks.bridges);
        assert_eq!(reported["reason"], *change.verdict().reason);
    }
}

/// The render-intent schema against the one that adds a `table` card to both closed unions
/// (the schema the closed-union proof compiles every bridge against): old readers refuse the
/// new card, old writers never write it, and bridges miss a case.
#[test]
fn a_table_card_breaks_readers_and_bridges_of_the_closed_unions_but_not_writers() {
    let (changes, human, _) = compared(
        "schema/render_intent.cards",
        "tests/ui/schemas/render_intent_with_table.cards",
    );
    for union in ["ToolCallView", "ToolResultView"] {
        let path = format!("{union}/table");
        let change = changes
            .iter()
            .find(|change| change.path == path)
            .unwrap_or_else(|| panic!("no change at {path}:\n{human}"));
        assert_eq!(change.class.name(), "variant_added");
        let breaks = change.verdict().breaks;
        assert!(
            breaks.readers && !breaks.writers && breaks.bridges,
            "{human}"
        );
    }
    assert!(
        changes
            .iter()
            .all(|change| !change.verdict().breaks.writers),
        "{human}"
    );
    assert!(
        human.ends_with("readers break, writers do not break, bridges break\n"),
        "{human}"
    );
}

fn cardc(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(CARDC)
        .args(args)
        .current_dir(repo_root())
        .output()
        .expect("cardc runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_exit_status_says_whether_a_denied_party_breaks() {
    let pair = |case: &str| {
        [
            format!("tests/schemas/compat/{case}/old.cards"),
            format!("tests/schemas/compat/{case}/new.cards"),
        ]
    };
    let run = |case: &str, extra: &[&str]| {
        let [old, new] = pair(case);
        let mut args = vec!["compat", old.as_str(), new.as_str()];
        args.extend_from_slice(extra);
        cardc(&args).0
    };
    // A doc change breaks nobody, whatever is denied.
    assert_eq!(
        run("doc_changed", &["--deny", "readers,writers,bridges"]),
        Some(0)
    );
    // An added variant breaks readers and bridges: refused by default and by either name.
    assert_eq!(run("variant_added", &[]), Some(1));
    assert_eq!(run("variant_added", &["--deny", "bridges"]), Some(1));
    assert_eq!(run("variant_added", &["--deny", "writers"]), Some(0));
    // A removed type breaks bridges only: passes the default, fails when bridges are denied.
    assert_eq!(run("type_removed", &[]), Some(0));
    assert_eq!(run("type_removed", &["--deny", "readers,bridges"]), Some(1));
    // A declared version bumped too little fails though no denied party breaks.
    assert_eq!(run("type_removed_with_a_minor_bump", &[]), Some(0));
    assert_eq!(run("doc_changed_with_a_patch_bump", &[]), Some(0));
    assert_eq!(run("type_added_without_a_minor_bump", &[]), Some(1));
    let [old, new] = pair("type_added_without_a_minor_bump");
    let (_, _, stderr) = cardc(&["compat", &old, &new]);
    assert!(stderr.contains("not bumped enough"), "{stderr}");
    let (code, stdout, stderr) = cardc(&[
        "compat",
        "--format",
        "json",
        "tests/schemas/compat/variant_added/old.cards",
        "tests/schemas/compat/variant_added/new.cards",
    ]);
    assert_eq!(code, Some(1));
    assert!(stdout.starts_with("{\"changes\": ["), "{stdout}");
    assert!(stderr.contains("break readers"), "{stderr}");
}

#[test]
fn an_unreadable_or_invalid_schema_exits_2_with_its_location() {
    let dir = tempfile::tempdir().expect("scratch");
    let bad = dir.path().join("bad.cards");
    std::fs::write(&bad, "struct A {\n    b: Strin,\n}\n").expect("write");
    let good = "tests/schemas/compat/doc_changed/old.cards";
    let bad = bad.to_string_lossy().into_owned();
    let (code, _, stderr) = cardc(&["compat", good, &bad]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("bad.cards:2:8"), "{stderr}");
    let missing = dir
        .path()
        .join("missing.cards")
        .to_string_lossy()
        .into_owned();
    let (code, _, stderr) = cardc(&["compat", &missing, good]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("cannot read schema"), "{stderr}");
    let (code, _, stderr) = cardc(&["compat", good, good, "--deny", "nobody"]);
    assert_eq!(code, Some(2), "{stderr}");
}

/// `--baseline` reads OLD from git: NEW's file as committed in the revision.
#[test]
fn a_baseline_compares_the_schema_with_its_committed_version() {
    let dir = tempfile::tempdir().expect("scratch");
    let git = |args: &[&str]| {
        let status = Command::new("git")
            .args([
                "-c",
                "user.name=cardc",
                "-c",
                "user.email=cardc@example.test",
            ])
            .args(args)
            .current_dir(dir.path())
            .output()
            .expect("git runs");
        assert!(status.status.success(), "git {args:?}: {status:?}");
    };
    let case = cases_dir().join("variant_added");
    std::fs::create_dir(dir.path().join("schema")).expect("mkdir");
    let schema = dir.path().join("schema/shapes.cards");
    std::fs::copy(case.join("old.cards"), &schema).expect("old");
    git(&["init", "-q"]);
    git(&["add", "schema/shapes.cards"]);
    git(&["commit", "-q", "-m", "old"]);
    std::fs::copy(case.join("new.cards"), &schema).expect("new");
    let output = Command::new(CARDC)
        .args(["compat", "--baseline", "HEAD", "schema/shapes.cards"])
        .current_dir(dir.path())
        .output()
        .expect("cardc runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.starts_with("2 change(s) from HEAD:schema/shapes.cards to schema/shapes.cards"),
        "{stdout}"
    );
    assert!(stdout.contains("Shape/Square: variant_added"), "{stdout}");
    let output = Command::new(CARDC)
        .args([
            "compat",
            "--baseline",
            "no-such-revision",
            "schema/shapes.cards",
        ])
        .current_dir(dir.path())
        .output()
        .expect("cardc runs");
    assert_eq!(output.status.code(), Some(2));
}

/// A schema's published JSON Schema, written into `dir` as the CLI would write it.
fn publish(relative: &str, dir: &Path) -> String {
    let text = std::fs::read_to_string(repo_root().join(relative)).expect("a schema");
    let schema = compile(relative, &text).unwrap_or_else(|errors| panic!("{errors:?}"));
    std::fs::create_dir_all(dir).expect("mkdir");
    let file = dir.join(format!("{}.schema.json", schema.stem));
    std::fs::write(&file, json_schema::emit(&schema)).expect("write");
    file.to_string_lossy().into_owned()
}

/// The consumer's comparison: the JSON Schema it pinned against the one published now, read
/// back from the files alone, with the same verdicts and JSON pointers for locations.
#[test]
fn two_published_schemas_compare_with_json_pointers() {
    let dir = tempfile::tempdir().expect("scratch");
    let new = publish(
        "tests/ui/schemas/render_intent_with_table.cards",
        dir.path(),
    );
    let old = "generated/render_intent.schema.json";
    let (code, human, stderr) = cardc(&["compat", old, &new]);
    assert_eq!(code, Some(1), "{human}{stderr}");
    for union in ["ToolCallView", "ToolResultView"] {
        assert!(
            human.contains(&format!("  {union}/table: variant_added: absent -> Table")),
            "{human}"
        );
    }
    assert!(
        human.contains(&format!(
            "old: absent, new: {new}#/$defs/ToolCallView/allOf/"
        )),
        "{human}"
    );
    assert!(
        human.ends_with("readers break, writers do not break, bridges break\n"),
        "{human}"
    );
    let (_, json, _) = cardc(&["compat", old, &new, "--format", "json"]);
    assert!(
        json.contains("\"new_location\": \"") && json.contains("#/$defs/ToolResultView/allOf/"),
        "{json}"
    );
    // On an open union, old readers keep the new card: only bridges break.
    let pair = "tests/schemas/compat/variant_added_to_open_union";
    let old = publish(&format!("{pair}/old.cards"), &dir.path().join("old"));
    let new = publish(&format!("{pair}/new.cards"), &dir.path().join("new"));
    let (code, json, stderr) = cardc(&["compat", &old, &new, "--format", "json"]);
    assert_eq!(code, Some(0), "{json}{stderr}");
    assert!(
        json.contains("\"class\": \"variant_added\"")
            && json.contains("\"readers\": false, \"writers\": false, \"bridges\": true"),
        "{json}"
    );
}

#[test]
fn a_published_schema_that_cardc_did_not_write_exits_2_with_its_pointers() {
    let dir = tempfile::tempdir().expect("scratch");
    let bad = dir.path().join("edited.schema.json");
    let text = std::fs::read_to_string(repo_root().join("generated/render_intent.schema.json"))
        .expect("published");
    std::fs::write(
        &bad,
        text.replacen("\"$defs\": {", "\"$defs\": {\"Oops\": 3,", 1),
    )
    .expect("write");
    let bad = bad.to_string_lossy().into_owned();
    let old = "generated/render_intent.schema.json";
    let (code, _, stderr) = cardc(&["compat", old, &bad]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("{bad}#/$defs/Oops: expected")),
        "{stderr}"
    );
    // A schema file against a published schema would show every name as renamed.
    let (code, _, stderr) = cardc(&["compat", "schema/render_intent.cards", old]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("compare a published JSON Schema"),
        "{stderr}"
    );
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
        "tolerant_reader_removed",
        "a reader's policies for invalid values are not published: the schema says what writers write",
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
        "unit_variant_keep_changed",
        "JSON Schema says an object is open, not whether its readers keep or drop the keys it does not name",
    ),
    (
        "unknown_fields_changed_on_a_unit_variant",
        "JSON Schema says an object is open, not whether its readers keep or drop the keys it does not name: a closed unit variant that now drops them reads back as opened",
    ),
    (
        "variant_renamed",
        "a published schema holds no names in code, so a rename on the wire is a removal and an addition",
    ),
];

#[test]
fn published_pairs_show_the_changes_of_their_schema_files() {
    let mut problems = Vec::new();
    for pair in &cases() {
        let [old, new] = ["old", "new"].map(|side| {
            let path = format!("tests/schemas/compat/{pair}/{side}.cards");
            let text = std::fs::read_to_string(repo_root().join(&path)).expect("a pair");
            // One name for both sides, so that the `$id` and title they default to match in
            // the published schemas as they go uncompared between the schema files.
            compile(&format!("{pair}.cards"), &text)
                .unwrap_or_else(|errors| panic!("{path}: {errors:?}"))
        });
        let [published_old, published_new] = [&old, &new].map(|schema| {
            let name = format!("{pair}.schema.json");
            published::read(&name, &json_schema::emit(schema))
                .unwrap_or_else(|problems| panic!("{name}: {problems:#?}"))
                .schema
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

/// A published schema's header carries the declared version, so the bump is checked as for two
/// schema files.
#[test]
fn two_published_schemas_are_checked_for_the_version_bump() {
    let (code, json, stderr) = cardc(&[
        "compat",
        "tests/schemas/evolution_v1/evolution_v1.schema.json",
        "tests/schemas/evolution_v2/evolution_v2.schema.json",
        "--format",
        "json",
        "--deny",
        "writers",
    ]);
    assert_eq!(code, Some(0), "{json}{stderr}");
    assert!(
        json.contains(
            "\"version\": {\"old\": \"1.0.0\", \"new\": \"2.0.0\", \"needed\": \"major\", \
             \"declared\": \"major\", \"enough\": true}"
        ),
        "{json}"
    );
    let dir = tempfile::tempdir().expect("scratch");
    let pair = "tests/schemas/compat/type_added_without_a_minor_bump";
    let old = publish(&format!("{pair}/old.cards"), &dir.path().join("old"));
    let new = publish(&format!("{pair}/new.cards"), &dir.path().join("new"));
    let (code, _, stderr) = cardc(&["compat", &old, &new]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("not bumped enough"), "{stderr}");
}

/// A published integer whose range replaced its type's bounds reads as the widest type of its
/// sign, so a changed range is a changed constraint, as between the schema files.
#[test]
fn published_integers_with_ranges_compare_by_their_ranges() {
    let publish_text = |text: &str| {
        let schema = compile("range.cards", text).unwrap_or_else(|e| panic!("{e:?}"));
        published::read("range.schema.json", &json_schema::emit(&schema))
            .unwrap_or_else(|problems| panic!("{problems:?}"))
            .schema
    };
    let old =
        publish_text("struct Score {\n    #[range(min = 0, max = 100)]\n    value: u32,\n}\n");
    let new =
        publish_text("struct Score {\n    #[range(min = 0, max = 1000)]\n    value: u32,\n}\n");
    let changes = compat::compare(&old, &new);
    let classes: Vec<&str> = changes.iter().map(|change| change.class.name()).collect();
    assert_eq!(classes, ["constraints_widened"]);
}

/// A scratch git repository holding the golden project `tests/projects/chat` (its schema files
/// and project file) as committed, and a copy of it in `old/`.
fn project_repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("scratch");
    let from = repo_root().join("tests/projects/chat");
    for file in ["cardc.toml", "ids.cards", "common.cards", "chat.cards"] {
        std::fs::copy(from.join(file), dir.path().join(file)).expect("copy the project");
        std::fs::create_dir_all(dir.path().join("old")).expect("mkdir");
        std::fs::copy(from.join(file), dir.path().join("old").join(file)).expect("copy");
    }
    let git = |args: &[&str]| {
        let output = Command::new("git")
            .args([
                "-c",
                "user.name=cardc",
                "-c",
                "user.email=cardc@example.test",
            ])
            .args(args)
            .current_dir(dir.path())
            .output()
            .expect("git runs");
        assert!(output.status.success(), "git {args:?}: {output:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "the project"]);
    dir
}

/// Edits the file `name` of the project in `dir`: each `(from, to)` replaced once, `from`
/// being there.
fn edit(dir: &Path, name: &str, replacements: &[(&str, &str)]) {
    let path = dir.join(name);
    let mut text = std::fs::read_to_string(&path).expect("a project file");
    for (from, to) in replacements {
        assert!(text.contains(from), "{name} lacks {from:?}");
        text = text.replacen(from, to, 1);
    }
    std::fs::write(&path, text).expect("write");
}

/// The changes a report lists, as `path: class` lines with the new location, in order.
fn listed(report: &str) -> Vec<String> {
    let lines: Vec<&str> = report.lines().collect();
    let mut listed = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if let Some(change) = line.strip_prefix("  ")
            && !change.starts_with(' ')
            && let Some(located) = lines.get(at + 1)
        {
            let item = format!("{change} @ {}", located.trim());
            if !listed.contains(&item) {
                listed.push(item);
            }
        }
    }
    listed
}

/// Two versions of a project compare type by type, wherever each type is declared: a type
/// moved to another file is no change, a change in an imported file is located in it, a name
/// two files declare is told apart by its file, and each file's declared version is checked
/// against the changes to what it reaches. The project at a git revision, the project file of
/// another checkout and one schema file with its imports all compare so.
#[test]
fn a_project_compares_type_by_type_wherever_each_is_declared() {
    let dir = project_repository();
    let envelope = "/// Who sent a message, in which session, on which attempt.\nstruct Envelope {\n    \
                    session_id: SessionId,\n    #[default = \"0\"]\n    attempt: u32,\n}\n";
    edit(dir.path(), "common.cards", &[(envelope, "")]);
    edit(
        dir.path(),
        "ids.cards",
        &[(
            "//! The ids every message family shares.\n",
            "//! The ids every message family shares.\n#![rename_fields = \"camelCase\"]\n",
        )],
    );
    let ids = std::fs::read_to_string(dir.path().join("ids.cards")).expect("ids.cards");
    std::fs::write(
        dir.path().join("ids.cards"),
        format!("{ids}\n{envelope}\n/// How ids are spelt.\nenum Format {{\n    Uuid,\n}}\n"),
    )
    .expect("write");
    edit(
        dir.path(),
        "chat.cards",
        &[
            (
                "use common::{ContentBlock, Envelope, TextContent};\nuse ids::{RequestId, SessionId};",
                "use common::{ContentBlock, TextContent};\nuse ids::{Envelope, RequestId, SessionId};",
            ),
            ("    Ping,\n", "    Ping,\n    Pong,\n"),
        ],
    );
    edit(
        dir.path(),
        "common.cards",
        &[(
            "    mime_type: String,\n",
            "    mime_type: String,\n    alt: String,\n",
        )],
    );
    let run = |args: &[&str]| {
        let output = Command::new(CARDC)
            .args(args)
            .current_dir(dir.path())
            .output()
            .expect("cardc runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let expected = [
        "ImageContent/alt: field_added_required: absent -> String @ old: absent, new: common.cards:34:5",
        "Message/pong: variant_added: absent -> unit @ old: absent, new: chat.cards:18:5",
        "ids::Format: type_added: absent -> enum @ old: absent, new: ids.cards:22:6",
    ];
    let (code, stdout, stderr) = run(&["compat", "--baseline", "HEAD"]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.starts_with("3 change(s) from HEAD:cardc.toml to cardc.toml\n"),
        "{stdout}"
    );
    let changes = listed(&stdout);
    assert_eq!(changes, expected, "{stdout}");
    assert!(
        !stdout.contains("Envelope"),
        "a moved type is no change:\n{stdout}"
    );

    // The other checkout's project file, and one schema file with the files it imports.
    let (code, from_checkout, _) = run(&["compat", "old/cardc.toml", "cardc.toml"]);
    assert_eq!(code, Some(1));
    assert_eq!(listed(&from_checkout), changes, "{from_checkout}");
    let (code, chat, _) = run(&["compat", "--baseline", "HEAD", "chat.cards"]);
    assert_eq!(code, Some(1));
    assert!(
        chat.starts_with("2 change(s) from HEAD:chat.cards to chat.cards\n"),
        "{chat}"
    );
    assert_eq!(listed(&chat), expected[..2], "{chat}");

    // The published documents of the two versions, each read with the documents beside it
    // whose types it names: the same changes, located by JSON pointers in their documents.
    for checkout in [".", "old"] {
        let output = Command::new(CARDC)
            .args(["generate", "--target", "json-schema"])
            .current_dir(dir.path().join(checkout))
            .output()
            .expect("cardc runs");
        assert!(output.status.success(), "{output:?}");
    }
    let (code, published, stderr) =
        run(&["compat", "old/out/chat.schema.json", "out/chat.schema.json"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        listed(&published),
        [
            "ImageContent/alt: field_added_required: absent -> String @ old: absent, new: \
             out/common.schema.json#/$defs/ImageContent/properties/alt",
            "Message/pong: variant_added: absent -> unit @ old: absent, new: \
             out/chat.schema.json#/$defs/Message/allOf/6",
        ],
        "{published}"
    );
    std::fs::remove_file(dir.path().join("out/common.schema.json")).expect("rm");
    let (code, _, stderr) = run(&["compat", "old/out/chat.schema.json", "out/chat.schema.json"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("publish it beside this one (common.schema.json)"),
        "{stderr}"
    );

    // Each file's version is checked against the changes to the types it reaches.
    edit(
        dir.path(),
        "common.cards",
        &[(
            "#![rename_fields",
            "#![version = \"1.0.1\"]\n#![rename_fields",
        )],
    );
    edit(
        dir.path(),
        "old/common.cards",
        &[(
            "#![rename_fields",
            "#![version = \"1.0.0\"]\n#![rename_fields",
        )],
    );
    let (code, stdout, stderr) = run(&[
        "compat",
        "old/cardc.toml",
        "cardc.toml",
        "--deny",
        "bridges",
    ]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.ends_with(
            "common.cards: version 1.0.0 -> 1.0.1: declares patch, the changes need major: not bumped enough\n"
        ),
        "{stdout}"
    );
    assert!(
        stderr.contains("error: common.cards: version 1.0.0 -> 1.0.1"),
        "{stderr}"
    );
    let (_, json, _) = run(&["compat", "old/cardc.toml", "cardc.toml", "--format", "json"]);
    assert!(
        json.contains(
            "\"versions\": [\n  {\"file\": \"common.cards\", \"old\": \"1.0.0\", \"new\": \"1.0.1\", \
             \"needed\": \"major\", \"declared\": \"patch\", \"enough\": false}\n]}"
        ),
        "{json}"
    );
}
