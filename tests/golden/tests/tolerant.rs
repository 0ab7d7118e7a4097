//! Tolerant readers in Rust: `decode_str_tolerant` applies the schema's reader policies and
//! reports each value it dropped, at its JSON pointer; `decode_str` stays strict and refuses the
//! same payloads, as the published JSON Schema does.

use cardc::{Decoded, Dropped};
use cardc_golden::tolerant::{
    Audience, Card, Density, Entry, Feed, Layout, Priority, Section, TextCard,
};
use serde_json::json;

/// Reads `payload` tolerantly, and checks that the strict read agrees exactly when nothing was
/// dropped.
fn tolerant(payload: serde_json::Value) -> Decoded<Feed> {
    let decoded: Decoded<Feed> =
        cardc::decode_value_tolerant(&payload).unwrap_or_else(|error| panic!("{payload}: {error}"));
    let strict = cardc::decode_value::<Feed>(&payload);
    assert_eq!(
        strict.is_ok(),
        decoded.warnings.is_empty(),
        "strict read {strict:?} of {payload} against warnings {:?}",
        decoded.warnings
    );
    decoded
}

/// The warnings' pointers and what each dropped.
fn dropped(decoded: &Decoded<Feed>) -> Vec<(&str, Dropped)> {
    decoded
        .warnings
        .iter()
        .map(|warning| (warning.pointer(), warning.dropped()))
        .collect()
}

fn section(title: &str, entries: serde_json::Value) -> serde_json::Value {
    json!({"title": title, "entries": entries})
}

#[test]
fn a_valid_payload_reads_the_same_with_no_warning() {
    let payload = json!({
        "cards": [{"card": "text", "text": "hi"}, {"card": "divider"}, {"card": "chart", "x": 1}],
        "audience": "team",
        "sections": [section("a", json!([{"name": "n", "priority": "high"}]))],
        "labels": {},
    });
    let decoded = tolerant(payload.clone());
    assert!(decoded.warnings.is_empty());
    assert_eq!(decoded.value.cards.len(), 3);
    assert!(matches!(decoded.value.cards[2], Card::Unknown(_)));
    assert_eq!(
        serde_json::to_value(&decoded.value).expect("writes"),
        payload
    );
}

#[test]
fn a_known_card_with_a_bad_body_is_skipped_and_an_unknown_one_kept() {
    let decoded = tolerant(json!({
        "cards": [
            {"card": "text", "text": 7},
            {"card": "divider"},
            {"card": "newer", "text": 7},
        ],
        "sections": [],
        "labels": {},
    }));
    assert_eq!(dropped(&decoded), [("/cards/0", Dropped::Item)]);
    assert_eq!(decoded.value.cards.len(), 2);
    assert_eq!(decoded.value.cards[0], Card::Divider);
    assert!(matches!(decoded.value.cards[1], Card::Unknown(_)));
    let error = decoded.warnings[0].error();
    assert_eq!(error.pointer(), "/cards/0/text");
    assert_eq!(error.type_name(), Some("TextCard"));
    assert_eq!(
        decoded.warnings[0].to_string(),
        "/cards/0: skipped an invalid item: /cards/0/text: invalid type: integer `7`, \
         expected a string (TextCard)"
    );
}

#[test]
fn an_invalid_optional_value_reads_as_absent() {
    let decoded = tolerant(json!({
        "cards": [],
        "audience": "aliens",
        "sections": [],
        "labels": {},
    }));
    assert_eq!(dropped(&decoded), [("/audience", Dropped::Value)]);
    assert_eq!(decoded.value.audience, None);
    // Written back, the dropped key is absent.
    assert_eq!(
        serde_json::to_value(&decoded.value).expect("writes"),
        json!({"cards": [], "sections": [], "labels": {}})
    );
}

#[test]
fn null_stays_a_value_where_the_field_allows_it() {
    let decoded = tolerant(json!({
        "cards": [],
        "sections": [{"title": "a", "entries": [], "score": null}, {"title": "b", "entries": [], "score": 300}],
        "labels": {},
    }));
    assert_eq!(dropped(&decoded), [("/sections/1/score", Dropped::Value)]);
    assert_eq!(decoded.value.sections[0].score, Some(None));
    assert_eq!(decoded.value.sections[1].score, None);
}

