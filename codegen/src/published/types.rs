//! Value types and their constraints, read back from the keywords the emitter writes for them.

use serde_json::Value;

use super::node::{Node, Reader};
use crate::ir::{
    Bound, Constant, Constraints, Count, Format, IntKind, Number, NumberRange, Ty, Wide,
};
use crate::json_pointer;

/// The annotations a field's schema carries beside its type's keywords.
pub(super) const FIELD_ANNOTATIONS: &[&str] = &["description", "deprecated", "default", "examples"];

/// The name of the `$defs` entry a `$ref` string names: `#/$defs/<name>`.
pub(super) fn def_name(reader: &mut Reader, node: &Node) -> Option<String> {
    let target = reader.string(node)?;
    let name = target
        .strip_prefix("#/$defs/")
        .filter(|name| !name.contains('/'));
    if name.is_none() {
        reader.problem(node, "cardc writes `$ref` only as `#/$defs/<type>`");
    }
    name.map(json_pointer::key)
}

/// The type (and, at a field, the constraints) of a value's schema, whose other keys are the
/// `annotations` its place allows. A nullable value (`if` `null`, `else` the value) is a
/// `Ty::Nullable` of the value's type, with the value's constraints.
pub(super) fn value_type(
    reader: &mut Reader,
    node: &Node,
    annotations: &[&str],
) -> Option<(Ty, Constraints)> {
    let object = node.object().or_else(|| {
        reader.problem(node, "expected a schema object");
        None
    })?;
    let keyword = |key: &str| object.contains_key(key);
    if keyword("$ref") {
        reader.only(node, &with(annotations, &["$ref"]))?;
        let name = def_name(reader, &node.child("$ref")?)?;
        return Some((Ty::Named(name), Constraints::default()));
    }
    if keyword("if") {
        reader.only(node, &with(annotations, &["if", "else"]))?;
        let null = node.child("if")?;
        if null.value != &serde_json::json!({"type": "null"}) {
            reader.problem(
                &null,
                "cardc writes `if` on a value only as `{\"type\": \"null\"}`",
            );
            return None;
        }
        let needed = reader.need(node, "else")?;
        let (inner, constraints) = value_type(reader, &needed, &[])?;
        return Some((Ty::Nullable(Box::new(inner)), constraints));
    }
    let Some(kind) = node.child("type") else {
        reader.only(node, annotations)?;
        return Some((Ty::Json, Constraints::default()));
    };
    let kind = reader.string(&kind)?;
    if keyword("enum") {
        reader.only(node, &with(annotations, &["type", "enum"]))?;
        return constant(reader, &node.child("enum")?, kind).map(|ty| (ty, Constraints::default()));
    }
    match kind {
        "string" => string(reader, node, annotations),
        "boolean" => {
            reader.only(node, &with(annotations, &["type"]))?;
            Some((Ty::Bool, Constraints::default()))
        }
        "integer" => integer(reader, node, annotations),
        "number" => {
            reader.only(node, &with(annotations, &RANGE_KEYS))?;
            let range = range(reader, node, |value| value.as_f64().map(Number::Float));
            Some((
                Ty::F64,
                Constraints {
                    range,
                    ..Constraints::default()
                },
            ))
        }
        "array" => {
            reader.only(
                node,
                &with(
                    annotations,
                    &["type", "items", "minItems", "maxItems", "uniqueItems"],
                ),
            )?;
            let needed = reader.need(node, "items")?;
            let item = nested(reader, &needed)?;
            let unique = match node.child("uniqueItems") {
                Some(flag) if flag.value == &Value::Bool(true) => true,
                Some(flag) => {
                    reader.problem(&flag, "cardc writes `uniqueItems` only as `true`");
                    return None;
                }
                None => false,
            };
            let items = count(reader, node, "minItems", "maxItems");
            Some((
                Ty::Vec(Box::new(item)),
                Constraints {
                    items,
                    unique,
                    ..Constraints::default()
                },
            ))
        }
        "object" => {
            reader.only(node, &with(annotations, &["type", "additionalProperties"]))?;
            let needed = reader.need(node, "additionalProperties")?;
            let value = nested(reader, &needed)?;
            Some((Ty::Map(Box::new(value)), Constraints::default()))
        }
        other => {
            reader.problem(node, format!("cardc writes no value of `type` {other:?}"));
            None
        }
    }
}

/// The type of an array's items or a map's values, which carry no constraints.
fn nested(reader: &mut Reader, node: &Node) -> Option<Ty> {
    let (ty, constraints) = value_type(reader, node, &[])?;
    if !constraints.is_empty() {
        reader.problem(node, "cardc writes constraints only on a field's value");
        return None;
    }
    Some(ty)
}

