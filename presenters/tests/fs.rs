//! `read`, `write` and `edit`: the call cards from the arguments alone, and the result cards
//! from the applied change the tool records.

use cardc_presenters::fs::applied::{AppliedChange, CONTEXT_LINES};
use cardc_presenters::{ToolCall, ToolResult, present};
use render_intent::{
    ContentBlock, DiffCallView, DiffResultView, FileDiff, FileLocation, GenericCallView,
    GenericResultView, TextContent, ToolCallKind, ToolCallView, ToolResultView,
};
use serde_json::{Value, json};

fn call(tool: &str, args: Value, result: Option<ToolResult>) -> ToolCall {
    ToolCall {
        tool: tool.to_owned(),
        args,
        result,
    }
}

fn text(text: &str) -> Vec<ContentBlock> {
    vec![ContentBlock::Text(TextContent {
        text: text.to_owned(),
    })]
}

fn diff_call(view: ToolCallView) -> DiffCallView {
    match view {
        ToolCallView::Diff(diff) => diff,
        other => panic!("expected a diff call card, got {other:?}"),
    }
}

fn diff(path: &str, old: Option<&str>, new: &str) -> FileDiff {
    FileDiff {
        path: path.to_owned(),
        old_text: old.map(str::to_owned),
        new_text: new.to_owned(),
    }
}

fn at(path: &str, line: u32) -> FileLocation {
    FileLocation {
        path: path.to_owned(),
        line: Some(line),
    }
}

fn numbered(lines: std::ops::RangeInclusive<u32>) -> String {
    lines.map(|n| format!("line {n}\n")).collect()
}

#[test]
fn read_is_a_generic_read_card_with_a_follow_along_location() {
    let (view, result) = present(&call(
        "read",
        json!({"file_path": "src/lib.rs", "offset": 40, "limit": 10}),
        Some(ToolResult::text("40\tfn main() {}")),
    ));
    assert_eq!(
        view,
        ToolCallView::Generic(GenericCallView {
            title: "Read src/lib.rs (lines 40-49)".to_owned(),
            kind: Some(ToolCallKind::Read),
            raw_input: None,
            content: None,
            locations: Some(vec![at("src/lib.rs", 40)]),
        })
    );
    assert_eq!(
        result,
        Some(ToolResultView::Generic(GenericResultView {
            title: None,
            content: Some(text("40\tfn main() {}")),
        }))
    );
}

#[test]
fn read_without_a_range_follows_along_to_the_first_line() {
    for (args, title, line) in [
        (json!({"file_path": "a.rs"}), "Read a.rs", 1),
        (json!({"path": "a.rs", "offset": 0}), "Read a.rs", 1),
        (
            json!({"file_path": "a.rs", "offset": 7}),
            "Read a.rs (from line 7)",
            7,
        ),
        (
            json!({"file_path": "a.rs", "limit": 3}),
            "Read a.rs (lines 1-3)",
            1,
        ),
    ] {
        let ToolCallView::Generic(view) = present(&call("read", args, None)).0 else {
            panic!("read is a generic card");
        };
        assert_eq!(view.title, title);
        assert_eq!(view.locations, Some(vec![at("a.rs", line)]));
    }
}

#[test]
fn write_is_a_new_file_diff_whatever_the_file_held() {
    let view = diff_call(
        present(&call(
            "write",
            json!({"file_path": "notes.md", "content": "# Notes\n"}),
            None,
        ))
        .0,
    );
    assert_eq!(view.title, "Write notes.md");
    assert_eq!(view.diffs, vec![diff("notes.md", None, "# Notes\n")]);
    assert_eq!(
        view.locations,
        Some(vec![FileLocation {
            path: "notes.md".to_owned(),
            line: None,
        }])
    );
}

#[test]
fn edit_is_a_diff_from_old_string_to_new_string() {
    let cases = [
        (
            json!({"old_string": "a", "new_string": "b"}),
            Some("a"),
            "b",
        ),
        (json!({"old_string": "", "new_string": "b"}), None, "b"),
        (json!({"new_string": "b"}), None, "b"),
        (json!({"old_string": "a"}), Some("a"), ""),
        (json!({"old_string": "a", "new_string": ""}), Some("a"), ""),
    ];
    for (mut args, old, new) in cases {
        args["file_path"] = json!("src/a.rs");
        let view = diff_call(present(&call("edit", args, None)).0);
        assert_eq!(view.title, "Edit src/a.rs");
        assert_eq!(view.diffs, vec![diff("src/a.rs", old, new)]);
    }
}

