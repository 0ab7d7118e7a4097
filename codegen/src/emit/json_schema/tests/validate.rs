//! The emitted document against the 2020-12 meta-schema, and instances against its `$defs`.

use jsonschema::{Registry, Validator};
use serde_json::{Value, json};

use super::cards;
use crate::emit::json_schema::document;
use crate::ir::builder::{field, named, schema, strukt};
use crate::ir::{IntKind, Schema, Ty, TypeDef, Wide};

/// A validator for `$defs/<def>` of the schema's document, registered under its `$id`, with
/// retrieval off so that every reference must resolve inside the document.
pub(super) fn validator(schema: &Schema, def: &str) -> Validator {
    let registry = Registry::new()
        .add(&schema.id, document(schema))
        .expect("the $id is a valid URI")
        .prepare()
        .expect("the document is a valid resource");
    let root = json!({ "$ref": format!("{}#/$defs/{def}", schema.id) });
    jsonschema::options()
        .offline()
        .with_registry(&registry)
        .build(&root)
        .expect("the definition compiles")
}

/// Asserts each instance's validity, naming the first that disagrees.
pub(super) fn assert_cases(validator: &Validator, cases: &[(bool, Value)]) {
    for (valid, instance) in cases {
        assert_eq!(validator.is_valid(instance), *valid, "instance {instance}");
    }
}

/// A schema using every type form, so the meta-schema sees each one.
fn every_ty() -> Schema {
    let mut fields = vec![
        field("s", Ty::String),
        field("j", Ty::Json).optional(),
        field("m", Ty::Map(Box::new(Ty::Boxed(Box::new(named("All")))))),
        field("v", Ty::Vec(Box::new(Ty::F64))),
        field("b", Ty::Bool),
    ];
    fields.extend(IntKind::ALL.map(|kind| field(kind.rust_name(), Ty::Int(kind))));
    fields.push(field("du", Ty::Decimal(Wide::U64)).optional());
    fields.push(field("di", Ty::Decimal(Wide::I64)).optional());
    schema(vec![TypeDef::Struct(strukt("All", fields))])
}

#[test]
fn documents_are_valid_2020_12_schemas() {
    for schema in [cards(), every_ty(), schema(Vec::new())] {
        let doc = document(&schema);
        if let Err(error) = jsonschema::meta::validate(&doc) {
            panic!("{error}\n{doc:#}");
        }
        // Every `$ref` resolves within the document itself.
        jsonschema::options()
            .offline()
            .build(&doc)
            .expect("the document compiles offline");
    }
}

#[test]
fn union_accepts_exactly_its_tagged_variants() {
    let card = validator(&cards(), "Card");
    assert_cases(
        &card,
        &[
            (
                true,
                json!({ "card": "generic", "title": "t", "oldText": null }),
            ),
            (
                true,
                json!({ "card": "generic", "title": "t", "oldText": "a", "kind": "edit" }),
            ),
            (
                true,
                json!({ "card": "generic", "title": "t", "oldText": "a", "note": null }),
            ),
            // Wrong or missing tag.
            (
                false,
                json!({ "card": "terminal", "title": "t", "oldText": null }),
            ),
            (false, json!({ "title": "t", "oldText": null })),
            // Unknown field on a closed object.
            (
                false,
                json!({ "card": "generic", "title": "t", "oldText": null, "extra": 1 }),
            ),
            // Nullable is required; optional is never null unless nullable.
            (false, json!({ "card": "generic", "title": "t" })),
            (
                false,
                json!({ "card": "generic", "title": "t", "oldText": null, "kind": null }),
            ),
            (
                false,
                json!({ "card": "generic", "title": "t", "oldText": null, "kind": "x" }),
            ),
        ],
    );
}

#[test]
fn nested_union_needs_both_tags() {
    let card = validator(&cards(), "Card");
    assert_cases(
        &card,
        &[
            (
                true,
                json!({ "card": "search", "kind": "matches", "total": 3 }),
            ),
            (
                true,
                json!({ "card": "search", "kind": "paths", "paths": ["a"] }),
            ),
            (false, json!({ "kind": "matches", "total": 3 })),
            (false, json!({ "card": "search", "total": 3 })),
            (
                false,
                json!({ "card": "generic", "kind": "matches", "total": 3 }),
            ),
            (
                false,
                json!({ "card": "search", "kind": "paths", "total": 3 }),
            ),
            (
                false,
                json!({ "card": "search", "kind": "matches", "total": 3, "paths": [] }),
            ),
            // u32 bounds, and integers only.
            (
                true,
                json!({ "card": "search", "kind": "matches", "total": 4294967295_u32 }),
            ),
            (
                false,
                json!({ "card": "search", "kind": "matches", "total": 4294967296_u64 }),
            ),
            (
                false,
                json!({ "card": "search", "kind": "matches", "total": -1 }),
            ),
            (
                false,
                json!({ "card": "search", "kind": "matches", "total": 1.5 }),
            ),
        ],
    );
}

#[test]
fn standalone_forms_carry_no_outer_tag() {
    // The inner union on its own carries its own tag only: the outer one is an unknown field.
    let search = validator(&cards(), "SearchView");
    assert_cases(
        &search,
        &[
            (true, json!({ "kind": "paths", "paths": [] })),
            (
                false,
                json!({ "card": "search", "kind": "paths", "paths": [] }),
            ),
            (false, json!({ "paths": [] })),
        ],
    );
    // A variant struct on its own is the plain object of its fields.
    let paths = validator(&cards(), "PathsView");
    assert_cases(
        &paths,
        &[
            (true, json!({ "paths": ["a"] })),
            (false, json!({ "kind": "paths", "paths": ["a"] })),
            (
                false,
                json!({ "card": "search", "kind": "paths", "paths": ["a"] }),
            ),
        ],
    );
    let generic = validator(&cards(), "GenericView");
    assert_cases(
        &generic,
        &[
            (true, json!({ "title": "t", "oldText": null })),
            (
                false,
                json!({ "card": "generic", "title": "t", "oldText": null }),
            ),
        ],
    );
}

#[test]
fn every_ty_validates_values() {
    let all = validator(&every_ty(), "All");
    let base = json!({
        "s": "x", "m": {}, "v": [1.5, 2], "b": true,
        "u8": 255, "u16": 0, "u32": 7, "i8": -128, "i16": 1, "i32": -2147483648_i32,
        "i64": -9007199254740991_i64, "u64": 9007199254740991_u64
    });
    let with = |key: &str, value: Value| {
        let mut instance = base.clone();
        instance[key] = value;
        instance
    };
    assert_cases(
        &all,
        &[
            (true, base.clone()),
            (true, with("j", json!(null))),
            (true, with("j", json!({ "any": [1, "two"] }))),
            (true, with("m", json!({ "k": base.clone() }))),
            (false, with("m", json!({ "k": 1 }))),
            (false, with("u8", json!(256))),
            (false, with("i8", json!(-129))),
            (false, with("u64", json!(9007199254740992_u64))),
            (false, with("i64", json!(-9007199254740992_i64))),
            (false, with("u64", json!(-1))),
            (true, with("u64", json!(9007199254740991.0))),
            (true, with("du", json!("18446744073709551615"))),
            (false, with("du", json!("18446744073709551616"))),
            (false, with("du", json!(7))),
            (false, with("du", json!("07"))),
            (true, with("di", json!("-9223372036854775808"))),
            (false, with("di", json!("-9223372036854775809"))),
            (false, with("di", json!("-0"))),
            (false, with("di", json!("+1"))),
            (false, with("v", json!(["x"]))),
            (false, with("s", json!(null))),
        ],
    );
}
