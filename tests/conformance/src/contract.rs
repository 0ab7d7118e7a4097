//! A small checker of the contract, written over the IR and nothing else: what a payload must
//! be, read straight from `ir::Schema`. It labels the mutation corpus. It shares no code with
//! any reader under test (serde, the JSON Schema, the TypeScript guards), so a label it gives
//! says what the schema declares, not what some reader happens to do.
//!
//! Constraints are checked from their definitions: lengths in code points, ranges and counts
//! compared as numbers, uniqueness by JSON Schema's equality, decimal strings and the formats by
//! hand-written parsers of what the book's reference says they accept (not by their patterns, which
//! every reader under test shares). A field's own pattern is the one thing only a regex engine can
//! read: the `regex` crate's, which the compiler allows only where engines agree.

use cardc_codegen::ir::{
    Constant, Constraints, Field, Format, IntKind, Number, Presence, Schema, Shape, StructDef, Ty,
    TypeDef, UnknownFields, UntaggedDef, UntaggedVariant, Variant, Wide,
};
use cardc_codegen::json_text::to_value;
use serde_json::{Map, Value};
use std::cell::RefCell;

/// A constant's value as JSON.
pub fn constant_value(constant: &Constant) -> Value {
    match constant {
        Constant::String(text) => Value::from(text.clone()),
        Constant::Int(number) => Value::from(*number),
        Constant::Bool(flag) => Value::from(*flag),
    }
}

/// Whether `value` is a valid `type_name`, in its standalone form, under the contract; the
/// error names the first fault and where it is (a JSON pointer).
///
/// The standalone form of a named type carries no tag of a union it sits in: a struct is the
/// object of its fields, a union carries its own tag. A union adds its tag to what its variant
/// may hold, so a variant struct reached through unions allows their tags, and only there; a
/// unit variant holds those tags and, where it keeps or drops them, other keys.
pub fn check(schema: &Schema, type_name: &str, value: &Value) -> Result<(), String> {
    Checker::first(schema).named(type_name, value, "", &[])
}

/// Every fault of `value` as a `type_name` that [`check`] would name first in its place: each
/// field's, item's and entry's, and each key a closed object does not know. A fault that ends
/// what can be read below it (not an object, no tag, an unknown tag) is one fault. A payload
/// with more than one has no first error every reader must agree on: serde reports the first
/// in the document, a guard the first in declaration order.
pub fn faults(schema: &Schema, type_name: &str, value: &Value) -> Vec<String> {
    let checker = Checker {
        schema,
        every: Some(RefCell::default()),
    };
    let last = checker.named(type_name, value, "", &[]);
    let mut faults = checker.every.map(RefCell::into_inner).unwrap_or_default();
    faults.extend(last.err());
    faults
}

/// [`check`] of a type reached through unions whose tag keys are `tags`, which its object may
/// hold (a union's variant).
pub fn check_within(
    schema: &Schema,
    type_name: &str,
    value: &Value,
    tags: &[&str],
) -> Result<(), String> {
    Checker::first(schema).named(type_name, value, "", tags)
}

/// Whether `value` is a valid value of type `ty` under the contract.
pub fn fits(schema: &Schema, ty: &Ty, value: &Value) -> bool {
    Checker::first(schema).ty(ty, value, "").is_ok()
}

/// The JSON a conforming writer writes back for `value`, a valid `type_name` that it read: the
/// payload itself, but for the keys the contract says a reader forgets or fills. A
/// null-as-absent key holding `null` is written as no key; a struct that drops unknown keys
/// writes its fields (and the tags of the unions around it) alone. A defaulted key that was
/// absent is written with its default, unless the field omits its default; a value equal to an
/// omitted default is written as no key. Everything else, an open struct's other keys and a kept
/// `null` included, is written back as read.
///
/// Every number is written as the double nearest it: past 2^53 - 1 an integer is no integer
/// every reader holds, and they all (`JSON.parse`, the Rust and Python readers) hold that double
/// (`9007199254740993` is written back `9007199254740992`). Only `f64` fields, any-JSON values
/// and open objects' other keys reach such a number; the integer types stop at 2^53 - 1.
pub fn written(schema: &Schema, type_name: &str, value: &Value) -> Value {
    doubles(Writer { schema }.named(type_name, value, &[]))
}

