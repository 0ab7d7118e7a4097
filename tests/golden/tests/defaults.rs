//! Defaults in Rust: an absent key reads as the field's default; a writer always writes a kept
//! default and leaves out a value equal to an omitted one; `#[on_invalid = "default"]` reads an
//! invalid value as the default in a tolerant decode, and only there.

use cardc::Dropped;
use cardc_golden::defaults::{Created, Envelope, Event, Format, Kind, Lane, Part, Status, Task};
use serde_json::json;

/// Decodes a `Task` strictly, panicking with the payload when it does not read.
fn task(payload: serde_json::Value) -> Task {
    cardc::decode_value(&payload).unwrap_or_else(|error| panic!("{payload}: {error}"))
}

#[test]
fn an_absent_key_reads_as_the_default() {
    let task = task(json!({"id": "t"}));
    assert_eq!(task.status, Status::Pending);
    assert_eq!(task.kind, Kind::Other);
    assert!(task.content.is_empty());
    assert!(task.labels.is_empty());
    assert_eq!(task.attempts, 0);
    assert_eq!(task.weight, 1.5);
    assert!(!task.pinned);
    assert_eq!(task.revision, cardc::Decimal(0));
    assert_eq!(task.lane, Lane("main".to_string()));
}

#[test]
fn kept_defaults_are_written_and_omitted_ones_left_out() {
    let written = serde_json::to_value(task(json!({"id": "t"}))).expect("writes");
    assert_eq!(
        written,
        json!({"id": "t", "status": "pending", "labels": {}, "attempts": 0})
    );
    // Given at their defaults, the omitted keys are still left out.
    let at_defaults = task(json!({
        "id": "t", "kind": "other", "content": [], "weight": 1.5, "pinned": false,
        "revision": "0", "lane": "main",
    }));
    assert_eq!(serde_json::to_value(at_defaults).expect("writes"), written);
}

#[test]
fn a_value_other_than_the_default_is_written() {
    let payload = json!({
        "id": "t", "status": "done", "kind": "bug",
        "content": [{"text": "a", "format": "markdown"}], "labels": {"a": "b"}, "attempts": 3,
        "weight": 0.5, "pinned": true, "revision": "18446744073709551615", "lane": "",
    });
    let read = task(payload.clone());
    assert_eq!(read.content[0].format, Format::Markdown);
    assert_eq!(serde_json::to_value(read).expect("writes"), payload);
}

#[test]
fn an_open_enums_unknown_value_is_no_default_and_is_written() {
    let read = task(json!({"id": "t", "kind": "epic"}));
    assert!(matches!(read.kind, Kind::Unknown(_)));
    let written = serde_json::to_value(read).expect("writes");
    assert_eq!(written["kind"], "epic");
}

#[test]
fn a_defaulted_key_holding_null_or_a_bad_value_is_refused() {
    for payload in [
        json!({"id": "t", "status": null}),
        json!({"id": "t", "content": null}),
        json!({"id": "t", "revision": 0}),
        json!({"id": "t", "attempts": 11}),
    ] {
        assert!(
            cardc::decode_value::<Task>(&payload).is_err(),
            "{payload} read"
        );
    }
    // A required key without a default is still required.
    let error = cardc::decode_value::<Task>(&json!({"status": "done"})).expect_err("no id");
    assert_eq!(error.to_string(), "/id: missing field `id` (Task)");
}

#[test]
fn defaults_hold_inside_a_variant_and_a_flattened_struct() {
    let event: Event =
        cardc::decode_value(&json!({"type": "note", "seq": 1, "task": "t"})).expect("reads");
    let Event::Note(note) = &event else {
        panic!("not a note: {event:?}");
    };
    assert_eq!(note.text, "");
    assert_eq!(note.envelope, Envelope { seq: 1, version: 1 });
    assert_eq!(
        serde_json::to_value(&event).expect("writes"),
        json!({"type": "note", "seq": 1, "task": "t", "text": ""})
    );
    let created: Created =
        cardc::decode_value(&json!({"seq": 2, "version": 3, "task": {"id": "t"}})).expect("reads");
    assert_eq!(created.envelope.version, 3);
    let part: Part = cardc::decode_value(&json!({"text": "a"})).expect("reads");
    assert_eq!(part.format, Format::Plain);
}

#[test]
fn a_tolerant_decode_reads_an_invalid_value_as_the_default() {
    let payload = json!({"id": "t", "attempts": 11});
    let decoded =
        cardc::decode_value_tolerant::<Task>(&payload).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(decoded.value.attempts, 0);
    let warnings: Vec<_> = decoded
        .warnings
        .iter()
        .map(|warning| (warning.pointer(), warning.dropped()))
        .collect();
    assert_eq!(warnings, [("/attempts", Dropped::Defaulted)]);
    assert!(
        decoded.warnings[0]
            .to_string()
            .starts_with("/attempts: read an invalid value as the default: /attempts: "),
        "{}",
        decoded.warnings[0]
    );
    // A field without the policy still fails a tolerant read.
    assert!(cardc::decode_value_tolerant::<Task>(&json!({"id": "t", "status": 1})).is_err());
}