#[test]
fn an_edit_with_neither_string_lists_no_diff() {
    for args in [
        json!({"file_path": "a.rs"}),
        json!({"file_path": "a.rs", "old_string": "", "new_string": ""}),
    ] {
        assert!(
            diff_call(present(&call("edit", args, None)).0)
                .diffs
                .is_empty()
        );
    }
}

#[test]
fn a_replace_all_edit_shows_the_replacement_once_and_says_so() {
    let view = diff_call(
        present(&call(
            "edit",
            json!({"file_path": "a.rs", "old_string": "foo", "new_string": "bar", "replace_all": true}),
            None,
        ))
        .0,
    );
    assert_eq!(view.title, "Edit a.rs (replace all)");
    assert_eq!(view.diffs, vec![diff("a.rs", Some("foo"), "bar")]);
}

#[test]
fn a_create_projects_to_the_whole_file() {
    let change = AppliedChange::project("new.rs", None, "fn main() {}\n");
    assert_eq!(change.diffs, vec![diff("new.rs", None, "fn main() {}\n")]);
    assert_eq!(change.locations, vec![at("new.rs", 1)]);
}

#[test]
fn a_single_edit_projects_to_one_hunk_with_context() {
    let before = numbered(1..=20);
    let after = before.replace("line 10\n", "line ten\n");
    let change = AppliedChange::project("a.txt", Some(&before), &after);
    assert_eq!(
        change.diffs,
        vec![diff(
            "a.txt",
            Some(&numbered(7..=13)),
            "line 7\nline 8\nline 9\nline ten\nline 11\nline 12\nline 13\n",
        )]
    );
    assert_eq!(change.locations, vec![at("a.txt", 10)]);
    assert_eq!(CONTEXT_LINES, 3);
}

#[test]
fn context_stops_at_the_ends_of_the_file() {
    let before = "a\nb\nc\n";
    let change = AppliedChange::project("f", Some(before), "A\nb\nc\n");
    assert_eq!(
        change.diffs,
        vec![diff("f", Some("a\nb\nc\n"), "A\nb\nc\n")]
    );
    let change = AppliedChange::project("f", Some(before), "a\nb\n");
    assert_eq!(change.diffs, vec![diff("f", Some("a\nb\nc\n"), "a\nb\n")]);
    assert_eq!(
        change.locations,
        vec![at("f", 2)],
        "a deletion at the end stays in the file"
    );
}

#[test]
fn replace_all_projects_to_one_hunk_per_site() {
    let before = numbered(1..=30)
        .replace("line 5\n", "foo\n")
        .replace("line 25\n", "foo\n");
    let after = before.replace("foo", "bar");
    let change = AppliedChange::project("a.txt", Some(&before), &after);
    assert_eq!(change.diffs.len(), 2);
    assert_eq!(
        change.diffs[0],
        diff(
            "a.txt",
            Some("line 2\nline 3\nline 4\nfoo\nline 6\nline 7\nline 8\n"),
            "line 2\nline 3\nline 4\nbar\nline 6\nline 7\nline 8\n",
        )
    );
    assert_eq!(
        change.diffs[1],
        diff(
            "a.txt",
            Some("line 22\nline 23\nline 24\nfoo\nline 26\nline 27\nline 28\n"),
            "line 22\nline 23\nline 24\nbar\nline 26\nline 27\nline 28\n",
        )
    );
    assert_eq!(change.locations, vec![at("a.txt", 5), at("a.txt", 25)]);
}

