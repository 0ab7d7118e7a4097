//! `cardc lsp` driven over stdio with JSON-RPC, as an editor drives it: every capability it
//! announces, on a schema the editor has open and unsaved.

#[path = "lsp/client.rs"]
mod client;

use std::path::{Path, PathBuf};
use std::process::Command;

use client::{Client, apply, position, uri};
use serde_json::{Value, json};

/// The schema the tests edit (not in cardc fmt's layout: its entry comes first).
const CARDS: &str = include_str!("lsp/cards.cards");

/// A workspace folder with nothing in it yet, and the address of `cards.cards` in it (which is
/// never written: the document is the editor's).
fn workspace() -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().expect("scratch");
    let root = dir.path().canonicalize().expect("canonical");
    let address = uri(&root.join("cards.cards"));
    (dir, root, address)
}

fn start(root: &Path) -> Client {
    Client::start(root, Value::Null, &[])
}

fn messages(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|diagnostic| diagnostic["message"].as_str().expect("a message"))
        .collect()
}

#[test]
fn initialize_announces_every_capability_and_agrees_on_an_encoding() {
    let (_dir, root, _) = workspace();
    let client = Client::start(&root, Value::Null, &["utf-16", "utf-8"]);
    let capabilities = &client.initialized["capabilities"];
    assert_eq!(capabilities["positionEncoding"], "utf-8");
    for capability in [
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "documentSymbolProvider",
        "workspaceSymbolProvider",
        "completionProvider",
        "renameProvider",
        "documentFormattingProvider",
        "codeActionProvider",
    ] {
        assert!(
            !capabilities[capability].is_null(),
            "{capability} missing from {capabilities}"
        );
    }
    assert_eq!(capabilities["renameProvider"]["prepareProvider"], true);
    assert_eq!(capabilities["textDocumentSync"]["change"], 2, "incremental");
    assert_eq!(client.initialized["serverInfo"]["name"], "cardc");
    client.shutdown();
    let (_dir, root, _) = workspace();
    let default = start(&root);
    assert_eq!(
        default.initialized["capabilities"]["positionEncoding"],
        "utf-16"
    );
    default.shutdown();
}

#[test]
fn diagnostics_are_the_cli_reports_for_the_unsaved_text_as_it_is_edited() {
    let (_dir, root, address) = workspace();
    let mut client = start(&root);
    client.open(&address, CARDS);
    assert_eq!(client.diagnostics(&address, 1), Vec::<Value>::new());
    // An incremental edit: `TextCard` misspelt where the union names it.
    let at = position(CARDS, "Text(TextCard)", 0, 5);
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": address, "version": 2}, "contentChanges": [{
            "range": {"start": at, "end": {"line": at["line"], "character": at["character"].as_u64().unwrap() + 8}},
            "text": "TextCrad"
        }]}),
    );
    let diagnostics = client.diagnostics(&address, 2);
    assert_eq!(
        messages(&diagnostics),
        ["unknown type `TextCrad` (not declared in this schema)\nhint: did you mean `TextCard`?"]
    );
    let diagnostic = &diagnostics[0];
    assert_eq!(diagnostic["severity"], 1);
    assert_eq!(diagnostic["source"], "cardc");
    assert_eq!(diagnostic["range"]["start"], at);
    // Every problem at once, with the related span a duplicate points back to.
    let twice = CARDS.replace(
        "    body: String,\n",
        "    body: String,\n    body: String,\n",
    );
    client.replace(&address, 3, &twice);
    let diagnostics = client.diagnostics(&address, 3);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let related = diagnostics[0]["relatedInformation"]
        .as_array()
        .expect("the first declaration is related");
    assert_eq!(related[0]["location"]["uri"], address.as_str());
    assert_eq!(
        related[0]["location"]["range"]["start"],
        position(&twice, "body", 0, 0)
    );
    // Fixed: the problems go.
    client.replace(&address, 4, CARDS);
    assert_eq!(client.diagnostics(&address, 4), Vec::<Value>::new());
    // Closed: its diagnostics are cleared.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": address}}),
    );
    let cleared = client.notification("textDocument/publishDiagnostics");
    assert_eq!(cleared["diagnostics"], json!([]));
    client.shutdown();
}

