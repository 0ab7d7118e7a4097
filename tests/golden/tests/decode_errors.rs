//! `cardc::decode_str`, `cardc::decode_value` and the unions' `from_json_*` helpers: the
//! error names the JSON pointer, the innermost struct or union and the variant around it, and
//! acceptance stays exactly serde's.

use std::fmt::Debug;

use cardc::DecodeError;
use cardc_golden::{
    collections, nested_unions, open_objects, presence, primitives, recursion, unit_variants,
};
use render_intent::{ContentBlock, TextContent, ToolCallView, ToolResultView};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// The error of decoding `text` as a `T`, which must be the same from the text and from its
/// parsed value (the value's keys come in another order, which must not matter).
fn error<T: DeserializeOwned + Debug>(text: &str) -> DecodeError {
    let from_text = cardc::decode_str::<T>(text).expect_err("the text is refused");
    let value: Value = serde_json::from_str(text).expect("JSON");
    let from_value = cardc::decode_value::<T>(&value).expect_err("the value is refused");
    assert_eq!(from_text, from_value, "{text}");
    from_text
}

/// The error's text, checked the same way as [`error`].
fn message<T: DeserializeOwned + Debug>(text: &str) -> String {
    error::<T>(text).to_string()
}

#[test]
fn a_missing_field_in_a_variant_names_the_field_the_type_and_the_variant() {
    let found = error::<ToolCallView>(
        r#"{"card":"diff","title":"t","diffs":[{"path":"a","newText":"b"}]}"#,
    );
    assert_eq!(
        found.to_string(),
        "/diffs/0/oldText: missing field `oldText` (FileDiff in DiffCallView)"
    );
    assert_eq!(found.pointer(), "/diffs/0/oldText");
    assert_eq!(found.message(), "missing field `oldText`");
    assert_eq!(found.type_name(), Some("FileDiff"));
    assert_eq!(found.variant(), Some("DiffCallView"));
}

#[test]
fn a_missing_field_deep_inside_a_nested_union_variant() {
    let text = r#"{"card":"search","kind":"matches","truncated":false,"total":1,
        "files":[{"path":"p","matches":[{"lineNumber":1,"line":"a"},{"line":"b"}]}]}"#;
    assert_eq!(
        message::<ToolResultView>(text),
        "/files/0/matches/1/lineNumber: missing field `lineNumber` \
         (SearchLineMatch in SearchMatchesResultView)"
    );
}

#[test]
fn the_tag_may_come_anywhere_and_the_pointer_stays_exact() {
    let text = r#"{"total":1,"files":[{"path":7,"matches":[]}],"truncated":false,
        "kind":"matches","card":"search"}"#;
    assert_eq!(
        message::<ToolResultView>(text),
        "/files/0/path: invalid type: integer `7`, expected a string \
         (SearchFileMatches in SearchMatchesResultView)"
    );
}

