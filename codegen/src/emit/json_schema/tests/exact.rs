//! The emitted JSON, compared exactly: as values, and as printed text to pin key order.

use serde_json::{Value, json};

use super::cards;
use crate::emit::json_schema::{DRAFT_2020_12, document, emit};
use crate::ir::builder::{docs, field, named, nullable, schema, strukt};
use crate::ir::{Docs, IntKind, Ty, TypeDef, Wide};

/// The printed form the emitter must produce for a value: pretty JSON plus a newline. Because
/// `json!` keeps the order its keys are written in, comparing text also compares key order.
fn printed(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap() + "\n"
}

#[test]
fn every_ty() {
    let mut fields = vec![
        field("s", Ty::String),
        field("b", Ty::Bool),
        field("f", Ty::F64),
        field("j", Ty::Json),
        field("v", Ty::Vec(Box::new(Ty::String))),
        field("m", Ty::Map(Box::new(Ty::Bool))),
        field("bx", Ty::Boxed(Box::new(named("All")))),
        field("n", named("All")),
        field("nl", nullable(Ty::F64)),
        field(
            "deep",
            Ty::Map(Box::new(Ty::Vec(Box::new(nullable(named("All")))))),
        ),
    ];
    fields.extend(IntKind::ALL.map(|kind| field(kind.rust_name(), Ty::Int(kind))));
    fields.push(field("di", Ty::Decimal(Wide::I64)));
    fields.push(field("du", Ty::Decimal(Wide::U64)));
    let schema = schema(vec![TypeDef::Struct(strukt("All", fields))]);
    let expected = json!({
        "type": "object",
        "properties": {
            "s": { "type": "string" },
            "b": { "type": "boolean" },
            "f": { "type": "number" },
            "j": {},
            "v": { "type": "array", "items": { "type": "string" } },
            "m": { "type": "object", "additionalProperties": { "type": "boolean" } },
            "bx": { "$ref": "#/$defs/All" },
            "n": { "$ref": "#/$defs/All" },
            "nl": { "anyOf": [{ "type": "number" }, { "type": "null" }] },
            "deep": {
                "type": "object",
                "additionalProperties": {
                    "type": "array",
                    "items": { "anyOf": [{ "$ref": "#/$defs/All" }, { "type": "null" }] }
                }
            },
            "u8": { "type": "integer", "minimum": 0, "maximum": 255 },
            "u16": { "type": "integer", "minimum": 0, "maximum": 65535 },
            "u32": { "type": "integer", "minimum": 0, "maximum": 4294967295_u32 },
            "i8": { "type": "integer", "minimum": -128, "maximum": 127 },
            "i16": { "type": "integer", "minimum": -32768, "maximum": 32767 },
            "i32": { "type": "integer", "minimum": -2147483648_i32, "maximum": 2147483647 },
            "i64": { "type": "integer", "minimum": -9007199254740991_i64, "maximum": 9007199254740991_i64 },
            "u64": { "type": "integer", "minimum": 0, "maximum": 9007199254740991_i64 },
            "di": { "type": "string", "pattern": Wide::I64.pattern() },
            "du": { "type": "string", "pattern": Wide::U64.pattern() }
        },
        "required": [
            "s", "b", "f", "j", "v", "m", "bx", "n", "nl", "deep",
            "u8", "u16", "u32", "i8", "i16", "i32", "i64", "u64", "di", "du"
        ],
        "additionalProperties": false
    });
    let doc = document(&schema);
    assert_eq!(doc["$defs"]["All"], expected);
    assert_eq!(printed(&doc["$defs"]["All"]), printed(&expected));
}

#[test]
fn presence_kinds_and_field_docs() {
    let fields = vec![
        field("plain", Ty::String),
        field("absent", Ty::String).optional(),
        field("nulled", nullable(Ty::String)).documented(&["May be null.", "Never absent."]),
        field("both", nullable(Ty::Bool)).optional(),
    ];
    let schema = schema(vec![TypeDef::Struct(strukt("P", fields))]);
    let expected = json!({
        "type": "object",
        "properties": {
            "plain": { "type": "string" },
            "absent": { "type": "string" },
            "nulled": {
                "description": "May be null.\nNever absent.",
                "anyOf": [{ "type": "string" }, { "type": "null" }]
            },
            "both": { "anyOf": [{ "type": "boolean" }, { "type": "null" }] }
        },
        "required": ["plain", "nulled"],
        "additionalProperties": false
    });
    let def = &document(&schema)["$defs"]["P"];
    assert_eq!(printed(def), printed(&expected));
}

#[test]
fn open_struct_has_no_additional_properties() {
    let open = strukt("Open", vec![field("x", Ty::Bool).optional()]).open();
    let schema = schema(vec![TypeDef::Struct(open)]);
    let expected = json!({
        "type": "object",
        "properties": { "x": { "type": "boolean" } },
        "required": []
    });
    assert_eq!(
        printed(&document(&schema)["$defs"]["Open"]),
        printed(&expected)
    );
}

