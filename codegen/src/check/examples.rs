//! `#[example = "<JSON>"]`: each example is parsed as JSON where it is written, and once the
//! whole schema has checked, checked against its type (a type's example in its standalone
//! form, a field's with its presence), so that a bad example is an error at the example.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use super::constraints;
use crate::diagnostics::Diagnostic;
use crate::ir::{Constant, Field, IntKind, JsonValue, StructDef, Ty, TypeDef, UnionDef};
use crate::syntax::ast::{ItemKind, SchemaFile, Spanned};

/// The examples as JSON values, each one that is no JSON reported at its literal.
pub(super) fn parse(examples: &[Spanned<String>], errors: &mut Vec<Diagnostic>) -> Vec<JsonValue> {
    examples
        .iter()
        .filter_map(|example| {
            parse_one(
                example,
                "example",
                "#[example = r#\"{\"path\": \"a.rs\"}\"#]",
                errors,
            )
        })
        .collect()
}

/// One JSON value written in a string attribute, or `None` after an error at the literal;
/// `what` names the attribute in the message ("example") and `such_as` shows one.
pub(super) fn parse_one(
    written: &Spanned<String>,
    what: &str,
    such_as: &str,
    errors: &mut Vec<Diagnostic>,
) -> Option<JsonValue> {
    match serde_json::from_str::<Parsed>(&written.value) {
        Ok(Parsed(value)) => Some(value),
        Err(error) => {
            errors.push(Diagnostic::new(
                format!("this {what} is not JSON: {error}"),
                written.span.clone(),
                "not JSON",
                format!(
                    "{} {what} is one JSON value in a string, such as `{such_as}`",
                    article(what)
                ),
            ));
            None
        }
    }
}

/// "a" or "an" before `word`.
fn article(word: &str) -> &'static str {
    match word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        true => "an",
        false => "a",
    }
}

/// Whether `value` is a present, non-null value of `field` (its type, within its
/// constraints), or where and why not, as the end of a message: " at `/0`: expected a string".
pub(super) fn fits_field(
    defs: &BTreeMap<String, TypeDef>,
    field: &Field,
    value: &JsonValue,
) -> Result<(), String> {
    Checker { defs }
        .field_value(field, value, "")
        .map_err(|fault| fault.describe())
}

/// Checks every example of the schema against its type. `defs` is the whole checked schema,
/// whose examples are those of `file`, in the same order (the IR holds an example only when it
/// parsed, and this runs only when nothing failed).
pub(super) fn check(
    file: &SchemaFile,
    defs: &BTreeMap<String, TypeDef>,
    errors: &mut Vec<Diagnostic>,
) {
    let checker = Checker { defs };
    for item in &file.items {
        let Some(def) = defs.get(&item.name.value) else {
            continue;
        };
        let ty = Ty::Named(item.name.value.clone());
        for (example, value) in item.examples.iter().zip(def.examples()) {
            if let Err(fault) = checker.ty(&ty, value, "") {
                errors.push(bad_example(&item.name.value, example, &fault));
            }
        }
        let (ItemKind::Struct(syntax), TypeDef::Struct(lowered)) = (&item.kind, def) else {
            continue;
        };
        for (field_syntax, field) in syntax.fields.iter().zip(&lowered.fields) {
            for (example, value) in field_syntax.examples.iter().zip(&field.examples) {
                let fault = match value {
                    JsonValue::Null if field.presence.may_be_null() => continue,
                    value => checker.field_value(field, value, ""),
                };
                if let Err(fault) = fault {
                    let what = format!("{}.{}", item.name.value, field.name);
                    errors.push(bad_example(&what, example, &fault));
                }
            }
        }
    }
}

fn bad_example(what: &str, example: &Spanned<String>, fault: &Fault) -> Diagnostic {
    Diagnostic::new(
        format!("this example is not a valid `{what}`{}", fault.describe()),
        example.span.clone(),
        "does not fit its type",
        "an example is checked against the contract, as every reader would read it: fix the \
         example, or the type",
    )
}

/// Where an example breaks its type (a JSON pointer) and how.
struct Fault {
    at: String,
    reason: String,
}

impl Fault {
    /// Where and why, as the end of a message: " at `/0`: expected a string", or ": ..." at
    /// the value itself.
    fn describe(&self) -> String {
        match self.at.is_empty() {
            true => format!(": {}", self.reason),
            false => format!(" at `{}`: {}", self.at, self.reason),
        }
    }
}

fn fault(at: &str, reason: impl Into<String>) -> Result<(), Fault> {
    Err(Fault {
        at: at.to_string(),
        reason: reason.into(),
    })
}

struct Checker<'a> {
    defs: &'a BTreeMap<String, TypeDef>,
}

