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

/// The check of one type: from the constants it reads (its fields' keys, a union's tags, an
/// enum's strings) or from the check itself to its end.
fn guards_of<'a>(text: &'a str, name: &str) -> &'a str {
    let constants = [
        format!("\nconst keysOf{name}:"),
        format!("\nconst tagsOf{name} ="),
        format!("\nconst valuesOf{name} ="),
    ];
    let start = constants
        .iter()
        .filter_map(|constant| text.find(constant.as_str()))
        .min()
        // The constant's doc line, the line before it.
        .map(|at| text[..at].rfind('\n').map_or(0, |newline| newline + 1))
        .or_else(|| text.find(&format!("/** Checks a `{name}`")))
        .unwrap_or_else(|| panic!("no check of {name} in:\n{text}"));
    let check = text[start..]
        .find(&format!("function check{name}("))
        .unwrap_or_else(|| panic!("no check{name} in:\n{text}"));
    let len = text[start + check..]
        .find("\n}\n")
        .unwrap_or_else(|| panic!("no end of check{name} in:\n{text}"));
    &text[start..start + check + len + 3]
}

/// The exported guards every type gets, as text.
fn exported(name: &str) -> String {
    format!(
        "/** Whether a value is a `{name}`, exactly as the contract says. Never throws. */
export function is{name}(value: unknown): value is {name} {{
  return cardcIs(check{name}, value);
}}

/** The value as a `{name}`, or where and how it breaks the contract. Never throws. */
export function parse{name}(value: unknown): cardcParsed<{name}> {{
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
fn a_struct_check_reads_each_field_then_the_other_keys() {
    // A variant struct's check reads its standalone form; its unions' tags are allowed as keys
    // only when a union picked it (`cardcTag` passes them on). The loop over an array of strings
    // is written out, with the strings' quick test before their check.
    let text = emit(&views());
    let expected = "/** The keys of the fields of `Paths`. */
const keysOfPaths: readonly string[] = ['paths'];

/** Checks a `Paths`. */
function checkPaths(value: unknown, s: cardcState, at: string, orNull?: boolean): void {
  const outer = s.type;
  s.type = 'Paths';
  const tags = s.tags;
  s.tags = cardcNoKeys;
  const taken = s.keys;
  s.keys = undefined;
  const object = taken !== undefined ? (value as { readonly [key: string]: unknown }) : cardcObject(value, s, at, orNull);
  if (object !== undefined) {
    s.depth += 1;
    const keys = taken ?? Object.keys(object);
    let known = tags.length;
    if (cardcPresent(keys, s, at, 'paths', false)) {
      known += 1;
      const item = object['paths'];
      if (cardcArray(item, s, s.quiet ? '' : at + '/paths', undefined)) {
        for (let i = 0; i < item.length && s.errors.length < s.limit; i += 1) {
          const entry = item[i];
          if (!(typeof entry === 'string' && cardcUnicode(entry))) {
            cardcString(entry, s, s.quiet ? '' : at + '/paths/' + i);
          }
        }
        s.depth -= 1;
      }
    }
    cardcRest(object, keys, s, at, true, keysOfPaths, tags, known);
    s.depth -= 1;
  }
  s.type = outer;
}
";
    assert_eq!(guards_of(&text, "Paths"), expected);
    assert!(text.contains(&exported("Paths")), "{text}");
}

#[test]
fn a_union_check_reads_the_tag_then_checks_one_variant() {
    let text = emit(&views());
    let expected = "/** The `card` tags of `View`. */
const tagsOfView = cardcTags('card', ['generic', 'search']);

/** Checks a `View`: its `card` picks the variant that checks the rest. */
function checkView(value: unknown, s: cardcState, at: string, orNull?: boolean): void {
  switch (cardcTag(value, s, at, orNull, 'View', tagsOfView, false)) {
    case 'generic':
      {
        const outer = cardcVariant(s, 'Generic');
        checkGeneric(value, s, at);
        s.variant = outer;
        return;
      }
    case 'search':
      return checkSearch(value, s, at);
  }
}
";
    assert_eq!(guards_of(&text, "View"), expected);
    assert!(text.contains(&exported("View")), "{text}");
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
    let guards = guards_of(&text, "Point");
    let keys = "const keysOfPoint: readonly string[] = \
        ['s', 'flag', 'ratio', 'raw', 'maybeRaw', 'tiny', 'count', 'grid', 'sparse', 'next', 'note', 'it\\'s'];\n";
    // The checks that are built from others, built once; the others are called by name.
    let built = "\
const checksOfPoint = [
  cardcInteger(-128, 127),
  cardcInteger(0, 4294967295),
  cardcArrayOf(cardcArrayOf(cardcInteger(0, 255))),
  cardcMapOf(cardcNullOr(cardcInteger(-32768, 32767))),
  cardcArrayOf(cardcNullOr(cardcString)),
] as const;
";
    let reads = [
        "cardcString(item, s, s.quiet ? '' : at + '/s');",
        "cardcBoolean(item, s, s.quiet ? '' : at + '/flag');",
        "cardcNumber(item, s, s.quiet ? '' : at + '/ratio');",
        "cardcJson(item, s, s.quiet ? '' : at + '/raw');",
        "cardcJson(item, s, s.quiet ? '' : at + '/maybeRaw');",
        "checksOfPoint[0](item, s, s.quiet ? '' : at + '/tiny');",
        "checksOfPoint[1](item, s, s.quiet ? '' : at + '/count');",
        "checksOfPoint[2](item, s, s.quiet ? '' : at + '/grid');",
        "checksOfPoint[3](item, s, s.quiet ? '' : at + '/sparse');",
        "checkPoint(item, s, s.quiet ? '' : at + '/next', true);",
        "cardcString(item, s, s.quiet ? '' : at + '/note', true);",
        "checksOfPoint[4](item, s, s.quiet ? '' : at + '/it\\'s');",
        "cardcRest(object, keys, s, at, false, keysOfPoint, tags, known);",
    ];
    for expected in [keys, built].into_iter().chain(reads) {
        assert!(guards.contains(expected), "{expected}\n{guards}");
    }
    // A value whose check is a test of the value alone is tested in place first.
    for quick in [
        "if (!(typeof item === 'number' && item % 1 === 0 && item >= -128 && item <= 127)) {",
        "if (!(item === null || (typeof item === 'string' && cardcUnicode(item)))) {",
    ] {
        assert!(guards.contains(quick), "{quick}\n{guards}");
    }
}

#[test]
fn an_enum_check_lists_its_wire_strings() {
    let kind = enumeration("Kind", vec![value("Read", "read"), value("Quote", "it's")]);
    let text = emit(&schema([kind.into()]));
    let expected = "/** The strings of `Kind`. */
const valuesOfKind = cardcStrings(['read', 'it\\'s']);

/** Checks a `Kind`. */
function checkKind(value: unknown, s: cardcState, at: string, orNull?: boolean): void {
  cardcOneOf(value, s, at, orNull, valuesOfKind);
}
";
    assert_eq!(guards_of(&text, "Kind"), expected);
    assert!(text.contains(&exported("Kind")), "{text}");
}

#[test]
fn a_file_gets_only_the_helpers_its_guards_use() {
    let kind = enumeration("Kind", vec![value("Read", "read")]);
    let text = emit(&schema([kind.into()]));
    for used in [
        "cardcRun",
        "cardcIs",
        "cardcParse",
        "cardcOneOf",
        "cardcStrings",
    ] {
        assert!(text.contains(&format!("function {used}")), "{used}: {text}");
    }
    for unused in [
        "cardcObject",
        "cardcNoFields",
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
