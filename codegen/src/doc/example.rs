//! The example payload a page shows for each type: the type's own `#[example]`s where the
//! schema gives some, else one drawn from the IR (a field's `#[example]` or default first,
//! then a plain value of its type within its constraints). Every example shown is checked by
//! [`crate::accept`], as every reader would read it: a drawn value the contract refuses is not
//! shown, and the page says so instead.

use crate::accept;
use crate::ir::{Bound, Constant, Field, Format, JsonValue, Number, Schema, Ty, TypeDef, UnionDef};

/// Where a type's example comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Example {
    /// The type's `#[example]`s, as written.
    Given(Vec<JsonValue>),
    /// One value drawn from the IR.
    Drawn(JsonValue),
    /// No value could be drawn that the contract accepts (a pattern cardc cannot invent a
    /// string for, say), with the reason the last try was refused.
    None(String),
}

/// How deep a drawn value nests named types before it leaves out what it may.
const DEPTH: usize = 6;

/// The example of the type `name`, every value checked against it.
pub fn of(schema: &Schema, name: &str) -> Example {
    let ty = Ty::Named(name.to_string());
    let given = schema
        .types
        .get(name)
        .map(|def| def.examples().clone())
        .unwrap_or_default();
    let accepted = |value: &JsonValue| accept::value(&schema.types, &ty, value);
    if !given.is_empty() && given.iter().all(|value| accepted(value).is_ok()) {
        return Example::Given(given);
    }
    let drawer = Drawer {
        schema,
        within: Vec::new(),
    };
    match drawer.ty(&ty, 0) {
        Some(value) => match accepted(&value) {
            Ok(()) => Example::Drawn(value),
            Err(fault) => Example::None(format!("a drawn value is refused{}", fault.describe())),
        },
        None => Example::None("no value of it could be drawn".to_string()),
    }
}

/// Draws plain values, keeping the named types it is inside to stop at a cycle.
#[derive(Clone)]
struct Drawer<'a> {
    schema: &'a Schema,
    within: Vec<&'a str>,
}

impl<'a> Drawer<'a> {
    fn ty(mut self, ty: &'a Ty, depth: usize) -> Option<JsonValue> {
        match ty {
            Ty::String => Some(JsonValue::String("text".to_string())),
            Ty::Bool => Some(JsonValue::Bool(true)),
            Ty::Int(kind) => Some(JsonValue::Int(kind.bounds().0.max(0).min(kind.bounds().1))),
            Ty::Decimal(_) => Some(JsonValue::String("0".to_string())),
            Ty::F64 => Some(JsonValue::Float(1.5)),
            Ty::Json => Some(JsonValue::Object(Vec::new())),
            Ty::Vec(item) => Some(JsonValue::Array(
                self.cyclic(item, depth)
                    .then(Vec::new)
                    .or_else(|| self.clone().ty(item, depth).map(|value| vec![value]))
                    .unwrap_or_default(),
            )),
            Ty::Map(item) => Some(JsonValue::Object(
                self.cyclic(item, depth)
                    .then(Vec::new)
                    .or_else(|| {
                        let value = self.clone().ty(item, depth)?;
                        Some(vec![("key".to_string(), value)])
                    })
                    .unwrap_or_default(),
            )),
            Ty::Boxed(inner) => self.ty(inner, depth),
            Ty::Nullable(inner) if self.cyclic(inner, depth) => Some(JsonValue::Null),
            Ty::Nullable(inner) => self.ty(inner, depth).or(Some(JsonValue::Null)),
            Ty::Const(constant) => Some(match constant {
                Constant::String(text) => JsonValue::String(text.clone()),
                Constant::Int(number) => JsonValue::Int(*number),
                Constant::Bool(flag) => JsonValue::Bool(*flag),
            }),
            Ty::Named(name) => {
                if depth > DEPTH * 2 || self.within.contains(&name.as_str()) {
                    return None;
                }
                self.within.push(name);
                self.named(name, depth + 1, &[])
            }
        }
    }

    /// Whether a value of `ty` would lead back into a type being drawn, or too deep: an array
    /// or map of it is drawn empty, a nullable one `null`, an optional field left out.
    fn cyclic(&self, ty: &Ty, depth: usize) -> bool {
        if depth > DEPTH {
            return true;
        }
        match ty {
            Ty::Named(name) => self.within.contains(&name.as_str()),
            Ty::Vec(inner) | Ty::Map(inner) | Ty::Boxed(inner) | Ty::Nullable(inner) => {
                self.cyclic(inner, depth)
            }
            _ => false,
        }
    }

