//! Catch-alls that fold, in Rust: a tag or string this build does not know reads as the known
//! value marked `#[other(fold)]` and writes back as it, what was sent lost; the value's own tag
//! or string reads as it too; a known tag with a bad body, and a tag or value that is no string,
//! are still errors. The fold is lossy, so the round trip changes the text.

use cardc_golden::folding_catch_all::{Event, Outcome, Report, Verdict};

/// Decodes JSON text as `T`, or panics with the error.
fn read<T: serde::de::DeserializeOwned>(text: &str) -> T {
    cardc::decode_str(text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

#[test]
fn an_unknown_string_reads_as_the_folded_value_and_writes_back_as_it() {
    assert_eq!(read::<Outcome>(r#""skipped""#), Outcome::Unknown);
    assert_eq!(read::<Outcome>(r#""""#), Outcome::Unknown);
    assert_eq!(read::<Outcome>(r#""unknown""#), Outcome::Unknown);
    assert_eq!(read::<Outcome>(r#""failed""#), Outcome::Failed);
    let written = serde_json::to_string(&read::<Outcome>(r#""skipped""#)).expect("writes");
    assert_eq!(written, r#""unknown""#);
}

#[test]
fn a_folding_enum_still_refuses_what_is_no_string() {
    for text in ["3", "null", "[]", r#"{"unknown":null}"#] {
        assert!(
            cardc::decode_str::<Outcome>(text).is_err(),
            "{text} read as an Outcome"
        );
    }
}

#[test]
fn an_unknown_tag_reads_as_the_folded_variant_its_other_keys_dropped() {
    let text = r#"{"type":"heartbeat","at":"12:00","meta":{"n":[1,null]}}"#;
    assert_eq!(read::<Event>(text), Event::Unsupported);
    assert_eq!(
        serde_json::to_string(&Event::Unsupported).expect("writes"),
        r#"{"type":"unsupported"}"#
    );
    // Keys before the tag are read and dropped too.
    assert_eq!(
        read::<Event>(r#"{"at":"12:00","type":"heartbeat"}"#),
        Event::Unsupported
    );
}

#[test]
fn a_nested_folding_union_folds_under_its_known_outer_tag() {
    let event = read::<Event>(r#"{"type":"done","verdict":"flaky","retries":3}"#);
    assert_eq!(event, Event::Done(Verdict::Unclear));
    assert_eq!(
        serde_json::to_string(&event).expect("writes"),
        r#"{"type":"done","verdict":"unclear"}"#
    );
}

#[test]
fn a_known_tag_with_a_bad_body_and_a_tag_that_is_no_string_are_errors() {
    for text in [
        r#"{"type":"done","verdict":"failing","names":"lint"}"#,
        r#"{"type":"progress","percent":400}"#,
        r#"{"type":7}"#,
        r#"{"percent":40}"#,
        // The folded variant's own tag reads it alone: `unclear` is its tags alone.
        r#"{"type":"done","verdict":"unclear","why":"?"}"#,
    ] {
        assert!(
            cardc::decode_str::<Event>(text).is_err(),
            "{text} read as an Event"
        );
    }
    let error = cardc::decode_str::<Event>(r#"{"type":"progress","percent":400}"#)
        .expect_err("out of range");
    assert_eq!(error.pointer(), "/percent");
}

#[test]
fn every_position_folds() {
    let report = read::<Report>(
        r#"{"outcome":"cancelled","events":[{"type":"tick"}],"history":["passed","retried"],"byStep":{"build":"cached"},"last":"timed_out"}"#,
    );
    assert_eq!(report.outcome, Outcome::Unknown);
    assert_eq!(report.events, [Event::Unsupported]);
    assert_eq!(report.history, [Outcome::Passed, Outcome::Unknown]);
    assert_eq!(report.by_step.get("build"), Some(&Outcome::Unknown));
    assert_eq!(report.last, Some(Outcome::Unknown));
}
