//! Standalone payloads: every value of a named type inside a valid hand-written case, taken out
//! and read as that type on its own.
//!
//! The standalone form of a named type carries no tag of a union it sits in: a variant struct
//! is the object of its fields, a nested union carries its own tag only. So a value reached
//! through unions is taken twice: without their tags (`standalone`, valid by construction, and
//! checked so), and as the union holds it, with their tags (`standalone/outer-tag`: a closed
//! struct refuses them as unknown fields, an open one keeps them). The second class is where
//! the readers disagreed before every output agreed on the standalone form.
//!
//! Like the mutation corpus, these cases are a pure function of the committed corpora and the
//! schema, generated on every run.

use std::collections::BTreeSet;

use cardc_codegen::ir::{Schema, Ty, TypeDef, UnknownFields};
use serde_json::Value;

use crate::Case;
use crate::contract::{self, escape};

/// One standalone case and how it was taken.
#[derive(Debug, Clone)]
pub struct Taken {
    /// The labelled case; its name is `<source case><pointer>@<type>`, with `+tags` when the
    /// tags of the unions above were kept.
    pub case: Case,
    /// `standalone` or `standalone/outer-tag`.
    pub class: &'static str,
}

/// Every standalone payload of every valid case, labelled, without a payload the corpus or an
/// earlier case already reads as the same type.
pub fn cases(schema: &Schema, corpus: &[Case]) -> Vec<Taken> {
    let mut seen: BTreeSet<(String, String)> = corpus
        .iter()
        .map(|case| (case.type_name.clone(), case.payload.to_string()))
        .collect();
    let mut out = Vec::new();
    for case in corpus.iter().filter(|case| case.valid) {
        let mut found = Vec::new();
        walk(
            schema,
            &Ty::Named(case.type_name.clone()),
            &case.payload,
            "",
            &[],
            &mut found,
        );
        for value in found {
            // The case itself, read as its own type.
            if value.at.is_empty() && value.tags.is_empty() {
                continue;
            }
            let untagged = without(&value.value, &value.tags);
            let mut takes = vec![("standalone", untagged, "", Some(true))];
            if !value.tags.is_empty() {
                let rule = Some(open_variant(schema, &value.type_name, &value.value));
                takes.push(("standalone/outer-tag", value.value.clone(), "+tags", rule));
            }
            for (class, payload, suffix, rule) in takes {
                if !seen.insert((value.type_name.clone(), payload.to_string())) {
                    continue;
                }
                let name = format!("{}{}@{}{suffix}", case.name, value.at, value.type_name);
                let verdict = contract::check(schema, &value.type_name, &payload);
                if let Some(rule) = rule {
                    assert_eq!(
                        verdict.is_ok(),
                        rule,
                        "{name}: the contract checker says {verdict:?}, the rule for {class} says {rule}"
                    );
                }
                out.push(Taken {
                    case: Case {
                        name,
                        type_name: value.type_name.clone(),
                        valid: verdict.is_ok(),
                        fault: verdict.err(),
                        payload,
                        written: None,
                        pointer: None,
                        several_faults: false,
                    },
                    class,
                });
            }
        }
    }
    out
}

/// A value of a named type found in a payload.
struct Found {
    /// Its JSON pointer in the payload.
    at: String,
    /// The named type it is read as there.
    type_name: String,
    /// The value, as the payload holds it.
    value: Value,
    /// The tag keys of the unions it is reached through there, outermost first.
    tags: Vec<String>,
}

/// Walks a valid payload alongside its type, collecting every value of a named type.
fn walk(schema: &Schema, ty: &Ty, value: &Value, at: &str, tags: &[String], out: &mut Vec<Found>) {
    match (ty, value) {
        (Ty::Nullable(_), Value::Null) | (Ty::Json, _) => {}
        (Ty::Nullable(inner) | Ty::Boxed(inner), _) => walk(schema, inner, value, at, tags, out),
        (Ty::Vec(item), Value::Array(items)) => {
            for (index, item_value) in items.iter().enumerate() {
                walk(schema, item, item_value, &format!("{at}/{index}"), &[], out);
            }
        }
        (Ty::Map(item), Value::Object(entries)) => {
            for (key, entry) in entries {
                walk(
                    schema,
                    item,
                    entry,
                    &format!("{at}/{}", escape(key)),
                    &[],
                    out,
                );
            }
        }
        (Ty::Named(name), _) => {
            out.push(Found {
                at: at.to_string(),
                type_name: name.clone(),
                value: value.clone(),
                tags: tags.to_vec(),
            });
            match schema.types.get(name) {
                Some(TypeDef::Union(def)) => {
                    let tag = value.get(&def.tag).and_then(Value::as_str);
                    let variant = def.variants.iter().find(|v| Some(&*v.tag_value) == tag);
                    // A unit variant has no payload to take out.
                    if let Some(payload) = variant.and_then(|variant| variant.payload.as_ref()) {
                        let mut inner = tags.to_vec();
                        inner.push(def.tag.clone());
                        let payload = Ty::Named(payload.clone());
                        walk(schema, &payload, value, at, &inner, out);
                    }
                }
                Some(TypeDef::Struct(def)) => {
                    for field in schema.object_fields(def) {
                        if let Some(field_value) = value.get(&field.wire_name) {
                            let field_at = format!("{at}/{}", escape(&field.wire_name));
                            walk(schema, &field.ty, field_value, &field_at, &[], out);
                        }
                    }
                }
                Some(TypeDef::Newtype(def)) => walk(schema, &def.ty, value, at, &[], out),
                Some(TypeDef::Untagged(def)) => {
                    if let Some(variant) = crate::mutate::taken_by(schema, def, value) {
                        walk(schema, &variant.ty, value, at, &[], out);
                    }
                }
                Some(TypeDef::Enum(_)) => {}
                None => panic!("the IR names a type it does not define: {name}"),
            }
        }
        _ => {}
    }
}

/// The object without the given keys.
fn without(value: &Value, keys: &[String]) -> Value {
    let mut out = value.clone();
    if let Value::Object(object) = &mut out {
        for key in keys {
            object.shift_remove(key);
        }
    }
    out
}

/// Whether the struct a valid payload of `type_name` ends in (following its unions' tags) is
/// open: then the outer tags are unknown keys it keeps, else unknown keys it refuses.
fn open_variant(schema: &Schema, type_name: &str, value: &Value) -> bool {
    match schema.types.get(type_name) {
        Some(TypeDef::Struct(def)) => !def.closed(),
        Some(TypeDef::Union(def)) => {
            let tag = value.get(&def.tag).and_then(Value::as_str);
            match def.variants.iter().find(|v| Some(&*v.tag_value) == tag) {
                Some(variant) => match &variant.payload {
                    Some(payload) => open_variant(schema, payload, value),
                    // A unit variant is closed unless it keeps or drops other keys.
                    None => variant.unknown != UnknownFields::Refuse,
                },
                None => panic!("a valid {type_name} has no known `{}` tag", def.tag),
            }
        }
        _ => panic!("{type_name} is reached through a union but is no struct or union"),
    }
}
