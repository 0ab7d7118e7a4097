//! One small JSON Schema per construct and per note, imported: the `.cards` text and its notes
//! are snapshots, and every import must check clean with cardc's own compiler.

use super::Problem;

/// The import of `schema` (a JSON text) with its notes after it; panics when it does not
/// check.
fn imported(schema: &str) -> String {
    imported_at(schema, None)
}

fn imported_at(schema: &str, root: Option<&str>) -> String {
    let imported = match crate::import_json_schema(schema, root, "test") {
        Ok(imported) => imported,
        Err(problems) => panic!("not imported: {problems:#?}"),
    };
    if let Err(errors) = crate::compile("test.cards", &imported.cards) {
        panic!("the import does not check: {errors:#?}\n{}", imported.cards);
    }
    let mut text = imported.cards;
    text.push_str("---- notes\n");
    for note in &imported.notes {
        text.push_str(&format!("{note}\n"));
    }
    text
}

fn problems(schema: &str, root: Option<&str>) -> Vec<Problem> {
    match crate::import_json_schema(schema, root, "test") {
        Ok(imported) => panic!("imported:\n{}", imported.cards),
        Err(problems) => problems,
    }
}

#[test]
fn a_discriminated_one_of_is_a_tagged_union() {
    insta::assert_snapshot!(imported(
        r##"{
          "$schema": "http://json-schema.org/draft-07/schema#",
          "$ref": "#/definitions/Shape",
          "definitions": {
            "Shape": {
              "description": "A shape.",
              "oneOf": [
                {"$ref": "#/definitions/Circle"},
                {"type": "object", "properties": {"kind": {"const": "empty-shape"}},
                 "required": ["kind"], "additionalProperties": false},
                {"type": "object", "properties": {"kind": {"type": "string", "enum": ["square"]},
                 "side": {"type": "number"}}, "required": ["kind", "side"]}
              ]
            },
            "Circle": {
              "type": "object",
              "properties": {"kind": {"const": "circle"}, "radius": {"type": "number"}},
              "required": ["kind", "radius"],
              "additionalProperties": false
            }
          }
        }"##
    ));
}

#[test]
fn a_nested_discriminator_is_a_union_in_a_union() {
    insta::assert_snapshot!(imported(
        r##"{
          "anyOf": [
            {"type": "object", "properties": {"type": {"const": "done"}}, "required": ["type"],
             "additionalProperties": false},
            {"anyOf": [
              {"type": "object", "properties": {"type": {"const": "show"}, "card": {"const": "text"},
               "text": {"type": "string"}}, "required": ["type", "card", "text"],
               "additionalProperties": false},
              {"type": "object", "properties": {"type": {"const": "show"}, "card": {"const": "divider"}},
               "required": ["type", "card"], "additionalProperties": false}
            ]}
          ],
          "title": "Event"
        }"##
    ));
}

#[test]
fn a_one_of_told_apart_by_type_or_key_is_untagged() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Content": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
            "Resource": {"oneOf": [
              {"title": "Text", "type": "object", "properties": {"uri": {"type": "string"},
               "text": {"type": "string"}}, "required": ["uri", "text"], "additionalProperties": false},
              {"title": "Blob", "type": "object", "properties": {"uri": {"type": "string"},
               "blob": {"type": "string"}}, "required": ["uri", "blob"], "additionalProperties": false}
            ]},
            "Loose": {"oneOf": [
              {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
              {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}
            ]},
            "Id": {"type": ["string", "integer"]}
          }
        }"##
    ));
}

#[test]
fn an_any_of_of_overlapping_objects_is_tried_in_order() {
    // Open objects that may hold each other's keys: an `anyOf` takes a value any of them
    // takes, so the import tries them in order; a nested `anyOf` adds its branches, and a
    // `oneOf` (exactly one) stays any JSON, noted.
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Result": {"anyOf": [
              {"title": "Empty", "type": "object", "properties": {"_meta": {"type": "object"}},
               "additionalProperties": false},
              {"anyOf": [
                {"title": "Roots", "type": "object", "properties": {"roots": {"type": "array",
                 "items": {"type": "string"}}}, "required": ["roots"]},
                {"title": "Status", "type": "object", "properties": {"status": {"type": "string"}},
                 "required": ["status"]}
              ]},
              {"type": "integer"}
            ]},
            "OneResult": {"oneOf": [
              {"type": "object", "properties": {"roots": {"type": "array"}}, "required": ["roots"]},
              {"type": "object", "properties": {"status": {"type": "string"}}, "required": ["status"]}
            ]}
          }
        }"##
    ));
}

