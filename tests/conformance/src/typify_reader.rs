//! The fifth reader: the Rust types typify generates from the published JSON Schema (see
//! `build.rs`), which is what a team holding only the schema would use.
//!
//! typify's types are not cardc's and need not agree on every case; the book lists each class
//! of case where they differ. One thing they must never do is decode a payload as the wrong
//! variant, so a decoded payload is written back and every tag it held must still be there.

use cardc_codegen::ir::{Schema, Ty, TypeDef};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::contract::escape;
use crate::{Case, Verdict};

/// typify's output, compiled as it comes: it is third-party generated code, so it is not held
/// to this workspace's lints.
#[allow(
    clippy::all,
    clippy::pedantic,
    dead_code,
    missing_docs,
    unused_imports,
    unused_qualifications
)]
pub mod types {
    include!(concat!(env!("OUT_DIR"), "/typify_render_intent.rs"));
}

/// What typify's types made of one case.
#[derive(Debug, Clone)]
pub struct TypifyVerdict {
    /// Whether the payload decoded, and the decoder's error when it did not.
    pub verdict: Verdict,
    /// For a decoded payload, a tag that writing it back changed or lost: the payload was
    /// decoded as the wrong variant.
    pub wrong_variant: Option<String>,
    /// For a decoded payload, the JSON typify writes back when it differs from the input.
    pub rewritten: Option<Value>,
}

macro_rules! typify_decode {
    ($($name:ident),*) => {
        /// Decodes the case with typify's type of the case's type name: typify names each
        /// type after its `$defs` entry.
        fn decode_named(schema: &Schema, case: &Case) -> Option<TypifyVerdict> {
            match case.type_name.as_str() {
                $(stringify!($name) => Some(decode::<types::$name>(schema, case)),)*
                _ => None,
            }
        }
    };
}
crate::for_each_named_type!(typify_decode);

/// Decodes the case with typify's type for its named type.
pub fn read(schema: &Schema, case: &Case) -> TypifyVerdict {
    decode_named(schema, case)
        .unwrap_or_else(|| panic!("{}: unknown corpus type {}", case.name, case.type_name))
}

fn decode<T: DeserializeOwned + Serialize>(schema: &Schema, case: &Case) -> TypifyVerdict {
    let value = match serde_json::from_value::<T>(case.payload.clone()) {
        Err(error) => {
            return TypifyVerdict {
                verdict: Verdict {
                    accepted: false,
                    detail: error.to_string(),
                    pointer: None,
                },
                wrong_variant: None,
                rewritten: None,
            };
        }
        Ok(value) => value,
    };
    let written = serde_json::to_value(&value)
        .unwrap_or_else(|error| panic!("{}: typify's type cannot write back: {error}", case.name));
    let mut tags = Vec::new();
    collect_tags(
        schema,
        &Ty::Named(case.type_name.clone()),
        &case.payload,
        "",
        &mut tags,
    );
    let wrong_variant = tags.into_iter().find_map(|(at, field, tag)| {
        let kept = written.pointer(&at).and_then(|object| object.get(&field));
        (kept != Some(&tag)).then(|| format!("{at}/{field} was {tag}, written back as {kept:?}"))
    });
    TypifyVerdict {
        verdict: Verdict {
            accepted: true,
            detail: String::new(),
            pointer: None,
        },
        wrong_variant,
        rewritten: (written != case.payload).then_some(written),
    }
}

/// Every union tag in a payload, as (pointer of its object, tag field, value), found by walking
/// the payload alongside its type as far as the payload's own tags lead.
fn collect_tags(
    schema: &Schema,
    ty: &Ty,
    value: &Value,
    at: &str,
    out: &mut Vec<(String, String, Value)>,
) {
    match (ty, value) {
        (Ty::Nullable(inner) | Ty::Boxed(inner), _) => collect_tags(schema, inner, value, at, out),
        (Ty::Vec(item), Value::Array(items)) => {
            for (index, item_value) in items.iter().enumerate() {
                collect_tags(schema, item, item_value, &format!("{at}/{index}"), out);
            }
        }
        (Ty::Map(item), Value::Object(entries)) => {
            for (key, entry) in entries {
                collect_tags(schema, item, entry, &format!("{at}/{}", escape(key)), out);
            }
        }
        (Ty::Named(name), Value::Object(object)) => match schema.types.get(name) {
            Some(TypeDef::Union(def)) => {
                let Some(tag) = object.get(&def.tag) else {
                    return;
                };
                out.push((at.to_string(), def.tag.clone(), tag.clone()));
                let variant = def
                    .variants
                    .iter()
                    .find(|variant| tag.as_str() == Some(&variant.tag_value));
                if let Some(payload) = variant.and_then(|variant| variant.payload.as_ref()) {
                    let payload = Ty::Named(payload.clone());
                    collect_tags(schema, &payload, value, at, out);
                }
            }
            Some(TypeDef::Struct(def)) => {
                for field in &def.fields {
                    if let Some(field_value) = object.get(&field.wire_name) {
                        let field_at = format!("{at}/{}", escape(&field.wire_name));
                        collect_tags(schema, &field.ty, field_value, &field_at, out);
                    }
                }
            }
            _ => {}
        },
        _ => {}
    }
}
