//! Unions decode from any serde data format that can read a map, whatever the key order: the
//! tag first streams, entries before the tag are buffered (self-describing formats only), and
//! a nested union's tag may come anywhere around the outer one.

use render_intent::{
    SearchPathsResultView, SearchResultView, TerminalCallView, ToolCallView, ToolResultView,
};
use serde::Deserialize;
use serde::de::value::{Error, MapDeserializer};
use serde_json::{Value, json};

/// A glob result with the given key order, as JSON text.
fn paths_card(keys: &[&str]) -> String {
    let value = json!({"card": "search", "kind": "paths", "paths": ["a.rs"], "truncated": false,
        "total": 1});
    let entries: Vec<String> = keys
        .iter()
        .map(|key| format!("{:?}:{}", key, value[key]))
        .collect();
    format!("{{{}}}", entries.join(","))
}

#[test]
fn a_nested_union_decodes_in_every_key_order() {
    let expected = ToolResultView::Search(SearchResultView::Paths(SearchPathsResultView {
        paths: vec!["a.rs".to_owned()],
        truncated: false,
        total: 1,
        content: None,
    }));
    let orders: [&[&str]; 5] = [
        &["card", "kind", "paths", "truncated", "total"],
        &["kind", "card", "paths", "truncated", "total"],
        &["paths", "truncated", "total", "kind", "card"],
        &["paths", "card", "truncated", "kind", "total"],
        &["total", "kind", "paths", "card", "truncated"],
    ];
    for keys in orders {
        let text = paths_card(keys);
        let read: ToolResultView = serde_json::from_str(&text).expect(&text);
        assert_eq!(read, expected, "{text}");
        assert_eq!(ToolResultView::from_json_str(&text).as_ref(), Ok(&expected));
        let value: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(
            ToolResultView::from_json_value(&value).as_ref(),
            Ok(&expected)
        );
    }
}

#[test]
fn a_format_other_than_json_decodes_with_the_tag_anywhere() {
    // serde's own map deserializer: string values, no JSON anywhere.
    let expected = ToolCallView::Terminal(TerminalCallView {
        title: "ls".to_owned(),
        description: None,
        cwd: Some("/tmp".to_owned()),
    });
    for entries in [
        [("card", "terminal"), ("title", "ls"), ("cwd", "/tmp")],
        [("title", "ls"), ("cwd", "/tmp"), ("card", "terminal")],
    ] {
        let map = MapDeserializer::<_, Error>::new(entries.into_iter());
        assert_eq!(ToolCallView::deserialize(map), Ok(expected.clone()));
    }
    let refused = MapDeserializer::<_, Error>::new(
        [("title", "ls"), ("card", "terminal"), ("card", "terminal")].into_iter(),
    );
    assert_eq!(
        ToolCallView::deserialize(refused).map_err(|error| error.to_string()),
        Err("duplicate field `card`".to_owned())
    );
}

#[test]
fn the_tag_is_written_first() {
    let view = ToolResultView::Search(SearchResultView::Paths(SearchPathsResultView {
        paths: Vec::new(),
        truncated: true,
        total: 3,
        content: None,
    }));
    let text = serde_json::to_string(&view).expect("writes");
    assert_eq!(
        text,
        r#"{"card":"search","kind":"paths","paths":[],"truncated":true,"total":3}"#
    );
}
