//! One named type per `$defs` entry, told apart by the keywords the emitter writes for each
//! kind: a union's `allOf`, a struct's `properties`, an untagged union's `if` chain, an enum's
//! `enum` (or an open enum's last line of description), and a newtype's value schema.

use serde_json::{Map, Value};

use super::node::{Node, Reader};
use super::types::{FIELD_ANNOTATIONS, value_type};
use crate::ir::{
    CatchAll, DefaultWrite, Deprecated, Docs, EnumDef, EnumValue, Examples, Field, FieldDefault,
    NewtypeDef, Presence, Shape, Span, StructDef, Tolerance, Ty, TypeDef, UnionDef, UnknownFields,
    UntaggedDef, UntaggedVariant, Variant,
};
use crate::json_text::from_value;
use crate::limits::{MAX_FIELDS, MAX_VARIANTS};
use crate::wording;

/// The annotations every `$defs` entry may carry.
const DEF_ANNOTATIONS: &[&str] = &["description", "deprecated", "examples"];

/// The type the `$defs` entry `name` defines; `defs` is the `$defs` object.
pub(super) fn type_def(
    reader: &mut Reader,
    name: &str,
    node: &Node,
    defs: &Map<String, Value>,
) -> Option<TypeDef> {
    let has = |key: &str| node.child(key).is_some();
    let name_span = reader.span(node);
    let common = Common {
        name: name.to_string(),
        name_span,
        docs: reader.docs(node),
        deprecated: reader.deprecated(node),
        examples: reader.examples(node),
    };
    if has("allOf") {
        union_def(reader, node, common, defs).map(TypeDef::Union)
    } else if has("properties") {
        struct_def(reader, node, common).map(TypeDef::Struct)
    } else if has("if") {
        untagged_def(reader, node, common).map(TypeDef::Untagged)
    } else if has("enum")
        || common.docs.last().is_some_and(|line| {
            wording::read_open_enum(line).is_some() || wording::read_folding_enum(line).is_some()
        })
    {
        enum_def(reader, node, common).map(TypeDef::Enum)
    } else {
        let span = reader.span(node);
        let (ty, constraints) = value_type(reader, node, DEF_ANNOTATIONS)?;
        // What the checker refuses of a newtype, cardc never writes.
        if !constraints.is_empty() || matches!(ty, Ty::Nullable(_) | Ty::Json | Ty::Const(_)) {
            reader.problem(
                node,
                "a newtype's schema is its type's alone: not `null`, any value, a constant or \
                 constrained",
            );
            return None;
        }
        Some(TypeDef::Newtype(NewtypeDef {
            name: common.name,
            name_span: common.name_span,
            docs: common.docs,
            deprecated: common.deprecated,
            examples: common.examples,
            ty,
            span,
        }))
    }
}

/// What every kind of named type has.
struct Common {
    name: String,
    name_span: Span,
    docs: Docs,
    deprecated: Option<Deprecated>,
    examples: Examples,
}

/// A struct: its object's `properties` in order, each a field keyed and named by its wire
/// key, closed by `additionalProperties: false`.
fn struct_def(reader: &mut Reader, node: &Node, common: Common) -> Option<StructDef> {
    reader.only(
        node,
        &[
            DEF_ANNOTATIONS,
            &["type", "properties", "required", "additionalProperties"],
        ]
        .concat(),
    )?;
    object_type(reader, node)?;
    let needed = reader.need(node, "required")?;
    let required = reader.strings(&needed)?;
    let mut fields = Vec::new();
    let properties = reader.need(node, "properties")?;
    let members = reader.members(&properties)?;
    if members.len() > MAX_FIELDS {
        reader.problem(
            &properties,
            format!(
                "{} fields, more than the {MAX_FIELDS} a struct may hold",
                members.len()
            ),
        );
        return None;
    }
    for (key, property) in members {
        fields.extend(field(reader, key, &property, required.contains(&key)));
    }
    for key in required
        .iter()
        .filter(|key| fields.iter().all(|f| f.wire_name != **key))
    {
        reader.problem(node, format!("the required key `{key}` is no property"));
    }
    let unknown = match node.child("additionalProperties") {
        None => UnknownFields::Keep,
        Some(closed) if closed.value == &Value::Bool(false) => UnknownFields::Refuse,
        Some(other) => {
            reader.problem(
                &other,
                "cardc writes `additionalProperties` on a struct only as `false`",
            );
            return None;
        }
    };
    Some(StructDef {
        name: common.name,
        name_span: common.name_span,
        docs: common.docs,
        deprecated: common.deprecated,
        examples: common.examples,
        fields,
        unknown,
    })
}

