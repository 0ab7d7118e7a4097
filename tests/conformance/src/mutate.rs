//! The mutation corpus: every valid payload of the hand-written corpus, changed one way at a
//! time, each change labelled from the contract.
//!
//! The mutator walks a payload alongside its type in the IR, so it knows at each object which
//! fields are required, nullable or any JSON, and which tag belongs to which union. Each change
//! is labelled by [`contract::check`], a checker written over the IR alone. Where the contract
//! states the answer outright (dropping a required field is an error, `null` is allowed only
//! for a nullable or any-JSON field, ...) the mutator also knows the label by that rule, and
//! the two must agree, which checks the checker. A changed tag has no such rule: the result is
//! valid exactly when the payload happens to fit the other variant, which only a full check can
//! say. No reader under test takes part in labelling.
//!
//! The corpus is generated in-process on every run rather than committed: it is a pure,
//! deterministic function of the committed corpus and schema, so there is nothing to go stale.

mod bounds;

use std::collections::BTreeSet;

use cardc_codegen::ir::{
    Constant, Field, Presence, Schema, Shape, StructDef, Ty, TypeDef, UnionDef, UnknownFields,
};
use serde_json::{Value, json};

use crate::Case;
use crate::contract::{self, escape};

/// One generated case and the class of change that made it.
#[derive(Debug, Clone)]
pub struct Mutation {
    /// The labelled case; its name is `<source case><pointer>:<class>[=<detail>]`.
    pub case: Case,
    /// The class of change, such as `null/optional` or `tag/other` (see
    /// `docs/src/evidence/conformance.md`).
    pub class: &'static str,
    /// The JSON pointer of what the change touched: the key set or removed, or the value
    /// replaced. An invalid single change is at fault there.
    pub pointer: String,
}

/// The key added by the unknown-field mutation; no schema field is spelled like this.
pub const UNKNOWN_KEY: &str = "cardcUnknownField";

/// A tag or enum value that no union or enum of the schema uses.
pub const UNKNOWN_VALUE: &str = "cardc_unknown_value";

/// The class whose invalid changes are no single fault: a changed tag.
pub const AMBIGUOUS: &str = "tag/other";

/// Every mutation of every valid case, labelled, without duplicate payloads.
pub fn mutations(schema: &Schema, corpus: &[Case]) -> Vec<Mutation> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for case in corpus.iter().filter(|case| case.valid) {
        let mut walker = Walker {
            schema,
            edits: Vec::new(),
            picked: None,
            repickable: false,
        };
        walker.ty(&Ty::Named(case.type_name.clone()), &case.payload, "");
        for edit in walker.edits {
            let payload = edit.apply(&case.payload);
            if !seen.insert((case.type_name.clone(), payload.to_string())) {
                continue;
            }
            let verdict = contract::check(schema, &case.type_name, &payload);
            let name = format!("{}{}:{}", case.name, edit.at, edit.detail);
            if let Some(rule) = edit.rule {
                assert_eq!(
                    verdict.is_ok(),
                    rule,
                    "{name}: the contract checker says {verdict:?}, the rule for {} says {rule}",
                    edit.class
                );
            }
            let valid = verdict.is_ok();
            // A changed tag that makes the object another variant leaves that variant's
            // fields wrong: several faults, of which no reader's first is "the" one.
            // An empty array grown past its count bound grows with `null`, which only an
            // any-JSON item takes: then the items are at fault too.
            let grown_from_empty = edit.class == "items/edge"
                && case
                    .payload
                    .pointer(&edit.pointer())
                    .and_then(Value::as_array)
                    .is_some_and(Vec::is_empty);
            let several_faults =
                !valid && (edit.class == AMBIGUOUS || grown_from_empty || edit.unpicks);
            let pointer = edit.pointer();
            out.push(Mutation {
                case: Case {
                    name,
                    type_name: case.type_name.clone(),
                    valid,
                    fault: verdict.err(),
                    payload,
                    written: None,
                    pointer: (!valid && !several_faults).then(|| pointer.clone()),
                    several_faults,
                },
                class: edit.class,
                pointer,
            });
        }
    }
    out
}

