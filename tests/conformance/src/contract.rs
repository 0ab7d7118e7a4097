//! A small checker of the contract, written over the IR and nothing else: what a payload must
//! be, read straight from `ir::Schema`. It labels the mutation corpus. It shares no code with
//! any reader under test (serde, the JSON Schema, the TypeScript guards), so a label it gives
//! says what the schema declares, not what some reader happens to do.

use cardc_codegen::ir::{Constant, IntKind, Schema, StructDef, Ty, TypeDef};
use serde_json::{Map, Value};

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
/// unit variant holds those tags and nothing else.
pub fn check(schema: &Schema, type_name: &str, value: &Value) -> Result<(), String> {
    Checker { schema }.named(type_name, value, "", &[])
}

/// Whether `value` is a valid value of type `ty` under the contract.
pub fn fits(schema: &Schema, ty: &Ty, value: &Value) -> bool {
    Checker { schema }.ty(ty, value, "").is_ok()
}

struct Checker<'a> {
    schema: &'a Schema,
}

impl Checker<'_> {
    fn ty(&self, ty: &Ty, value: &Value, at: &str) -> Result<(), String> {
        let fits = match (ty, value) {
            (Ty::Json, _) => true,
            (Ty::Nullable(_), Value::Null) => true,
            (Ty::Nullable(inner) | Ty::Boxed(inner), _) => return self.ty(inner, value, at),
            (Ty::String, Value::String(_)) | (Ty::Bool, Value::Bool(_)) => true,
            (Ty::F64, Value::Number(_)) => true,
            (Ty::Int(kind), Value::Number(number)) => int_fits(*kind, number),
            (Ty::Const(Constant::Int(expected)), Value::Number(number)) => {
                integer(number) == Some(*expected)
            }
            (Ty::Const(constant), _) => value == &constant_value(constant),
            (Ty::Vec(item), Value::Array(items)) => {
                for (index, item_value) in items.iter().enumerate() {
                    self.ty(item, item_value, &format!("{at}/{index}"))?;
                }
                true
            }
            (Ty::Map(item), Value::Object(entries)) => {
                for (key, entry) in entries {
                    self.ty(item, entry, &format!("{at}/{}", escape(key)))?;
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
            // Valid when some variant takes it; the checker made sure no payload fits two.
            Some(TypeDef::Untagged(def)) => {
                if def
                    .variants
                    .iter()
                    .any(|v| self.ty(&v.ty, value, at).is_ok())
                {
                    Ok(())
                } else {
                    Err(format!("{at}: {value} fits no variant of {name}"))
                }
            }
            Some(TypeDef::Enum(def)) => {
                let known = def
                    .values
                    .iter()
                    .any(|enum_value| value.as_str() == Some(&enum_value.wire_name));
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
                    .find(|variant| tag.as_str() == Some(&variant.tag_value))
                    .ok_or_else(|| format!("{at}: `{}` is {tag}, not a {name}", def.tag))?;
                let mut tags = tags.to_vec();
                tags.push(&def.tag);
                match &variant.payload {
                    Some(payload) => self.named(payload, value, at, &tags),
                    None => unit(object, at, &tags),
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
            match object.get(&field.wire_name) {
                None if field.presence.may_be_absent() => {}
                None => return Err(format!("{field_at}: required, missing")),
                Some(Value::Null) if field.presence.may_be_null() => {}
                Some(field_value) => self.ty(&field.ty, field_value, &field_at)?,
            }
        }
        if def.closed {
            let known = |key: &String| {
                tags.contains(&key.as_str()) || fields.iter().any(|field| &field.wire_name == key)
            };
            if let Some(key) = object.keys().find(|key| !known(key)) {
                return Err(format!("{at}/{}: unknown field", escape(key)));
            }
        }
        Ok(())
    }
}

/// A unit variant's object: the tags of its unions and nothing else, always closed.
fn unit(object: &Map<String, Value>, at: &str, tags: &[&str]) -> Result<(), String> {
    match object.keys().find(|key| !tags.contains(&key.as_str())) {
        Some(key) => Err(format!("{at}/{}: unknown field", escape(key))),
        None => Ok(()),
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