#[test]
fn enums_and_camel_case_fields_take_the_file_rules() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Role": {"type": "string", "enum": ["user", "assistant", "tool_call"]},
            "Message": {
              "type": "object",
              "properties": {
                "role": {"$ref": "#/$defs/Role"},
                "mimeType": {"type": "string"},
                "createdAt": {"type": "string", "format": "date-time"},
                "HTTPStatus": {"type": "integer", "minimum": 100, "maximum": 599},
                "type": {"type": "string"}
              },
              "required": ["role", "mimeType"],
              "additionalProperties": false
            }
          }
        }"##
    ));
}

#[test]
fn null_in_every_spelling_is_nullable() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Nulls": {
              "type": "object",
              "properties": {
                "list": {"type": ["string", "null"]},
                "openapi": {"type": "string", "nullable": true},
                "any_of": {"anyOf": [{"type": "integer", "format": "int32"}, {"type": "null"}]},
                "items": {"type": "array", "items": {"type": ["number", "null"]}},
                "maybe": {"type": ["boolean", "null"]}
              },
              "required": ["list", "openapi"],
              "additionalProperties": false
            }
          }
        }"##
    ));
}

#[test]
fn annotations_constraints_and_defaults_become_attributes() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Profile": {
              "description": "A profile.\nTwo lines.",
              "deprecated": true,
              "examples": [{"name": "ada", "handle": "ada"}, {"name": "ada", "handle": "ada",
                "home": "https://a.dev", "id": "00000000-0000-0000-0000-000000000000",
                "percent": 1, "score": 0.5, "tags": ["a"], "kind": "profile"}],
              "type": "object",
              "properties": {
                "name": {"type": "string", "minLength": 1, "maxLength": 16, "description": "The name."},
                "handle": {"type": "string", "pattern": "^[a-z]+$", "examples": ["ada"]},
                "home": {"type": "string", "format": "uri"},
                "id": {"type": "string", "format": "uuid"},
                "percent": {"type": "integer", "minimum": 0, "maximum": 100},
                "score": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
                "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "uniqueItems": true},
                "status": {"type": "string", "enum": ["on", "off"], "default": "on"},
                "mood": {"type": "string", "enum": ["calm", "loud"], "default": "angry"},
                "kind": {"const": "profile"},
                "old": {"type": "string", "deprecated": true}
              },
              "required": ["name", "handle", "home", "id", "percent", "score", "tags", "kind"],
              "additionalProperties": false
            }
          }
        }"##
    ));
}

#[test]
fn closed_open_and_map_objects() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Closed": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false},
            "OpenTrue": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": true},
            "OpenAbsent": {"type": "object", "properties": {"a": {"type": "string"}}},
            "Typed": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "string"}},
            "Labels": {"type": "object", "additionalProperties": {"type": "integer", "format": "uint32", "minimum": 0}},
            "Anything": {"type": "object"},
            "Holder": {"type": "object", "properties": {"inline": {"type": "object",
              "properties": {"x": {"type": "number"}}, "required": ["x"]}}}
          }
        }"##
    ));
}

#[test]
fn schemars_draft_07_shapes() {
    insta::assert_snapshot!(imported(
        r##"{
          "$schema": "http://json-schema.org/draft-07/schema#",
          "title": "Config",
          "type": "object",
          "required": ["port", "mode"],
          "properties": {
            "port": {"type": "integer", "format": "uint16", "minimum": 0.0},
            "mode": {"allOf": [{"$ref": "#/definitions/Mode"}], "description": "The mode."},
            "retries": {"type": ["integer", "null"], "format": "uint8", "minimum": 0.0},
            "next": {"anyOf": [{"$ref": "#/definitions/Config"}, {"type": "null"}]}
          },
          "definitions": {
            "Mode": {"type": "string", "enum": ["Fast", "Slow"]},
            "Config": {"$ref": "#"}
          }
        }"##
    ));
}

#[test]
fn recursion_outside_arrays_is_boxed() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Node": {"type": "object", "properties": {
              "value": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647},
              "next": {"$ref": "#/$defs/Node"},
              "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}
            }, "required": ["value"], "additionalProperties": false}
          }
        }"##
    ));
}