impl Checker<'_> {
    fn ty(&self, ty: &Ty, value: &JsonValue, at: &str) -> Result<(), Fault> {
        match (ty, value) {
            (Ty::Json, _) | (Ty::Nullable(_), JsonValue::Null) => Ok(()),
            (Ty::Nullable(inner) | Ty::Boxed(inner), _) => self.ty(inner, value, at),
            (Ty::String, JsonValue::String(_))
            | (Ty::Bool, JsonValue::Bool(_))
            | (Ty::F64, JsonValue::Int(_) | JsonValue::Float(_)) => Ok(()),
            (Ty::Int(kind), value) => int(*kind, value, at),
            (Ty::Decimal(wide), JsonValue::String(text))
                if constraints::is_decimal(*wide, text) =>
            {
                Ok(())
            }
            (Ty::Decimal(wide), _) => fault(
                at,
                format!(
                    "expected a `{}` as a canonical decimal string",
                    wide.rust_name()
                ),
            ),
            (Ty::Vec(item), JsonValue::Array(items)) => items
                .iter()
                .enumerate()
                .try_for_each(|(index, value)| self.ty(item, value, &format!("{at}/{index}"))),
            (Ty::Map(item), JsonValue::Object(entries)) => entries
                .iter()
                .try_for_each(|(key, value)| self.ty(item, value, &pointer(at, key))),
            (Ty::Named(name), _) => self.named(name, value, at, &[]),
            (Ty::Const(constant), value) if is_constant(constant, value) => Ok(()),
            (Ty::Const(constant), _) => fault(
                at,
                format!("expected the constant {}", constant_text(constant)),
            ),
            (ty, _) => fault(at, format!("expected {}", expected(ty))),
        }
    }

    /// A field's present, non-null value: of its type, within its constraints.
    fn field_value(&self, field: &Field, value: &JsonValue, at: &str) -> Result<(), Fault> {
        self.ty(&field.ty, value, at)?;
        match constraints::violation(&field.constraints, value) {
            Some(reason) => fault(at, reason),
            None => Ok(()),
        }
    }

    /// A named type; `tags` are the tags of the unions it is reached through here.
    fn named(&self, name: &str, value: &JsonValue, at: &str, tags: &[&str]) -> Result<(), Fault> {
        match self.defs.get(name) {
            Some(TypeDef::Struct(def)) => self.object(def, value, at, tags),
            Some(TypeDef::Newtype(def)) => self.ty(&def.ty, value, at),
            Some(TypeDef::Union(def)) => self.union(def, value, at, tags),
            // The checker has made sure no payload fits two variants.
            Some(TypeDef::Untagged(def)) => {
                if def
                    .variants
                    .iter()
                    .any(|variant| self.ty(&variant.ty, value, at).is_ok())
                {
                    Ok(())
                } else {
                    fault(at, format!("fits no variant of `{}`", def.name))
                }
            }
            Some(TypeDef::Enum(def)) => match value {
                JsonValue::String(text)
                    if def.is_open() || def.values.iter().any(|v| v.wire_name == *text) =>
                {
                    Ok(())
                }
                _ => fault(at, one_of(def.values.iter().map(|v| &v.wire_name))),
            },
            None => fault(at, format!("`{name}` is not declared")),
        }
    }

    fn union(
        &self,
        def: &UnionDef,
        value: &JsonValue,
        at: &str,
        tags: &[&str],
    ) -> Result<(), Fault> {
        let JsonValue::Object(entries) = value else {
            return fault(at, format!("expected a `{}` object", def.name));
        };
        let tag = entries
            .iter()
            .find(|(key, _)| *key == def.tag)
            .map(|(_, value)| value);
        let Some(tag) = tag else {
            return fault(at, format!("the tag `{}` is missing", def.tag));
        };
        let variant = def
            .variants
            .iter()
            .find(|variant| matches!(tag, JsonValue::String(text) if *text == variant.tag_value));
        let Some(variant) = variant else {
            // An open union's catch-all keeps any object of another string tag as it is.
            return match tag {
                JsonValue::String(_) if def.is_open() => Ok(()),
                _ if def.is_open() => fault(&pointer(at, &def.tag), "expected a string"),
                _ => fault(
                    &pointer(at, &def.tag),
                    one_of(def.variants.iter().map(|v| &v.tag_value)),
                ),
            };
        };
        let tags: Vec<&str> = tags.iter().copied().chain([def.tag.as_str()]).collect();
        let Some(payload) = &variant.payload else {
            // A unit variant's object holds its tags and nothing else.
            return match entries
                .iter()
                .find(|(key, _)| !tags.contains(&key.as_str()))
            {
                Some((key, _)) => fault(
                    &pointer(at, key),
                    "an unknown field of a unit variant, which holds its tags alone",
                ),
                None => Ok(()),
            };
        };
        self.named(payload, value, at, &tags)
    }

    fn object(
        &self,
        def: &StructDef,
        value: &JsonValue,
        at: &str,
        tags: &[&str],
    ) -> Result<(), Fault> {
        let JsonValue::Object(entries) = value else {
            return fault(at, format!("expected a `{}` object", def.name));
        };
        let mut seen = BTreeSet::new();
        for (key, value) in entries {
            seen.insert(key.as_str());
            if tags.contains(&key.as_str()) {
                continue;
            }
            match def.fields.iter().find(|field| field.wire_name == *key) {
                Some(field) => match value {
                    JsonValue::Null if field.presence.may_be_null() => {}
                    value => self.field_value(field, value, &pointer(at, key))?,
                },
                None if def.closed() => {
                    return fault(&pointer(at, key), "an unknown field of a closed object");
                }
                None => {}
            }
        }
        for field in &def.fields {
            if !field.presence.may_be_absent() && !seen.contains(field.wire_name.as_str()) {
                return fault(at, format!("the field `{}` is missing", field.wire_name));
            }
        }
        Ok(())
    }
}

