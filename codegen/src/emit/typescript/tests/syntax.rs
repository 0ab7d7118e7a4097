//! Unit tests for the spelling of types, literals, property names and doc lines.

use crate::emit::typescript::syntax::{
    constraint_notes, int_note, json_literal, property_name, string_literal, type_text_with,
};
use crate::emit::typescript::writer::comment_text;
use crate::ir::builder::{boxed, constrained_struct, map_of, named, nullable, vec_of};
use crate::ir::{IntKind, JsonValue, Ty, Wide};

#[test]
fn every_ty_has_its_typescript_spelling() {
    let cases = [
        (Ty::String, "string"),
        (Ty::Bool, "boolean"),
        (Ty::Int(IntKind::U8), "number"),
        (Ty::Int(IntKind::U64), "number"),
        (Ty::Decimal(Wide::I64), "string"),
        (vec_of(Ty::Decimal(Wide::U64)), "string[]"),
        (Ty::F64, "number"),
        (Ty::Json, "unknown"),
        (named("FileDiff"), "FileDiff"),
        (vec_of(named("FileDiff")), "FileDiff[]"),
        (vec_of(vec_of(Ty::Bool)), "boolean[][]"),
        (vec_of(nullable(Ty::String)), "(string | null)[]"),
        (
            vec_of(boxed(nullable(named("FileDiff")))),
            "(FileDiff | null)[]",
        ),
        (map_of(Ty::String), "{ [key: string]: string }"),
        (
            map_of(nullable(Ty::F64)),
            "{ [key: string]: number | null }",
        ),
        (vec_of(map_of(Ty::Bool)), "{ [key: string]: boolean }[]"),
        (boxed(named("FileDiff")), "FileDiff"),
        (nullable(Ty::String), "string | null"),
        (
            vec_of(nullable(map_of(Ty::Json))),
            "({ [key: string]: unknown } | null)[]",
        ),
        (nullable(boxed(named("FileDiff"))), "FileDiff | null"),
    ];
    for (ty, expected) in cases {
        assert_eq!(
            type_text_with(&ty, &|name| name.to_owned()),
            expected,
            "{ty:?}"
        );
    }
}

/// The input form of a type names other types through the spelling it is given, inside
/// arrays, maps and nullable items too.
#[test]
fn named_types_are_spelt_as_asked_wherever_they_sit() {
    let input = |name: &str| format!("{name}Input");
    let cases = [
        (named("Task"), "TaskInput"),
        (vec_of(nullable(named("Task"))), "(TaskInput | null)[]"),
        (map_of(boxed(named("Task"))), "{ [key: string]: TaskInput }"),
        (Ty::String, "string"),
    ];
    for (ty, expected) in cases {
        assert_eq!(type_text_with(&ty, &input), expected, "{ty:?}");
    }
}

/// A default is written as an expression that builds it: strings through the one escaper, a
/// float in the form that reads back as the same double, and an object's keys computed, so that
/// `__proto__` stays a key.
#[test]
fn defaults_are_written_as_expressions_that_build_them() {
    let cases = [
        (
            JsonValue::String("it's </script>".to_owned()),
            "'it\\'s \\x3C/script>'",
        ),
        (JsonValue::Int(-3), "-3"),
        (JsonValue::Float(1.5), "1.5"),
        (JsonValue::Float(1e300), "1e300"),
        (JsonValue::Bool(false), "false"),
        (JsonValue::Array(Vec::new()), "[]"),
        (JsonValue::Object(Vec::new()), "{}"),
        (
            JsonValue::Object(vec![("__proto__".to_owned(), JsonValue::Null)]),
            "{ ['__proto__']: null }",
        ),
        (
            JsonValue::Array(vec![JsonValue::Int(1), JsonValue::String("a".to_owned())]),
            "[1, 'a']",
        ),
    ];
    for (value, expected) in cases {
        assert_eq!(json_literal(&value), expected, "{value:?}");
    }
}