/// One change to a payload.
struct Edit {
    /// The JSON pointer of the object (or, for `Replace`, the value) changed.
    at: String,
    op: Op,
    class: &'static str,
    /// What follows the class in the case name.
    detail: String,
    /// The label the contract gives outright, when it does.
    rule: Option<bool>,
    /// Whether it may make a value of an untagged union another variant's (it removes a key
    /// that picked an object, or changes what an open variant holds or an item's shape), whose
    /// fields may then be wrong in several places.
    unpicks: bool,
}

enum Op {
    Remove(String),
    Set(String, Value),
    Replace(Value),
}

impl Edit {
    /// The pointer of what the edit touches.
    fn pointer(&self) -> String {
        match &self.op {
            Op::Remove(key) | Op::Set(key, _) => format!("{}/{}", self.at, escape(key)),
            Op::Replace(_) => self.at.clone(),
        }
    }

    fn apply(&self, payload: &Value) -> Value {
        let mut out = payload.clone();
        let Some(target) = out.pointer_mut(&self.at) else {
            panic!(
                "the walker pointed at {} which is not in {payload}",
                self.at
            )
        };
        match (&self.op, target) {
            (Op::Remove(key), Value::Object(object)) => {
                object.remove(key);
            }
            (Op::Set(key, value), Value::Object(object)) => {
                object.insert(key.clone(), value.clone());
            }
            (Op::Replace(value), target) => *target = value.clone(),
            (_, target) => panic!("{} is not an object: {target}", self.at),
        }
        out
    }
}

struct Walker<'a> {
    schema: &'a Schema,
    edits: Vec<Edit>,
    /// The object being walked and the keys that picked it as a variant of an untagged union
    /// among several object variants, if it is one.
    picked: Option<(String, Vec<String>)>,
    /// Whether the walk is inside an object variant of an untagged union beside an object
    /// variant that takes keys it does not declare: a removed or added key may then make the
    /// object another variant's, so the contract checker alone labels the changes.
    repickable: bool,
}