#[test]
fn nested_warnings_name_every_step_and_are_ordered_by_pointer() {
    let decoded = tolerant(json!({
        "labels": {
            "b": section("b", json!([{"name": 1}])),
            "a": section("a", json!([{"name": "x", "priority": "urgent"}])),
        },
        "sections": [
            section("s0", json!([])),
            section("s1", json!([{"name": "ok"}, {"nom": "typo"}, {"name": "y", "priority": 3}])),
        ],
        "cards": [
            {"card": "text", "text": "hi", "tags": ["a", 1, "b", null]},
            "not a card",
        ],
        "audience": "everyone",
    }));
    assert_eq!(
        dropped(&decoded),
        [
            ("/cards/0/tags/1", Dropped::Item),
            ("/cards/0/tags/3", Dropped::Item),
            ("/cards/1", Dropped::Item),
            ("/labels/a/entries/0/priority", Dropped::Value),
            ("/labels/b/entries/0", Dropped::Item),
            ("/sections/1/entries/1", Dropped::Item),
            ("/sections/1/entries/2/priority", Dropped::Value),
        ]
    );
    let feed = decoded.value;
    assert_eq!(
        feed.cards,
        [Card::Text(TextCard {
            text: "hi".into(),
            tags: Some(vec!["a".into(), "b".into()]),
        })]
    );
    assert_eq!(feed.audience, Some(Audience::Everyone));
    assert_eq!(
        feed.sections[1].entries,
        [
            Entry {
                name: "ok".into(),
                priority: None
            },
            Entry {
                name: "y".into(),
                priority: None
            },
        ]
    );
    let a: &Section = &feed.labels["a"];
    assert_eq!(a.entries[0].priority, None);
    assert!(feed.labels["b"].entries.is_empty());
    let _ = Priority::Low;
}

#[test]
fn what_no_policy_covers_still_fails_the_tolerant_read() {
    // A section's title has no policy, so a bad one fails, where it is.
    let payload = json!({
        "cards": [],
        "sections": [{"title": 1, "entries": [{"name": 1}]}],
        "labels": {},
    });
    let error = cardc::decode_value_tolerant::<Feed>(&payload).expect_err("no policy covers it");
    assert_eq!(error.pointer(), "/sections/0/title");
    // A payload that is not JSON fails too, tolerant array or not.
    let error = cardc::decode_str_tolerant::<Feed>(r#"{"cards": [{"card": "text", "text": ]}"#)
        .expect_err("not JSON");
    assert!(error.message().contains("expected value"), "{error}");
}

#[test]
fn serde_and_the_strict_decode_ignore_the_policy() {
    let text = r#"{"cards": [{"card": "text", "text": 7}], "sections": [], "labels": {}}"#;
    let strict = cardc::decode_str::<Feed>(text).expect_err("strict");
    assert_eq!(strict.pointer(), "/cards/0/text");
    assert!(serde_json::from_str::<Feed>(text).is_err());
    // A tolerant decode running on the thread does not make a strict one inside it tolerant
    // after it ends.
    let decoded = cardc::decode_str_tolerant::<Feed>(text).expect("tolerant");
    assert_eq!(decoded.warnings.len(), 1);
    assert!(cardc::decode_str::<Feed>(text).is_err());
}

#[test]
fn an_invalid_value_of_a_required_key_reads_as_its_default_but_a_missing_key_fails() {
    let feed = |layout: serde_json::Value| json!({"cards": [], "sections": [], "labels": {}, "layout": layout});
    let decoded = tolerant(feed(json!({"density": "sparse", "columns": 9})));
    assert_eq!(
        decoded.value.layout,
        Some(Layout {
            density: Density::Comfortable,
            columns: 1,
        })
    );
    assert_eq!(
        dropped(&decoded),
        [
            ("/layout/columns", Dropped::Defaulted),
            ("/layout/density", Dropped::Defaulted),
        ]
    );
    // Written back, the defaults are the values.
    assert_eq!(
        serde_json::to_value(&decoded.value).expect("writes")["layout"],
        json!({"density": "comfortable", "columns": 1})
    );
    // The policy covers a value that is there, never a missing key.
    let missing = feed(json!({"columns": 2}));
    assert!(cardc::decode_value_tolerant::<Feed>(&missing).is_err());
    assert!(cardc::decode_value::<Feed>(&missing).is_err());
}
