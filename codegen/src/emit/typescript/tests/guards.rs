//! Unit tests for the guards' text: each kind of type's check, the exported guards, and which
//! helpers a file gets.

use std::collections::BTreeSet;

use crate::emit::typescript::emit;
use crate::emit::typescript::runtime::{helper_needs, helpers_text};
use crate::ir::builder::{
    boxed, enumeration, field, map_of, named, nullable, schema, strukt, union, value, variant,
    vec_of,
};
use crate::ir::{IntKind, Schema, Ty};

/// The guards of one type: from its field table or check to the end of `parse<Name>`.
fn guards_of<'a>(text: &'a str, name: &str) -> &'a str {
    let start = text
        .find(&format!("/** The fields of `{name}`"))
        .or_else(|| text.find(&format!("/** Checks a `{name}`")))
        .unwrap_or_else(|| panic!("no check of {name} in:\n{text}"));
    let end_marker = format!("  return cardcParse<{name}>(check{name}, value);\n}}\n");
    let len = text[start..]
        .find(&end_marker)
        .unwrap_or_else(|| panic!("no parse{name} in:\n{text}"));
    &text[start..start + len + end_marker.len()]
}

/// The exported guards every type gets, as text.
fn exported(name: &str) -> String {
    format!(
        "/** Whether a value is a `{name}`, exactly as the contract says. Never throws. */
export function is{name}(value: unknown): value is {name} {{
  return cardcRun(check{name}, value, 1).length === 0;
}}

/** The value as a `{name}`, or where and how it breaks the contract. Never throws. */
export function parse{name}(
  value: unknown,
): {{ ok: true; value: {name} }} | {{ ok: false; errors: {{ pointer: string; message: string }}[] }} {{
  return cardcParse<{name}>(check{name}, value);
}}
"
    )
}

/// The View union of `super`'s nested-union test: a struct variant and a union variant.
fn views() -> Schema {
    let view = union(
        "View",
        "card",
        vec![
            variant("Generic", "generic", "Generic"),
            variant("Search", "search", "Search"),
        ],
    );
    let search = union("Search", "kind", vec![variant("Paths", "paths", "Paths")]);
    let generic = strukt("Generic", vec![field("title", Ty::String).optional()]);
    let paths = strukt("Paths", vec![field("paths", vec_of(Ty::String))]);
    schema([view.into(), search.into(), generic.into(), paths.into()])
}

#[test]
fn a_struct_check_is_a_field_table_without_tags() {
    // A variant struct's check reads its standalone form; its unions' tags are allowed as keys
    // only when a union picked it (`cardcTag` passes them on).
    let text = emit(&views());
    let expected = format!(
        "/** The fields of `Paths`: key, whether it may be absent, and how its value is checked. */
const fieldsOfPaths: readonly cardcField[] = [
  ['paths', false, cardcArrayOf(cardcString)],
];

/** Checks a `Paths`. */
function checkPaths(value: unknown, s: cardcState, at: string, orNull?: boolean): void {{
  cardcStruct(value, s, at, orNull, 'Paths', true, fieldsOfPaths);
}}

{}",
        exported("Paths")
    );
    assert_eq!(guards_of(&text, "Paths"), expected);
}

#[test]
fn a_union_check_reads_the_tag_then_checks_one_variant() {
    let text = emit(&views());
    let expected = format!(
        "/** Checks a `View`: its `card` picks the variant that checks the rest. */
function checkView(value: unknown, s: cardcState, at: string, orNull?: boolean): void {{
  switch (cardcTag(value, s, at, orNull, 'View', 'card', ['generic', 'search'], false)) {{
    case 'generic':
      return cardcVariant(value, s, at, 'Generic', checkGeneric);
    case 'search':
      return checkSearch(value, s, at);
  }}
}}

{}",
        exported("View")
    );
    assert_eq!(guards_of(&text, "View"), expected);
}