#[test]
fn what_the_language_cannot_carry_is_noted() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Foo": {
              "type": "object",
              "properties": {
                "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]},
                "step": {"type": "number", "multipleOf": 0.5},
                "email": {"type": "string", "format": "email"},
                "digits": {"type": "string", "pattern": "^\\d+$"},
                "other": {"$ref": "other.json#/$defs/Bar"},
                "not_null": {"not": {"type": "null"}},
                "count": {"type": "integer"},
                "ints": {"enum": [1, "a"]},
                "values": {"type": "array", "items": {}, "uniqueItems": true}
              },
              "patternProperties": {"^x-": {"type": "string"}},
              "if": {"properties": {"a": {"const": 1}}},
              "then": {"required": ["b"]}
            }
          }
        }"##
    ));
}

#[test]
fn a_root_pointer_imports_that_schema_and_what_it_reaches() {
    insta::assert_snapshot!(imported_at(
        r##"{
          "$defs": {
            "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}, "required": ["b"]},
            "B": {"type": "string", "enum": ["x", "y"]},
            "Unreached": {"type": "object", "properties": {"c": {"type": "string"}}}
          }
        }"##,
        Some("/$defs/A")
    ));
}

#[test]
fn hostile_keys_stay_in_their_literals_and_comments() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Evil": {
              "description": "*/ doc\r\u0000 end",
              "type": "object",
              "properties": {
                "a\"b\n}": {"type": "string", "description": "line\u2028sep"},
                "x\ny": {"type": "string", "format": "e\nmail"}
              },
              "required": ["a\"b\n}"]
            }
          }
        }"##
    ));
}

/// `Self` is a keyword the schema syntax cannot write even raw: a type, a variant and an enum
/// value that would take it are numbered instead, and the import checks.
#[test]
fn names_the_schema_syntax_cannot_write_are_numbered() {
    insta::assert_snapshot!(imported(
        r##"{
          "$ref": "#/$defs/Self",
          "$defs": {
            "Self": {
              "oneOf": [
                {"type": "object", "properties": {"kind": {"const": "self"}, "role": {"$ref": "#/$defs/Role"}},
                 "required": ["kind", "role"], "additionalProperties": false},
                {"type": "object", "properties": {"kind": {"const": "other"}},
                 "required": ["kind"], "additionalProperties": false}
              ]
            },
            "Role": {"type": "string", "enum": ["self", "peer"]}
          }
        }"##
    ));
}

#[test]
fn input_errors_name_their_pointer() {
    let not_json = problems("{", None);
    assert_eq!(not_json[0].pointer, "");
    assert!(not_json[0].message.starts_with("not JSON"), "{not_json:?}");

    let root = problems(r#"{"$defs": {}}"#, Some("/$defs/Missing"));
    assert!(root[0].message.contains("/$defs/Missing"), "{root:?}");

    let dangling = problems(
        r##"{"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/Nope"}}}}}"##,
        None,
    );
    assert_eq!(dangling[0].pointer, "/$defs/A/properties/b");
    assert!(dangling[0].message.contains("#/$defs/Nope"), "{dangling:?}");

    let bad_type = problems(r#"{"$defs": {"A": {"type": "thing"}}}"#, None);
    assert_eq!(bad_type[0].pointer, "/$defs/A");

    let not_schema = problems("[1, 2]", None);
    assert_eq!(not_schema[0].pointer, "");
}

#[test]
fn a_reference_cycle_without_a_value_does_not_hang() {
    let text = imported(r##"{"$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}}"##);
    assert!(text.contains("a cycle of `$ref`s names no value"), "{text}");
    // Unions and `allOf`s that name themselves, with no value between.
    for schema in [
        r##"{"$defs": {"A": {"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/A"}]}}}"##,
        r##"{"$defs": {"A": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "string"}]}}}"##,
        r##"{"$defs": {"A": {"allOf": [{"$ref": "#/$defs/A"}]}}}"##,
    ] {
        let text = imported(schema);
        assert!(text.contains("---- notes"), "{text}");
    }
}

#[test]
fn schemars_enums_and_nested_unions() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Kind": {"oneOf": [
              {"type": "string", "const": "read", "description": "Reads files."},
              {"type": "string", "const": "edit", "description": "Edits files.", "deprecated": true}
            ]},
            "View": {"oneOf": [
              {"type": "object", "properties": {"kind": {"type": "string", "const": "plain"},
               "text": {"type": "string"}}, "required": ["kind", "text"], "additionalProperties": false},
              {"type": "object", "properties": {"kind": {"type": "string", "const": "search"}},
               "required": ["kind"],
               "oneOf": [
                 {"type": "object", "properties": {"mode": {"const": "files"},
                  "paths": {"type": "array", "items": {"type": "string"}}},
                  "required": ["mode", "paths"], "additionalProperties": false},
                 {"type": "object", "properties": {"mode": {"const": "none"}},
                  "required": ["mode"], "additionalProperties": false}
               ]}
            ]}
          }
        }"##
    ));
}