/// Checks that an object type's `type` says `object`.
fn object_type(reader: &mut Reader, node: &Node) -> Option<()> {
    let kind = reader.need(node, "type")?;
    if kind.value != "object" {
        reader.problem(&kind, "expected `\"object\"`");
        return None;
    }
    Some(())
}

/// A struct's field from its property: required or not, nullable or not, with a default or
/// not (a default is always read as left out by writers at its value: the schema lets them).
fn field(reader: &mut Reader, key: &str, node: &Node, required: bool) -> Option<Field> {
    let span = reader.span(node);
    let docs = reader.docs(node);
    let deprecated = reader.deprecated(node);
    let examples = reader.examples(node);
    let (ty, constraints) = value_type(reader, node, FIELD_ANNOTATIONS)?;
    let (ty, nullable) = match ty {
        Ty::Nullable(inner) => (*inner, true),
        ty => (ty, false),
    };
    let default = node.child("default").map(|value| FieldDefault {
        value: from_value(value.value),
        write: DefaultWrite::Omit,
    });
    let presence = match (required, nullable, &default) {
        (true, false, None) => Presence::Required,
        (true, true, None) => Presence::Nullable,
        (false, false, None) => Presence::Optional,
        (false, true, None) => Presence::OptionalNullable,
        (false, false, Some(_)) => Presence::Defaulted,
        (_, _, Some(_)) => {
            reader.problem(
                node,
                "cardc writes a `default` only on a key neither required nor nullable",
            );
            return None;
        }
    };
    Some(Field {
        name: key.to_string(),
        wire_name: key.to_string(),
        span,
        docs,
        deprecated,
        examples,
        presence,
        ty,
        constraints,
        flatten: false,
        tolerance: Tolerance::default(),
        default,
    })
}

