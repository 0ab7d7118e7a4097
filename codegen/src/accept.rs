//! Whether a JSON value is one the contract accepts: of its type, within its constraints, as
//! every reader reads it. The one definition the checker holds examples and defaults to, and
//! the doc renderer the examples it shows; it reads the IR alone.

use std::collections::{BTreeMap, BTreeSet};

use crate::ir::{
    Constant, Constraints, Count, Field, Format, IntKind, JsonValue, StructDef, Ty, TypeDef,
    UnionDef, UnknownFields, Wide, wire_fields,
};
use crate::json_pointer;

/// Whether `value` is a value of `ty` among the named types `defs` (a type's example in its
/// standalone form), or where and why not.
pub fn value(defs: &BTreeMap<String, TypeDef>, ty: &Ty, value: &JsonValue) -> Result<(), Fault> {
    Checker { defs }.ty(ty, value, "")
}

/// Whether `value` is a present, non-null value of `field` (of its type, within its
/// constraints), or where and why not; a `null` is the field's presence to allow.
pub fn field_value(
    defs: &BTreeMap<String, TypeDef>,
    field: &Field,
    value: &JsonValue,
) -> Result<(), Fault> {
    Checker { defs }.field_value(field, value, "")
}

/// Where a value breaks its type (a JSON pointer) and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The JSON pointer of the part that breaks it (empty for the value itself).
    pub at: String,
    /// Why, as the end of a sentence: "expected a string".
    pub reason: String,
}

impl Fault {
    /// Where and why, as the end of a message: " at `/0`: expected a string", or ": ..." at
    /// the value itself.
    pub fn describe(&self) -> String {
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
            (Ty::Decimal(wide), JsonValue::String(text)) if is_decimal(*wide, text) => Ok(()),
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
                .try_for_each(|(key, value)| self.ty(item, value, &json_pointer::child(at, key))),
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
        match violation(&field.constraints, value) {
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
            // The variant its shape picks, as every reader picks it: the first of the value's
            // JSON type, an object variant among several by its key, or the first that reads
            // it when objects are tried in order.
            Some(TypeDef::Untagged(def)) => {
                match def.pick(value, |ty| self.ty(ty, value, at).is_ok()) {
                    Some(variant) => self.ty(&variant.ty, value, at),
                    None => fault(at, format!("fits no variant of `{}`", def.name)),
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
                _ if def.is_open() => {
                    fault(&json_pointer::child(at, &def.tag), "expected a string")
                }
                _ => fault(
                    &json_pointer::child(at, &def.tag),
                    one_of(def.variants.iter().map(|v| &v.tag_value)),
                ),
            };
        };
        let tags: Vec<&str> = tags.iter().copied().chain([def.tag.as_str()]).collect();
        let Some(payload) = &variant.payload else {
            // A unit variant's object holds its tags, and other keys only where it keeps or
            // drops them (any JSON, as an open struct's).
            if variant.unknown != UnknownFields::Refuse {
                return Ok(());
            }
            return match entries
                .iter()
                .find(|(key, _)| !tags.contains(&key.as_str()))
            {
                Some((key, _)) => fault(
                    &json_pointer::child(at, key),
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
        // The object's keys: a `#[flatten]`ed struct's keys stand where the field does.
        let fields: Vec<&Field> = wire_fields(self.defs, def)
            .into_iter()
            .map(|(_, field)| field)
            .collect();
        let mut seen = BTreeSet::new();
        for (key, value) in entries {
            seen.insert(key.as_str());
            if tags.contains(&key.as_str()) {
                continue;
            }
            match fields.iter().find(|field| field.wire_name == *key) {
                Some(field) => match value {
                    JsonValue::Null if field.presence.may_be_null() => {}
                    value => self.field_value(field, value, &json_pointer::child(at, key))?,
                },
                None if def.closed() => {
                    return fault(
                        &json_pointer::child(at, key),
                        "an unknown field of a closed object",
                    );
                }
                None => {}
            }
        }
        for field in fields {
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

/// Whether `text` is a canonical decimal numeral of the type: the IR's pattern says which.
fn is_decimal(wide: Wide, text: &str) -> bool {
    regex::Regex::new(&wide.pattern()).is_ok_and(|regex| regex.is_match(text))
}

/// Why a value of its field's type breaks the field's constraints, if it does, by the same
/// definitions every output enforces.
fn violation(constraints: &Constraints, value: &JsonValue) -> Option<String> {
    let outside = |count: u64, bounds: Count, noun: &str| {
        let low = bounds.min.is_some_and(|min| count < min);
        let high = bounds.max.is_some_and(|max| count > max);
        (low || high).then(|| format!("{count} {noun} is outside the bounds"))
    };
    match value {
        JsonValue::String(text) => {
            if let Some(reason) = constraints
                .length
                .and_then(|length| outside(text.chars().count() as u64, length, "characters"))
            {
                return Some(reason);
            }
            let patterns = constraints
                .pattern
                .iter()
                .map(String::as_str)
                .chain(constraints.format.map(Format::pattern));
            for pattern in patterns {
                let matched = regex::Regex::new(pattern).is_ok_and(|regex| regex.is_match(text));
                if !matched {
                    return Some(format!("does not match {pattern}"));
                }
            }
            None
        }
        JsonValue::Int(_) | JsonValue::Float(_) => {
            let number = match value {
                JsonValue::Int(number) => *number as f64,
                JsonValue::Float(number) => *number,
                _ => return None,
            };
            let range = constraints.range?;
            let below = range.min.is_some_and(|min| {
                let bound = min.value.as_f64();
                number < bound || min.exclusive && number == bound
            });
            let above = range.max.is_some_and(|max| {
                let bound = max.value.as_f64();
                number > bound || max.exclusive && number == bound
            });
            (below || above).then(|| "outside the range".to_owned())
        }
        JsonValue::Array(items) => {
            if let Some(reason) = constraints
                .items
                .and_then(|count| outside(items.len() as u64, count, "items"))
            {
                return Some(reason);
            }
            let repeated = constraints.unique
                && items
                    .iter()
                    .enumerate()
                    .any(|(index, item)| items[..index].iter().any(|earlier| earlier.same(item)));
            repeated.then(|| "items repeat".to_owned())
        }
        _ => None,
    }
}