#[test]
fn flat_branches_sharing_an_outer_tag_are_a_nested_union() {
    insta::assert_snapshot!(imported(
        r##"{
          "title": "Event",
          "anyOf": [
            {"type": "object", "properties": {"type": {"const": "show"}, "card": {"const": "text"},
             "text": {"type": "string"}}, "required": ["type", "card", "text"],
             "additionalProperties": false},
            {"type": "object", "properties": {"type": {"const": "show"}, "card": {"const": "divider"}},
             "required": ["type", "card"], "additionalProperties": false},
            {"type": "object", "properties": {"type": {"const": "done"}}, "required": ["type"],
             "additionalProperties": false}
          ]
        }"##
    ));
}

#[test]
fn zod_to_json_schema_shapes() {
    // What zod-to-json-schema writes for a discriminated union with a reused schema: draft-07,
    // `anyOf`, `const` tags, `additionalProperties: false`, and a `$ref` to where the reused
    // schema was first written (`#/anyOf/0/properties/at`).
    insta::assert_snapshot!(imported(
        r##"{
          "$schema": "http://json-schema.org/draft-07/schema#",
          "anyOf": [
            {"type": "object", "properties": {
               "kind": {"type": "string", "const": "open"},
               "at": {"type": "string", "format": "date-time"},
               "tags": {"type": "array", "items": {"type": "string"}, "default": []}
             }, "required": ["kind", "at"], "additionalProperties": false},
            {"type": "object", "properties": {
               "kind": {"type": "string", "const": "close"},
               "at": {"$ref": "#/anyOf/0/properties/at"},
               "reason": {"type": ["string", "null"]}
             }, "required": ["kind", "at", "reason"], "additionalProperties": false}
          ]
        }"##
    ));
}

#[test]
fn an_alias_whose_chain_passes_through_a_value_is_a_recursive_type() {
    // `Optional` is `Union` by another name, and `Union` an array of `Optional`s: a value
    // stands between the two `$ref`s, so the chain is a recursive type, not a cycle.
    let text = imported(
        r##"{"$defs": {
            "Optional": {"$ref": "#/$defs/Union"},
            "Union": {"type": "array", "items": {"$ref": "#/$defs/Optional"}}
        }}"##,
    );
    assert!(!text.contains("cycle"), "{text}");
    assert!(text.contains("struct Union(Vec<Optional>);"), "{text}");
    assert!(text.contains("struct Optional(Union);"), "{text}");
}

#[test]
fn zod_4_shapes_import_without_notes() {
    // What zod 4's `z.toJSONSchema` writes: a record's keys as `propertyNames: {"type":
    // "string"}`, a loose object's other keys as `additionalProperties: {}`, `startsWith` as a
    // pattern ending in `.*`, `z.enum([...]).or(z.string())` as an `anyOf` of the values and a
    // plain string, an optional `z.literal` and a `$defs` entry of one `const`.
    let text = imported(
        r##"{"$defs": {
            "Mode": {"type": "string", "const": "form"},
            "Root": {"type": "object", "properties": {
                "uri": {"type": "string", "format": "starts_with", "pattern": "^file://.*"},
                "meta": {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {}},
                "stop": {"anyOf": [{"type": "string", "enum": ["endTurn", "maxTokens"]}, {"type": "string"}]},
                "mode": {"type": "string", "const": "url"}
            }, "required": ["uri"], "additionalProperties": {}}
        }}"##,
    );
    assert!(text.contains("#[pattern = \"^file://\"]"), "{text}");
    assert!(text.contains("meta: Option<Map<String, Json>>"), "{text}");
    assert!(text.contains("#[other]"), "{text}");
    assert!(text.contains("enum Mode {\n    Form,\n}"), "{text}");
    assert!(text.contains("mode: Option<RootMode>"), "{text}");
    assert!(!text.contains("propertyNames"), "{text}");
    assert!(!text.contains("additionalProperties"), "{text}");
    // The unknown format is the one note: the pattern beside it says what zod checks.
    assert_eq!(text.matches("note:").count(), 1, "{text}");
}

