//! Unit tests for the two forms of a type that reaches a default: which types get an input type,
//! how it names the others, and the guards' signatures.

use super::super::emit;
use crate::compile;

/// The TypeScript of a schema's text, which must check.
fn typescript(text: &str) -> String {
    let schema = compile("test.cards", text).unwrap_or_else(|errors| panic!("{errors:?}"));
    emit(&schema)
}

/// Types that reach a default through fields, arrays of nullable items, maps, boxes, newtypes,
/// tagged and untagged unions, and recursion; one type that recurses and one that only sits
/// beside them reach none.
const REACHING: &str = r#"
struct Leaf {
    #[default = "0"]
    count: u32,
}

struct Plain {
    name: String,
}

struct Tree {
    children: Vec<Tree>,
    leaf: Option<Leaf>,
    plain: Plain,
}

struct Lonely {
    next: Option<Box<Lonely>>,
}

struct Leaves(Vec<Nullable<Leaf>>);

struct Shelf {
    by_name: Map<String, Leaves>,
}

#[union(tag = "kind")]
enum Node {
    Leaf(Leaf),
    Plain(Plain),
}

#[union(untagged)]
enum Either {
    Text(String),
    Leaves(Leaves),
}
"#;

#[test]
fn only_the_types_that_reach_a_default_get_an_input_type() {
    let text = typescript(REACHING);
    for name in ["Leaf", "Tree", "Leaves", "Shelf", "Node", "Either"] {
        assert!(
            text.contains(&format!(" {name}Input ")),
            "no {name}Input:\n{text}"
        );
    }
    for name in ["Plain", "Lonely"] {
        assert!(
            !text.contains(&format!("{name}Input")),
            "{name}Input:\n{text}"
        );
    }
}

#[test]
fn an_input_type_names_the_input_types_of_what_it_holds() {
    let text = typescript(REACHING);
    for expected in [
        "export interface Leaf {\n  /**\n   * Integer in 0..=4294967295.\n   * Default: `0`.\n   */\n  count: number;",
        "export interface LeafInput {\n  /**\n   * Integer in 0..=4294967295.\n   * Default: `0`.\n   */\n  count?: number;",
        "  children: TreeInput[];\n",
        "  leaf?: LeafInput;\n",
        "  plain: Plain;\n}",
        "export type LeavesInput = (LeafInput | null)[];",
        "  by_name: { [key: string]: LeavesInput };",
        "  | ({ kind: 'Leaf' } & LeafInput)\n  | ({ kind: 'Plain' } & Plain);",
        "export type EitherInput = string | LeavesInput;",
        "export type Either = string | Leaves;",
    ] {
        assert!(text.contains(expected), "no {expected:?} in:\n{text}");
    }
}

#[test]
fn is_narrows_to_the_input_form_and_write_exists_only_beside_it() {
    let text = typescript(REACHING);
    for expected in [
        "export function isLeaf(value: unknown): value is LeafInput {",
        "export function isPlain(value: unknown): value is Plain {",
        "export function parseLeaf(value: unknown): cardcParsed<Leaf> {",
        "export function writeLeaf(value: Leaf): LeafInput {",
        "export function writeNode(value: Node): NodeInput {",
    ] {
        assert!(text.contains(expected), "no {expected:?} in:\n{text}");
    }
    assert!(!text.contains("writePlain") && !text.contains("writeLonely"));
}

#[test]
fn a_schema_without_defaults_has_no_input_type_nor_writer() {
    let text = typescript("struct Plain {\n    name: String,\n}\n");
    assert!(
        !text.contains("PlainInput") && !text.contains("function write"),
        "{text}"
    );
}