#[test]
fn a_burst_of_changes_is_compiled_once_after_it() {
    let (_dir, root, address) = workspace();
    // A long delay, so the burst surely falls inside it however loaded the machine.
    let mut client = Client::start(&root, json!({"cardc": {"diagnosticsDelayMs": 400}}), &[]);
    client.open(&address, CARDS);
    client.diagnostics(&address, 1);
    for version in 2..=6 {
        let text = CARDS.replace("TextCard {", &format!("TextCard{version} {{"));
        client.replace(&address, version, &text);
    }
    let mut skipped = Vec::new();
    let last = client.diagnostics_with(&address, 6, &mut skipped);
    assert!(
        skipped.is_empty(),
        "versions {skipped:?} were published mid-burst"
    );
    assert!(
        messages(&last)
            .iter()
            .any(|message| message.starts_with("unknown type `TextCard`")),
        "{last:?}"
    );
    client.shutdown();
}

#[test]
fn hover_shows_a_types_wire_shape_and_example_and_a_fields_wire_name() {
    let (_dir, root, address) = workspace();
    let mut client = start(&root);
    client.open(&address, CARDS);
    let hover = |client: &mut Client, at: Value| {
        let answer = client
            .request(
                "textDocument/hover",
                json!({"textDocument": {"uri": address}, "position": at}),
            )
            .expect("hover answers");
        answer["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let union = hover(&mut client, position(CARDS, "enum Card", 0, 6));
    for expected in [
        "### Card",
        "tagged union",
        "One card, told apart by its `card` field.",
        "Told apart by the key `card`.",
        "#### `\"image\"` Image",
        "- `\"imageUrl\"` (`image_url`): `String`, required; `format(\"uri\")`",
        "Example (drawn from the contract):",
        "\"card\": \"text\"",
    ] {
        assert!(union.contains(expected), "{expected:?} not in:\n{union}");
    }
    // A reference hovers as its declaration does.
    let reference = hover(&mut client, position(CARDS, "Image(ImageCard)", 0, 8));
    assert!(reference.starts_with("### ImageCard"), "{reference}");
    let field = hover(&mut client, position(CARDS, "alt_text", 0, 2));
    for expected in [
        "### ImageCard.alt_text",
        "`\"altText\"` (`alt_text`): `String`, optional; `length(..=200)`",
        "Read aloud in its place.",
    ] {
        assert!(field.contains(expected), "{expected:?} not in:\n{field}");
    }
    let variant = hover(&mut client, position(CARDS, "Text(TextCard)", 0, 0));
    assert!(variant.contains("#### `\"text\"` Text"), "{variant}");
    // With an error elsewhere, the last schema that checked still answers, and says so.
    client.replace(&address, 2, &CARDS.replace("body: String", "body: Strin"));
    let stale = hover(&mut client, position(CARDS, "struct ImageCard", 0, 8));
    assert!(stale.contains("`\"imageUrl\"`"), "{stale}");
    assert!(stale.contains("the last version that checked"), "{stale}");
    // Nothing to hover on a keyword.
    let nothing = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": address}, "position": position(CARDS, "struct", 0, 1)}),
        )
        .expect("hover answers");
    assert!(nothing.is_null(), "{nothing}");
    client.shutdown();
}

#[test]
fn definition_and_references_follow_types_into_strings() {
    let (_dir, root, address) = workspace();
    let mut client = start(&root);
    client.open(&address, CARDS);
    let definition = client
        .request(
            "textDocument/definition",
            json!({"textDocument": {"uri": address}, "position": position(CARDS, "#![entry = \"Card", 0, 12)}),
        )
        .expect("definition answers");
    assert_eq!(definition["uri"], address.as_str());
    assert_eq!(
        definition["range"]["start"],
        position(CARDS, "Card {", 0, 0)
    );
    let references = |client: &mut Client, include: bool| {
        client
            .request(
                "textDocument/references",
                json!({"textDocument": {"uri": address}, "position": position(CARDS, "struct Envelope", 0, 8),
                       "context": {"includeDeclaration": include}}),
            )
            .expect("references answer")
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let with = references(&mut client, true);
    let starts: Vec<&Value> = with.iter().map(|found| &found["range"]["start"]).collect();
    assert_eq!(
        starts,
        [
            &position(CARDS, "Envelope\"]", 0, 0),
            &position(CARDS, "Envelope {", 0, 0)
        ]
    );
    assert_eq!(references(&mut client, false).len(), 1);
    client.shutdown();
}

#[test]
fn symbols_outline_the_document_and_search_the_workspace() {
    let (_dir, root, address) = workspace();
    std::fs::create_dir_all(root.join("more")).expect("mkdir");
    std::fs::write(
        root.join("more/other.cards"),
        "/// On disk, not open.\nstruct OtherThing {\n    image_count: u8,\n}\n",
    )
    .expect("write");
    let mut client = start(&root);
    client.open(&address, CARDS);
    let outline = client
        .request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": address}}),
        )
        .expect("symbols answer");
    let names: Vec<&str> = outline
        .as_array()
        .expect("a list")
        .iter()
        .map(|symbol| symbol["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["Card", "Envelope", "TextCard", "ImageCard"]);
    let card = &outline[0];
    assert_eq!(card["kind"], 10, "an enum");
    assert_eq!(card["detail"], "tagged union, tag \"card\"");
    assert_eq!(
        card["range"]["start"],
        position(CARDS, "/// One card", 0, 0)
    );
    assert_eq!(
        card["selectionRange"]["start"],
        position(CARDS, "Card {", 0, 0)
    );
    let variants: Vec<&str> = card["children"]
        .as_array()
        .expect("children")
        .iter()
        .map(|child| child["name"].as_str().expect("name"))
        .collect();
    assert_eq!(variants, ["Text", "Image"]);
    assert_eq!(outline[3]["children"][1]["detail"], "Option<String>");
    let found = client
        .request("workspace/symbol", json!({"query": "imgc"}))
        .expect("workspace symbols answer");
    let mut found: Vec<(String, String)> = found
        .as_array()
        .expect("a list")
        .iter()
        .map(|symbol| {
            let file = symbol["location"]["uri"].as_str().expect("uri");
            (
                symbol["name"].as_str().expect("name").to_string(),
                file.rsplit('/').next().expect("file").to_string(),
            )
        })
        .collect();
    found.sort();
    assert_eq!(
        found,
        [
            ("ImageCard".to_string(), "cards.cards".to_string()),
            ("image_count".to_string(), "other.cards".to_string()),
        ]
    );
    client.shutdown();
}

#[test]
fn completion_offers_types_attributes_and_their_values() {
    let (_dir, root, address) = workspace();
    let mut client = start(&root);
    let labels = |client: &mut Client, text: &str| {
        let cursor = text.find('|').expect("a cursor");
        let text = text.replace('|', "");
        client.replace(&address, 2, &text);
        let at = position(&text, &text[..cursor], 0, cursor);
        let answer = client
            .request(
                "textDocument/completion",
                json!({"textDocument": {"uri": address}, "position": at}),
            )
            .expect("completion answers");
        answer
            .as_array()
            .expect("a list")
            .iter()
            .map(|item| item["label"].as_str().expect("label").to_string())
            .collect::<Vec<String>>()
    };
    client.open(&address, CARDS);
    let field_type = labels(
        &mut client,
        &CARDS.replace("body: String", "body: Vec<Im|>"),
    );
    for expected in ["ImageCard", "Card", "String", "u64", "Json"] {
        assert!(
            field_type.iter().any(|label| label == expected),
            "{expected}: {field_type:?}"
        );
    }
    let payload = labels(&mut client, &CARDS.replace("Image(ImageCard)", "Image(|)"));
    assert!(
        payload.iter().any(|label| label == "ImageCard"),
        "{payload:?}"
    );
    assert!(
        !payload.iter().any(|label| label == "String"),
        "{payload:?}"
    );
    let field_attribute = labels(
        &mut client,
        &CARDS.replace("    body: String", "    #[|]\n    body: String"),
    );
    for expected in ["rename", "length", "default", "flatten"] {
        assert!(
            field_attribute.iter().any(|label| label == expected),
            "{expected}: {field_attribute:?}"
        );
    }
    assert!(
        !field_attribute.iter().any(|label| label == "union"),
        "{field_attribute:?}"
    );
    let rule = labels(&mut client, &CARDS.replace("\"camelCase\"", "\"ca|\""));
    assert_eq!(rule.len(), 8, "{rule:?}");
    assert!(
        rule.iter().any(|label| label == "SCREAMING-KEBAB-CASE"),
        "{rule:?}"
    );
    let format = labels(&mut client, &CARDS.replace("\"uri\"", "\"|\""));
    assert_eq!(format, ["uri", "date-time", "uuid"]);
    client.shutdown();
}

#[test]
fn rename_rewrites_every_use_and_says_when_a_wire_name_changes() {
    let (_dir, root, address) = workspace();
    let mut client = start(&root);
    client.open(&address, CARDS);
    let rename = |client: &mut Client, at: Value, new_name: &str| {
        client
            .request(
                "textDocument/rename",
                json!({"textDocument": {"uri": address}, "position": at, "newName": new_name}),
            )
            .map(|edit| {
                edit["changes"][address.as_str()]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
            })
    };
    let prepared = client
        .request(
            "textDocument/prepareRename",
            json!({"textDocument": {"uri": address}, "position": position(CARDS, "Envelope\"]", 0, 3)}),
        )
        .expect("a name is here");
    assert_eq!(prepared["placeholder"], "Envelope");
    // A type: in the string of `#[flatten = "..."]` too; no wire name changes.
    let edits = rename(
        &mut client,
        position(CARDS, "struct Envelope", 0, 7),
        "Common",
    )
    .expect("renamed");
    let renamed = apply(CARDS, &edits);
    assert!(
        renamed.contains("#[flatten = \"Common\"]") && renamed.contains("struct Common {"),
        "{renamed}"
    );
    assert!(!renamed.contains("Envelope"), "{renamed}");
    assert!(
        client
            .notifications
            .iter()
            .all(|n| n.method != "window/showMessage")
    );
    // A field whose key comes from its name: the key changes, the client is told, and the
    // quick fix on the renamed field keeps the old key.
    let edits = rename(&mut client, position(CARDS, "alt_text", 0, 0), "caption").expect("renamed");
    let renamed = apply(CARDS, &edits);
    assert!(
        renamed.contains("    caption: Option<String>,"),
        "{renamed}"
    );
    let shown = client.notification("window/showMessage");
    assert_eq!(shown["type"], 2, "a warning");
    let message = shown["message"].as_str().expect("message");
    assert!(
        message.contains("changes its key on the wire from \"altText\" to \"caption\""),
        "{message}"
    );
    client.replace(&address, 2, &renamed);
    let actions = client
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": address}, "range": {"start": position(&renamed, "caption", 0, 1), "end": position(&renamed, "caption", 0, 1)}, "context": {"diagnostics": []}}),
        )
        .expect("actions answer");
    let keep = actions
        .as_array()
        .expect("a list")
        .iter()
        .find(|action| action["title"] == "Keep the wire name \"altText\"")
        .unwrap_or_else(|| panic!("no keep action in {actions}"));
    let kept = apply(
        &renamed,
        keep["edit"]["changes"][address.as_str()]
            .as_array()
            .expect("edits"),
    );
    assert!(
        kept.contains("    #[rename = \"altText\"]\n    caption: Option<String>,"),
        "{kept}"
    );
    let schema = cardc_codegen::compile("cards.cards", &kept).expect("the kept schema checks");
    let cardc_codegen::ir::TypeDef::Struct(image) = &schema.types["ImageCard"] else {
        panic!("a struct");
    };
    let caption = image
        .fields
        .iter()
        .find(|field| field.name == "caption")
        .expect("the renamed field");
    assert_eq!(caption.wire_name, "altText");
    // Refused: a name that is taken, and no name at all.
    let taken = rename(
        &mut client,
        position(&renamed, "struct TextCard", 0, 7),
        "ImageCard",
    )
    .expect_err("taken");
    assert!(
        taken.contains("would not check") && taken.contains("ImageCard"),
        "{taken}"
    );
    let nonsense = rename(
        &mut client,
        position(&renamed, "struct TextCard", 0, 7),
        "two words",
    )
    .expect_err("no name");
    assert!(nonsense.contains("is not a name"), "{nonsense}");
    client.shutdown();
}

#[test]
fn formatting_gives_cardc_fmts_layout_and_refuses_what_does_not_parse() {
    let (_dir, root, address) = workspace();
    let mut client = start(&root);
    client.open(&address, CARDS);
    let format = |client: &mut Client| {
        client.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": address}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
    };
    let edits = format(&mut client).expect("formats");
    let formatted = apply(CARDS, edits.as_array().expect("edits"));
    assert_eq!(
        formatted,
        cardc_codegen::fmt::format(CARDS).expect("cardc fmt formats it")
    );
    assert_ne!(formatted, CARDS);
    client.replace(&address, 2, &formatted);
    assert_eq!(format(&mut client).expect("formats"), json!([]));
    client.replace(&address, 3, &CARDS.replace("body: String,", "body: ,"));
    let refused = format(&mut client).expect_err("does not parse");
    assert!(
        refused.contains("cannot format: the schema does not parse"),
        "{refused}"
    );
    client.shutdown();
}

#[test]
fn code_actions_apply_the_checkers_fixes() {
    let (_dir, root, address) = workspace();
    let mut client = start(&root);
    let actions_at = |client: &mut Client, at: Value| {
        client
            .request(
                "textDocument/codeAction",
                json!({"textDocument": {"uri": address}, "range": {"start": at, "end": at},
                       "context": {"diagnostics": []}}),
            )
            .expect("actions answer")
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let edits = |action: &Value| {
        action["edit"]["changes"][address.as_str()]
            .as_array()
            .cloned()
            .expect("edits")
    };
    // An enum whose values carry data, without `#[union(...)]`.
    let text = CARDS
        .replace("Text(TextCard)", "Text(TextCrad)")
        .replace("#[union(tag = \"card\")]\n", "");
    client.open(&address, &text);
    assert!(!client.diagnostics(&address, 1).is_empty());
    let union = actions_at(&mut client, position(&text, "(TextCrad)", 0, 0))
        .into_iter()
        .find(|action| {
            action["title"]
                .as_str()
                .is_some_and(|title| title.starts_with("Make it a tagged union"))
        })
        .expect("the missing #[union] is a quick fix");
    assert_eq!(union["kind"], "quickfix");
    assert_eq!(union["diagnostics"][0]["source"], "cardc");
    let fixed = apply(&text, &edits(&union));
    assert!(
        fixed.contains("#[union(tag = \"type\")]\nenum Card {"),
        "{fixed}"
    );
    // Now a union, its misspelt payload is reported, with the did-you-mean as a quick fix.
    client.replace(&address, 2, &fixed);
    let reported = client.diagnostics(&address, 2);
    assert_eq!(messages(&reported).len(), 1, "{reported:?}");
    let typo = actions_at(&mut client, position(&fixed, "TextCrad", 0, 2))
        .into_iter()
        .find(|action| action["title"] == "Replace with `TextCard`")
        .expect("the did-you-mean type is a quick fix");
    let fixed = apply(&fixed, &edits(&typo));
    client.replace(&address, 3, &fixed);
    assert_eq!(client.diagnostics(&address, 3), Vec::<Value>::new());
    // On a field without a rename, an action pins its wire name.
    let pin = actions_at(&mut client, position(&fixed, "image_url", 0, 0));
    let pin = pin
        .iter()
        .find(|action| {
            action["title"] == "Pin the wire name \"imageUrl\" with #[rename], so renaming keeps it"
        })
        .unwrap_or_else(|| panic!("no pin action in {pin:?}"));
    let pinned = apply(&fixed, &edits(pin));
    assert!(
        pinned.contains("    #[format = \"uri\"]\n    #[rename = \"imageUrl\"]\n    image_url"),
        "{pinned}"
    );
    client.shutdown();
}

/// A git repository with `cards.cards` committed, for a git baseline.
fn committed_workspace() -> (tempfile::TempDir, PathBuf, String) {
    let (dir, root, address) = workspace();
    let v1 = CARDS.replacen('\n', "\n#![version = \"1.0.0\"]\n", 1);
    std::fs::write(root.join("cards.cards"), v1).expect("write");
    let git = |args: &[&str]| {
        let status = Command::new("git")
            .args([
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@example.com",
                "-c",
                "commit.gpgsign=false",
            ])
            .args(args)
            .current_dir(&root)
            .status()
            .expect("git runs");
        assert!(status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "cards.cards"]);
    git(&["commit", "-q", "-m", "v1"]);
    (dir, root, address)
}

#[test]
fn breaking_changes_against_a_git_baseline_are_diagnostics_at_their_places() {
    let (_dir, root, address) = committed_workspace();
    let v1 = std::fs::read_to_string(root.join("cards.cards")).expect("v1");
    let mut client = Client::start(&root, json!({"cardc": {"baseline": {"git": "HEAD"}}}), &[]);
    client.open(&address, &v1);
    assert_eq!(client.diagnostics(&address, 1), Vec::<Value>::new());
    // A variant removed and a field's type narrowed: readers and writers break.
    let v2 = v1
        .replace("    Image(ImageCard),\n", "")
        .replace("    body: String,", "    body: u8,");
    client.replace(&address, 2, &v2);
    let diagnostics = client.diagnostics(&address, 2);
    let compat: Vec<&Value> = diagnostics
        .iter()
        .filter(|diagnostic| diagnostic["source"] == "cardc compat")
        .collect();
    let body = compat
        .iter()
        .find(|diagnostic| {
            diagnostic["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("TextCard/body"))
        })
        .unwrap_or_else(|| panic!("no change of TextCard/body in {diagnostics:?}"));
    let message = body["message"].as_str().expect("message");
    assert!(message.contains("breaks readers and writers"), "{message}");
    assert!(
        message.contains("needs a major version bump since HEAD:cards.cards"),
        "{message}"
    );
    assert_eq!(
        body["severity"], 2,
        "a warning: readers and writers are denied"
    );
    assert_eq!(body["range"]["start"], position(&v2, "body: u8", 0, 0));
    let removed = compat
        .iter()
        .find(|diagnostic| diagnostic["code"] == "variant_removed")
        .unwrap_or_else(|| panic!("no variant_removed in {diagnostics:?}"));
    assert_eq!(
        removed["range"]["start"],
        position(&v2, "Card {", 0, 0),
        "at its union"
    );
    let version = compat
        .iter()
        .find(|diagnostic| {
            diagnostic["message"]
                .as_str()
                .is_some_and(|m| m.contains("not bumped enough"))
        })
        .unwrap_or_else(|| panic!("no version warning in {diagnostics:?}"));
    assert_eq!(version["range"]["start"], position(&v2, "\"1.0.0\"", 0, 0));
    // Bumped: the version warning goes; the changes stay.
    let v3 = v2.replace("\"1.0.0\"", "\"2.0.0\"");
    client.replace(&address, 3, &v3);
    let bumped = client.diagnostics(&address, 3);
    assert!(
        messages(&bumped)
            .iter()
            .all(|message| !message.contains("not bumped enough")),
        "{bumped:?}"
    );
    assert!(
        messages(&bumped)
            .iter()
            .any(|message| message.starts_with("TextCard/body")),
        "{bumped:?}"
    );
    // No baseline set: no breaking change is shown.
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"cardc": {}}}),
    );
    assert_eq!(client.diagnostics(&address, 3), Vec::<Value>::new());
    client.shutdown();
}