impl Walker<'_> {
    fn edit(&mut self, at: &str, op: Op, class: &'static str, detail: String, rule: Option<bool>) {
        let detail = if detail.is_empty() {
            class.to_string()
        } else {
            format!("{class}={detail}")
        };
        self.edits.push(Edit {
            at: at.to_string(),
            op,
            class,
            detail,
            rule: rule.filter(|_| !self.repickable),
            // An edit that may make the value another variant's may move its fault too.
            unpicks: self.repickable,
        });
    }

    /// Walks a value of a valid payload; `at` is its JSON pointer.
    fn ty(&mut self, ty: &Ty, value: &Value, at: &str) {
        match (ty, value) {
            (Ty::Nullable(_), Value::Null) | (Ty::Json, _) => {}
            (Ty::Nullable(inner) | Ty::Boxed(inner), _) => self.ty(inner, value, at),
            (Ty::Vec(item), Value::Array(items)) => {
                for (index, item_value) in items.iter().enumerate() {
                    self.ty(item, item_value, &format!("{at}/{index}"));
                }
            }
            (Ty::Map(item), Value::Object(entries)) => {
                for (key, entry) in entries {
                    self.ty(item, entry, &format!("{at}/{}", escape(key)));
                }
            }
            (Ty::Named(name), _) => self.named(name, value, at),
            _ => {}
        }
    }

    fn named(&mut self, name: &str, value: &Value, at: &str) {
        match self.schema.types.get(name) {
            Some(TypeDef::Struct(def)) => self.object(def, value, at),
            Some(TypeDef::Newtype(def)) => self.ty(&def.ty, value, at),
            Some(TypeDef::Untagged(def)) => {
                if let Some(variant) = taken_by(self.schema, def, value) {
                    let picked = match &variant.shape {
                        Shape::Object(keys) if !keys.is_empty() => {
                            Some((at.to_owned(), keys.clone()))
                        }
                        _ => None,
                    };
                    // Among array variants, an edited item may change the item shape that
                    // picked the array.
                    let arrays = def
                        .variants
                        .iter()
                        .filter(|variant| matches!(variant.shape, Shape::Array(_)))
                        .count();
                    // A variant tried in order: an edit that it refuses may make another read.
                    let repickable = (picked.is_some() && takes_undeclared_keys(self.schema, def))
                        || (arrays > 1 && matches!(variant.shape, Shape::Array(_)))
                        || variant.shape == Shape::Tried;
                    let outer = std::mem::replace(&mut self.picked, picked);
                    let inner = self.repickable || repickable;
                    let outer_repickable = std::mem::replace(&mut self.repickable, inner);
                    self.ty(&variant.ty, value, at);
                    self.picked = outer;
                    self.repickable = outer_repickable;
                }
            }
            Some(TypeDef::Union(def)) => {
                let tag = value.get(&def.tag).and_then(Value::as_str);
                let variant = def.variants.iter().find(|v| Some(&*v.tag_value) == tag);
                // An open union's catch-all: its tag changes as a known one's do (a known tag
                // then asks the body to be that variant's), and its body holds any JSON.
                if let (None, Some(tag)) = (variant, tag)
                    && def.is_open()
                {
                    self.tag(def, tag, at);
                    let extra = set(UNKNOWN_KEY, json!("x"));
                    let class = "unknown-field/catch-all";
                    self.edit(at, extra, class, String::new(), Some(true));
                }
                if let Some(variant) = variant {
                    self.tag(def, &variant.tag_value, at);
                    match &variant.payload {
                        Some(payload) => {
                            self.foreign_tags(def, payload, at);
                            self.named(payload, value, at);
                        }
                        // A closed unit variant refuses another key; an open one keeps or drops
                        // it.
                        None => {
                            let stray = set(UNKNOWN_KEY, json!("x"));
                            let closed = variant.unknown == UnknownFields::Refuse;
                            self.edit(
                                at,
                                stray,
                                "unknown-field/unit",
                                String::new(),
                                Some(!closed),
                            );
                        }
                    }
                }
            }
            Some(TypeDef::Enum(def)) => {
                let others = def.values.iter().map(|v| v.wire_name.as_str());
                for other in others.filter(|other| value.as_str() != Some(other)) {
                    let op = Op::Replace(other.into());
                    self.edit(at, op, "enum/other", other.to_string(), Some(true));
                }
                let op = Op::Replace(UNKNOWN_VALUE.into());
                self.edit(at, op, "enum/unknown", String::new(), Some(def.is_open()));
            }
            None => panic!("the IR names a type it does not define: {name}"),
        }
    }

    /// The changes to a union's tag, whose value in the payload is `value`: dropped, `null`,
    /// of every wrong type, every other tag value of the union, and an unknown one.
    fn tag(&mut self, union: &UnionDef, value: &str, at: &str) {
        let key = &union.tag;
        let drop = Op::Remove(key.clone());
        self.edit(at, drop, "drop/tag", key.clone(), Some(false));
        self.edit(
            at,
            set(key, Value::Null),
            "null/tag",
            key.clone(),
            Some(false),
        );
        for (kind, wrong) in wrong_values(self.schema, &Ty::String) {
            let detail = format!("{key}={kind}");
            self.edit(at, set(key, wrong), "wrong-type/tag", detail, Some(false));
        }
        let others = union.variants.iter().map(|v| v.tag_value.as_str());
        for other in others.filter(|other| *other != value) {
            let detail = format!("{key}={other}");
            self.edit(at, set(key, other.into()), "tag/other", detail, None);
        }
        // An unknown tag is refused by a closed union and kept by an open one's catch-all.
        let unknown = set(key, UNKNOWN_VALUE.into());
        let rule = Some(union.is_open());
        self.edit(at, unknown, "tag/unknown", key.clone(), rule);
    }

    /// The tags of the other unions that carry `payload` too, each with the value it gives
    /// the payload there, added to its use in `union`: a key the payload does not have here.
    /// A closed struct refuses it and an open one keeps it, unless the key is also a tag of a
    /// union around this use, which only the full check can say.
    fn foreign_tags(&mut self, union: &UnionDef, payload: &str, at: &str) {
        if !matches!(self.schema.types.get(payload), Some(TypeDef::Struct(_))) {
            return;
        }
        let uses: Vec<(String, String)> = self
            .schema
            .types
            .values()
            .filter_map(|def| match def {
                TypeDef::Union(other) if other.name != union.name && other.tag != union.tag => {
                    Some(other)
                }
                _ => None,
            })
            .flat_map(|other| {
                other
                    .variants
                    .iter()
                    .filter(|variant| variant.payload.as_deref() == Some(payload))
                    .map(|variant| (other.tag.clone(), variant.tag_value.clone()))
            })
            .collect();
        for (key, value) in uses {
            let detail = format!("{key}={value}");
            self.edit(at, set(&key, value.into()), "tag/foreign", detail, None);
        }
    }

    fn object(&mut self, def: &StructDef, value: &Value, at: &str) {
        let Value::Object(object) = value else {
            return;
        };
        for field in self.schema.object_fields(def) {
            if let Some(field_value) = object.get(&field.wire_name) {
                self.field(field, field_value, at);
            }
        }
        let unknown = set(UNKNOWN_KEY, json!("x"));
        self.edit(
            at,
            unknown,
            "unknown-field",
            String::new(),
            Some(!def.closed()),
        );
    }

    fn field(&mut self, field: &Field, value: &Value, at: &str) {
        let key = &field.wire_name;
        let (drop, rule) = match field.presence {
            Presence::Defaulted => ("drop/defaulted", true),
            presence if presence.may_be_absent() => ("drop/optional", true),
            _ => ("drop/required", false),
        };
        self.edit(at, Op::Remove(key.clone()), drop, key.clone(), Some(rule));
        // Without a key that picked it, the object picks a later variant of its untagged
        // union, and is wrong where that variant's fields differ.
        if self
            .picked
            .as_ref()
            .is_some_and(|(object, keys)| object == at && keys.contains(key))
            && let Some(edit) = self.edits.last_mut()
        {
            // A later variant may take it (a map, or an open struct), so the contract checker
            // alone labels it.
            edit.unpicks = true;
            edit.rule = None;
        }
        // The default itself, which a writer that omits it leaves out.
        if let Some(default) = &field.default {
            let value = cardc_codegen::json_text::to_value(&default.value);
            self.edit(
                at,
                set(key, value),
                "default/given",
                key.clone(),
                Some(true),
            );
        }
        let null = match (&field.ty, field.presence) {
            (Ty::Json, _) => "null/json",
            (_, Presence::Nullable | Presence::OptionalNullable) => "null/nullable",
            (_, Presence::Optional) => "null/optional",
            (_, Presence::NullAsAbsent) => "null/null-as-absent",
            (_, Presence::Defaulted) => "null/defaulted",
            (_, Presence::Required) => "null/required",
        };
        let nullable = field.ty == Ty::Json || field.presence.may_be_null();
        self.edit(at, set(key, Value::Null), null, key.clone(), Some(nullable));
        let class = if field.ty == Ty::Json {
            "any-type/json"
        } else {
            "wrong-type/field"
        };
        for (kind, wrong) in wrong_values(self.schema, &field.ty) {
            let detail = format!("{key}={kind}");
            let rule = field.ty == Ty::Json;
            self.edit(at, set(key, wrong), class, detail, Some(rule));
        }
        if let Ty::Const(constant) = &field.ty {
            let other = match constant {
                Constant::String(text) => Value::from(format!("{text}{UNKNOWN_VALUE}")),
                Constant::Int(number) => Value::from(number + 1),
                Constant::Bool(flag) => Value::from(!flag),
            };
            self.edit(at, set(key, other), "const/other", key.clone(), Some(false));
        }
        if let Some((min, max)) = int_bounds(self.schema, &field.ty) {
            let below = set(key, json!(min - 1));
            self.edit(at, below, "int/below", key.clone(), Some(false));
            let above = set(key, json!(max + 1));
            self.edit(at, above, "int/above", key.clone(), Some(false));
        }
        if !(value.is_null() && field.presence.may_be_null()) {
            for (class, detail, changed) in bounds::values(field, value) {
                let detail = format!("{key}={detail}");
                self.edit(at, set(key, changed), class, detail, None);
            }
        }
        let pointer = format!("{at}/{}", escape(key));
        if !(value.is_null() && field.presence.may_be_null()) {
            self.ty(&field.ty, value, &pointer);
        }
    }
}

