//! The tolerant read of a payload, computed from the IR alone: what a reader that applies the
//! schema's reader policies (`#[skip_invalid]`, `#[on_invalid = "absent"]` or `"default"`,
//! `#[on_invalid(default = "<JSON>")]`) reads, and the JSON pointer of everything it drops. Like [`crate::contract`], it shares no code with any reader
//! under test; it leans on [`crate::contract`] for whether a value fits a type where no policy
//! lies beneath it.
//!
//! The rules, as `docs/src/reference/tolerant-readers.md` states them: an item of a
//! `#[skip_invalid]` array that is not a valid item (read tolerantly itself) is left out; a present
//! value of an `#[on_invalid = "absent"]` field that is not valid (read tolerantly itself) makes
//! the key absent, and of a field with an `on_invalid` default reads as that default; a missing
//! required key is no value a policy covers; the warnings inside a dropped value are dropped with
//! it; anything else invalid fails the read. Warnings are ordered by pointer: keys by text, indices by
//! number.

use cardc_codegen::ir::{OnInvalid, Schema, StructDef, Ty, TypeDef};
use cardc_codegen::json_text;
use serde_json::{Map, Value};

use std::collections::BTreeMap;

use crate::contract::{self, constrained, escape};
use crate::{Case, TolerantResult, same_json};

/// One step of a warning's pointer.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    Index(usize),
    Key(String),
}

/// A tolerant read: the value a reader holds (as it writes it back) and what it dropped.
#[derive(Debug, Clone, PartialEq)]
pub struct TolerantRead {
    /// The value read, as JSON.
    pub value: Value,
    /// The JSON pointer of each dropped item or value, ordered by pointer.
    pub warnings: Vec<String>,
}