/// A JSON value with every integer past 2^53 - 1 as the double nearest it.
fn doubles(value: Value) -> Value {
    const MAX_SAFE: u64 = (1 << 53) - 1;
    match value {
        Value::Number(number)
            if number
                .as_i64()
                .map(i64::unsigned_abs)
                .or(number.as_u64())
                .is_some_and(|magnitude| magnitude > MAX_SAFE) =>
        {
            number
                .as_f64()
                .and_then(serde_json::Number::from_f64)
                .map_or(Value::Number(number), Value::Number)
        }
        Value::Array(items) => Value::Array(items.into_iter().map(doubles).collect()),
        Value::Object(entries) => Value::Object(
            entries
                .into_iter()
                .map(|(key, entry)| (key, doubles(entry)))
                .collect(),
        ),
        other => other,
    }
}

struct Writer<'a> {
    schema: &'a Schema,
}

impl Writer<'_> {
    fn ty(&self, ty: &Ty, value: &Value) -> Value {
        match (ty, value) {
            (Ty::Nullable(_), Value::Null) => Value::Null,
            (Ty::Nullable(inner) | Ty::Boxed(inner), _) => self.ty(inner, value),
            (Ty::Vec(item), Value::Array(items)) => {
                Value::Array(items.iter().map(|entry| self.ty(item, entry)).collect())
            }
            (Ty::Map(item), Value::Object(entries)) => Value::Object(
                entries
                    .iter()
                    .map(|(key, entry)| (key.clone(), self.ty(item, entry)))
                    .collect(),
            ),
            (Ty::Named(name), _) => self.named(name, value, &[]),
            _ => value.clone(),
        }
    }

    fn named(&self, name: &str, value: &Value, tags: &[&str]) -> Value {
        let checker = Checker::first(self.schema);
        match self.schema.types.get(name) {
            Some(TypeDef::Struct(def)) => self.object(def, value, tags),
            Some(TypeDef::Newtype(def)) => self.ty(&def.ty, value),
            Some(TypeDef::Untagged(def)) => picked(self.schema, def, value)
                .filter(|variant| checker.ty(&variant.ty, value, "").is_ok())
                .map_or_else(|| value.clone(), |variant| self.ty(&variant.ty, value)),
            Some(TypeDef::Union(def)) => {
                let variant = value.get(&def.tag).and_then(|tag| {
                    def.variants
                        .iter()
                        .find(|variant| tag.as_str() == Some(&variant.tag_value))
                });
                let mut tags = tags.to_vec();
                tags.push(&def.tag);
                match variant {
                    Some(Variant {
                        payload: Some(payload),
                        ..
                    }) => self.named(payload, value, &tags),
                    // A unit variant that drops other keys writes its tags alone.
                    Some(Variant {
                        payload: None,
                        unknown: UnknownFields::Drop,
                        ..
                    }) => match value.as_object() {
                        Some(object) => Value::Object(
                            object
                                .iter()
                                .filter(|(key, _)| tags.contains(&key.as_str()))
                                .map(|(key, entry)| (key.clone(), entry.clone()))
                                .collect(),
                        ),
                        None => value.clone(),
                    },
                    // An object of another string tag, folded: its tags, its own the fold's.
                    None if value.get(&def.tag).is_some_and(Value::is_string) => {
                        match (def.fold_variant(), value.as_object()) {
                            (Some(fold), Some(object)) => {
                                let mut out: Map<String, Value> = object
                                    .iter()
                                    .filter(|(key, _)| tags.contains(&key.as_str()))
                                    .map(|(key, entry)| (key.clone(), entry.clone()))
                                    .collect();
                                out.insert(def.tag.clone(), Value::from(fold.tag_value.clone()));
                                Value::Object(out)
                            }
                            // A catch-all's object, as read.
                            _ => value.clone(),
                        }
                    }
                    // Another unit variant's object, as read.
                    _ => value.clone(),
                }
            }
            // A string the enum does not know, folded.
            Some(TypeDef::Enum(def)) => match (def.fold_value(), value.as_str()) {
                (Some(fold), Some(text)) if def.values.iter().all(|v| v.wire_name != text) => {
                    Value::from(fold.wire_name.clone())
                }
                _ => value.clone(),
            },
            None => value.clone(),
        }
    }

    fn object(&self, def: &StructDef, value: &Value, tags: &[&str]) -> Value {
        let Some(object) = value.as_object() else {
            return value.clone();
        };
        let fields = self.schema.object_fields(def);
        let mut out = Map::new();
        for (key, entry) in object {
            match fields.iter().find(|field| &field.wire_name == key) {
                Some(field) if field.presence == Presence::NullAsAbsent && entry.is_null() => {}
                Some(Field {
                    default: Some(default),
                    ..
                }) if default.omits() && json_equal(entry, &to_value(&default.value)) => {}
                Some(field) => {
                    out.insert(key.clone(), self.ty(&field.ty, entry));
                }
                None if tags.contains(&key.as_str()) => {
                    out.insert(key.clone(), entry.clone());
                }
                None if def.unknown == UnknownFields::Drop => {}
                None => {
                    out.insert(key.clone(), entry.clone());
                }
            }
        }
        for field in fields {
            if let Some(default) = &field.default
                && !default.omits()
                && !object.contains_key(&field.wire_name)
            {
                out.insert(field.wire_name.clone(), to_value(&default.value));
            }
        }
        Value::Object(out)
    }
}

