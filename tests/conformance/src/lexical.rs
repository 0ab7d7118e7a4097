//! The lexical corpus: every valid payload of the hand-written corpus written back as JSON text
//! with one lexical edge case in it, the things JSON text can say that readers parse
//! differently: a key given twice, an integer spelt with a fraction or an exponent, a lone
//! surrogate, a number too large for a double, and nesting at the depth limit.
//!
//! The cases are text, not parsed values, because parsing is where the readers part: each
//! reader parses the text itself (serde_json for the Rust types and the `jsonschema` crate,
//! `JSON.parse` for ajv and the guards). Each class has one label, the contract's rule for it
//! (see `docs/src/reference/disagreements.md`).

use cardc_codegen::ir::{Field, Schema, StructDef, Ty, TypeDef};
use serde::Serialize;
use serde_json::Value;

use crate::Case;
use crate::contract::escape;

/// The deepest nesting of arrays and objects the contract allows.
pub const MAX_DEPTH: usize = 127;

/// One class of lexical edge case and the contract's label for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// A key of an object written twice, with the same value: invalid (RFC 7493, I-JSON).
    DuplicateKey,
    /// An integer written with a zero fraction, `7.0`: valid, an integer is any number with a
    /// zero fraction.
    IntegerFraction,
    /// An integer written with an exponent, `7e0`: valid, likewise.
    IntegerExponent,
    /// An integer written `-0`: valid, it is zero.
    NegativeZero,
    /// A string with a lone surrogate, `"a\ud800"`: invalid, it is not Unicode text.
    LoneSurrogate,
    /// An any-JSON field holding `1e400`, past the largest double: invalid, not a finite number.
    HugeNumberInJson,
    /// An any-JSON field holding arrays down to exactly the deepest nesting allowed: valid.
    DeepestNesting,
    /// The same, one level deeper: invalid.
    TooDeep,
    /// A number field (`f64`) or any-JSON field holding an integer past 2^53, `9007199254740993`:
    /// valid, read by every reader as the double nearest it, 2^53.
    BigInteger,
    /// A string written with every character escaped, `"\u0061"`: valid, the same string.
    Escaped,
}

impl Class {
    /// Every class, in table order.
    pub const ALL: [Class; 10] = [
        Class::DuplicateKey,
        Class::IntegerFraction,
        Class::IntegerExponent,
        Class::NegativeZero,
        Class::LoneSurrogate,
        Class::HugeNumberInJson,
        Class::DeepestNesting,
        Class::TooDeep,
        Class::BigInteger,
        Class::Escaped,
    ];

    /// The class's name in case names and tables.
    pub fn name(self) -> &'static str {
        match self {
            Class::DuplicateKey => "duplicate-key",
            Class::IntegerFraction => "integer-fraction",
            Class::IntegerExponent => "integer-exponent",
            Class::NegativeZero => "negative-zero",
            Class::LoneSurrogate => "lone-surrogate",
            Class::HugeNumberInJson => "1e400-in-json",
            Class::DeepestNesting => "depth-127",
            Class::TooDeep => "depth-128",
            Class::BigInteger => "past-2^53",
            Class::Escaped => "escaped",
        }
    }

    /// The contract's label for every case of the class.
    pub fn valid(self) -> bool {
        matches!(
            self,
            Class::IntegerFraction
                | Class::IntegerExponent
                | Class::NegativeZero
                | Class::DeepestNesting
                | Class::BigInteger
                | Class::Escaped
        )
    }
}

/// One case: a payload as JSON text, labelled by its class.
#[derive(Debug, Clone, Serialize)]
pub struct LexicalCase {
    /// `<source case><pointer>:<class>`, unique.
    pub name: String,
    /// The union the text is read as.
    #[serde(rename = "type")]
    pub type_name: String,
    /// The edge case in it.
    #[serde(skip)]
    pub class: Class,
    /// The JSON text.
    pub text: String,
}