    /// A named type's value; `tags` are the tag keys and values of the unions it is a
    /// payload of, which its object starts with.
    fn named(self, name: &'a str, depth: usize, tags: &[(String, JsonValue)]) -> Option<JsonValue> {
        match self.schema.types.get(name)? {
            TypeDef::Struct(def) => {
                let mut entries = tags.to_vec();
                for field in self.schema.object_fields(def) {
                    match self.clone().field(field, depth) {
                        Some(value) => entries.push((field.wire_name.clone(), value)),
                        None if field.presence.may_be_absent() => {}
                        None => return None,
                    }
                }
                Some(JsonValue::Object(entries))
            }
            TypeDef::Newtype(def) => self.ty(&def.ty, depth),
            TypeDef::Union(def) => self.union(def, depth, tags),
            TypeDef::Enum(def) => {
                let value = def
                    .values
                    .iter()
                    .find(|value| value.deprecated.is_none())
                    .or(def.values.first())
                    .map_or("other", |value| &value.wire_name);
                Some(JsonValue::String(value.to_string()))
            }
            TypeDef::Untagged(def) => def
                .variants
                .iter()
                .find_map(|variant| self.clone().ty(&variant.ty, depth)),
        }
    }

    /// A union's object: its first variant (one not deprecated first) that can be drawn.
    fn union(
        self,
        def: &'a UnionDef,
        depth: usize,
        tags: &[(String, JsonValue)],
    ) -> Option<JsonValue> {
        let current = def.variants.iter().filter(|v| v.deprecated.is_none());
        let deprecated = def.variants.iter().filter(|v| v.deprecated.is_some());
        current.chain(deprecated).find_map(|variant| {
            let mut tags = tags.to_vec();
            tags.push((
                def.tag.clone(),
                JsonValue::String(variant.tag_value.clone()),
            ));
            match &variant.payload {
                None => Some(JsonValue::Object(tags)),
                Some(payload) => {
                    let mut drawer = self.clone();
                    if drawer.within.contains(&payload.as_str()) {
                        return None;
                    }
                    drawer.within.push(payload);
                    drawer.named(payload, depth + 1, &tags)
                }
            }
        })
    }

    /// A field's value, or `None` to leave the key out (an optional field that leads back
    /// into a type being drawn, or whose value cannot be drawn).
    fn field(self, field: &'a Field, depth: usize) -> Option<JsonValue> {
        let fits =
            |value: &JsonValue| accept::field_value(&self.schema.types, field, value).is_ok();
        if let Some(example) = field.examples.iter().find(|value| fits(value)) {
            return Some(example.clone());
        }
        if let Some(default) = &field.default {
            return Some(default.value.clone());
        }
        let cyclic = self.cyclic(&field.ty, depth) || depth > DEPTH;
        if cyclic && field.presence.may_be_absent() {
            return None;
        }
        // A key that must be there but leads back into a type being drawn holds `null`, where
        // it may.
        let null = field.presence.may_be_null().then_some(JsonValue::Null);
        if cyclic && null.is_some() {
            return null;
        }
        let mut candidates = constrained(field);
        candidates.extend(self.clone().ty(&field.ty, depth));
        // A required key keeps a value that does not fit, so that the check of the whole
        // value says where and why it is refused.
        let plain = candidates
            .last()
            .cloned()
            .filter(|_| !field.presence.may_be_absent());
        candidates
            .into_iter()
            .find(|value| fits(value))
            .or(null)
            .or(plain)
    }
}

/// Values that keep to a field's constraints where a plain value of its type may not: a
/// string of a format or of the length asked, a number at its bounds.
fn constrained(field: &Field) -> Vec<JsonValue> {
    let constraints = &field.constraints;
    let mut values = Vec::new();
    if let Some(format) = constraints.format {
        values.push(JsonValue::String(
            match format {
                Format::Uri => "https://example.com/",
                Format::DateTime => "2024-01-01T00:00:00Z",
                Format::Uuid => "00000000-0000-4000-8000-000000000000",
            }
            .to_string(),
        ));
    }
    // A pattern's literal start (`^file://`), alone and followed by a little more.
    if let Some(pattern) = &constraints.pattern {
        let start: String = pattern
            .strip_prefix('^')
            .unwrap_or_default()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '/' | '_' | '-' | '@'))
            .collect();
        if !start.is_empty() {
            for more in ["", "x", "/x"] {
                values.push(JsonValue::String(format!("{start}{more}")));
            }
        }
    }
    if let Some(length) = constraints.length {
        let wanted = length.min.unwrap_or(1).max(1);
        let wanted = length.max.map_or(wanted, |max| wanted.min(max));
        values.push(JsonValue::String(
            "x".repeat(usize::try_from(wanted).unwrap_or(1)),
        ));
    }
    if let Some(range) = constraints.range {
        let bounds = [range.min, range.max];
        for bound in bounds.into_iter().flatten() {
            values.extend(near(bound));
        }
    }
    values
}

/// Numbers at and just inside a bound (an integer field's bounds are integers).
fn near(bound: Bound) -> Vec<JsonValue> {
    match bound.value {
        Number::Int(value) => [value, value.saturating_add(1), value.saturating_sub(1)]
            .into_iter()
            .map(JsonValue::Int)
            .collect(),
        Number::Float(value) => [value, value + 0.5, value - 0.5]
            .into_iter()
            .map(JsonValue::Float)
            .collect(),
    }
}