struct Checker<'a> {
    schema: &'a Schema,
    /// Where the faults a container finds go, when every fault is wanted ([`faults`]); `None`
    /// stops at the first.
    every: Option<RefCell<Vec<String>>>,
}

impl<'a> Checker<'a> {
    /// A checker that stops at the first fault.
    fn first(schema: &'a Schema) -> Self {
        Checker {
            schema,
            every: None,
        }
    }

    /// What a container does with the result of one of its parts: a fault ends the check when
    /// only the first is wanted, and is noted, the check going on, when every one is.
    fn note(&self, result: Result<(), String>) -> Result<(), String> {
        match (result, &self.every) {
            (Err(fault), Some(every)) => {
                every.borrow_mut().push(fault);
                Ok(())
            }
            (result, _) => result,
        }
    }

    fn ty(&self, ty: &Ty, value: &Value, at: &str) -> Result<(), String> {
        let fits = match (ty, value) {
            (Ty::Json, _) => true,
            (Ty::Nullable(_), Value::Null) => true,
            (Ty::Nullable(inner) | Ty::Boxed(inner), _) => return self.ty(inner, value, at),
            (Ty::String, Value::String(_)) | (Ty::Bool, Value::Bool(_)) => true,
            (Ty::F64, Value::Number(_)) => true,
            (Ty::Int(kind), Value::Number(number)) => int_fits(*kind, number),
            (Ty::Decimal(wide), Value::String(text)) => decimal_fits(*wide, text),
            (Ty::Const(Constant::Int(expected)), Value::Number(number)) => {
                integer(number) == Some(*expected)
            }
            (Ty::Const(constant), _) => value == &constant_value(constant),
            (Ty::Vec(item), Value::Array(items)) => {
                for (index, item_value) in items.iter().enumerate() {
                    self.note(self.ty(item, item_value, &format!("{at}/{index}")))?;
                }
                true
            }
            (Ty::Map(item), Value::Object(entries)) => {
                for (key, entry) in entries {
                    self.note(self.ty(item, entry, &format!("{at}/{}", escape(key))))?;
                }
                true
            }
            (Ty::Named(name), _) => return self.named(name, value, at, &[]),
            _ => false,
        };
        if fits {
            Ok(())
        } else {
            Err(format!("{at}: {value} is not a {ty:?}"))
        }
    }