#[test]
fn every_value_type_has_its_check() {
    let fields = vec![
        field("s", Ty::String),
        field("flag", Ty::Bool),
        field("ratio", Ty::F64),
        field("raw", Ty::Json),
        field("maybeRaw", Ty::Json).optional(),
        field("tiny", Ty::Int(IntKind::I8)),
        field("count", Ty::Int(IntKind::U32)),
        field("grid", vec_of(vec_of(Ty::Int(IntKind::U8)))),
        field("sparse", map_of(nullable(Ty::Int(IntKind::I16)))),
        field("next", nullable(boxed(named("Point")))),
        field("note", nullable(Ty::String)).optional(),
        field("it's", vec_of(nullable(Ty::String))),
    ];
    let text = emit(&schema([strukt("Point", fields).open().into()]));
    let table = "\
const fieldsOfPoint: readonly cardcField[] = [
  ['s', false, cardcString],
  ['flag', false, cardcBoolean],
  ['ratio', false, cardcNumber],
  ['raw', false, cardcJson],
  ['maybeRaw', true, cardcJson],
  ['tiny', false, cardcInteger(-128, 127)],
  ['count', false, cardcInteger(0, 4294967295)],
  ['grid', false, cardcArrayOf(cardcArrayOf(cardcInteger(0, 255)))],
  ['sparse', false, cardcMapOf(cardcNullOr(cardcInteger(-32768, 32767)))],
  ['next', false, cardcNullOr(checkPoint)],
  ['note', true, cardcNullOr(cardcString)],
  ['it\\'s', false, cardcArrayOf(cardcNullOr(cardcString))],
];
";
    assert!(guards_of(&text, "Point").contains(table), "{text}");
    assert!(
        text.contains("  cardcStruct(value, s, at, orNull, 'Point', false, fieldsOfPoint);\n"),
        "{text}"
    );
}

#[test]
fn an_enum_check_lists_its_wire_strings() {
    let kind = enumeration("Kind", vec![value("Read", "read"), value("Quote", "it's")]);
    let text = emit(&schema([kind.into()]));
    let expected = format!(
        "/** Checks a `Kind`. */
function checkKind(value: unknown, s: cardcState, at: string, orNull?: boolean): void {{
  cardcOneOf(value, s, at, orNull, ['read', 'it\\'s']);
}}

{}",
        exported("Kind")
    );
    assert_eq!(guards_of(&text, "Kind"), expected);
}

#[test]
fn a_file_gets_only_the_helpers_its_guards_use() {
    let kind = enumeration("Kind", vec![value("Read", "read")]);
    let text = emit(&schema([kind.into()]));
    for used in ["cardcRun", "cardcParse", "cardcOneOf", "cardcListed"] {
        assert!(text.contains(&format!("function {used}")), "{used}: {text}");
    }
    for unused in [
        "cardcObject",
        "cardcStruct",
        "cardcJson",
        "cardcDeeper",
        "cardcEscape",
    ] {
        assert!(
            !text.contains(&format!("function {unused}")),
            "{unused}: {text}"
        );
    }
}

#[test]
fn helpers_need_only_helpers_written_before_them() {
    let helpers = helper_needs();
    for (index, (name, needs)) in helpers.iter().enumerate() {
        for need in needs {
            assert!(
                helpers[..index].iter().any(|(earlier, _)| earlier == need),
                "{name} needs {need}, which is not written before it"
            );
        }
    }
    // Asking for one helper brings what it needs, in order.
    let text = helpers_text(&BTreeSet::from(["cardcMapOf"]));
    let order = [
        "type cardcState",
        "function cardcFail(",
        "function cardcDeeper(",
        "function cardcObject(",
        "function cardcMapOf(",
    ];
    let positions: Vec<usize> = order
        .iter()
        .map(|definition| {
            text.find(definition)
                .unwrap_or_else(|| panic!("{definition}: {text}"))
        })
        .collect();
    assert!(positions.windows(2).all(|pair| pair[0] < pair[1]), "{text}");
    assert!(!text.contains("function cardcJson("), "{text}");
}