#[test]
fn close_sites_split_the_lines_between_them_instead_of_sharing_them() {
    // Sites on lines 3 and 8: four unchanged lines between, two to each hunk.
    let before = numbered(1..=12)
        .replace("line 3\n", "foo\n")
        .replace("line 8\n", "foo\n");
    let change = AppliedChange::project("f", Some(&before), &before.replace("foo", "bar"));
    let old: Vec<&str> = change
        .diffs
        .iter()
        .map(|hunk| hunk.old_text.as_deref().unwrap_or_default())
        .collect();
    assert_eq!(
        old,
        [
            "line 1\nline 2\nfoo\nline 4\nline 5\n",
            "line 6\nline 7\nfoo\nline 9\nline 10\nline 11\n",
        ]
    );
    // Sites one line apart: the line between goes to the first hunk.
    let before = "a\nfoo\nb\nfoo\nc\n";
    let change = AppliedChange::project("f", Some(before), &before.replace("foo", "bar"));
    assert_eq!(
        change.diffs,
        vec![
            diff("f", Some("a\nfoo\nb\n"), "a\nbar\nb\n"),
            diff("f", Some("foo\nc\n"), "bar\nc\n"),
        ]
    );
}

#[test]
fn sites_on_neighbouring_lines_form_one_hunk() {
    let before = "a\nfoo\nfoo\nb\n";
    let change = AppliedChange::project("f", Some(before), &before.replace("foo", "bar"));
    assert_eq!(
        change.diffs,
        vec![diff("f", Some(before), "a\nbar\nbar\nb\n")]
    );
}

#[test]
fn an_unchanged_file_projects_to_no_hunk_and_the_generic_card() {
    let change = AppliedChange::project("f", Some("same\n"), "same\n");
    assert!(change.diffs.is_empty() && change.locations.is_empty());
    let result = ToolResult {
        presentation_meta: Some(change.to_meta()),
        ..ToolResult::text("no change")
    };
    let (_, view) = present(&call("edit", json!({"file_path": "f"}), Some(result)));
    assert!(matches!(view, Some(ToolResultView::Generic(_))));
}

#[test]
fn write_and_edit_results_show_the_applied_change() {
    let change = AppliedChange::project("a.rs", Some("x\ny\n"), "x\nz\n");
    for (tool, args) in [
        ("write", json!({"file_path": "a.rs", "content": "x\nz\n"})),
        (
            "edit",
            json!({"file_path": "a.rs", "old_string": "y", "new_string": "z"}),
        ),
    ] {
        let result = ToolResult {
            presentation_meta: Some(change.to_meta()),
            ..ToolResult::text("done")
        };
        let (_, view) = present(&call(tool, args, Some(result)));
        assert_eq!(
            view,
            Some(ToolResultView::Diff(DiffResultView {
                title: None,
                diffs: vec![diff("a.rs", Some("x\ny\n"), "x\nz\n")],
                locations: Some(vec![at("a.rs", 2)]),
                content: Some(text("done")),
            })),
            "{tool}"
        );
    }
}

#[test]
fn a_failed_write_or_edit_gets_the_generic_card_even_with_metadata() {
    let result = ToolResult {
        is_error: true,
        presentation_meta: Some(AppliedChange::project("a.rs", None, "x").to_meta()),
        ..ToolResult::text("permission denied")
    };
    let (_, view) = present(&call(
        "write",
        json!({"file_path": "a.rs", "content": "x"}),
        Some(result),
    ));
    assert_eq!(
        view,
        Some(ToolResultView::Generic(GenericResultView {
            title: None,
            content: Some(text("permission denied")),
        }))
    );
}

#[test]
fn the_applied_change_round_trips_through_its_metadata() {
    let before = numbered(1..=30)
        .replace("line 5\n", "foo\n")
        .replace("line 25\n", "foo\n");
    for change in [
        AppliedChange::project("a", None, "new\n"),
        AppliedChange::project("a", Some(&before), &before.replace("foo", "bar")),
    ] {
        assert_eq!(AppliedChange::from_meta(&change.to_meta()), Some(change));
    }
}