/// A tagged union: its tag is its one `required` key; each condition of its `allOf` whose `if`
/// names that tag alone is a variant, titled with the payload it carries (a struct or a nested
/// union) or untitled for a unit variant; the conditions with more tags are a nested union's.
fn union_def(
    reader: &mut Reader,
    node: &Node,
    common: Common,
    defs: &Map<String, Value>,
) -> Option<UnionDef> {
    reader.only(
        node,
        &[
            DEF_ANNOTATIONS,
            &["type", "properties", "required", "allOf"],
        ]
        .concat(),
    )?;
    object_type(reader, node)?;
    let required = reader.need(node, "required")?;
    let tag = match reader.strings(&required)?.as_slice() {
        [tag] => tag.to_string(),
        _ => {
            reader.problem(&required, "a union requires its tag alone");
            return None;
        }
    };
    let tag_span = reader.span(&required);
    let properties = reader.need(node, "properties")?;
    reader.only(&properties, &[tag.as_str()])?;
    let check = reader.need(&properties, &tag)?;
    let mut docs = common.docs;
    // Only a union whose tag may be any string is open: a closed union's docs may end in any
    // words.
    let open = (check.value == &serde_json::json!({"type": "string"}))
        .then(|| docs.last().and_then(|line| wording::read_open_union(line)))
        .flatten();
    let folding = (check.value == &serde_json::json!({"type": "string"}) && open.is_none())
        .then(|| {
            docs.last()
                .and_then(|line| wording::read_folding_union(line))
        })
        .flatten();
    let fold_tag = match folding {
        Some((fold_on, fold_tag)) => {
            docs.pop();
            if fold_on != tag {
                reader.problem(
                    node,
                    format!("the description names `{fold_on}` as the tag"),
                );
            }
            Some(fold_tag)
        }
        None => None,
    };
    let other = match open {
        Some((open_tag, name)) => {
            docs.pop();
            if open_tag != tag {
                reader.problem(
                    node,
                    format!("the description names `{open_tag}` as the tag"),
                );
            }
            Some(CatchAll {
                key: name.clone(),
                name,
                docs: Docs::new(),
                deprecated: None,
                span: tag_span.clone(),
            })
        }
        None => None,
    };
    let mut variants = Vec::new();
    let needed = reader.need(node, "allOf")?;
    let mut unread = false;
    for condition in reader.items(&needed)? {
        match variant(reader, &condition, &tag, defs) {
            Some(variant) => variants.extend(variant),
            // Its problem is recorded; the other variants are read for theirs.
            None => unread = true,
        }
    }
    if variants.len() > MAX_VARIANTS {
        reader.problem(
            &needed,
            format!(
                "{} variants, more than the {MAX_VARIANTS} a union may hold",
                variants.len()
            ),
        );
        return None;
    }
    if unread {
        return None;
    }
    let fold = match &fold_tag {
        Some(fold_tag) => match variants.iter().find(|v| v.tag_value == *fold_tag) {
            Some(variant) if variant.payload.is_none() => Some(variant.name.clone()),
            _ => {
                reader.problem(
                    node,
                    format!("the description folds into `{fold_tag}`, which is no unit variant"),
                );
                return None;
            }
        },
        None => None,
    };
    if other.is_none() && fold.is_none() {
        let values: Vec<Value> = variants
            .iter()
            .map(|v: &Variant| Value::from(v.tag_value.clone()))
            .collect();
        if check.value != &serde_json::json!({"enum": values}) {
            reader.problem(
                &check,
                "a closed union's tag is one of its variants' values",
            );
        }
    }
    Some(UnionDef {
        name: common.name,
        name_span: common.name_span,
        docs,
        deprecated: common.deprecated,
        examples: common.examples,
        tag,
        tag_span,
        variants,
        other,
        fold,
    })
}

/// The variant a condition of a union's `allOf` states: `Some(None)` for a condition of a
/// nested union's variant, which that union's own entry states.
fn variant(
    reader: &mut Reader,
    node: &Node,
    tag: &str,
    defs: &Map<String, Value>,
) -> Option<Option<Variant>> {
    reader.only(node, &["if", "then"])?;
    let picked = reader.need(node, "if")?;
    reader.only(&picked, &["properties", "required"])?;
    let needed = reader.need(&picked, "properties")?;
    let tags = reader.members(&needed)?;
    let Some((first, value)) = tags.first() else {
        reader.problem(&picked, "a condition names its union's tag");
        return None;
    };
    if *first != tag {
        reader.problem(
            &picked,
            format!("a condition of this union names `{tag}` first"),
        );
        return None;
    }
    if tags.len() > 1 {
        return Some(None);
    }
    let tag_value = match value.object().and_then(|check| check.get("const")) {
        Some(Value::String(text)) if value.object().is_some_and(|check| check.len() == 1) => {
            text.clone()
        }
        _ => {
            reader.problem(value, "a condition's tag is a `const` string");
            return None;
        }
    };
    let then = reader.need(node, "then")?;
    let (payload, unknown) = match then.child("title") {
        Some(title) => {
            let title = reader.string(&title)?.to_string();
            if !defs.contains_key(&title) {
                // Another document's type, found among the documents beside this one.
                reader
                    .imports
                    .entry(title.clone())
                    .or_insert((None, then.pointer.clone()));
            }
            (Some(title), UnknownFields::Refuse)
        }
        None => (None, untitled(reader, &then, tag)?),
    };
    Some(Some(Variant {
        name: tag_value.clone(),
        tag_value,
        docs: reader.docs(&then),
        deprecated: reader.deprecated(&then),
        payload,
        unknown,
        span: reader.span(node),
    }))
}