fn set(key: &str, value: Value) -> Op {
    Op::Set(key.to_string(), value)
}

/// A value of every non-null JSON type that `ty` does not accept (every type, for `Json`).
fn wrong_values(schema: &Schema, ty: &Ty) -> Vec<(&'static str, Value)> {
    let all = [
        ("boolean", json!(true)),
        ("integer", json!(7)),
        ("fraction", json!(1.5)),
        ("string", json!("x")),
        ("array", json!([])),
        ("object", json!({})),
    ];
    let accepted = accepted_kinds(schema, ty);
    all.into_iter()
        .filter(|(kind, _)| *ty == Ty::Json || !accepted.contains(kind))
        .collect()
}

/// The non-null JSON types a value of `ty` may have.
fn accepted_kinds(schema: &Schema, ty: &Ty) -> Vec<&'static str> {
    match ty {
        Ty::String | Ty::Decimal(_) => vec!["string"],
        Ty::Bool => vec!["boolean"],
        Ty::Int(_) => vec!["integer"],
        Ty::F64 => vec!["integer", "fraction"],
        Ty::Json => vec![
            "boolean", "integer", "fraction", "string", "array", "object",
        ],
        Ty::Vec(_) => vec!["array"],
        Ty::Map(_) => vec!["object"],
        Ty::Const(Constant::String(_)) => vec!["string"],
        Ty::Const(Constant::Int(_)) => vec!["integer"],
        Ty::Const(Constant::Bool(_)) => vec!["boolean"],
        Ty::Named(name) => match schema.types.get(name) {
            Some(TypeDef::Enum(_)) => vec!["string"],
            Some(TypeDef::Newtype(def)) => accepted_kinds(schema, &def.ty),
            Some(TypeDef::Untagged(def)) => {
                let mut kinds: Vec<&'static str> = def
                    .variants
                    .iter()
                    .flat_map(|variant| accepted_kinds(schema, &variant.ty))
                    .collect();
                kinds.sort_unstable();
                kinds.dedup();
                kinds
            }
            _ => vec!["object"],
        },
        Ty::Boxed(inner) | Ty::Nullable(inner) => accepted_kinds(schema, inner),
    }
}