/// The check of an integer: any number with a zero fraction, within the type's bounds.
fn int(kind: IntKind, value: &JsonValue, at: &str) -> Result<(), Fault> {
    let (min, max) = kind.bounds();
    let fits = match value {
        JsonValue::Int(number) => (min..=max).contains(number),
        JsonValue::Float(number) => {
            number.fract() == 0.0 && (min as f64..=max as f64).contains(number)
        }
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        fault(at, format!("expected an integer in {min}..={max}"))
    }
}

fn is_constant(constant: &Constant, value: &JsonValue) -> bool {
    match (constant, value) {
        (Constant::String(expected), JsonValue::String(found)) => expected == found,
        (Constant::Bool(expected), JsonValue::Bool(found)) => expected == found,
        (Constant::Int(expected), JsonValue::Int(found)) => expected == found,
        (Constant::Int(expected), JsonValue::Float(found)) => *expected as f64 == *found,
        _ => false,
    }
}

fn constant_text(constant: &Constant) -> String {
    match constant {
        Constant::String(text) => format!("{text:?}"),
        Constant::Int(number) => number.to_string(),
        Constant::Bool(flag) => flag.to_string(),
    }
}

/// "expected one of `a`, `b`": the strings a value must be one of.
fn one_of<'a>(values: impl Iterator<Item = &'a String>) -> String {
    let values: Vec<String> = values.map(|value| format!("`{value}`")).collect();
    format!("expected one of {}", values.join(", "))
}

/// What a value of `ty` is, for a message.
fn expected(ty: &Ty) -> &'static str {
    match ty {
        Ty::String | Ty::Decimal(_) => "a string",
        Ty::Bool => "a boolean",
        Ty::F64 | Ty::Int(_) => "a number",
        Ty::Vec(_) => "an array",
        Ty::Map(_) => "an object",
        Ty::Nullable(_) => "a value or null",
        Ty::Json | Ty::Boxed(_) | Ty::Named(_) | Ty::Const(_) => "another value",
    }
}

/// `at` followed by `key` as a JSON pointer segment (RFC 6901).
fn pointer(at: &str, key: &str) -> String {
    format!("{at}/{}", key.replace('~', "~0").replace('/', "~1"))
}

/// A JSON value read in order, refusing a key given twice.
struct Parsed(JsonValue);

impl<'de> Deserialize<'de> for Parsed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ValueVisitor).map(Parsed)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = JsonValue;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<JsonValue, E> {
        Ok(JsonValue::Null)
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<JsonValue, E> {
        Ok(JsonValue::Bool(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<JsonValue, E> {
        Ok(JsonValue::Int(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<JsonValue, E> {
        Ok(i64::try_from(value).map_or(JsonValue::Float(value as f64), JsonValue::Int))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<JsonValue, E> {
        Ok(JsonValue::Float(value))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<JsonValue, E> {
        Ok(JsonValue::String(value.to_string()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<JsonValue, A::Error> {
        let mut items = Vec::new();
        while let Some(Parsed(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(JsonValue::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonValue, A::Error> {
        let mut entries: Vec<(String, JsonValue)> = Vec::new();
        let mut keys = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !keys.insert(key.clone()) {
                return Err(de::Error::custom(format_args!(
                    "the key `{key}` is given twice"
                )));
            }
            let Parsed(value) = map.next_value()?;
            entries.push((key, value));
        }
        Ok(JsonValue::Object(entries))
    }
}