#[test]
fn integer_notes_show_the_bounds_of_every_kind() {
    let cases = [
        (IntKind::U8, "0..=255"),
        (IntKind::U16, "0..=65535"),
        (IntKind::U32, "0..=4294967295"),
        (IntKind::I8, "-128..=127"),
        (IntKind::I16, "-32768..=32767"),
        (IntKind::I32, "-2147483648..=2147483647"),
        (IntKind::I64, "-9007199254740991..=9007199254740991"),
        (IntKind::U64, "0..=9007199254740991"),
    ];
    for (kind, range) in cases {
        let direct = nullable(boxed(Ty::Int(kind)));
        assert_eq!(int_note(&direct), Some(format!("Integer in {range}.")));
        let items = map_of(vec_of(Ty::Int(kind)));
        assert_eq!(int_note(&items), Some(format!("Integers in {range}.")));
    }
    assert_eq!(
        int_note(&Ty::Decimal(Wide::U64)),
        Some("Integer in 0..=18446744073709551615, written as a canonical decimal string.".into())
    );
    assert_eq!(
        int_note(&vec_of(Ty::Decimal(Wide::I64))),
        Some(
            "Integers in -9223372036854775808..=9223372036854775807, written as canonical \
             decimal strings."
                .into()
        )
    );
    assert_eq!(int_note(&Ty::F64), None);
    assert_eq!(int_note(&vec_of(Ty::Named("U32".to_owned()))), None);
}

#[test]
fn property_names_are_quoted_unless_identifiers() {
    let cases = [
        ("path", "path"),
        ("oldText", "oldText"),
        ("_private", "_private"),
        ("$ref", "$ref"),
        ("a1", "a1"),
        ("default", "default"),
        ("mime-type", "'mime-type'"),
        ("1st", "'1st'"),
        ("", "''"),
        ("with space", "'with space'"),
        ("caf\u{e9}", "'caf\u{e9}'"),
        ("it's", "'it\\'s'"),
    ];
    for (name, expected) in cases {
        assert_eq!(property_name(name), expected, "{name:?}");
    }
}

#[test]
fn string_literals_escape_quotes_backslashes_and_controls() {
    let cases = [
        ("read", "'read'"),
        ("it's", "'it\\'s'"),
        ("a\\b", "'a\\\\b'"),
        ("\"double\"", "'\"double\"'"),
        ("l1\nl2\r\t", "'l1\\nl2\\r\\t'"),
        ("\u{0}\u{1b}\u{7f}\u{85}", "'\\x00\\x1b\\x7f\\x85'"),
        ("\u{2028}\u{2029}", "'\\u2028\\u2029'"),
        ("\u{202e}\u{2066}", "'\\u202e\\u2066'"),
        ("caf\u{e9} \u{1f600}", "'caf\u{e9} \u{1f600}'"),
        ("</script><!--", "'\\x3C/script>\\x3C!--'"),
        ("`${x}`", "'`${x}`'"),
    ];
    for (value, expected) in cases {
        assert_eq!(string_literal(value), expected, "{value:?}");
    }
}

#[test]
fn comment_text_cannot_close_the_comment_break_the_line_or_end_a_script() {
    assert_eq!(comment_text("ends */ here"), "ends *\\/ here");
    assert_eq!(comment_text("**/**/"), "**\\/**\\/");
    assert_eq!(
        comment_text("a\nb\u{2028}c\u{2029}d\re\0f\u{202e}g\th  "),
        "a\\u{a}b\\u{2028}c\\u{2029}d\\u{d}e\\u{0}f\\u{202e}g\th"
    );
    assert_eq!(comment_text("  indented code"), "  indented code");
    assert_eq!(
        comment_text("</script><!-- </SCRIPT> <b>bold</b> <"),
        "<\\/script><\\!-- <\\/SCRIPT> <b>bold</b> <"
    );
}

#[test]
fn constraint_notes_name_each_constraint_and_its_bounds() {
    let notes: Vec<Vec<String>> = constrained_struct()
        .fields
        .iter()
        .map(|field| constraint_notes(&field.constraints))
        .collect();
    assert_eq!(
        notes,
        [
            vec!["Length 1..=3 (code points).".to_owned()],
            vec!["Matches /[0-9]{2}$/ somewhere.".to_owned()],
            vec!["Format: uuid.".to_owned()],
            vec!["Range: 1 <= x <= 100.".to_owned()],
            vec!["Range: 0.0 < x <= 1.0.".to_owned()],
            vec!["Items: 1..=2, unique.".to_owned()],
        ]
    );
}