/// Whether a reader's tolerant read of a `type_name` (its value as written back, and its
/// warnings' pointers) is the checker's: the same warnings, and the value a conforming writer
/// writes back of the checker's (a null-as-absent `null` and a dropping struct's unknown keys
/// gone, defaults filled or omitted); or both refusing.
pub fn agrees(
    schema: &Schema,
    type_name: &str,
    expected: &Result<TolerantRead, String>,
    actual: &Result<(Value, Vec<String>), String>,
) -> bool {
    match (expected, actual) {
        (Ok(expected), Ok((value, warnings))) => {
            let written = contract::written(schema, type_name, &expected.value);
            same_json(&written, value) && &expected.warnings == warnings
        }
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

/// Every case of `cases` that the tolerant reader `reader` read (`reads`, by case name) otherwise
/// than the contract checker's tolerant read (see [`agrees`]).
pub fn disagreements(
    schema: &Schema,
    cases: &[Case],
    reader: &str,
    reads: &BTreeMap<String, TolerantResult>,
) -> Vec<String> {
    cases
        .iter()
        .filter_map(|case| {
            let expected = read(schema, &case.type_name, &case.payload);
            let actual = reads
                .get(&case.name)
                .unwrap_or_else(|| panic!("{reader} gave no tolerant read of {}", case.name));
            (!agrees(schema, &case.type_name, &expected, actual)).then(|| {
                format!(
                    "  {} [{}]: the {reader} tolerant read differs from the contract's\n    \
                     contract {expected:?}\n    {reader} {actual:?}\n    payload: {}",
                    case.name, case.type_name, case.payload
                )
            })
        })
        .collect()
}

/// The tolerant read of `value` as the named type `type_name`, in its standalone form, or the
/// first fault no policy covers.
pub fn read(schema: &Schema, type_name: &str, value: &Value) -> Result<TolerantRead, String> {
    let (value, mut warnings) = Reader { schema }.named(type_name, value, &[])?;
    warnings.sort();
    let warnings = warnings
        .into_iter()
        .map(|steps| {
            steps
                .iter()
                .map(|step| match step {
                    Step::Index(index) => format!("/{index}"),
                    Step::Key(key) => format!("/{}", escape(key)),
                })
                .collect()
        })
        .collect();
    Ok(TolerantRead { value, warnings })
}

/// A value read and the pointers (as steps, relative to it) of what was dropped inside it.
type Read = (Value, Vec<Vec<Step>>);

struct Reader<'a> {
    schema: &'a Schema,
}

/// The warnings of a value read at `step`, their pointers below it.
fn under(step: Step, warnings: Vec<Vec<Step>>) -> impl Iterator<Item = Vec<Step>> {
    warnings.into_iter().map(move |mut steps| {
        steps.insert(0, step.clone());
        steps
    })
}

impl Reader<'_> {
    /// A value of type `ty`: strict unless a policy lies beneath it.
    fn ty(&self, ty: &Ty, value: &Value) -> Result<Read, String> {
        if !self.schema.reaches_tolerance(ty) {
            return if contract::fits(self.schema, ty, value) {
                Ok((value.clone(), Vec::new()))
            } else {
                Err(format!("{value} is not a {ty:?}"))
            };
        }
        match (ty, value) {
            (Ty::Nullable(_), Value::Null) => Ok((Value::Null, Vec::new())),
            (Ty::Nullable(inner) | Ty::Boxed(inner), _) => self.ty(inner, value),
            (Ty::Vec(item), Value::Array(items)) => self.items(item, items, false),
            (Ty::Map(item), Value::Object(entries)) => {
                let mut out = Map::new();
                let mut warnings = Vec::new();
                for (key, entry) in entries {
                    let (read, inner) = self.ty(item, entry).map_err(|e| format!("/{key}: {e}"))?;
                    warnings.extend(under(Step::Key(key.clone()), inner));
                    out.insert(key.clone(), read);
                }
                Ok((Value::Object(out), warnings))
            }
            (Ty::Named(name), _) => self.named(name, value, &[]),
            _ => Err(format!("{value} is not a {ty:?}")),
        }
    }

    /// An array's items; with `skip`, an invalid one is left out and noted.
    fn items(&self, item: &Ty, items: &[Value], skip: bool) -> Result<Read, String> {
        let mut out = Vec::new();
        let mut warnings = Vec::new();
        for (index, item_value) in items.iter().enumerate() {
            match self.ty(item, item_value) {
                Ok((read, inner)) => {
                    warnings.extend(under(Step::Index(index), inner));
                    out.push(read);
                }
                Err(_) if skip => warnings.push(vec![Step::Index(index)]),
                Err(fault) => return Err(format!("/{index}: {fault}")),
            }
        }
        Ok((Value::Array(out), warnings))
    }

    /// A named type; `tags` are the tag keys of the unions it is reached through.
    fn named(&self, name: &str, value: &Value, tags: &[&str]) -> Result<Read, String> {
        let strict = || {
            contract::check_within(self.schema, name, value, tags)
                .map(|()| (value.clone(), Vec::new()))
        };
        if !self.schema.reaches_tolerance(&Ty::Named(name.to_owned())) {
            return strict();
        }
        match self.schema.types.get(name) {
            Some(TypeDef::Struct(def)) => self.object(def, value, tags),
            Some(TypeDef::Newtype(def)) => self.ty(&def.ty, value),
            Some(TypeDef::Union(def)) => {
                let object = value.as_object().ok_or("not an object")?;
                let tag = object.get(&def.tag).ok_or("no tag")?;
                let variant = def
                    .variants
                    .iter()
                    .find(|variant| tag.as_str() == Some(&variant.tag_value));
                match variant {
                    // A unit variant, or a variant with no policy beneath it, is read strictly;
                    // so is the catch-all, which keeps the object whole.
                    Some(variant) if variant.payload.is_some() => {
                        let mut tags = tags.to_vec();
                        tags.push(&def.tag);
                        let payload = variant.payload.as_deref().unwrap_or_default();
                        self.named(payload, value, &tags)
                    }
                    _ => strict(),
                }
            }
            // The variant is picked by the value's shape and keys, which no policy changes (the
            // checker refuses a policy inside a variant tried in order).
            Some(TypeDef::Untagged(def)) => match contract::picked(self.schema, def, value) {
                Some(variant) => self.ty(&variant.ty, value),
                None => strict(),
            },
            Some(_) => strict(),
            None => panic!("the IR names a type it does not define: {name}"),
        }
    }

    /// A struct's object: each field read by its policy; a dropped value's key left out.
    fn object(&self, def: &StructDef, value: &Value, tags: &[&str]) -> Result<Read, String> {
        let object = value.as_object().ok_or("not an object")?;
        let fields = self.schema.object_fields(def);
        let known = |key: &String| {
            tags.contains(&key.as_str()) || fields.iter().any(|field| &field.wire_name == key)
        };
        if def.closed()
            && let Some(key) = object.keys().find(|key| !known(key))
        {
            return Err(format!("/{key}: unknown field"));
        }
        let mut out = object.clone();
        let mut warnings = Vec::new();
        for field in &fields {
            let key = &field.wire_name;
            let read = match object.get(key) {
                None if field.presence.may_be_absent() => continue,
                // No policy reads a missing key: one covers only a value that is there.
                None => return Err(format!("/{key}: required, missing")),
                Some(Value::Null) if field.presence.may_be_null() => continue,
                Some(present) => match (&field.ty, present) {
                    (Ty::Vec(item), Value::Array(items)) if field.tolerance.skip_invalid => {
                        self.items(item, items, true)
                    }
                    (ty, _) => self.ty(ty, present),
                }
                .and_then(|(read, inner)| {
                    constrained(&field.constraints, &read)?;
                    Ok((read, inner))
                }),
            };
            match read {
                Ok((read, inner)) => {
                    warnings.extend(under(Step::Key(key.clone()), inner));
                    out.insert(key.clone(), read);
                }
                Err(_) if field.tolerance.on_invalid == OnInvalid::Absent => {
                    out.remove(key);
                    warnings.push(vec![Step::Key(key.clone())]);
                }
                Err(_) if let OnInvalid::Default(value) = &field.tolerance.on_invalid => {
                    out.insert(key.clone(), json_text::to_value(value));
                    warnings.push(vec![Step::Key(key.clone())]);
                }
                Err(fault) => return Err(format!("/{key}: {fault}")),
            }
        }
        Ok((Value::Object(out), warnings))
    }
}