/// What the object of a variant whose branch has no `title` does with other keys: a unit
/// variant's branch is its tag alone, closed (`additionalProperties: false`) or open (kept, as
/// for any open object); any other untitled branch is refused rather than read as one.
fn untitled(reader: &mut Reader, then: &Node, tag: &str) -> Option<UnknownFields> {
    let properties = then.child("properties").and_then(|p| p.value.as_object());
    let keys: Vec<&String> = properties.into_iter().flat_map(Map::keys).collect();
    let closed = then
        .child("additionalProperties")
        .map(|node| node.value.clone());
    match (keys.as_slice(), closed) {
        ([only], Some(Value::Bool(false))) if only.as_str() == tag => Some(UnknownFields::Refuse),
        ([only], None) if only.as_str() == tag => Some(UnknownFields::Keep),
        _ => {
            reader.problem(
                then,
                "a branch without a `title` is a unit variant's: its tag alone, closed by \
                 `additionalProperties: false` or open without it",
            );
            None
        }
    }
}

/// A unit-only enum: its `enum` strings, or for an open one the values its description lists;
/// a value's deprecation is a line of the description, after the enum's own docs.
fn enum_def(reader: &mut Reader, node: &Node, common: Common) -> Option<EnumDef> {
    let mut docs = common.docs;
    let folding = docs
        .last()
        .and_then(|line| wording::read_folding_enum(line));
    let fold = folding.as_ref().map(|(_, fold)| fold.clone());
    if let Some((known, fold)) = &folding {
        docs.pop();
        reader.only(node, &[DEF_ANNOTATIONS, &["type"]].concat())?;
        if !known.contains(fold) {
            reader.problem(
                node,
                format!("the description folds into `{fold}`, which is no known value"),
            );
            return None;
        }
    }
    let open = match folding {
        Some(_) => None,
        None => docs.last().and_then(|line| wording::read_open_enum(line)),
    };
    let (wire_names, other) = match (open, folding) {
        (_, Some((known, _))) => (known, None),
        (Some((known, other)), None) => {
            docs.pop();
            reader.only(node, &[DEF_ANNOTATIONS, &["type"]].concat())?;
            let catch_all = CatchAll {
                key: other.clone(),
                name: other,
                docs: Docs::new(),
                deprecated: None,
                span: common.name_span.clone(),
            };
            (known, Some(catch_all))
        }
        (None, None) => {
            reader.only(node, &[DEF_ANNOTATIONS, &["type", "enum"]].concat())?;
            let needed = reader.need(node, "enum")?;
            let values = reader.strings(&needed)?;
            (values.into_iter().map(str::to_string).collect(), None)
        }
    };
    let kind = reader.need(node, "type")?;
    if kind.value != "string" {
        reader.problem(&kind, "expected `\"string\"`");
    }
    if wire_names.len() > MAX_VARIANTS {
        reader.problem(
            node,
            format!(
                "{} values, more than the {MAX_VARIANTS} an enum may hold",
                wire_names.len()
            ),
        );
        return None;
    }
    let mut values: Vec<EnumValue> = wire_names
        .into_iter()
        .map(|wire_name| EnumValue {
            name: wire_name.clone(),
            wire_name,
            span: common.name_span.clone(),
            docs: Docs::new(),
            deprecated: None,
        })
        .collect();
    // The emitter appends one line per deprecated value, in the values' order.
    for value in values.iter_mut().rev() {
        let Some((wire_name, note)) = docs
            .last()
            .and_then(|line| wording::read_deprecated_value(line))
        else {
            break;
        };
        if wire_name != value.wire_name {
            continue;
        }
        value.deprecated = Some(Deprecated { note });
        docs.pop();
    }
    Some(EnumDef {
        name: common.name,
        name_span: common.name_span,
        docs,
        deprecated: common.deprecated,
        examples: common.examples,
        values,
        other,
        fold,
    })
}