#[test]
fn an_unknown_tag_lists_the_known_ones() {
    assert_eq!(
        message::<ToolCallView>(r#"{"card":"dif","title":"t"}"#),
        "/card: unknown variant `dif`, expected one of `generic`, `terminal`, `diff` \
         (ToolCallView)"
    );
    assert_eq!(
        message::<ToolResultView>(r#"{"card":"search","kind":"globs"}"#),
        "/kind: unknown variant `globs`, expected `matches` or `paths` (SearchResultView)"
    );
}

#[test]
fn a_wrong_or_missing_tag() {
    assert_eq!(
        message::<ToolCallView>(r#"{"card":5,"title":"t"}"#),
        "/card: invalid type: integer `5`, expected the `card` of a ToolCallView (ToolCallView)"
    );
    assert_eq!(
        message::<ToolCallView>(r#"{"title":"t"}"#),
        "/card: missing field `card` (ToolCallView)"
    );
    assert_eq!(
        message::<ToolCallView>(r#"["generic"]"#),
        "invalid type: sequence, expected a ToolCallView object (ToolCallView)"
    );
}

#[test]
fn a_null_in_an_optional_field() {
    assert_eq!(
        message::<ToolResultView>(r#"{"card":"terminal","exitCode":null}"#),
        "/exitCode: invalid type: null, expected i32 (TerminalResultView)"
    );
    assert_eq!(
        message::<nested_unions::Event>(
            r#"{"event":"pointer","kind":"click","x":1,"y":2,"button":null}"#
        ),
        "/button: invalid type: null, expected u8 (ClickEvent)"
    );
}

#[test]
fn a_bad_integer() {
    assert_eq!(
        message::<ToolResultView>(r#"{"card":"terminal","exitCode":2147483648}"#),
        "/exitCode: invalid value: integer `2147483648`, expected i32 (TerminalResultView)"
    );
    assert_eq!(
        message::<ToolResultView>(
            r#"{"card":"search","kind":"paths","paths":[],"truncated":true,"total":-1}"#
        ),
        "/total: invalid value: integer `-1`, expected u32 (SearchPathsResultView)"
    );
    assert_eq!(
        message::<nested_unions::Event>(r#"{"event":"pointer","kind":"click","x":1.5,"y":2}"#),
        "/x: invalid type: floating point `1.5`, expected i32 (ClickEvent)"
    );
}

#[test]
fn an_unknown_field_points_at_its_key() {
    for text in [
        r#"{"card":"generic","title":"t","extra":1}"#,
        r#"{"extra":1,"title":"t","card":"generic"}"#,
    ] {
        assert_eq!(
            message::<ToolCallView>(text),
            "/extra: unknown field `extra`, expected one of `title`, `kind`, `rawInput`, \
             `content`, `locations` (GenericCallView)"
        );
    }
}

#[test]
fn a_union_inside_a_variant_names_the_outer_variant() {
    assert_eq!(
        message::<ToolCallView>(
            r#"{"card":"generic","title":"t","content":[{"text":5,"type":"text"}]}"#
        ),
        "/content/0/text: invalid type: integer `5`, expected a string \
         (TextContent in GenericCallView)"
    );
    assert_eq!(
        message::<ToolCallView>(r#"{"card":"generic","title":"t","content":[{"type":"video"}]}"#),
        "/content/0/type: unknown variant `video`, expected `text` or `image` \
         (ContentBlock in GenericCallView)"
    );
    // Recursion through unions: the outermost variant is the one named.
    assert_eq!(
        message::<recursion::Expr>(
            r#"{"op":"add","terms":[{"op":"negate","operand":{"op":"literal"}}]}"#
        ),
        "/terms/0/operand/value: missing field `value` (Literal in Add)"
    );
}

#[test]
fn outside_a_union_only_the_type_is_named() {
    let text = r#"{"requiredText":"a","nullableText":null,"requiredJson":null,
        "nullablePoint":{"x":1}}"#;
    let found = error::<presence::Presence>(text);
    assert_eq!(
        found.to_string(),
        "/nullablePoint/y: missing field `y` (Point)"
    );
    assert_eq!(found.variant(), None);
}

#[test]
fn pointers_escape_tilde_and_slash() {
    let text = r#"{"names":[],"matrix":[],"maybeNames":[],"labels":{"a/b~c":1},"groups":{},
        "sparse":{},"nullableItems":null}"#;
    assert_eq!(
        message::<collections::Collections>(text),
        "/labels/a~1b~0c: invalid type: integer `1`, expected a string (Collections)"
    );
}

#[test]
fn json_text_errors_keep_their_position() {
    let unfinished =
        cardc::decode_str::<ToolCallView>(r#"{"card":"generic","title":"#).expect_err("unfinished");
    assert_eq!(
        unfinished.to_string(),
        "/title: EOF while parsing a value at line 1 column 26 (GenericCallView)"
    );
    let trailing = cardc::decode_str::<ToolCallView>(r#"{"card":"generic","title":"t"} x"#)
        .expect_err("trailing characters");
    assert_eq!(
        trailing.to_string(),
        "trailing characters at line 1 column 32"
    );
    // A key given twice is refused, as serde refuses it; a parsed value cannot hold it.
    assert_eq!(
        cardc::decode_str::<ToolCallView>(r#"{"card":"generic","card":"generic","title":"t"}"#)
            .expect_err("duplicate tag")
            .to_string(),
        "/card: duplicate field `card` (GenericCallView)"
    );
}

#[test]
fn values_nested_deeper_than_json_text_allows_are_refused() {
    let nested = |levels: usize| {
        let mut value = json!(0);
        for _ in 0..levels {
            value = json!([value]);
        }
        json!({"card": "generic", "title": "t", "rawInput": value})
    };
    // The root object and 126 arrays: 127 levels, as deep as serde_json reads JSON text.
    assert!(ToolCallView::from_json_value(&nested(126)).is_ok());
    let text = serde_json::to_string(&nested(126)).expect("JSON");
    assert!(ToolCallView::from_json_str(&text).is_ok());
    let deep = ToolCallView::from_json_value(&nested(127)).expect_err("too deep");
    assert_eq!(deep.pointer(), format!("/rawInput{}", "/0".repeat(126)));
    assert_eq!(deep.message(), "nested deeper than 127 arrays and objects");
    let text = serde_json::to_string(&nested(127)).expect("JSON");
    let deep = ToolCallView::from_json_str(&text).expect_err("too deep");
    assert!(
        deep.message().starts_with("recursion limit exceeded"),
        "{deep}"
    );
    assert!(ToolCallView::from_json_value(&nested(1000)).is_err());
}

#[test]
fn acceptance_is_serdes_whatever_the_key_order() {
    let texts = [
        r#"{"card":"generic","title":"t","content":[{"type":"text","text":"x"}]}"#,
        r#"{"content":[{"text":"x","type":"text"}],"title":"t","card":"generic"}"#,
    ];
    let expected = ToolCallView::Generic(render_intent::GenericCallView {
        title: "t".to_owned(),
        kind: None,
        raw_input: None,
        content: Some(vec![ContentBlock::Text(TextContent {
            text: "x".to_owned(),
        })]),
        locations: None,
    });
    for text in texts {
        let value: Value = serde_json::from_str(text).expect("JSON");
        assert_eq!(ToolCallView::from_json_str(text).as_ref(), Ok(&expected));
        assert_eq!(
            ToolCallView::from_json_value(&value).as_ref(),
            Ok(&expected)
        );
        let plain: ToolCallView = serde_json::from_str(text).expect("serde alone reads it");
        assert_eq!(plain, expected);
        assert_eq!(
            serde_json::to_value(&expected).expect("writes"),
            value,
            "the tag is written first and the value is the same"
        );
    }
}

#[test]
fn plain_serde_errors_are_serdes_own() {
    let error = serde_json::from_str::<ToolCallView>(r#"{"card":"diff","title":"t","diffs":[{}]}"#)
        .expect_err("refused");
    assert_eq!(
        error.to_string(),
        "missing field `path` at line 1 column 38"
    );
    // The notes a failed plain decode could leave do not reach the next cardc decode.
    assert_eq!(
        message::<ToolCallView>(r#"{"card":"terminal"}"#),
        "/title: missing field `title` (TerminalCallView)"
    );
}

/// A caller's own wrapper that tries a cardc type first and falls back to any JSON value, as
/// `#[serde(untagged)]` does: the failed attempt is recovered from.
#[derive(Debug, serde::Deserialize)]
#[serde(untagged)]
#[allow(dead_code)]
enum CallOrRaw {
    Call(ToolCallView),
    Raw(Value),
}

/// A caller's struct around the wrapper, with a plain field and a cardc field after it.
#[derive(Debug, serde::Deserialize)]
#[allow(dead_code)]
struct Envelope {
    first: CallOrRaw,
    second: u8,
    third: Option<ToolCallView>,
}

#[test]
fn notes_of_a_recovered_attempt_do_not_reach_a_later_error() {
    // `first` fails as a ToolCallView inside TerminalCallView, then reads as a raw value.
    let first = r#""first":{"card":"terminal","title":5}"#;
    assert_eq!(
        message::<Envelope>(&format!(r#"{{{first},"second":"x"}}"#)),
        r#"/second: invalid type: string "x", expected u8"#
    );
    assert_eq!(
        message::<Envelope>(&format!(
            r#"{{{first},"second":1,"third":{{"card":"generic"}}}}"#
        )),
        "/third/title: missing field `title` (GenericCallView)"
    );
    // Not recovered from, the same failure keeps its notes.
    assert_eq!(
        message::<ToolCallView>(r#"{"card":"terminal","title":5}"#),
        "/title: invalid type: integer `5`, expected a string (TerminalCallView)"
    );
}

/// A caller's type whose own error reads like serde's missing-field message.
#[derive(Debug)]
struct Refuses;

impl<'de> serde::Deserialize<'de> for Refuses {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(deserializer)?;
        Err(serde::de::Error::custom("missing field `lookalike`"))
    }
}

#[test]
fn only_a_missing_field_moves_the_pointer_on_to_the_field() {
    let found = error::<std::collections::BTreeMap<String, Refuses>>(r#"{"key":1}"#);
    assert_eq!(found.pointer(), "/key");
    assert_eq!(found.message(), "missing field `lookalike`");
    // A real one does, wherever the struct sits.
    let found = error::<ToolCallView>(r#"{"title":"t","diffs":[{"path":"a"}],"card":"diff"}"#);
    assert_eq!(found.pointer(), "/diffs/0/oldText");
}

#[test]
fn a_type_error_on_a_plain_enum_is_a_type_error() {
    for (text, pointer) in [
        ("null", ""),
        ("5", ""),
        (r#"{"card":"generic","title":"t","kind":null}"#, "/kind"),
    ] {
        let found = if pointer.is_empty() {
            error::<render_intent::ToolCallKind>(text)
        } else {
            error::<ToolCallView>(text)
        };
        assert_eq!(found.pointer(), pointer, "{text}: {found}");
        assert!(
            found.message().starts_with("invalid type: "),
            "{text}: {found}"
        );
    }
    // A real syntax error stays one, with its position.
    let found = cardc::decode_str::<render_intent::ToolCallKind>("nul").expect_err("syntax");
    assert!(found.message().ends_with(" at line 1 column 3"), "{found}");
}

/// Decodes `text` as a `T` from the text and from its parsed value, which must agree, and
/// returns what the decoded value writes.
fn written<T: DeserializeOwned + serde::Serialize + PartialEq + Debug>(text: &str) -> Value {
    let from_text: T = cardc::decode_str(text).unwrap_or_else(|error| panic!("{text}: {error}"));
    let value: Value = serde_json::from_str(text).expect("JSON");
    let from_value: T =
        cardc::decode_value(&value).unwrap_or_else(|error| panic!("{text}: {error}"));
    assert_eq!(from_text, from_value, "{text}");
    serde_json::to_value(&from_text).expect("writes")
}

#[test]
fn an_integer_may_be_written_with_a_zero_fraction_and_writes_back_plain() {
    for (text, exit_code) in [
        ("1.0", 1),
        ("1e2", 100),
        ("-0", 0),
        ("-0.0", 0),
        ("-2.50e1", -25),
    ] {
        for payload in [
            format!(r#"{{"card":"terminal","exitCode":{text}}}"#),
            // Before the tag, the number is buffered and replayed.
            format!(r#"{{"exitCode":{text},"card":"terminal"}}"#),
        ] {
            assert_eq!(
                written::<ToolResultView>(&payload),
                json!({"card": "terminal", "exitCode": exit_code}),
                "{payload}"
            );
        }
    }
    // Inside arrays, maps and nullable values, and an open struct's any-JSON extras untouched.
    let text = r#"{"names":[],"matrix":[[1.0,2e0],[-3E+0]],"maybeNames":[],"labels":{},
        "groups":{"g":[{"id":7.0}]},"sparse":{"a":4.0,"b":null},"nullableItems":[{"id":1e1}]}"#;
    let back = written::<collections::Collections>(text);
    assert_eq!(back["matrix"], json!([[1, 2], [-3]]));
    assert_eq!(back["groups"], json!({"g": [{"id": 7}]}));
    assert_eq!(back["sparse"], json!({"a": 4, "b": null}));
    assert_eq!(back["nullableItems"], json!([{"id": 10}]));
    assert_eq!(
        written::<open_objects::Metadata>(r#"{"name":"n","size":1.0}"#),
        json!({"name": "n", "size": 1.0})
    );
}

#[test]
fn an_integer_with_a_fraction_or_out_of_bounds_is_still_refused() {
    let scalars = |field: &str, number: &str| {
        let mut value = json!({"text": "t", "flag": true, "tiny": 1, "small": 1, "count": 1,
            "signed_tiny": 1, "signed_small": 1, "offset": 1, "ratio": 1.5, "anything": null});
        value[field] = json!(0);
        value.to_string().replace(
            &format!(r#""{field}":0"#),
            &format!(r#""{field}":{number}"#),
        )
    };
    for (field, number, reason) in [
        (
            "tiny",
            "1.5",
            "invalid type: floating point `1.5`, expected u8",
        ),
        ("tiny", "256.0", "invalid value: integer `256`, expected u8"),
        ("tiny", "-1e0", "invalid value: integer `-1`, expected u8"),
        (
            "offset",
            "2147483648.0",
            "invalid value: integer `2147483648`, expected i32",
        ),
        (
            "offset",
            "1e300",
            "invalid type: floating point `1e+300`, expected i32",
        ),
        (
            "count",
            "9007199254740993",
            "invalid value: integer `9007199254740993`, expected u32",
        ),
    ] {
        let text = scalars(field, number);
        let found = error::<primitives::Scalars>(&text);
        assert_eq!(found.message(), reason, "{text}");
        assert_eq!(found.pointer(), format!("/{field}"), "{text}");
    }
}

#[test]
fn a_key_given_twice_is_refused_in_maps_any_json_values_and_open_structs() {
    // A parsed value cannot hold a key twice, so these are JSON text only.
    for (text, pointer) in [
        (
            r#"{"names":[],"matrix":[],"maybeNames":[],"labels":{"a":"x","a":"x"},"groups":{},
            "sparse":{},"nullableItems":null}"#,
            "/labels/a",
        ),
        (
            r#"{"card":"generic","title":"t","rawInput":{"deep":[{"k":1,"k":2}]}}"#,
            "/rawInput/deep/0/k",
        ),
        (
            r#"{"rawInput":{"k":1,"k":1},"card":"generic","title":"t"}"#,
            "/rawInput/k",
        ),
    ] {
        let found = if pointer.starts_with("/labels") {
            cardc::decode_str::<collections::Collections>(text).expect_err("refused")
        } else {
            cardc::decode_str::<ToolCallView>(text).expect_err("refused")
        };
        assert_eq!(found.pointer(), pointer, "{text}: {found}");
        assert!(
            found.message().starts_with("duplicate key `"),
            "{text}: {found}"
        );
    }
    let found = cardc::decode_str::<open_objects::Metadata>(r#"{"name":"n","x":1,"x":1}"#)
        .expect_err("refused");
    assert!(found.message().starts_with("duplicate key `x`"), "{found}");
    // A field and a tag given twice were refused by serde already; the pointer names them.
    for (text, pointer) in [
        (r#"{"card":"generic","title":"t","title":"t"}"#, "/title"),
        (r#"{"title":"t","card":"generic","title":"t"}"#, "/title"),
        (
            r#"{"card":"generic","card":"generic","title":"t"}"#,
            "/card",
        ),
    ] {
        let found = cardc::decode_str::<ToolCallView>(text).expect_err("refused");
        assert!(
            found.message().starts_with("duplicate field `"),
            "{text}: {found}"
        );
        assert_eq!(found.pointer(), pointer, "{text}: {found}");
    }
    let found = cardc::decode_str::<open_objects::Metadata>(r#"{"name":"n","name":"n"}"#)
        .expect_err("refused");
    assert_eq!(
        found.to_string(),
        "/name: duplicate field `name` (Metadata)"
    );
}

#[test]
fn numbers_are_read_correctly_rounded_as_javascript_reads_them() {
    // Found by the decoder fuzz target: serde_json's default float parser is an ulp off here,
    // so the value written back read as another number.
    let text = r#"{"card":"generic","title":"t","rawInput":4859962735e290}"#;
    let view: ToolCallView = cardc::decode_str(text).expect("valid");
    let ToolCallView::Generic(generic) = &view else {
        panic!("{view:?}");
    };
    assert_eq!(
        generic.raw_input.as_ref().and_then(Value::as_f64),
        Some(4.859962735e299)
    );
    let written = serde_json::to_string(&view).expect("writes");
    let again: ToolCallView = cardc::decode_str(&written).expect("reads back");
    assert_eq!(again, view, "{written}");
}

#[test]
fn a_stray_key_in_a_unit_variant_points_at_the_key_and_names_the_union() {
    let found = error::<unit_variants::StreamEvent>(r#"{"type":"block","kind":"end","index":1}"#);
    assert_eq!(found.pointer(), "/index");
    assert_eq!(found.type_name(), Some("BlockEvent"));
    assert_eq!(
        found.message(),
        "unknown field `index`, there are no fields"
    );
    let before_the_tag = error::<unit_variants::StreamEvent>(r#"{"text":"x","type":"ping"}"#);
    assert_eq!(before_the_tag.pointer(), "/text");
    assert_eq!(before_the_tag.type_name(), Some("StreamEvent"));
}

/// serde_json's own error for `text` as a `T`, without its position.
fn plain_error<T: DeserializeOwned + Debug>(text: &str) -> String {
    let error = serde_json::from_str::<T>(text).expect_err("the text is refused");
    let message = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    message
        .strip_suffix(&position)
        .unwrap_or(&message)
        .to_owned()
}

#[test]
fn through_serde_json_alone_a_key_before_the_tag_fails_where_it_is_read() {
    // `title` is a string in every call card, so serde_json alone reads it before the tag and
    // fails there; a cardc decode reads the failing input again and names the variant.
    let text = r#"{"title":5,"card":"generic"}"#;
    assert_eq!(
        plain_error::<ToolCallView>(text),
        "invalid type: integer `5`, expected a string"
    );
    assert_eq!(
        message::<ToolCallView>(text),
        "/title: invalid type: integer `5`, expected a string (GenericCallView)"
    );
    // So does a tag that is wrong after a value that is: the first problem read is reported.
    assert_eq!(
        plain_error::<ToolCallView>(r#"{"title":5,"card":"dif"}"#),
        "invalid type: integer `5`, expected a string"
    );
}

#[test]
fn a_key_read_before_the_tag_is_refused_by_a_variant_without_it() {
    // `cwd` is the terminal card's alone; the diff card refuses it as its own visitor would.
    let text = r#"{"cwd":"/","title":"t","diffs":[],"card":"diff"}"#;
    let refused = "unknown field `cwd`, expected one of `title`, `diffs`, `locations`";
    assert_eq!(plain_error::<ToolCallView>(text), refused);
    assert_eq!(
        message::<ToolCallView>(text),
        format!("/cwd: {refused} (DiffCallView)")
    );
    // A grep card's keys are read before both tags, and a result card that is not a search
    // card refuses them.
    let text = r#"{"total":1,"card":"generic"}"#;
    assert_eq!(
        plain_error::<ToolResultView>(text),
        "unknown field `total`, expected `title` or `content`"
    );
    // And a search card refuses a key none of its variants has.
    let text =
        r#"{"exitCode":1,"kind":"paths","paths":[],"truncated":false,"total":0,"card":"search"}"#;
    assert_eq!(
        plain_error::<ToolResultView>(text),
        "unknown field `exitCode`, which no SearchResultView variant has"
    );
}

#[test]
fn through_serde_json_alone_both_tags_may_come_last() {
    let text = r#"{"files":[{"path":"p","matches":[{"lineNumber":1,"line":"a"}]}],
        "truncated":false,"total":1,"kind":"matches","card":"search"}"#;
    let plain: ToolResultView = serde_json::from_str(text).expect("valid");
    let traced: ToolResultView =
        cardc::decode_value(&serde_json::from_str(text).expect("JSON")).expect("valid");
    assert_eq!(plain, traced);
    let written = serde_json::to_string(&plain).expect("writes");
    assert!(
        written.starts_with(r#"{"card":"search","kind":"matches","files":"#),
        "{written}"
    );
}