    /// A named type; `tags` are the tag keys of the unions it is reached through here, already
    /// checked by them. A union checks its tag and picks its variant by it; the variant struct
    /// then allows every tag above it as a key.
    fn named(&self, name: &str, value: &Value, at: &str, tags: &[&str]) -> Result<(), String> {
        match self.schema.types.get(name) {
            Some(TypeDef::Struct(def)) => self.object(def, value, at, tags),
            Some(TypeDef::Newtype(def)) => self.ty(&def.ty, value, at),
            // Valid when the variant its shape picks takes it: an open object variant may
            // hold the key that picks another, so a payload may fit two, and the pick decides.
            Some(TypeDef::Untagged(def)) => {
                let trial = Checker::first(self.schema);
                match picked(self.schema, def, value) {
                    Some(variant) if trial.ty(&variant.ty, value, at).is_ok() => Ok(()),
                    _ => Err(format!("{at}: {value} fits no variant of {name}")),
                }
            }
            Some(TypeDef::Enum(def)) => {
                // An open enum's catch-all keeps any other string, a folding one reads it as
                // its fold.
                let known = def
                    .values
                    .iter()
                    .any(|enum_value| value.as_str() == Some(&enum_value.wire_name))
                    || (def.is_open() && value.is_string());
                if known {
                    Ok(())
                } else {
                    Err(format!("{at}: {value} is not a {name}"))
                }
            }
            Some(TypeDef::Union(def)) => {
                let object = as_object(value, at)?;
                let tag = object
                    .get(&def.tag)
                    .ok_or_else(|| format!("{at}: no `{}` tag", def.tag))?;
                let variant = def
                    .variants
                    .iter()
                    .find(|variant| tag.as_str() == Some(&variant.tag_value));
                // An open union's catch-all keeps the whole object of any other string tag, and
                // a folding union reads it as its fold, whatever its other keys hold; a known
                // tag still picks its variant, which checks the rest.
                let variant = match variant {
                    Some(variant) => variant,
                    None if def.is_open() && tag.is_string() => return Ok(()),
                    None => return Err(format!("{at}: `{}` is {tag}, not a {name}", def.tag)),
                };
                let mut tags = tags.to_vec();
                tags.push(&def.tag);
                match &variant.payload {
                    Some(payload) => self.named(payload, value, at, &tags),
                    None if variant.unknown == UnknownFields::Refuse => {
                        self.unit(object, at, &tags)
                    }
                    // Its other keys hold any JSON, kept or dropped.
                    None => Ok(()),
                }
            }
            None => panic!("the IR names a type it does not define: {name}"),
        }
    }

    fn object(
        &self,
        def: &StructDef,
        value: &Value,
        at: &str,
        tags: &[&str],
    ) -> Result<(), String> {
        let object = as_object(value, at)?;
        // A flattened struct's fields are keys of this object.
        let fields = self.schema.object_fields(def);
        for field in &fields {
            let field_at = format!("{at}/{}", escape(&field.wire_name));
            let field_fault = match object.get(&field.wire_name) {
                None if field.presence.may_be_absent() => Ok(()),
                None => Err(format!("{field_at}: required, missing")),
                Some(Value::Null) if field.presence.may_be_null() => Ok(()),
                Some(field_value) => self.ty(&field.ty, field_value, &field_at).and_then(|()| {
                    constrained(&field.constraints, field_value)
                        .map_err(|fault| format!("{field_at}: {fault}"))
                }),
            };
            self.note(field_fault)?;
        }
        if def.closed() {
            let known = |key: &String| {
                tags.contains(&key.as_str()) || fields.iter().any(|field| &field.wire_name == key)
            };
            for key in object.keys().filter(|key| !known(key)) {
                self.note(Err(format!("{at}/{}: unknown field", escape(key))))?;
            }
        }
        Ok(())
    }

    /// A closed unit variant's object: the tags of its unions and nothing else.
    fn unit(&self, object: &Map<String, Value>, at: &str, tags: &[&str]) -> Result<(), String> {
        for key in object.keys().filter(|key| !tags.contains(&key.as_str())) {
            self.note(Err(format!("{at}/{}: unknown field", escape(key))))?;
        }
        Ok(())
    }
}

