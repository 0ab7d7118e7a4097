//! Constraints in the published schema: a validator of the document alone enforces each at
//! its boundaries, formats included (draft 2020-12 reads `format` only as an annotation).

use serde_json::{Value, json};

use super::validate::{assert_cases, validator};
use crate::ir::TypeDef;
use crate::ir::builder::{constrained_struct, schema};

#[test]
fn the_document_alone_enforces_every_constraint_at_its_bounds() {
    let checked = validator(
        &schema(vec![TypeDef::Struct(constrained_struct())]),
        "Checked",
    );
    let with = |key: &str, value: Value| json!({ "name": "ab", key: value });
    assert_cases(
        &checked,
        &[
            (true, json!({ "name": "a" })),
            (true, json!({ "name": "abc" })),
            (false, json!({ "name": "" })),
            (false, json!({ "name": "abcd" })),
            // Three code points, six UTF-16 units, twelve UTF-8 bytes.
            (true, json!({ "name": "😀😀😀" })),
            (false, json!({ "name": "😀😀😀😀" })),
            // The pattern is unanchored at its start.
            (true, with("code", json!("x12"))),
            (false, with("code", json!("12x"))),
            (
                true,
                with("id", json!("123e4567-E89B-12d3-a456-426614174000")),
            ),
            (false, with("id", json!("123e4567e89b12d3a456426614174000"))),
            (true, with("percent", json!(1))),
            (true, with("percent", json!(100))),
            (false, with("percent", json!(0))),
            (false, with("percent", json!(101))),
            (false, with("ratio", json!(0))),
            (true, with("ratio", json!(5e-324))),
            (true, with("ratio", json!(1))),
            (false, with("ratio", json!(1.0000000000000002))),
            (false, with("tags", json!([]))),
            (true, with("tags", json!([1, 2]))),
            (false, with("tags", json!([1, 2, 3]))),
            (false, with("tags", json!([1, 1.0]))),
        ],
    );
}