#[test]
fn typescript_generator_shapes_import_without_notes() {
    // What ts-json-schema-generator writes: `JSONValue` as an `anyOf` of every JSON type
    // through `$ref`s (any JSON), an optional key as `anyOf` with `{"not": {}}` (its
    // `undefined`), and a tag by template (`data-${string}`) as a plain string beside
    // constant tags (the union's catch-all, noted).
    let text = imported(
        r##"{"$schema": "http://json-schema.org/draft-07/schema#",
          "$ref": "#/definitions/Chunk",
          "definitions": {
            "Chunk": {"anyOf": [
              {"type": "object", "properties": {"type": {"type": "string", "const": "start"},
                 "meta": {"type": "object", "additionalProperties": {"anyOf": [{"$ref": "#/definitions/Value"}, {"not": {}}]}}},
               "required": ["type"], "additionalProperties": false},
              {"type": "object", "properties": {"type": {"type": "string", "const": "end"}},
               "required": ["type"], "additionalProperties": false},
              {"type": "object", "properties": {"type": {"type": "string"}, "data": {"$ref": "#/definitions/Value"}},
               "required": ["type", "data"], "additionalProperties": false}
            ]},
            "Value": {"anyOf": [{"type": "null"}, {"type": "string"}, {"type": "number"},
              {"type": "boolean"}, {"$ref": "#/definitions/Object"},
              {"type": "array", "items": {"$ref": "#/definitions/Value"}}]},
            "Object": {"type": "object", "additionalProperties": {"$ref": "#/definitions/Value"}}
          }}"##,
    );
    assert!(text.contains("meta: Option<Map<String, Json>>"), "{text}");
    assert!(text.contains("#[other]\n    Other,"), "{text}");
    assert_eq!(text.matches("note:").count(), 1, "{text}");
    assert!(text.contains("is read as the union's catch-all"), "{text}");
}

#[test]
fn a_union_of_every_json_type_but_one_is_no_json() {
    // Without `boolean`, the union is not any JSON: its branches are told apart by type.
    let text = imported(
        r##"{"$defs": {"Value": {"anyOf": [{"type": "null"}, {"type": "string"}, {"type": "number"},
            {"type": "object"}, {"type": "array"}]}}}"##,
    );
    assert!(text.contains("#[union(untagged)]"), "{text}");
}

/// pydantic's discriminated union: each model's `Literal` tag has itself as its default, so its
/// schema leaves the tag optional; the `discriminator` names it, and the union requires it.
/// `X | None = None` is a key that may be absent or `null`, with nothing to note.
#[test]
fn pydantic_discriminators_name_the_tag_even_where_a_branch_defaults_it() {
    insta::assert_snapshot!(imported(
        r##"{
          "$defs": {
            "Email": {"properties": {
                "type": {"const": "email", "default": "email", "title": "Type", "type": "string"},
                "to": {"title": "To", "type": "string"},
                "cc": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null}},
              "required": ["to"], "title": "Email", "type": "object"},
            "Sms": {"properties": {
                "type": {"const": "sms", "default": "sms", "title": "Type", "type": "string"},
                "number": {"title": "Number", "type": "string"}},
              "required": ["number"], "title": "Sms", "type": "object"}
          },
          "properties": {
            "channel": {
              "discriminator": {"propertyName": "type",
                "mapping": {"email": "#/$defs/Email", "sms": "#/$defs/Sms"}},
              "oneOf": [{"$ref": "#/$defs/Email"}, {"$ref": "#/$defs/Sms"}]}
          },
          "required": ["channel"], "title": "Job", "type": "object"
        }"##
    ));
}

/// A `discriminator` whose property is no constant in some branch is not dropped silently.
#[test]
fn a_discriminator_the_branches_do_not_carry_is_noted() {
    insta::assert_snapshot!(imported(
        r##"{
          "discriminator": {"propertyName": "kind"},
          "oneOf": [
            {"type": "object", "properties": {"kind": {"type": "string"}, "a": {"type": "string"}},
             "required": ["kind", "a"], "additionalProperties": false},
            {"type": "object", "properties": {"b": {"type": "integer"}},
             "required": ["b"], "additionalProperties": false}
          ]
        }"##
    ));
}