/// The bounds of an integer field, through `Nullable`, `Box` and newtypes.
fn int_bounds(schema: &Schema, ty: &Ty) -> Option<(i64, i64)> {
    match ty {
        Ty::Int(kind) => Some(kind.bounds()),
        Ty::Nullable(inner) | Ty::Boxed(inner) => int_bounds(schema, inner),
        Ty::Named(name) => match schema.types.get(name) {
            Some(TypeDef::Newtype(def)) => int_bounds(schema, &def.ty),
            _ => None,
        },
        _ => None,
    }
}

/// The variant of an untagged union that takes `value`, by the contract: the one its shape
/// picks, if that one fits.
pub fn taken_by<'a>(
    schema: &Schema,
    def: &'a cardc_codegen::ir::UntaggedDef,
    value: &Value,
) -> Option<&'a cardc_codegen::ir::UntaggedVariant> {
    contract::picked(schema, def, value)
        .filter(|variant| contract::fits(schema, &variant.ty, value))
}

/// Whether some object variant of an untagged union takes keys it does not declare (an open
/// or dropping struct), beside another object variant.
fn takes_undeclared_keys(schema: &Schema, def: &cardc_codegen::ir::UntaggedDef) -> bool {
    let structs: Vec<&StructDef> = def
        .variants
        .iter()
        .filter_map(|variant| match &variant.ty {
            Ty::Named(name) => match schema.types.get(name) {
                Some(TypeDef::Struct(def)) => Some(def),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let objects = def
        .variants
        .iter()
        .filter(|variant| matches!(variant.shape, Shape::Object(_)))
        .count();
    objects > 1 && structs.iter().any(|def| !def.closed())
}