/// The variant of an untagged union a reader picks for `value`: the first, in declared order,
/// of the value's JSON type, among object variants the first whose picking keys it has (or,
/// tried in order, the first that reads it), and among array variants the first whose item
/// shape every item has.
pub fn picked<'d>(
    schema: &Schema,
    def: &'d UntaggedDef,
    value: &Value,
) -> Option<&'d UntaggedVariant> {
    def.variants.iter().find(|variant| match variant.shape {
        Shape::Tried => value.is_object() && fits(schema, &variant.ty, value),
        _ => has_shape(&variant.shape, value),
    })
}

/// Whether `value` has the shape that picks a variant.
fn has_shape(shape: &Shape, value: &Value) -> bool {
    match (shape, value) {
        (Shape::String, Value::String(_)) | (Shape::Boolean, Value::Bool(_)) => true,
        (Shape::Integer | Shape::Number, Value::Number(_)) => true,
        (Shape::Array(item), Value::Array(items)) => item
            .as_deref()
            .is_none_or(|item| items.iter().all(|value| has_shape(item, value))),
        (Shape::Object(keys), Value::Object(object)) => {
            keys.iter().all(|key| object.contains_key(key))
        }
        _ => false,
    }
}

fn as_object<'v>(value: &'v Value, at: &str) -> Result<&'v Map<String, Value>, String> {
    value
        .as_object()
        .ok_or_else(|| format!("{at}: {value} is not an object"))
}

/// A number with a zero fraction, however it is written (`7`, `7.0`, `7e0`, `-0`), within the
/// kind's bounds: JSON Schema's `integer`. serde_json holds one written with a fraction or an
/// exponent as an `f64`, exact for every integer within 2^53, which every bound is.
fn int_fits(kind: IntKind, number: &serde_json::Number) -> bool {
    let (min, max) = kind.bounds();
    integer(number).is_some_and(|int| (min..=max).contains(&int))
}

/// The integer a JSON number is, however it is written (`7`, `7.0`, `7e0`), within 2^53.
fn integer(number: &serde_json::Number) -> Option<i64> {
    number.as_i64().or_else(|| {
        number
            .as_f64()
            .filter(|float| float.fract() == 0.0 && float.abs() < 9_007_199_254_740_992.0)
            .map(|float| float as i64)
    })
}

/// A key as a JSON pointer segment (RFC 6901).
pub fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// A canonical decimal numeral within the type's bounds: digits, a `-` only on a negative
/// number, no leading zero, no `-0`.
fn decimal_fits(wide: Wide, text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|byte| byte.is_ascii_digit())
        && (text == "0" || !digits.starts_with('0'));
    let (min, max) = match wide {
        Wide::I64 => (i128::from(i64::MIN), i128::from(i64::MAX)),
        Wide::U64 => (0, i128::from(u64::MAX)),
    };
    canonical
        && text
            .parse::<i128>()
            .is_ok_and(|value| (min..=max).contains(&value))
}

/// A present, non-null value that already has its field's type, against its constraints.
pub fn constrained(constraints: &Constraints, value: &Value) -> Result<(), String> {
    if let Value::String(text) = value {
        let length = text.chars().count() as u64;
        if let Some(count) = constraints.length {
            within(length, count.min, count.max, "characters")?;
        }
        if let Some(pattern) = &constraints.pattern {
            let regex = regex::Regex::new(pattern).map_err(|error| error.to_string())?;
            if !regex.is_match(text) {
                return Err(format!("{value} does not match {pattern}"));
            }
        }
        if let Some(format) = constraints.format {
            let fits = match format {
                Format::Uri => uri(text),
                Format::DateTime => date_time(text),
                Format::Uuid => uuid(text),
            };
            if !fits {
                return Err(format!("{value} is not of format {}", format.name()));
            }
        }
    }
    if let (Some(range), Some(number)) = (constraints.range, value.as_f64()) {
        let bound = |bound: Number| match bound {
            Number::Int(value) => value as f64,
            Number::Float(value) => value,
        };
        if let Some(min) = range.min {
            let low = bound(min.value);
            if number < low || min.exclusive && number == low {
                return Err(format!("{value} is below the range"));
            }
        }
        if let Some(max) = range.max {
            let high = bound(max.value);
            if number > high || max.exclusive && number == high {
                return Err(format!("{value} is above the range"));
            }
        }
    }
    if let Value::Array(items) = value {
        if let Some(count) = constraints.items {
            within(items.len() as u64, count.min, count.max, "items")?;
        }
        if constraints.unique {
            for (index, item) in items.iter().enumerate() {
                if items[..index]
                    .iter()
                    .any(|earlier| json_equal(earlier, item))
                {
                    return Err(format!("item {index} repeats an earlier one"));
                }
            }
        }
    }
    Ok(())
}

