//! `$ref`s: the JSON pointer a reference names in the document, the schema there, and which
//! schemas are referenced from somewhere other than a union's branch (a branch's struct loses
//! its tag, so it is another type than the schema used as a value).

use std::collections::BTreeSet;

use percent_encoding::percent_decode_str;
use serde_json::Value;

use super::{Hint, Importer, Val};
use crate::ir::{Constant, IntKind, NewtypeDef, Ty, TypeDef};
use crate::json_pointer;
use crate::published::node::Node;

/// A pointer's last key, unescaped: the name a `$defs` entry goes by.
fn last_key(pointer: &str) -> String {
    json_pointer::key(pointer.rsplit('/').next().unwrap_or(pointer))
}

/// Collects the pointer of every local `$ref` under `value`: into `inside` those that are a
/// branch of a `oneOf`/`anyOf` (`branch` says whether `value` is one), into `outside` the rest.
pub(super) fn references(
    value: &Value,
    branch: bool,
    outside: &mut BTreeSet<String>,
    inside: &mut BTreeSet<String>,
) {
    match value {
        Value::Object(object) => {
            if let Some(Value::String(target)) = object.get("$ref")
                && let Some(pointer) = local_pointer(target)
            {
                if branch {
                    inside.insert(pointer);
                } else {
                    outside.insert(pointer);
                }
            }
            for (key, inner) in object {
                let branches = key == "oneOf" || key == "anyOf";
                match inner {
                    Value::Array(items) if branches => {
                        for item in items {
                            references(item, true, outside, inside);
                        }
                    }
                    _ => references(inner, false, outside, inside),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                references(item, false, outside, inside);
            }
        }
        _ => {}
    }
}

/// The JSON pointer a reference within the document names (`#/$defs/A%20B` gives
/// `/$defs/A B`), or `None` for one to another document.
pub(super) fn local_pointer(target: &str) -> Option<String> {
    let fragment = target.strip_prefix('#')?;
    Some(
        percent_decode_str(fragment)
            .decode_utf8_lossy()
            .into_owned(),
    )
}

impl<'a> Importer<'a> {
    /// The schema at `pointer` in the document.
    pub(super) fn at(&self, pointer: &str) -> Option<Node<'a>> {
        self.document.pointer(pointer).map(|value| Node {
            value,
            pointer: pointer.to_string(),
        })
    }

    /// The target of `node`'s `$ref`: its pointer and schema; `None` (with a note for a
    /// reference to another document, a problem for one to nothing) when there is none.
    pub(super) fn target(&mut self, node: &Node) -> Option<(String, Node<'a>)> {
        let reference = node.value.get("$ref")?;
        let Some(text) = reference.as_str() else {
            self.problem(node, "`$ref` is not a string");
            return None;
        };
        let own_id = self.document.get("$id").and_then(Value::as_str);
        let local = match own_id.and_then(|id| text.strip_prefix(id.trim_end_matches('#'))) {
            Some(rest) if rest.is_empty() || rest.starts_with('#') => {
                local_pointer(if rest.is_empty() { "#" } else { rest })
            }
            _ => local_pointer(text),
        };
        let Some(pointer) = local else {
            self.note(
                node,
                Some("$ref"),
                format!("`$ref` to another document ({text:?}) is not imported: any JSON"),
            );
            return None;
        };
        match self.at(&pointer) {
            Some(found) => Some((pointer, found)),
            None => {
                self.problem(
                    node,
                    format!("`$ref` {text:?} names nothing in this document"),
                );
                None
            }
        }
    }

    /// The value of `node`'s `$ref`: the named type its target makes, or the value it reads as.
    pub(super) fn reference(&mut self, node: &Node) -> Val {
        let Some((pointer, target)) = self.target(node) else {
            return Val::of(Ty::Json);
        };
        self.referenced(&pointer, &target)
    }

    /// The value of the schema at `pointer`, made once however often it is referenced: a
    /// type of its own when it makes one (a struct, union or enum), a newtype for a plain
    /// value, or in place where it is constrained, nullable or a constant, which no newtype
    /// carries.
    pub(super) fn referenced(&mut self, pointer: &str, target: &Node<'a>) -> Val {
        if let Some(name) = self.named.get(&(pointer.to_string(), Vec::new())) {
            return Val::of(Ty::Named(name.clone()));
        }
        if let Some(val) = self.inline.get(pointer) {
            return val.clone();
        }
        let alias = target.value.as_object().is_some_and(|object| {
            object.contains_key("$ref")
                && object
                    .keys()
                    .all(|key| key == "$ref" || super::read::is_annotation(key))
        });
        if alias && self.aliasing.iter().any(|seen| seen == pointer) {
            self.note(
                target,
                Some("$ref"),
                "a cycle of `$ref`s names no value: any JSON",
            );
            return Val::of(Ty::Json);
        }
        if alias && matches!(target.value.get("$ref"), Some(Value::String(to)) if to == "#") {
            // Another name of the document's root (schemars' recursion), which is its type.
            return self.reference(target);
        }
        if let Some((name, met)) = self.pending.get_mut(pointer) {
            *met = true;
            return Val::of(Ty::Named(name.clone()));
        }
        if pointer.is_empty() || pointer == "/" {
            // The document itself: its root type.
            if let Some(name) = self.named.get(&("#root".to_string(), Vec::new())) {
                return Val::of(Ty::Named(name.clone()));
            }
        }
        let key = last_key(pointer);
        let wanted = super::names::upper_camel(&key, "Type");
        let name = self.scope.claim(&wanted, "");
        self.pending
            .insert(pointer.to_string(), (name.clone(), false));
        // A chain of aliases (`$ref`s alone) that comes back to one of them names no value;
        // a chain broken by a value (an array of the type, say) is a recursive type.
        let outer_aliases = if alias {
            self.aliasing.push(pointer.to_string());
            None
        } else {
            Some(std::mem::take(&mut self.aliasing))
        };
        let val = self.value(target, &Hint::Own(name.clone()));
        match outer_aliases {
            None => {
                self.aliasing.pop();
            }
            Some(outer) => self.aliasing = outer,
        }
        let met = self.pending.remove(pointer).is_some_and(|(_, met)| met);
        if val.ty == Ty::Named(name.clone()) && self.types.contains_key(&name) {
            self.named
                .insert((pointer.to_string(), Vec::new()), name.clone());
            return val;
        }
        if val.ty == Ty::Named(name.clone()) || (met && val.ty == Ty::Json) {
            // It named itself with no value between: no JSON value is it.
            self.note(target, None, "a cycle of `$ref`s names no value: any JSON");
            self.scope.release(&name);
            let val = Val::of(Ty::Json);
            self.inline.insert(pointer.to_string(), val.clone());
            return val;
        }
        let plain = val.constraints.is_empty()
            && !val.nullable
            && !matches!(val.ty, Ty::Json | Ty::Const(_));
        if plain || met {
            if !plain {
                self.note(
                    target,
                    None,
                    "a recursive value's `null`, constant or constraints are not imported",
                );
            }
            // A newtype holds no constant: its value's type.
            let ty = match val.ty {
                Ty::Const(Constant::String(_)) => Ty::String,
                Ty::Const(Constant::Int(_)) => Ty::Int(IntKind::I64),
                Ty::Const(Constant::Bool(_)) => Ty::Bool,
                ty => ty,
            };
            self.types.insert(
                name.clone(),
                TypeDef::Newtype(NewtypeDef {
                    name: name.clone(),
                    name_span: 0..0,
                    docs: self.docs(target),
                    deprecated: self.deprecated(target),
                    examples: self.examples(target),
                    ty,
                    span: 0..0,
                }),
            );
            self.named
                .insert((pointer.to_string(), Vec::new()), name.clone());
            return Val::of(Ty::Named(name));
        }
        self.scope.release(&name);
        let val = Val {
            constraints: val.constraints,
            ..val
        };
        self.inline.insert(pointer.to_string(), val.clone());
        val
    }
}