#[test]
fn malformed_applied_change_metadata_reads_as_none() {
    let good = json!({
        "diffs": [{"path": "a", "oldText": "x\n", "newText": "y\n"}],
        "locations": [{"path": "a", "line": 1}]
    });
    assert!(AppliedChange::from_meta(&good).is_some());
    let mut cases = vec![
        ("null", json!(null)),
        ("a string", json!("diffs")),
        (
            "an array of the fields",
            json!([good["diffs"], good["locations"]]),
        ),
        ("an empty object", json!({})),
        ("no locations", json!({"diffs": good["diffs"]})),
        ("no diffs", json!({"locations": good["locations"]})),
        (
            "search metadata",
            json!({"kind": "paths", "paths": [], "truncated": false, "total": 0}),
        ),
        ("diffs not a list", json!({"diffs": {}, "locations": []})),
        (
            "fewer locations than diffs",
            json!({"diffs": good["diffs"], "locations": []}),
        ),
    ];
    for (name, change) in [
        ("an extra key", json!({"title": "x"})),
        (
            "an absent oldText",
            json!({"diffs": [{"path": "a", "newText": "y"}]}),
        ),
        (
            "a numeric newText",
            json!({"diffs": [{"path": "a", "oldText": null, "newText": 1}]}),
        ),
        (
            "an extra diff key",
            json!({"diffs": [{"path": "a", "oldText": null, "newText": "", "hunk": 1}]}),
        ),
        (
            "a negative line",
            json!({"locations": [{"path": "a", "line": -1}]}),
        ),
        (
            "a null line",
            json!({"locations": [{"path": "a", "line": null}]}),
        ),
        (
            "a location for another file",
            json!({"locations": [{"path": "b", "line": 1}]}),
        ),
    ] {
        let mut meta = good.clone();
        for (key, value) in change.as_object().into_iter().flatten() {
            meta[key] = value.clone();
        }
        cases.push((name, meta));
    }
    for (name, meta) in cases {
        assert_eq!(AppliedChange::from_meta(&meta), None, "{name}: {meta}");
        let result = ToolResult {
            presentation_meta: Some(meta),
            ..ToolResult::text("done")
        };
        let (_, view) = present(&call("edit", json!({"file_path": "a"}), Some(result)));
        assert!(matches!(view, Some(ToolResultView::Generic(_))), "{name}");
    }
}

#[test]
fn write_and_edit_without_metadata_get_the_generic_card() {
    let (_, view) = present(&call(
        "edit",
        json!({"file_path": "a", "old_string": "x", "new_string": "y"}),
        Some(ToolResult::text("Edited a")),
    ));
    assert_eq!(
        view,
        Some(ToolResultView::Generic(GenericResultView {
            title: None,
            content: Some(text("Edited a")),
        }))
    );
}

/// A small deterministic generator, so the property below runs the same cases every time.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap_or(0) % n.max(1)
    }
}

#[test]
fn applying_the_hunks_in_order_rebuilds_the_new_file() {
    let mut random = Lcg(7);
    for case in 0..300 {
        let count = random.below(40);
        let lines: Vec<String> = (0..count).map(|n| format!("line {n}\n")).collect();
        let mut edited = lines.clone();
        for edit in 0..random.below(6) {
            let at = random.below(edited.len() + 1);
            match random.below(3) {
                0 if at < edited.len() => edited[at] = format!("changed {case}.{edit}\n"),
                1 if at < edited.len() => {
                    edited.remove(at);
                }
                _ => edited.insert(at, format!("new {case}.{edit}\n")),
            }
        }
        let before = lines.concat();
        let mut after = edited.concat();
        if random.below(4) == 0 {
            after.pop();
        }
        let change = AppliedChange::project("f", Some(&before), &after);
        // Every line is unique, so each hunk's old text is found exactly where it applies.
        let mut rebuilt = String::new();
        let mut rest = before.as_str();
        for hunk in &change.diffs {
            let old = hunk.old_text.as_deref().unwrap_or_default();
            let start = rest
                .find(old)
                .unwrap_or_else(|| panic!("case {case}: {old:?} not found"));
            rebuilt.push_str(&rest[..start]);
            rebuilt.push_str(&hunk.new_text);
            rest = &rest[start + old.len()..];
        }
        rebuilt.push_str(rest);
        assert_eq!(rebuilt, after, "case {case}: {before:?} -> {after:?}");
        assert_eq!(change.diffs.is_empty(), before == after, "case {case}");
        for hunk in &change.diffs {
            assert_ne!(
                hunk.old_text.as_deref(),
                Some(hunk.new_text.as_str()),
                "case {case}"
            );
        }
    }
}