/// A count within inclusive bounds.
fn within(count: u64, min: Option<u64>, max: Option<u64>, noun: &str) -> Result<(), String> {
    if min.is_some_and(|min| count < min) || max.is_some_and(|max| count > max) {
        return Err(format!("{count} {noun} is outside {min:?}..={max:?}"));
    }
    Ok(())
}

/// JSON Schema's equality: deep, objects regardless of key order, numbers by value.
fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| json_equal(a, b))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(key, value)| b.get(key).is_some_and(|other| json_equal(value, other)))
        }
        _ => a == b,
    }
}

/// `uri`: a scheme (a letter, then letters, digits, `+`, `-`, `.`), `:`, then RFC 3986's
/// unreserved and reserved characters and `%` with two hex digits.
fn uri(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once(':') else {
        return false;
    };
    let mut scheme_chars = scheme.chars();
    let scheme_ok = scheme_chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme_chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    let bytes = rest.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        if byte == b'%' {
            let hex = |offset: usize| bytes.get(at + offset).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(1) && hex(2)) {
                return false;
            }
            at += 3;
        } else if byte.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&byte) {
            at += 1;
        } else {
            return false;
        }
    }
    scheme_ok
}

/// `date-time`: RFC 3339's, with each month's last day (February's the 29th in every year),
/// second 60 allowed, and `T`/`Z` in either case.
fn date_time(text: &str) -> bool {
    let number = |part: &str| {
        (!part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    let Some((date, time)) = text.split_once(['T', 't']) else {
        return false;
    };
    let date: Vec<&str> = date.split('-').collect();
    let [year, month, day] = date.as_slice() else {
        return false;
    };
    let (Some(_), Some(month), Some(day)) = (
        (year.len() == 4).then(|| number(year)).flatten(),
        (month.len() == 2).then(|| number(month)).flatten(),
        (day.len() == 2).then(|| number(day)).flatten(),
    ) else {
        return false;
    };
    let last = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 => 29,
        _ => return false,
    };
    if !(1..=last).contains(&day) {
        return false;
    }
    let (clock, offset) = match time.find(['Z', 'z', '+', '-']) {
        Some(at) => time.split_at(at),
        None => return false,
    };
    let offset_ok = match offset {
        "Z" | "z" => true,
        _ => {
            let sign_free = &offset[1..];
            let parts: Vec<&str> = sign_free.split(':').collect();
            matches!(parts.as_slice(), [hour, minute]
                if hour.len() == 2 && minute.len() == 2
                    && number(hour).is_some_and(|hour| hour <= 23)
                    && number(minute).is_some_and(|minute| minute <= 59))
        }
    };
    let (clock, fraction) = match clock.split_once('.') {
        Some((clock, fraction)) => (clock, Some(fraction)),
        None => (clock, None),
    };
    let fraction_ok = fraction.is_none_or(|digits| {
        !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
    });
    let parts: Vec<&str> = clock.split(':').collect();
    let clock_ok = matches!(parts.as_slice(), [hour, minute, second]
        if hour.len() == 2 && minute.len() == 2 && second.len() == 2
            && number(hour).is_some_and(|hour| hour <= 23)
            && number(minute).is_some_and(|minute| minute <= 59)
            && number(second).is_some_and(|second| second <= 60));
    offset_ok && fraction_ok && clock_ok
}

/// `uuid`: 8-4-4-4-12 hex digits, either case.
fn uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups.iter().zip([8, 4, 4, 4, 12]).all(|(group, len)| {
            group.len() == len && group.bytes().all(|byte| byte.is_ascii_hexdigit())
        })
}