#[test]
fn unions_nested_union_and_enum() {
    // A named type's `$defs` entry is its standalone form: a struct without any tag, a nested
    // union with its own tag only. A union inlines each variant with every tag it adds, as a
    // one-string enum listed in `properties` and `required`, so the closed object stays exact.
    let tag = |value: &str| json!({ "type": "string", "enum": [value] });
    let title = json!({ "description": "The title.", "type": "string" });
    let kind = json!({ "$ref": "#/$defs/Kind" });
    let old_text = json!({ "anyOf": [{ "type": "string" }, { "type": "null" }] });
    let total = json!({ "type": "integer", "minimum": 0, "maximum": 4294967295_u32 });
    let paths = json!({ "type": "array", "items": { "type": "string" } });
    let object = |properties: Value, required: Value| {
        json!({
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": false
        })
    };
    let titled = |title: &str, object: &Value| {
        let mut branch = serde_json::Map::new();
        branch.insert("title".into(), title.into());
        branch.extend(object.as_object().cloned().unwrap_or_default());
        Value::from(branch)
    };
    let search_branches = |outer: &[(&str, &str)]| {
        let tags = |kind_value: &str| {
            let mut tags: Vec<(String, Value)> = outer
                .iter()
                .map(|(field, value)| (field.to_string(), tag(value)))
                .collect();
            tags.push(("kind".into(), tag(kind_value)));
            tags
        };
        let required = |field: &str| {
            let mut required: Vec<&str> = outer.iter().map(|(field, _)| *field).collect();
            required.extend(["kind", field]);
            json!(required)
        };
        let mut matches: serde_json::Map<String, Value> = tags("matches").into_iter().collect();
        matches.insert("total".into(), total.clone());
        let mut paths_properties: serde_json::Map<String, Value> =
            tags("paths").into_iter().collect();
        paths_properties.insert("paths".into(), paths.clone());
        json!([
            titled("MatchesView", &object(matches.into(), required("total"))),
            titled(
                "PathsView",
                &object(paths_properties.into(), required("paths"))
            )
        ])
    };
    let expected = json!({
        "$schema": DRAFT_2020_12,
        "$id": "https://example.test/test.schema.json",
        "$comment": "generated by cardc from schema/test.cards; do not edit",
        "title": "Test",
        "$defs": {
            "Card": {
                "description": "A card.\nTold apart by `card`.",
                "oneOf": [
                    {
                        "title": "GenericView",
                        "description": "A plain card.",
                        "type": "object",
                        "properties": {
                            "card": tag("generic"),
                            "title": title,
                            "kind": kind,
                            "oldText": old_text,
                            "note": old_text
                        },
                        "required": ["card", "title", "oldText"],
                        "additionalProperties": false
                    },
                    { "oneOf": search_branches(&[("card", "search")]) }
                ]
            },
            "GenericView": {
                "description": "The generic card.",
                "type": "object",
                "properties": {
                    "title": title,
                    "kind": kind,
                    "oldText": old_text,
                    "note": old_text
                },
                "required": ["title", "oldText"],
                "additionalProperties": false
            },
            "Kind": {
                "description": "What a card does.",
                "type": "string",
                "enum": ["read", "edit"]
            },
            "MatchesView": object(json!({ "total": total }), json!(["total"])),
            "PathsView": object(json!({ "paths": paths }), json!(["paths"])),
            "SearchView": { "oneOf": search_branches(&[]) }
        }
    });
    let schema = cards();
    assert_eq!(document(&schema), expected);
    assert_eq!(emit(&schema), printed(&expected));
}

#[test]
fn printed_text_is_pretty_with_fixed_key_order() {
    let mut schema = schema(vec![TypeDef::Struct(
        strukt("Point", vec![field("x", Ty::Int(IntKind::U8))]).documented(&["A point."]),
    )]);
    schema.docs = docs(&["Line one.", "Line two."]);
    let expected = r##"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://example.test/test.schema.json",
  "$comment": "generated by cardc from schema/test.cards; do not edit",
  "title": "Test",
  "description": "Line one.\nLine two.",
  "$defs": {
    "Point": {
      "description": "A point.",
      "type": "object",
      "properties": {
        "x": {
          "type": "integer",
          "minimum": 0,
          "maximum": 255
        }
      },
      "required": [
        "x"
      ],
      "additionalProperties": false
    }
  }
}
"##;
    assert_eq!(emit(&schema), expected);
}

#[test]
fn empty_docs_leave_out_description() {
    let schema = schema(Vec::new());
    assert_eq!(schema.docs, Docs::new());
    let doc = document(&schema);
    let keys: Vec<&str> = doc
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["$schema", "$id", "$comment", "title", "$defs"]);
    assert_eq!(doc["$defs"], json!({}));
}

#[test]
fn output_is_deterministic() {
    let first = emit(&cards());
    for _ in 0..8 {
        assert_eq!(emit(&cards()), first);
    }
    // The same types declared in another order give the same bytes.
    let mut reversed = cards();
    let types: Vec<TypeDef> = reversed.types.values().rev().cloned().collect();
    reversed.types = types
        .into_iter()
        .map(|def| (def.name().to_string(), def))
        .collect();
    assert_eq!(emit(&reversed), first);
}