/// An untagged union: each link of its `if`/`then`/`else` chain a variant, its `if` the shape
/// that picks it, its `then` the value, titled with the variant's name; `false` ends it. A
/// variant tried in order has the value itself as its `if`, but the last, whose `if` is any
/// object.
fn untagged_def(reader: &mut Reader, node: &Node, common: Common) -> Option<UntaggedDef> {
    let mut variants = Vec::new();
    let mut link = node.clone();
    let mut allowed: Vec<&str> = [DEF_ANNOTATIONS, &["if", "then", "else"]].concat();
    loop {
        reader.only(&link, &allowed)?;
        let test = reader.need(&link, "if")?;
        let then = reader.need(&link, "then")?;
        let shape = if is_tried(test.value, then.value) {
            Shape::Tried
        } else {
            shape(reader, &test)?
        };
        let needed = reader.need(&then, "title")?;
        let name = reader.string(&needed)?.to_string();
        let docs = reader.docs(&then);
        let (ty, constraints) = value_type(reader, &then, &["title", "description"])?;
        if !constraints.is_empty() {
            reader.problem(
                &then,
                "cardc writes no constraints on an untagged union's variant",
            );
        }
        variants.push(UntaggedVariant {
            name,
            docs,
            ty,
            shape,
            span: reader.span(&then),
        });
        let next = reader.need(&link, "else")?;
        if next.value == &Value::Bool(false) {
            break;
        }
        if variants.len() == MAX_VARIANTS {
            reader.problem(
                node,
                format!("more than the {MAX_VARIANTS} variants a union may hold"),
            );
            return None;
        }
        link = next;
        allowed = vec!["if", "then", "else"];
    }
    settle_tried(&mut variants);
    Some(UntaggedDef {
        name: common.name,
        name_span: common.name_span,
        docs: common.docs,
        deprecated: common.deprecated,
        examples: common.examples,
        variants,
    })
}

/// Marks the last variant tried in order, whose link tests any object, as tried: the object
/// variant after the other tried ones.
pub(crate) fn settle_tried(variants: &mut [UntaggedVariant]) {
    if let Some(last) = variants
        .iter()
        .rposition(|variant| variant.shape == Shape::Tried)
        && let Some(variant) = variants[last + 1..]
            .iter_mut()
            .find(|variant| matches!(&variant.shape, Shape::Object(keys) if keys.is_empty()))
    {
        variant.shape = Shape::Tried;
    }
}

/// Whether an untagged union's link tests a variant tried in order: its `if` is its `then`
/// without the variant's title and description, and more than a shape.
pub(crate) fn is_tried(test: &Value, then: &Value) -> bool {
    let (Value::Object(test), Value::Object(then)) = (test, then) else {
        return false;
    };
    let value: Vec<_> = then
        .iter()
        .filter(|(key, _)| *key != "title" && *key != "description")
        .collect();
    let shape_keys = ["type", "properties", "required", "items"];
    test.keys().any(|key| !shape_keys.contains(&key.as_str()))
        && test.len() == value.len()
        && value
            .iter()
            .all(|(key, value)| test.get(key.as_str()) == Some(value))
}

/// The shape an untagged variant's `if` tests: a JSON type, and for an object the keys that
/// pick it, for an array its items' shape.
fn shape(reader: &mut Reader, node: &Node) -> Option<Shape> {
    let needed = reader.need(node, "type")?;
    let kind = reader.string(&needed)?;
    let shape = match kind {
        "string" => Shape::String,
        "boolean" => Shape::Boolean,
        "integer" => Shape::Integer,
        "number" => Shape::Number,
        "array" => match node.child("items") {
            Some(items) => Shape::Array(Some(Box::new(shape(reader, &items)?))),
            None => Shape::Array(None),
        },
        "object" => match node.child("required") {
            Some(required) => {
                let keys = reader.strings(&required)?;
                if keys.is_empty() {
                    reader.problem(&required, "an object variant is picked by at least one key");
                    return None;
                }
                Shape::Object(keys.iter().map(|key| key.to_string()).collect())
            }
            None => Shape::Object(Vec::new()),
        },
        other => {
            reader.problem(node, format!("no shape is of `type` {other:?}"));
            return None;
        }
    };
    let keys: &[&str] = match shape {
        Shape::Object(ref keys) if !keys.is_empty() => &["type", "properties", "required"],
        Shape::Array(Some(_)) => &["type", "items"],
        _ => &["type"],
    };
    reader.only(node, keys)?;
    Some(shape)
}
