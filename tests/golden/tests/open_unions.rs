//! Open unions and open enums in Rust: a tag or string this build does not know reads as the
//! catch-all, which keeps it whole and writes back the same JSON text, keys in the order read;
//! a known tag with a bad body is still an error; the bridge renders the catch-all through its
//! own required method.

use cardc_golden::open_unions::{
    Card, CardBridge, Event, Message, PathsResult, Role, SearchCard, SearchCardBridge, TextCard,
};
use serde_json::json;

/// Decodes JSON text as `T` and checks that it writes back as exactly the same text.
fn same_text<T: serde::de::DeserializeOwned + serde::Serialize>(text: &str) -> T {
    let value: T = cardc::decode_str(text).unwrap_or_else(|error| panic!("{text}: {error}"));
    let written = serde_json::to_string(&value).expect("writes");
    assert_eq!(written, text, "the round trip changed the text");
    value
}

#[test]
fn an_unknown_card_is_kept_whole_in_the_order_read() {
    // The catch-all's own keys keep the order read; inside a value, an object keeps
    // serde_json's own order, as a `Json` field's does (sorted, unless a build turns on
    // serde_json's `preserve_order`), so the nested keys here are given sorted.
    let text = r#"{"title":"Load","points":{"a":[true,null],"b":1},"card":"chart","z":"last"}"#;
    let Card::Unknown(unknown) = same_text::<Card>(text) else {
        panic!("not the catch-all");
    };
    assert_eq!(unknown.tag(), "chart");
    let keys: Vec<&str> = unknown
        .entries()
        .iter()
        .map(|(key, _)| key.as_str())
        .collect();
    assert_eq!(keys, ["title", "points", "card", "z"]);
    assert_eq!(
        unknown.get("points"),
        Some(&json!({"a": [true, null], "b": 1}))
    );
}