/// `annotations` and `keys` together.
fn with<'a>(annotations: &[&'a str], keys: &[&'a str]) -> Vec<&'a str> {
    annotations.iter().chain(keys).copied().collect()
}

/// A constant: a one-value `enum` of the `type` it has.
fn constant(reader: &mut Reader, values: &Node, kind: &str) -> Option<Ty> {
    let only = match values.value.as_array().map(Vec::as_slice) {
        Some([only]) => only,
        _ => {
            reader.problem(values, "cardc writes a constant as a one-value `enum`");
            return None;
        }
    };
    let constant = match (kind, only) {
        ("string", Value::String(text)) => Constant::String(text.clone()),
        ("integer", Value::Number(number)) if number.is_i64() => {
            Constant::Int(number.as_i64().unwrap_or_default())
        }
        ("boolean", Value::Bool(flag)) => Constant::Bool(*flag),
        _ => {
            reader.problem(
                values,
                format!("the value is no constant of `type` {kind:?}"),
            );
            return None;
        }
    };
    Some(Ty::Const(constant))
}

/// A string, or a `Decimal` (a string of exactly its pattern), with its constraints.
fn string(reader: &mut Reader, node: &Node, annotations: &[&str]) -> Option<(Ty, Constraints)> {
    reader.only(
        node,
        &with(
            annotations,
            &["type", "minLength", "maxLength", "pattern", "format"],
        ),
    )?;
    let pattern = match node.child("pattern") {
        Some(pattern) => Some(reader.string(&pattern)?.to_string()),
        None => None,
    };
    let format = match node.child("format") {
        Some(format) => {
            let name = reader.string(&format)?;
            let found = Format::ALL.iter().find(|(known, _)| *known == name);
            if found.is_none() {
                reader.problem(&format, format!("cardc writes no format {name:?}"));
            }
            Some(found?.1)
        }
        None => None,
    };
    let length = count(reader, node, "minLength", "maxLength");
    if let (Some(pattern), None, None) = (&pattern, format, length)
        && let Some(wide) = [Wide::I64, Wide::U64]
            .into_iter()
            .find(|wide| *pattern == wide.pattern())
    {
        return Some((Ty::Decimal(wide), Constraints::default()));
    }
    if let (Some(format), Some(pattern)) = (format, &pattern)
        && pattern != format.pattern()
    {
        reader.problem(
            node,
            format!("the `pattern` of format {:?} is not cardc's", format.name()),
        );
        return None;
    }
    let constraints = Constraints {
        length,
        // A format's pattern is the format's to say.
        pattern: pattern.filter(|_| format.is_none()),
        format,
        ..Constraints::default()
    };
    Some((Ty::String, constraints))
}

/// The keys of a number's schema.
const RANGE_KEYS: [&str; 5] = [
    "type",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
];

/// An integer: the integer type whose bounds are those written, or where a range replaced
/// them the widest of their sign, and the bounds no type gives as its range.
fn integer(reader: &mut Reader, node: &Node, annotations: &[&str]) -> Option<(Ty, Constraints)> {
    reader.only(node, &with(annotations, &RANGE_KEYS))?;
    let int = |key: &str| node.child(key).and_then(|bound| bound.value.as_i64());
    let (Some(minimum), Some(maximum)) = (int("minimum"), int("maximum")) else {
        reader.problem(
            node,
            "cardc writes an integer with its `minimum` and `maximum`",
        );
        return None;
    };
    // The bounds of an integer type are the type's; a range replaces one or both, and then the
    // type is not written. Such a field is read as the widest type of its sign, the range its
    // bounds, so that two versions with other ranges compare as other constraints on one type
    // (what travels), whichever type each schema file gave it.
    let exact = IntKind::ALL
        .iter()
        .find(|kind| kind.bounds() == (minimum, maximum));
    let widest = if minimum < 0 {
        IntKind::I64
    } else {
        IntKind::U64
    };
    let (low, high) = widest.bounds();
    let held = low <= minimum && maximum <= high;
    let Some(&kind) = exact.or(held.then_some(&widest)) else {
        reader.problem(node, "no integer type of cardc's holds these bounds");
        return None;
    };
    let (low, high) = kind.bounds();
    let inclusive = |value: i64| Bound {
        value: Number::Int(value),
        exclusive: false,
    };
    let exclusive = range(reader, node, |value| value.as_i64().map(Number::Int));
    let range = NumberRange {
        min: exclusive
            .and_then(|range| range.min)
            .or((minimum != low).then(|| inclusive(minimum))),
        max: exclusive
            .and_then(|range| range.max)
            .or((maximum != high).then(|| inclusive(maximum))),
    };
    let range = (range.min.is_some() || range.max.is_some()).then_some(range);
    Some((
        Ty::Int(kind),
        Constraints {
            range,
            ..Constraints::default()
        },
    ))
}

/// A number's range: for an integer its exclusive bounds (its inclusive ones are its type's
/// unless a range replaced them, which [`integer`] tells apart); for a float all four.
fn range(
    reader: &mut Reader,
    node: &Node,
    number: impl Fn(&Value) -> Option<Number>,
) -> Option<NumberRange> {
    let integer = node
        .child("type")
        .is_some_and(|kind| kind.value == "integer");
    let mut bound = |key: &str, exclusive: bool| {
        let child = node.child(key)?;
        let value = number(child.value);
        if value.is_none() {
            reader.problem(&child, "expected a number");
        }
        Some(Bound {
            value: value?,
            exclusive,
        })
    };
    let (min, max) = if integer {
        (
            bound("exclusiveMinimum", true),
            bound("exclusiveMaximum", true),
        )
    } else {
        (
            bound("exclusiveMinimum", true).or_else(|| bound("minimum", false)),
            bound("exclusiveMaximum", true).or_else(|| bound("maximum", false)),
        )
    };
    (min.is_some() || max.is_some()).then_some(NumberRange { min, max })
}

/// A count's bounds, from its `min` and `max` keywords.
fn count(reader: &mut Reader, node: &Node, min: &str, max: &str) -> Option<Count> {
    let mut read = |key: &str| node.child(key).and_then(|child| reader.count(&child));
    let count = Count {
        min: read(min),
        max: read(max),
    };
    (count.min.is_some() || count.max.is_some()).then_some(count)
}
