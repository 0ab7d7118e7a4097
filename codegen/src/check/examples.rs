//! `#[example = "<JSON>"]`: each example is parsed as JSON where it is written, and once the
//! whole schema has checked, checked against its type (a type's example in its standalone
//! form, a field's with its presence) by [`crate::accept`], so that a bad example is an error
//! at the example.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::accept::{self, Fault};
use crate::diagnostics::Diagnostic;
use crate::ir::{Field, JsonValue, Ty, TypeDef};
use crate::syntax::ast::{ItemKind, SchemaFile, Spanned};

/// The examples as JSON values, each one that is no JSON reported at its literal.
pub(super) fn parse(examples: &[Spanned<String>], errors: &mut Vec<Diagnostic>) -> Vec<JsonValue> {
    examples
        .iter()
        .filter_map(|example| {
            parse_one(
                example,
                "example",
                |literal| format!("#[example = {literal}]"),
                "#[example = r#\"{\"path\": \"a.rs\"}\"#]",
                errors,
            )
        })
        .collect()
}

/// One JSON value written in a string attribute, or `None` after an error at the literal;
/// `what` names the value in the message ("example"), `attribute` writes the attribute around
/// a string literal's text, and `such_as` shows one.
pub(super) fn parse_one(
    written: &Spanned<String>,
    what: &str,
    attribute: fn(&str) -> String,
    such_as: &str,
    errors: &mut Vec<Diagnostic>,
) -> Option<JsonValue> {
    match serde_json::from_str::<Parsed>(&written.value) {
        Ok(Parsed(value)) => Some(value),
        Err(error) => {
            let text = written.value.trim();
            // A bare word (`pending`, `normal`) is the usual slip: a string left unquoted.
            let bare_word = text.starts_with(char::is_alphabetic)
                && text
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ' '));
            let (message, hint) = if bare_word {
                (
                    format!("this {what} is not JSON: `{text}` is a bare word"),
                    format!(
                        "{} {what} is one JSON value in a string, so a string is quoted inside \
                         it: `{}`",
                        article(what),
                        attribute(&format!("\"\\\"{text}\\\"\"")),
                    ),
                )
            } else {
                (
                    // serde_json's position is within the string's text, not the file.
                    format!(
                        "this {what} is not JSON: {}, at character {} of its text",
                        reason(&error),
                        error.column()
                    ),
                    format!(
                        "{} {what} is one JSON value in a string, such as `{such_as}`",
                        article(what)
                    ),
                )
            };
            errors.push(Diagnostic::new(
                message,
                written.span.clone(),
                "not JSON",
                hint,
            ));
            None
        }
    }
}

/// serde_json's description of a syntax error without its position (`expected value`).
fn reason(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_string()
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
    accept::field_value(defs, field, value).map_err(|fault| fault.describe())
}

/// Checks every example of the schema against its type. `defs` is the whole checked schema,
/// whose examples are those of `file`, in the same order (the IR holds an example only when it
/// parsed, and this runs only when nothing failed).
pub(super) fn check(
    file: &SchemaFile,
    defs: &BTreeMap<String, TypeDef>,
    errors: &mut Vec<Diagnostic>,
) {
    for item in &file.items {
        let Some(def) = defs.get(&item.name.value) else {
            continue;
        };
        let ty = Ty::Named(item.name.value.clone());
        for (example, value) in item.examples.iter().zip(def.examples()) {
            if let Err(fault) = accept::value(defs, &ty, value) {
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
                    value => accept::field_value(defs, field, value),
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