impl LexicalCase {
    /// The case as the readers that take a parsed [`Case`] see it, when serde_json can parse
    /// its text (it keeps the last of a duplicated key).
    pub fn parsed(&self) -> Result<Case, serde_json::Error> {
        Ok(Case {
            name: self.name.clone(),
            type_name: self.type_name.clone(),
            valid: self.class.valid(),
            fault: None,
            payload: serde_json::from_str(&self.text)?,
            written: None,
            pointer: None,
            several_faults: false,
        })
    }
}

/// The text that stands for a value or key in a payload until it is written: no corpus string
/// holds a control character, so it cannot clash.
const HOLE: &str = "\u{1}cardc-hole\u{1}";

/// Every lexical case of every valid case of `corpus`.
pub fn cases(schema: &Schema, corpus: &[Case]) -> Vec<LexicalCase> {
    let mut out = Vec::new();
    for case in corpus.iter().filter(|case| case.valid) {
        let mut spots = Vec::new();
        walk(
            schema,
            &Ty::Named(case.type_name.clone()),
            &case.payload,
            "",
            &mut spots,
        );
        for (at, class) in spots {
            let text = write(&case.payload, &at, class);
            out.push(LexicalCase {
                name: format!("{}{at}:{}", case.name, class.name()),
                type_name: case.type_name.clone(),
                class,
                text,
            });
        }
    }
    out
}

/// The payload as text with the edge case `class` at `at`: for a duplicate key, `at` is the
/// key's pointer and the key is written again after the object's other keys.
fn write(payload: &Value, at: &str, class: Class) -> String {
    let mut payload = payload.clone();
    let hole = serde_json::to_string(HOLE).expect("a string writes");
    if class == Class::DuplicateKey {
        let (object_at, key) = at.rsplit_once('/').expect("a key's pointer has a segment");
        let key = key.replace("~1", "/").replace("~0", "~");
        let Some(Value::Object(object)) = payload.pointer_mut(object_at) else {
            panic!("{object_at} is not an object");
        };
        let value = object[&key].clone();
        object.insert(HOLE.to_string(), value);
        let text = serde_json::to_string(&payload).expect("a value writes");
        let key = serde_json::to_string(&key).expect("a string writes");
        return text.replacen(&hole, &key, 1);
    }
    let target = payload
        .pointer_mut(at)
        .expect("the walk points into the payload");
    let raw = match class {
        Class::IntegerFraction => format!("{target}.0"),
        Class::IntegerExponent => format!("{target}e0"),
        Class::NegativeZero => "-0".to_string(),
        Class::LoneSurrogate => {
            let text = serde_json::to_string(target).expect("a string writes");
            format!("{}\\ud800\"", &text[..text.len() - 1])
        }
        Class::HugeNumberInJson => "1e400".to_string(),
        Class::BigInteger => "9007199254740993".to_string(),
        Class::Escaped => {
            let text = target.as_str().unwrap_or_default();
            let escaped: String = text
                .encode_utf16()
                .map(|unit| format!("\\u{unit:04x}"))
                .collect();
            format!("\"{escaped}\"")
        }
        Class::DeepestNesting | Class::TooDeep => {
            // The value sits inside one array or object per segment of its pointer.
            let around = at.matches('/').count();
            let levels = MAX_DEPTH + usize::from(class == Class::TooDeep) - around;
            format!("{}0{}", "[".repeat(levels), "]".repeat(levels))
        }
        Class::DuplicateKey => unreachable!("handled above"),
    };
    *target = Value::String(HOLE.to_string());
    let text = serde_json::to_string(&payload).expect("a value writes");
    text.replacen(&hole, &raw, 1)
}

/// A place and the class of edge case that goes there.
type Spot = (String, Class);

/// Collects the places in a valid payload's value where each class can go; `at` is the
/// value's JSON pointer.
fn walk(schema: &Schema, ty: &Ty, value: &Value, at: &str, out: &mut Vec<Spot>) {
    own(value, at, out);
    inside(schema, ty, value, at, &[], out);
}

/// The places a value itself offers, whatever its type: each of its keys, and its text.
fn own(value: &Value, at: &str, out: &mut Vec<Spot>) {
    match value {
        Value::Object(object) => out.extend(
            object
                .keys()
                .map(|key| (format!("{at}/{}", escape(key)), Class::DuplicateKey)),
        ),
        Value::String(_) => {
            out.extend([Class::LoneSurrogate, Class::Escaped].map(|class| (at.to_string(), class)))
        }
        _ => {}
    }
}

