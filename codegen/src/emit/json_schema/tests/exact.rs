//! The emitted JSON, compared exactly: as values, and as printed text to pin key order.

use serde_json::{Value, json};

use super::cards;
use crate::emit::json_schema::{DRAFT_2020_12, document, emit};
use crate::ir::builder::{docs, field, named, nullable, schema, strukt, unit_variant};
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
            "nl": { "if": { "type": "null" }, "else": { "type": "number" } },
            "deep": {
                "type": "object",
                "additionalProperties": {
                    "type": "array",
                    "items": { "if": { "type": "null" }, "else": { "$ref": "#/$defs/All" } }
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
                "if": { "type": "null" },
                "else": { "type": "string" }
            },
            "both": { "if": { "type": "null" }, "else": { "type": "boolean" } }
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
    // union with its own tag only. A union requires its tag among its values, and for each
    // variant an `if` on the tags down to it applies the variant's closed object, inline with
    // every tag as a one-string enum listed in `properties` and `required`. A nested union's
    // variants are conditions of the outer union's own list, one tag deeper.
    let tag = |value: &str| json!({ "type": "string", "enum": [value] });
    let title = json!({ "description": "The title.", "type": "string" });
    let kind = json!({ "$ref": "#/$defs/Kind" });
    let old_text = json!({ "if": { "type": "null" }, "else": { "type": "string" } });
    let total = json!({ "type": "integer", "minimum": 0, "maximum": 4294967295_u32 });
    let paths = json!({ "type": "array", "items": { "type": "string" } });
    let matches = |outer: Value| {
        let mut properties = outer.as_object().cloned().unwrap_or_default();
        properties.insert("kind".into(), tag("matches"));
        let mut required: Vec<Value> = properties.keys().map(|key| json!(key)).collect();
        properties.insert("total".into(), total.clone());
        required.push(json!("total"));
        json!({
            "title": "MatchesView",
            "properties": properties,
            "required": required,
            "additionalProperties": false
        })
    };
    let path_list = |outer: Value| {
        let mut properties = outer.as_object().cloned().unwrap_or_default();
        properties.insert("kind".into(), tag("paths"));
        let mut required: Vec<Value> = properties.keys().map(|key| json!(key)).collect();
        properties.insert("paths".into(), paths.clone());
        required.push(json!("paths"));
        json!({
            "title": "PathsView",
            "properties": properties,
            "required": required,
            "additionalProperties": false
        })
    };
    let kind_check = json!({
        "properties": { "kind": { "enum": ["matches", "paths"] } },
        "required": ["kind"]
    });
    let expected = json!({
        "$schema": DRAFT_2020_12,
        "$id": "https://example.test/test.schema.json",
        "$comment": "generated by cardc from schema/test.cards; do not edit",
        "title": "Test",
        "$defs": {
            "Card": {
                "description": "A card.\nTold apart by `card`.",
                "type": "object",
                "properties": { "card": { "enum": ["generic", "search"] } },
                "required": ["card"],
                "allOf": [
                    {
                        "if": {
                            "properties": { "card": { "const": "generic" } },
                            "required": ["card"]
                        },
                        "then": {
                            "title": "GenericView",
                            "description": "A plain card.",
                            "properties": {
                                "card": tag("generic"),
                                "title": title,
                                "kind": kind,
                                "oldText": old_text,
                                "note": old_text
                            },
                            "required": ["card", "title", "oldText"],
                            "additionalProperties": false
                        }
                    },
                    {
                        "if": {
                            "properties": { "card": { "const": "search" } },
                            "required": ["card"]
                        },
                        "then": {
                            "title": "SearchView",
                            "properties": kind_check["properties"],
                            "required": kind_check["required"]
                        }
                    },
                    {
                        "if": {
                            "properties": {
                                "card": { "const": "search" },
                                "kind": { "const": "matches" }
                            },
                            "required": ["card", "kind"]
                        },
                        "then": matches(json!({ "card": tag("search") }))
                    },
                    {
                        "if": {
                            "properties": {
                                "card": { "const": "search" },
                                "kind": { "const": "paths" }
                            },
                            "required": ["card", "kind"]
                        },
                        "then": path_list(json!({ "card": tag("search") }))
                    }
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
            "MatchesView": {
                "type": "object",
                "properties": { "total": total },
                "required": ["total"],
                "additionalProperties": false
            },
            "PathsView": {
                "type": "object",
                "properties": { "paths": paths },
                "required": ["paths"],
                "additionalProperties": false
            },
            "SearchView": {
                "type": "object",
                "properties": { "kind": { "enum": ["matches", "paths"] } },
                "required": ["kind"],
                "allOf": [
                    {
                        "if": {
                            "properties": { "kind": { "const": "matches" } },
                            "required": ["kind"]
                        },
                        "then": matches(json!({}))
                    },
                    {
                        "if": {
                            "properties": { "kind": { "const": "paths" } },
                            "required": ["kind"]
                        },
                        "then": path_list(json!({}))
                    }
                ]
            }
        }
    });
    let schema = cards();
    assert_eq!(document(&schema), expected);
    assert_eq!(emit(&schema), printed(&expected));
}

#[test]
fn a_unit_variant_is_a_closed_object_of_its_tags() {
    let mut schema = cards();
    if let Some(TypeDef::Union(card)) = schema.types.get_mut("Card") {
        card.variants
            .push(unit_variant("Ping", "ping").documented(&["Nothing but the tag."]));
    }
    let doc = document(&schema);
    assert_eq!(
        doc["$defs"]["Card"]["allOf"][4],
        json!({
            "if": { "properties": { "card": { "const": "ping" } }, "required": ["card"] },
            "then": {
                "description": "Nothing but the tag.",
                "properties": { "card": { "type": "string", "enum": ["ping"] } },
                "required": ["card"],
                "additionalProperties": false
            }
        })
    );
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

#[test]
fn the_root_is_the_one_entry_or_any_of_several() {
    let mut schema = cards();
    schema.entries = vec!["Card".to_owned()];
    let doc = document(&schema);
    assert_eq!(doc["$ref"], json!("#/$defs/Card"));
    let keys: Vec<&str> = doc
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        ["$schema", "$id", "$comment", "title", "$ref", "$defs"]
    );
    schema.entries = vec!["Card".to_owned(), "SearchView".to_owned()];
    let doc = document(&schema);
    assert_eq!(
        doc["anyOf"],
        json!([{"$ref": "#/$defs/Card"}, {"$ref": "#/$defs/SearchView"}])
    );
    assert_eq!(doc.get("$ref"), None);
}