#[test]
fn known_tags_read_as_their_variants_in_an_open_union() {
    let card = same_text::<Card>(r#"{"card":"text","text":"hi","role":"user"}"#);
    assert_eq!(
        card,
        Card::Text(TextCard {
            text: "hi".into(),
            role: Role::User,
            tone: None,
        })
    );
    let paths = same_text::<Card>(r#"{"card":"search","kind":"paths","paths":["a.rs"]}"#);
    assert_eq!(
        paths,
        Card::Search(SearchCard::Paths(PathsResult {
            paths: vec!["a.rs".into()]
        }))
    );
    assert_eq!(paths.tag(), "search");
}

#[test]
fn a_known_tag_with_a_bad_body_is_an_error_not_the_catch_all() {
    let error = cardc::decode_str::<Card>(r#"{"card":"text","text":5,"role":"user"}"#)
        .expect_err("a bad text card");
    assert_eq!(error.pointer(), "/text", "{error}");
    let error = cardc::decode_str::<Card>(r#"{"card":"search","kind":"paths","paths":"a"}"#)
        .expect_err("a bad paths card");
    assert_eq!(error.pointer(), "/paths", "{error}");
    let error = cardc::decode_str::<Card>(r#"{"card":"divider","size":1}"#)
        .expect_err("a unit variant with a stray key");
    assert!(error.to_string().contains("unknown field"), "{error}");
}

#[test]
fn the_tag_of_an_open_union_is_still_a_required_string() {
    for (text, pointer) in [
        (r#"{"card":7}"#, "/card"),
        (r#"{"card":null}"#, "/card"),
        (r#"{"text":"hi"}"#, "/card"),
    ] {
        let error = cardc::decode_str::<Card>(text).expect_err(text);
        assert_eq!(error.pointer(), pointer, "{text}: {error}");
    }
    let error =
        cardc::decode_str::<Card>(r#"{"card":"chart","card":"chart"}"#).expect_err("the tag twice");
    assert!(error.to_string().contains("duplicate"), "{error}");
    let error =
        cardc::decode_str::<Card>(r#"{"card":"chart","a":1,"a":2}"#).expect_err("a key twice");
    assert!(error.to_string().contains("duplicate"), "{error}");
}

#[test]
fn a_nested_open_union_keeps_its_own_object_under_the_outer_tag() {
    // The catch-all holds its union's keys; the outer tags are written first, as for every
    // variant.
    let event = same_text::<Event>(r#"{"type":"show","card":"search","kind":"symbols","n":1}"#);
    let Event::Show(Card::Search(SearchCard::Unsupported(unknown))) = &event else {
        panic!("not the nested catch-all: {event:?}");
    };
    assert_eq!(unknown.tag(), "symbols");
    assert_eq!(unknown.to_value(), json!({"kind": "symbols", "n": 1}));
    // A closed union around an open one refuses its own unknown tags.
    let error = cardc::decode_str::<Event>(r#"{"type":"pause"}"#).expect_err("closed");
    assert!(error.to_string().contains("unknown variant"), "{error}");
}

#[test]
fn an_open_enum_reads_any_string_and_writes_it_back() {
    let role = same_text::<Role>(r#""moderator""#);
    let Role::Other(other) = &role else {
        panic!("not the catch-all: {role:?}");
    };
    assert_eq!(other.as_str(), "moderator");
    assert_eq!(same_text::<Role>(r#""user""#), Role::User);
    // The catch-all's own name is no value: `other` is a string this build does not know.
    assert!(matches!(same_text::<Role>(r#""other""#), Role::Other(_)));
    for text in ["1", "null", r#"{"role":"user"}"#] {
        cardc::decode_str::<Role>(text).expect_err(text);
    }
    // Known values order before the catch-all, as declared; catch-alls by their string.
    let mut roles: Vec<Role> = ["zeta", "assistant", "alpha", "user"]
        .iter()
        .map(|text| cardc::decode_value(&json!(text)).expect("a role"))
        .collect();
    roles.sort();
    let written: Vec<String> = roles
        .iter()
        .map(|role| serde_json::to_string(role).expect("writes"))
        .collect();
    assert_eq!(
        written,
        [r#""user""#, r#""assistant""#, r#""alpha""#, r#""zeta""#]
    );
}

#[test]
fn open_values_round_trip_in_every_position() {
    // A `Map` is a `BTreeMap`, written in key order: its keys are given in that order here.
    same_text::<Message>(concat!(
        r#"{"role":"critic","cards":[{"card":"text","text":"a","role":"bot"},"#,
        r#"{"card":"poll","options":["x"]}],"reviewers":["assistant","auditor"],"#,
        r#""labels":{"a":"owner","b":"user"},"pinned":{"card":"map","at":[1,2]}}"#
    ));
}

/// Renders every card, the catch-all included, as one line.
struct Line;

impl CardBridge for Line {
    type Output = String;

    fn text(&mut self, value: &TextCard) -> String {
        value.text.clone()
    }

    fn divider(&mut self) -> String {
        "---".to_owned()
    }

    fn search(&mut self, value: &SearchCard) -> String {
        value.dispatch(self)
    }

    fn unknown(&mut self, value: &cardc::Unknown<Card>) -> String {
        format!("[{} card, {} keys]", value.tag(), value.entries().len())
    }
}

impl SearchCardBridge for Line {
    type Output = String;

    fn paths(&mut self, value: &PathsResult) -> String {
        value.paths.join(", ")
    }

    fn unsupported(&mut self, value: &cardc::Unknown<SearchCard>) -> String {
        format!("[{} search]", value.tag())
    }
}

#[test]
fn the_bridge_renders_the_catch_all_through_its_own_method() {
    let cards: Vec<Card> = cardc::decode_str(concat!(
        r#"[{"card":"text","text":"hi","role":"user"},{"card":"divider"},"#,
        r#"{"card":"search","kind":"paths","paths":["a","b"]},"#,
        r#"{"card":"search","kind":"symbols"},{"card":"chart","series":[1]}]"#
    ))
    .expect("cards");
    let lines: Vec<String> = cards.iter().map(|card| card.dispatch(&mut Line)).collect();
    assert_eq!(
        lines,
        [
            "hi",
            "---",
            "a, b",
            "[symbols search]",
            "[chart card, 2 keys]"
        ]
    );
    let tags: Vec<&str> = cards.iter().map(Card::tag).collect();
    assert_eq!(tags, ["text", "divider", "search", "search", "chart"]);
    assert_eq!(Card::TAGS, ["text", "divider", "search"]);
}