#[test]
fn a_file_baseline_relates_each_change_to_its_old_place() {
    let (_dir, root, address) = workspace();
    std::fs::write(root.join("v1.cards"), CARDS).expect("write");
    let mut client = Client::start(
        &root,
        json!({"baseline": {"file": "v1.cards"}, "deny": ["bridges"]}),
        &[],
    );
    let v2 = CARDS.replace(
        "    Image(ImageCard),\n",
        "    Image(ImageCard),\n    Plain(TextCard),\n",
    );
    client.open(&address, &v2);
    let diagnostics = client.diagnostics(&address, 1);
    let added = diagnostics
        .iter()
        .find(|diagnostic| diagnostic["code"] == "variant_added")
        .unwrap_or_else(|| panic!("no variant_added in {diagnostics:?}"));
    assert_eq!(added["severity"], 2, "bridges are denied here");
    assert!(
        added["message"]
            .as_str()
            .expect("message")
            .contains("breaks readers and bridges; needs a major version bump"),
        "{added}"
    );
    // A removed baseline is said, not a crash.
    let unchanged = CARDS.to_string();
    std::fs::remove_file(root.join("v1.cards")).expect("remove");
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"cardc": {"baseline": {"file": "v1.cards"}}}}),
    );
    client.replace(&address, 2, &unchanged);
    let missing = client.diagnostics(&address, 2);
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert!(
        missing[0]["message"]
            .as_str()
            .expect("message")
            .starts_with("no breaking changes shown: the baseline"),
        "{missing:?}"
    );
    client.shutdown();
}