/// The places inside a value, by its type.
/// `tags` are the tag keys of the unions the value was reached through, which an open
/// struct's other keys do not include.
fn inside(schema: &Schema, ty: &Ty, value: &Value, at: &str, tags: &[&str], out: &mut Vec<Spot>) {
    match (ty, value) {
        (Ty::Json, _) => any_json(value, at, out),
        (Ty::F64, Value::Number(_)) => out.push((at.to_string(), Class::BigInteger)),
        (Ty::Nullable(inner) | Ty::Boxed(inner), _) => inside(schema, inner, value, at, tags, out),
        (Ty::Int(_), Value::Number(_)) => out.extend(
            [
                Class::IntegerFraction,
                Class::IntegerExponent,
                Class::NegativeZero,
            ]
            .map(|class| (at.to_string(), class)),
        ),
        (Ty::Vec(item), Value::Array(items)) => {
            for (index, item_value) in items.iter().enumerate() {
                walk(schema, item, item_value, &format!("{at}/{index}"), out);
            }
        }
        (Ty::Map(item), Value::Object(entries)) => {
            for (key, entry) in entries {
                walk(schema, item, entry, &format!("{at}/{}", escape(key)), out);
            }
        }
        (Ty::Named(name), _) => match schema.types.get(name) {
            Some(TypeDef::Struct(def)) => fields(schema, def, value, at, tags, out),
            Some(TypeDef::Newtype(def)) => inside(schema, &def.ty, value, at, tags, out),
            Some(TypeDef::Untagged(def)) => {
                if let Some(variant) = crate::mutate::taken_by(schema, def, value) {
                    inside(schema, &variant.ty, value, at, tags, out);
                }
            }
            Some(TypeDef::Union(def)) => {
                let tag = value.get(&def.tag).and_then(Value::as_str);
                let variant = def.variants.iter().find(|v| Some(&*v.tag_value) == tag);
                // A unit variant holds nothing past its tags.
                if let Some(payload) = variant.and_then(|variant| variant.payload.as_ref()) {
                    let payload = Ty::Named(payload.clone());
                    let tags: Vec<&str> = tags.iter().copied().chain([def.tag.as_str()]).collect();
                    inside(schema, &payload, value, at, &tags, out);
                }
            }
            Some(TypeDef::Enum(_)) | None => {}
        },
        _ => {}
    }
}

/// The places in a struct's field values; an open struct's other keys hold any JSON.
fn fields(
    schema: &Schema,
    def: &StructDef,
    value: &Value,
    at: &str,
    tags: &[&str],
    out: &mut Vec<Spot>,
) {
    let Value::Object(object) = value else {
        return;
    };
    for (key, field_value) in object {
        let field_at = format!("{at}/{}", escape(key));
        let field = schema
            .object_fields(def)
            .into_iter()
            .find(|field: &&Field| field.wire_name == *key);
        let ty = match field {
            Some(field) => &field.ty,
            None if !def.closed() && !tags.contains(&key.as_str()) => &Ty::Json,
            None => continue,
        };
        if *ty == Ty::Json {
            out.extend(
                [
                    Class::HugeNumberInJson,
                    Class::DeepestNesting,
                    Class::TooDeep,
                    Class::BigInteger,
                ]
                .map(|class| (field_at.clone(), class)),
            );
        }
        walk(schema, ty, field_value, &field_at, out);
    }
}

/// The places inside an any-JSON value: the keys and text of everything in it.
fn any_json(value: &Value, at: &str, out: &mut Vec<Spot>) {
    let children: Vec<(String, &Value)> = match value {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(index, item)| (format!("{at}/{index}"), item))
            .collect(),
        Value::Object(entries) => entries
            .iter()
            .map(|(key, entry)| (format!("{at}/{}", escape(key)), entry))
            .collect(),
        _ => Vec::new(),
    };
    for (child_at, child) in children {
        own(child, &child_at, out);
        any_json(child, &child_at, out);
    }
}
