//! Unions: a `oneOf`/`anyOf` of objects whose one property is a different constant string in
//! each (nested unions too) is tagged by it; one whose branches differ by JSON type, or are
//! closed objects none of whose values holds every key an earlier one requires, is untagged;
//! cardc's own `allOf` of `if`/`then` and `if` chain are read back as the unions they were
//! written from.

use std::collections::BTreeSet;

use serde_json::Value;

use super::names;
use super::read::{Unknown, is_annotation};
use super::{Hint, Importer, Val};
use crate::ir::{
    self, CatchAll, Docs, Shape, Ty, TypeDef, UnionDef, UnknownFields, UntaggedDef,
    UntaggedVariant, Variant,
};
use crate::json_pointer;
use crate::published::node::Node;
use crate::wording;

/// How many `$ref`s in a row a look through follows before giving up (a cycle of references).
const MAX_HOPS: usize = 32;

/// The JSON types, as `type` names them.
const JSON_TYPES: [&str; 6] = ["null", "boolean", "number", "string", "array", "object"];

/// The schemas met again under a `$ref` while [`Importer::any_json`] reads them, and what each
/// is taken to be: any JSON, or whole for its types.
#[derive(Default)]
struct Assumed {
    any: Vec<String>,
    whole: Vec<String>,
}

impl<'a> Importer<'a> {
    /// A `oneOf`/`anyOf`: its `null` branches make it nullable, one other branch is the value,
    /// several are a tagged union when a discriminator tells them apart, else an untagged one.
    pub(super) fn choice(&mut self, node: &Node<'_>, hint: &Hint) -> Val {
        let key = if node.value.get("oneOf").is_some() {
            "oneOf"
        } else {
            "anyOf"
        };
        if key == "oneOf" && node.value.get("anyOf").is_some() {
            self.note(
                node,
                Some("anyOf"),
                "`anyOf` beside `oneOf` is not imported",
            );
        }
        for other in ["type", "properties", "items", "enum", "const", "allOf"] {
            if node.value.get(other).is_some() {
                self.note(
                    node,
                    Some(other),
                    format!("`{other}` beside `{key}` is not imported"),
                );
            }
        }
        let Some(list) = node.child(key) else {
            return Val::of(Ty::Json);
        };
        let Some(items) = list.value.as_array() else {
            self.problem(&list, format!("`{key}` is an array"));
            return Val::of(Ty::Json);
        };
        let branches: Vec<Node> = items
            .iter()
            .enumerate()
            .map(|(index, value)| Node {
                value,
                pointer: format!("{}/{index}", list.pointer),
            })
            .collect();
        if key == "anyOf" && self.any_json(node.value, &mut Assumed::default()) {
            // A union of every JSON type, each whole (TypeScript's `JSONValue`): any JSON.
            return Val::of(Ty::Json);
        }
        let nullable = branches.iter().any(|branch| self.is_null(branch.value));
        // A branch no value passes (`{"not": {}}`, TypeScript's `undefined`) adds nothing.
        let rest: Vec<Node> = branches
            .into_iter()
            .filter(|branch| !self.is_null(branch.value) && !nothing(branch.value))
            .collect();
        if let Some(val) = self.open_enum(node, &rest, hint) {
            return Val { nullable, ..val };
        }
        let strings: Option<Vec<(String, &Node)>> = rest
            .iter()
            .map(|branch| {
                self.constant_string(branch.value)
                    .map(|text| (text, branch))
            })
            .collect();
        let mut val = match rest.as_slice() {
            [] => Val::of(Ty::Json),
            [one] => self.value(one, hint),
            // schemars writes an enum whose values have docs as a `oneOf` of constants.
            several if several.len() > 1 && strings.is_some() => {
                let values = strings
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(text, branch)| (text, self.docs(branch), self.deprecated(branch)))
                    .collect();
                self.enum_def(node, values, Unknown::Refused, hint)
            }
            several => match self.tagged(node, several, hint, &[]) {
                Some(val) => val,
                None => {
                    if let Some(tag) = discriminator(node.value) {
                        self.note(
                            node,
                            Some("discriminator"),
                            format!(
                                "the discriminator {tag:?} is not imported: not every branch \
                                 gives it a different constant string"
                            ),
                        );
                    }
                    self.untagged(node, several, key == "anyOf", hint)
                }
            },
        };
        val.nullable |= nullable;
        val
    }

    /// An `anyOf` of string constants (or `enum`s of strings) and a plain string, zod's
    /// `z.enum([...]).or(z.string())`: an open enum, whose catch-all holds every other string.
    fn open_enum(&mut self, node: &Node<'_>, branches: &[Node<'_>], hint: &Hint) -> Option<Val> {
        let plain = |value: &Value| {
            value.get("type") == Some(&Value::from("string"))
                && value.as_object().is_some_and(|object| {
                    object.keys().all(|key| key == "type" || is_annotation(key))
                })
        };
        let (open, known): (Vec<&Node>, Vec<&Node>) = branches
            .iter()
            .partition(|branch| plain(self.peek(branch.value)));
        if open.len() != 1 || known.is_empty() {
            return None;
        }
        let mut values = Vec::new();
        for branch in known {
            let value = self.peek(branch.value);
            let strings: Vec<String> = match (value.get("const"), value.get("enum")) {
                (Some(Value::String(text)), _) => vec![text.clone()],
                (None, Some(Value::Array(items))) => items
                    .iter()
                    .map(|item| item.as_str().map(str::to_string))
                    .collect::<Option<_>>()?,
                _ => return None,
            };
            if value.get("type").is_some_and(|kind| kind != "string") {
                return None;
            }
            for text in strings {
                if !values.iter().any(|(known, _, _)| *known == text) {
                    values.push((text, self.docs(branch), self.deprecated(branch)));
                }
            }
        }
        Some(self.enum_def(node, values, Unknown::Other("other".to_string()), hint))
    }

    /// Whether `value` passes every JSON value: `true`, `{}`, or an `anyOf` whose branches
    /// take each JSON type whole (an object's values and an array's items any JSON again, by
    /// `$ref` back to the union). It is read as the largest fixed point: a schema met again
    /// under a `$ref` while it is being read is taken to be what it is being checked for (any
    /// JSON in `seen.any`, whole for its types in `seen.whole`), which holds for every finite
    /// JSON value by induction on its depth, since each cycle goes through an object's values
    /// or an array's items.
    fn any_json(&self, value: &Value, seen: &mut Assumed) -> bool {
        if let Some(target) = value.get("$ref").and_then(Value::as_str) {
            let Some((pointer, found)) = self.local_target(target) else {
                return false;
            };
            if seen.any.contains(&pointer) {
                return true;
            }
            seen.any.push(pointer);
            let whole = self.any_json(found, seen);
            seen.any.pop();
            return whole;
        }
        if super::read::any(value) {
            return true;
        }
        let Some(branches) = value.get("anyOf").and_then(Value::as_array) else {
            return false;
        };
        let only_any_of = value.as_object().is_some_and(|object| {
            object
                .keys()
                .all(|key| key == "anyOf" || is_annotation(key))
        });
        let mut kinds = BTreeSet::new();
        for branch in branches {
            if self.any_json(branch, seen) {
                return only_any_of;
            }
            kinds.extend(self.whole_kinds(branch, seen));
        }
        only_any_of && JSON_TYPES.iter().all(|kind| kinds.contains(kind))
    }

    /// The JSON types `value` takes whole: those of its `type` when nothing beside it narrows
    /// them (an object's other keys and an array's items any JSON).
    fn whole_kinds(&self, value: &Value, seen: &mut Assumed) -> Vec<&'static str> {
        if let Some(target) = value.get("$ref").and_then(Value::as_str) {
            let Some((pointer, found)) = self.local_target(target) else {
                return Vec::new();
            };
            if seen.whole.contains(&pointer) {
                return kinds_of(found);
            }
            seen.whole.push(pointer);
            let kinds = self.whole_kinds(found, seen);
            seen.whole.pop();
            return kinds;
        }
        let Some(object) = value.as_object() else {
            return Vec::new();
        };
        let mut whole_values = |key: &str| {
            object
                .get(key)
                .is_none_or(|inner| self.any_json(inner, seen))
        };
        let open = whole_values("additionalProperties") && whole_values("items");
        let narrowed = object.keys().any(|key| {
            !is_annotation(key)
                && !["type", "additionalProperties", "items"].contains(&key.as_str())
        });
        if !open || narrowed {
            return Vec::new();
        }
        kinds_of(value)
    }

    /// The pointer and schema of a `$ref` within the document.
    fn local_target(&self, target: &str) -> Option<(String, &'a Value)> {
        let pointer = super::resolve::local_pointer(target)?;
        let found = self.document.pointer(&pointer)?;
        Some((pointer, found))
    }

    /// Whether a schema accepts `null` alone.
    fn is_null(&self, value: &Value) -> bool {
        let value = self.peek(value);
        value.get("type") == Some(&Value::from("null"))
            || value.get("const") == Some(&Value::Null)
            || value.get("enum") == Some(&Value::Array(vec![Value::Null]))
    }

    /// The schema a value stands for: through its `$ref`s (within the document) and an
    /// `allOf` of one schema.
    fn peek<'v>(&'v self, mut value: &'v Value) -> &'v Value {
        for _ in 0..MAX_HOPS {
            let next = match value.get("$ref").and_then(Value::as_str) {
                Some(target) => super::resolve::local_pointer(target)
                    .and_then(|pointer| self.document.pointer(&pointer)),
                None => match value
                    .get("allOf")
                    .and_then(Value::as_array)
                    .map(Vec::as_slice)
                {
                    Some([only]) => Some(only),
                    _ => None,
                },
            };
            match next {
                Some(next) => value = next,
                None => break,
            }
        }
        value
    }

    /// The property that tags `branches` (none of the outer tags `skip`): each requires it as
    /// a constant string, all different, or where several share one, they are told apart by a
    /// tag of their own (looked for through at most `depth` levels).
    fn find_tag(&self, branches: &[&Value], skip: &[String], depth: usize) -> Option<String> {
        let depth = depth.checked_sub(1)?;
        let first = branches.first()?;
        let candidates = self.tag_candidates(first);
        let values_of = |tag: &str| -> Option<Vec<String>> {
            branches
                .iter()
                .map(|branch| self.tag_value(branch, tag))
                .collect()
        };
        let candidates: Vec<(String, Vec<String>)> = candidates
            .into_iter()
            .filter(|tag| !skip.contains(tag))
            .filter_map(|tag| values_of(&tag).map(|values| (tag, values)))
            .collect();
        let distinct = |values: &[String]| {
            let set: BTreeSet<&String> = values.iter().collect();
            set.len() == values.len()
        };
        if let Some((tag, _)) = candidates.iter().find(|(_, values)| distinct(values)) {
            return Some(tag.clone());
        }
        candidates.into_iter().find_map(|(tag, values)| {
            let mut inner = skip.to_vec();
            inner.push(tag.clone());
            let shared: BTreeSet<&String> = values
                .iter()
                .filter(|value| values.iter().filter(|other| other == value).count() > 1)
                .collect();
            let all_told_apart = shared.into_iter().all(|value| {
                let group: Vec<&Value> = branches
                    .iter()
                    .zip(&values)
                    .filter(|(_, each)| *each == value)
                    .map(|(branch, _)| *branch)
                    .collect();
                self.find_tag(&group, &inner, depth).is_some()
            });
            all_told_apart.then_some(tag)
        })
    }

    /// The string a schema is the constant of (`const`, or an `enum` of one string).
    fn constant_string(&self, value: &Value) -> Option<String> {
        let value = self.peek(value);
        let kind = value.get("type");
        if kind.is_some_and(|kind| kind != "string") {
            return None;
        }
        match (value.get("const"), value.get("enum")) {
            (Some(Value::String(text)), _) => Some(text.clone()),
            (None, Some(Value::Array(values))) => match values.as_slice() {
                [Value::String(text)] => Some(text.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The constant string a branch gives its property `tag` (required), or that every one of
    /// its own branches gives it, for a nested union.
    fn tag_value(&self, value: &Value, tag: &str) -> Option<String> {
        self.tag_value_within(value, tag, MAX_HOPS, true)
    }

    /// The constant string a branch gives its property `tag`, required or not: under a
    /// `discriminator` the union requires the tag whatever the branch says (pydantic's
    /// `Literal["x"] = "x"`, whose schema gives the tag a default and leaves it optional).
    fn discriminated_value(&self, value: &Value, tag: &str) -> Option<String> {
        self.tag_value_within(value, tag, MAX_HOPS, false)
    }

    /// [`Importer::tag_value`] through at most `depth` nested unions (a cycle of them ends);
    /// with `only_required` false, [`Importer::discriminated_value`].
    fn tag_value_within(
        &self,
        value: &Value,
        tag: &str,
        depth: usize,
        only_required: bool,
    ) -> Option<String> {
        let depth = depth.checked_sub(1)?;
        let value = self.peek(value);
        let required = value
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|keys| keys.iter().any(|key| key == tag));
        let own = value
            .get("properties")
            .and_then(|properties| properties.get(tag))
            .and_then(|property| self.constant_string(property))
            .filter(|_| required || !only_required);
        if own.is_some() {
            return own;
        }
        if let Some(branches) = value
            .get("oneOf")
            .or_else(|| value.get("anyOf"))
            .and_then(Value::as_array)
        {
            let values: Option<Vec<String>> = branches
                .iter()
                .filter(|branch| !self.is_null(branch))
                .map(|branch| self.tag_value_within(branch, tag, depth, only_required))
                .collect();
            let values = values?;
            let first = values.first()?;
            return values
                .iter()
                .all(|value| value == first)
                .then(|| first.clone());
        }
        None
    }

    /// The property names a branch could be tagged by: those of its object, or of its first
    /// branch's.
    fn tag_candidates(&self, value: &Value) -> Vec<String> {
        self.tag_candidates_within(value, MAX_HOPS)
    }

    /// [`Importer::tag_candidates`] through at most `depth` nested unions.
    fn tag_candidates_within(&self, value: &Value, depth: usize) -> Vec<String> {
        let Some(depth) = depth.checked_sub(1) else {
            return Vec::new();
        };
        let value = self.peek(value);
        if let Some(first) = value
            .get("oneOf")
            .or_else(|| value.get("anyOf"))
            .and_then(Value::as_array)
            .and_then(|branches| branches.iter().find(|branch| !self.is_null(branch)))
        {
            return self.tag_candidates_within(first, depth);
        }
        value
            .get("properties")
            .and_then(Value::as_object)
            .map(|properties| properties.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// A tagged union of `branches`, when one property (not among the outer tags `skip`) is
    /// a different constant string in each.
    fn tagged(
        &mut self,
        node: &Node<'_>,
        branches: &[Node<'_>],
        hint: &Hint,
        skip: &[String],
    ) -> Option<Val> {
        let values: Vec<&Value> = branches.iter().map(|branch| branch.value).collect();
        // A `discriminator` (OpenAPI's, which pydantic writes) names the tag outright.
        let discriminated = discriminator(node.value)
            .filter(|tag| !skip.iter().any(|outer| outer == tag))
            .filter(|tag| {
                let found: Option<BTreeSet<String>> = values
                    .iter()
                    .map(|branch| self.discriminated_value(branch, tag))
                    .collect();
                found.is_some_and(|found| found.len() == values.len())
            });
        let (tag, open) = match (discriminated, self.find_tag(&values, skip, MAX_HOPS)) {
            (Some(tag), _) => (tag.to_string(), None),
            (None, Some(tag)) => (tag, None),
            (None, None) => self.open_tag(branches, skip)?,
        };
        let name = self.type_name(node, hint);
        self.within.push(name.clone());
        let branches: Vec<Node> = match open {
            Some(index) => {
                self.note(
                    &branches[index],
                    None,
                    format!(
                        "a branch whose {tag:?} is any string is read as the union's catch-all \
                         (`#[other]`): an object with a {tag:?} no other branch has is kept \
                         whole, its other keys unchecked"
                    ),
                );
                let mut rest = branches.to_vec();
                rest.remove(index);
                rest
            }
            None => branches.to_vec(),
        };
        let branches = branches.as_slice();
        let mut inner_skip = skip.to_vec();
        inner_skip.push(tag.clone());
        let mut scope = names::variant_scope();
        let mut variants = Vec::new();
        // Branches that share a tag value are one variant: a union nested in this one, told
        // apart by a tag of their own (the flat spelling of nested discriminators).
        let mut groups: Vec<(String, Vec<&Node>)> = Vec::new();
        for branch in branches {
            let tag_value = match discriminated {
                Some(_) => self.discriminated_value(branch.value, &tag),
                None => self.tag_value(branch.value, &tag),
            }
            .unwrap_or_default();
            match groups.iter_mut().find(|(value, _)| *value == tag_value) {
                Some((_, group)) => group.push(branch),
                None => groups.push((tag_value, vec![branch])),
            }
        }
        for (tag_value, group) in groups {
            let variant_name = scope.claim(&names::upper_camel(&tag_value, "Variant"), "");
            let nested = Hint::Suggest(format!("{name}{variant_name}"));
            let branch = group[0];
            let payload = if group.len() > 1 {
                let group: Vec<Node> = group.into_iter().cloned().collect();
                let at = Node {
                    value: &Value::Null,
                    pointer: node.pointer.clone(),
                };
                match self
                    .tagged(&at, &group, &nested, &inner_skip)
                    .map(|val| val.ty)
                {
                    Some(Ty::Named(name)) => Some(name),
                    _ => None,
                }
            } else {
                self.payload(branch, &inner_skip, &nested)
            };
            let docs = if branch.value.get("$ref").is_some() {
                self.docs(branch)
            } else {
                Docs::new()
            };
            variants.push(Variant {
                name: variant_name,
                tag_value,
                docs,
                deprecated: None,
                payload,
                unknown: UnknownFields::Refuse,
                span: 0..0,
            });
        }
        self.within.pop();
        let other = open.map(|_| {
            let name = scope.claim("Other", "");
            CatchAll {
                key: names::snake(&name, "other"),
                name,
                docs: Docs::new(),
                deprecated: None,
                span: 0..0,
            }
        });
        let def = UnionDef {
            name,
            name_span: 0..0,
            docs: self.docs(node),
            deprecated: self.deprecated(node),
            examples: self.examples(node),
            tag,
            tag_span: 0..0,
            variants,
            other,
            fold: None,
        };
        Some(self.add(TypeDef::Union(def)))
    }

    /// The tag of `branches` when all but one are tagged and that one requires the tag as any
    /// string (TypeScript's `data-${string}`, a tag by prefix): the tag and that branch's index,
    /// for an open union whose catch-all it becomes.
    fn open_tag(&self, branches: &[Node<'_>], skip: &[String]) -> Option<(String, Option<usize>)> {
        if branches.len() < 3 {
            return None;
        }
        (0..branches.len()).find_map(|index| {
            let others: Vec<&Value> = branches
                .iter()
                .enumerate()
                .filter(|(at, _)| *at != index)
                .map(|(_, branch)| branch.value)
                .collect();
            let tag = self.find_tag(&others, skip, MAX_HOPS)?;
            let open = self.peek(branches[index].value);
            let required = open
                .get("required")
                .and_then(Value::as_array)
                .is_some_and(|keys| keys.iter().any(|key| *key == tag));
            let any_string = open
                .get("properties")
                .and_then(|properties| properties.get(&tag))
                .and_then(Value::as_object)
                .is_some_and(|property| {
                    property.get("type") == Some(&Value::from("string"))
                        && !property.contains_key("const")
                        && !property.contains_key("enum")
                });
            (required && any_string).then_some((tag, Some(index)))
        })
    }

    /// A tagged branch's payload without the tags `skip`: none for a closed object of its
    /// tags alone, a nested union for a union, a struct otherwise; made once per referenced
    /// schema and tags.
    fn payload(&mut self, branch: &Node<'_>, skip: &[String], hint: &Hint) -> Option<String> {
        let (pointer, target) = match self.target(branch) {
            Some((pointer, target)) => (Some(pointer), Some(target)),
            None => (None, None),
        };
        let resolved: Node = match &target {
            Some(target) => target.clone(),
            None => branch.clone(),
        };
        let value = resolved.value;
        let only_tags = value
            .get("properties")
            .and_then(Value::as_object)
            .is_none_or(|properties| properties.keys().all(|key| skip.contains(key)));
        let is_choice = value.get("oneOf").is_some() || value.get("anyOf").is_some();
        if !is_choice && only_tags && value.get("additionalProperties") == Some(&Value::Bool(false))
        {
            return None;
        }
        let key = pointer.clone().map(|pointer| (pointer, skip.to_vec()));
        if let Some(name) = key.as_ref().and_then(|key| self.named.get(key)) {
            return Some(name.clone());
        }
        let hint = match &pointer {
            Some(pointer) => {
                let base =
                    names::upper_camel(pointer.rsplit('/').next().unwrap_or(pointer), "Type");
                let wanted = if self.elsewhere.contains(pointer) {
                    format!("{base}Body")
                } else {
                    base
                };
                Hint::Own(self.scope.claim(&wanted, ""))
            }
            None => hint.clone(),
        };
        if let (Some(key), Hint::Own(name)) = (&key, &hint) {
            self.named.insert(key.clone(), name.clone());
        }
        if is_choice && !only_tags {
            self.note(
                &resolved,
                Some("properties"),
                "properties beside a nested union's `oneOf`/`anyOf` are not imported",
            );
        }
        let val = if is_choice {
            let list = if value.get("oneOf").is_some() {
                "oneOf"
            } else {
                "anyOf"
            };
            let branches: Vec<Node> = value
                .get(list)
                .and_then(Value::as_array)
                .map(|items| {
                    items
                        .iter()
                        .enumerate()
                        .filter(|(_, item)| !self.is_null(item))
                        .map(|(index, value)| Node {
                            value,
                            pointer: format!("{}/{list}/{index}", resolved.pointer),
                        })
                        .collect()
                })
                .unwrap_or_default();
            self.tagged(&resolved, &branches, &hint, skip)
        } else {
            Some(self.struct_def(&resolved, &hint, skip))
        };
        match val.map(|val| val.ty) {
            Some(Ty::Named(name)) => Some(name),
            _ => {
                self.note(
                    &resolved,
                    None,
                    "a nested union's branches are told apart by no tag: its variant is its tags alone",
                );
                None
            }
        }
    }

    /// cardc's own tagged union: the tag required, its check, and an `allOf` of one
    /// `if`/`then` per variant (those naming more tags are a nested union's, which its own
    /// `$defs` entry states), each `then` titled with its payload's `$defs` entry.
    pub(super) fn cardc_union(&mut self, node: &Node<'_>, hint: &Hint) -> Option<Val> {
        let object = node.value.as_object()?;
        let tag = match object.get("required")?.as_array()?.as_slice() {
            [Value::String(tag)] => tag.clone(),
            _ => return None,
        };
        let check = object.get("properties")?.get(&tag)?;
        let conditions = object.get("allOf")?.as_array()?;
        let names_tag_first = |condition: &Value| {
            condition
                .get("if")
                .and_then(|test| test.get("properties"))
                .and_then(Value::as_object)
                .and_then(|properties| properties.keys().next())
                .is_some_and(|first| *first == tag)
        };
        if !conditions
            .iter()
            .all(|condition| names_tag_first(condition) && condition.get("then").is_some())
        {
            return None;
        }
        let name = self.type_name(node, hint);
        self.within.push(name.clone());
        let mut docs = self.docs(node);
        let open = (check == &serde_json::json!({"type": "string"}))
            .then(|| docs.last().and_then(|line| wording::read_open_union(line)))
            .flatten();
        // Or the tag value an unknown tag folds into.
        let folding = (check == &serde_json::json!({"type": "string"}) && open.is_none())
            .then(|| {
                docs.last()
                    .and_then(|line| wording::read_folding_union(line))
            })
            .flatten()
            .filter(|(folded_on, _)| *folded_on == tag);
        if folding.is_some() {
            docs.pop();
        }
        let mut scope = names::variant_scope();
        let other = open.map(|(_, other)| {
            docs.pop();
            CatchAll {
                name: scope.claim(&names::upper_camel(&other, "Unknown"), ""),
                key: other,
                docs: Docs::new(),
                deprecated: None,
                span: 0..0,
            }
        });
        let mut variants = Vec::new();
        for (index, condition) in conditions.iter().enumerate() {
            let at = Node {
                value: condition,
                pointer: format!("{}/allOf/{index}", node.pointer),
            };
            let tags = condition
                .get("if")
                .and_then(|test| test.get("properties"))
                .and_then(Value::as_object);
            let Some(tags) = tags else { continue };
            if tags.len() > 1 {
                continue;
            }
            let Some(tag_value) = tags
                .get(&tag)
                .and_then(|check| check.get("const"))
                .and_then(Value::as_str)
            else {
                self.problem(&at, "a condition's tag is a `const` string");
                continue;
            };
            let Some(then) = at.child("then") else {
                continue;
            };
            let payload = match then.value.get("title").and_then(Value::as_str) {
                Some(title) => self.titled_payload(&then, title, &tag),
                None => None,
            };
            // An untitled branch is a unit variant's: closed by `additionalProperties: false`,
            // else open, keeping its other keys as any open object does.
            let closed = then.value.get("additionalProperties") == Some(&Value::Bool(false));
            let unknown = match (&payload, closed) {
                (None, false) => UnknownFields::Keep,
                _ => UnknownFields::Refuse,
            };
            let variant_name = scope.claim(&names::upper_camel(tag_value, "Variant"), "");
            variants.push(Variant {
                name: variant_name,
                tag_value: tag_value.to_string(),
                docs: self.docs(&then),
                deprecated: self.deprecated(&then),
                payload,
                unknown,
                span: 0..0,
            });
        }
        self.within.pop();
        // The variant an unknown tag folds into drops the object's other keys, which an open
        // unit variant's published object accepts, as a dropping one's does.
        let fold = folding.and_then(|(_, fold_tag)| {
            let variant = variants
                .iter_mut()
                .find(|variant| variant.tag_value == fold_tag && variant.payload.is_none())?;
            if variant.unknown == UnknownFields::Keep {
                variant.unknown = UnknownFields::Drop;
            }
            Some(variant.name.clone())
        });
        let def = UnionDef {
            name,
            name_span: 0..0,
            docs,
            deprecated: self.deprecated(node),
            examples: self.examples(node),
            tag,
            tag_span: 0..0,
            variants,
            other,
            fold,
        };
        Some(self.add(TypeDef::Union(def)))
    }

    /// The payload a branch titled `title` carries: the `$defs` (or `definitions`) entry of
    /// that name, else the branch itself without its tags.
    fn titled_payload(&mut self, then: &Node<'_>, title: &str, tag: &str) -> Option<String> {
        for keyword in ["$defs", "definitions"] {
            let pointer = json_pointer::child(&format!("/{keyword}"), title);
            if let Some(target) = self.at(&pointer) {
                return match self.referenced(&pointer, &target).ty {
                    Ty::Named(name) => Some(name),
                    _ => None,
                };
            }
        }
        let tags: Vec<String> = then
            .value
            .get("properties")
            .and_then(Value::as_object)
            .map(|properties| {
                properties
                    .iter()
                    .filter(|(key, value)| {
                        *key == tag
                            || value.get("enum").is_some_and(|values| {
                                values.as_array().is_some_and(|v| v.len() == 1)
                            })
                    })
                    .map(|(key, _)| key.clone())
                    .take(1)
                    .collect()
            })
            .unwrap_or_default();
        match self
            .struct_def(then, &Hint::Suggest(title.to_string()), &tags)
            .ty
        {
            Ty::Named(name) => Some(name),
            _ => None,
        }
    }

    /// cardc's own untagged union: an `if`/`then`/`else` chain, each `if` the shape that picks
    /// the variant (or, tried in order, the variant's own value, the last one's any object),
    /// each `then` its value titled with its name, `false` at the end.
    pub(super) fn untagged_chain(&mut self, node: &Node<'_>, hint: &Hint) -> Option<Val> {
        let mut links = Vec::new();
        let mut link = node.clone();
        loop {
            let test = link.child("if")?;
            let then = link.child("then")?;
            let title = then.value.get("title")?.as_str()?.to_string();
            let shape = if crate::published::is_tried(test.value, then.value) {
                Shape::Tried
            } else {
                shape_of_test(test.value)?
            };
            links.push((title, then, shape));
            let next = link.child("else")?;
            if next.value == &Value::Bool(false) {
                break;
            }
            link = next;
        }
        let name = self.type_name(node, hint);
        self.within.push(name.clone());
        let mut scope = names::variant_scope();
        let mut variants = Vec::new();
        for (title, then, shape) in links {
            let variant_name = scope.claim(&names::upper_camel(&title, "Variant"), "");
            let val = self.value(&then, &Hint::Suggest(format!("{name}{variant_name}")));
            let ty = self.nested(&then, val);
            variants.push(UntaggedVariant {
                name: variant_name,
                docs: self.docs(&then),
                ty,
                shape,
                span: 0..0,
            });
        }
        self.within.pop();
        crate::published::settle_tried(&mut variants);
        let def = UntaggedDef {
            name,
            name_span: 0..0,
            docs: self.docs(node),
            deprecated: self.deprecated(node),
            examples: self.examples(node),
            variants,
        };
        Some(self.add(TypeDef::Untagged(def)))
    }

    /// An untagged union of `branches`, when they differ by JSON type, object branches by the
    /// keys they require (see `shapes`), or, in an `anyOf` (which takes a value any branch
    /// takes, in whatever order), by being tried in order; any JSON (noted) when they do not.
    fn untagged(
        &mut self,
        node: &Node<'_>,
        branches: &[Node<'_>],
        any_of: bool,
        hint: &Hint,
    ) -> Val {
        let before: BTreeSet<String> = self.types.keys().cloned().collect();
        let name = self.type_name(node, hint);
        self.within.push(name.clone());
        let mut scope = names::variant_scope();
        let mut variants = Vec::new();
        // An `anyOf` branch that is an `anyOf` alone adds its branches: a value any of them
        // takes is taken either way, and no untagged union is another's variant.
        let mut flat = Vec::new();
        if any_of {
            for branch in branches {
                inline_any_of(branch, &mut flat);
            }
        } else {
            flat.extend(branches.iter().cloned());
        }
        for branch in &flat {
            let label = self.branch_label(branch);
            let variant_name = scope.claim(&names::upper_camel(&label, "Variant"), "");
            let val = self.value(branch, &Hint::Suggest(format!("{name}{variant_name}")));
            let ty = self.nested(branch, val);
            variants.push(UntaggedVariant {
                name: variant_name,
                docs: Docs::new(),
                ty,
                shape: Shape::Object(Vec::new()),
                span: 0..0,
            });
        }
        self.within.pop();
        let shapes = self
            .shapes(&variants)
            .or_else(|| any_of.then(|| self.tried(&variants)).flatten());
        match shapes {
            Some(shapes) => {
                for (variant, shape) in variants.iter_mut().zip(shapes) {
                    variant.shape = shape;
                }
                let def = UntaggedDef {
                    name,
                    name_span: 0..0,
                    docs: self.docs(node),
                    deprecated: self.deprecated(node),
                    examples: self.examples(node),
                    variants,
                };
                self.add(TypeDef::Untagged(def))
            }
            None => {
                self.scope.release(&name);
                self.forget_made_since(&before);
                self.note(
                    node,
                    None,
                    "these branches are told apart by no tag, JSON type or required key of \
                     their own: any JSON",
                );
                Val::of(Ty::Json)
            }
        }
    }

    /// A `type` list of several types: an untagged union of them.
    pub(super) fn of_types(&mut self, node: &Node<'_>, kinds: &[&str], hint: &Hint) -> Val {
        let before: BTreeSet<String> = self.types.keys().cloned().collect();
        let name = self.type_name(node, hint);
        let mut variants = Vec::new();
        for kind in kinds {
            let mut one = node.value.clone();
            if let Some(object) = one.as_object_mut() {
                object.insert("type".into(), Value::from(*kind));
                object.remove("title");
            }
            let single = Node {
                value: &one,
                pointer: node.pointer.clone(),
            };
            let variant_name = names::upper_camel(kind, "Variant");
            let val = self.value(&single, &Hint::Suggest(format!("{name}{variant_name}")));
            let ty = self.nested(&single, val);
            variants.push(UntaggedVariant {
                name: variant_name,
                docs: Docs::new(),
                ty,
                shape: Shape::Object(Vec::new()),
                span: 0..0,
            });
        }
        match self.shapes(&variants) {
            Some(shapes) => {
                for (variant, shape) in variants.iter_mut().zip(shapes) {
                    variant.shape = shape;
                }
                let def = UntaggedDef {
                    name,
                    name_span: 0..0,
                    docs: self.docs(node),
                    deprecated: self.deprecated(node),
                    examples: self.examples(node),
                    variants,
                };
                self.add(TypeDef::Untagged(def))
            }
            None => {
                self.scope.release(&name);
                self.forget_made_since(&before);
                self.note(
                    node,
                    Some("type"),
                    "these types cannot be told apart: any JSON",
                );
                Val::of(Ty::Json)
            }
        }
    }

    /// Leaves out the types made since `before` for a union that became any JSON, but those
    /// a `$ref` named (which other places may use).
    fn forget_made_since(&mut self, before: &BTreeSet<String>) {
        // What a kept type names is kept: a `$ref`fed type's, and those before.
        let mut kept: BTreeSet<String> = self.named.values().cloned().collect();
        kept.extend(before.iter().cloned());
        let mut stack: Vec<String> = kept.iter().cloned().collect();
        while let Some(name) = stack.pop() {
            for inner in self.types.get(&name).map(names_in).unwrap_or_default() {
                if kept.insert(inner.clone()) {
                    stack.push(inner);
                }
            }
        }
        let made: Vec<String> = self
            .types
            .keys()
            .filter(|name| !kept.contains(*name))
            .cloned()
            .collect();
        for name in made {
            self.types.remove(&name);
            self.scope.release(&name);
        }
    }

    /// What an untagged branch is called: its title, its `$defs` entry, or its JSON type.
    fn branch_label(&self, branch: &Node) -> String {
        if let Some(title) = branch.value.get("title").and_then(Value::as_str) {
            return title.to_string();
        }
        if let Some(target) = branch.value.get("$ref").and_then(Value::as_str) {
            return target.rsplit('/').next().unwrap_or(target).to_string();
        }
        let value = self.peek(branch.value);
        match value.get("type").and_then(Value::as_str) {
            Some(kind) => kind.to_string(),
            None => "variant".to_string(),
        }
    }

    /// The shape of each variant, when no two could take one payload.
    fn shapes(&self, variants: &[UntaggedVariant]) -> Option<Vec<Shape>> {
        let mut shapes: Vec<Shape> = Vec::new();
        for variant in variants {
            let shape = self.shape(&variant.ty)?;
            if !matches!(shape, Shape::Object(_)) && shapes.contains(&shape) {
                return None;
            }
            shapes.push(shape);
        }
        let objects: Vec<usize> = (0..shapes.len())
            .filter(|index| matches!(shapes[*index], Shape::Object(_)))
            .collect();
        if objects.len() > 1 {
            // Closed object variants, none of whose values holds every key an earlier one
            // requires: each value then picks its own variant, so no object fits two branches,
            // as `oneOf` and `anyOf` of closed objects say, and the union takes what they take.
            let keys: Vec<Vec<(String, bool)>> = objects
                .iter()
                .map(|index| self.struct_keys(&variants[*index].ty))
                .collect::<Option<_>>()?;
            let required: Vec<Vec<String>> = keys
                .iter()
                .map(|keys| {
                    keys.iter()
                        .filter(|(_, required)| *required)
                        .map(|(key, _)| key.clone())
                        .collect()
                })
                .collect();
            for (position, own) in keys.iter().enumerate() {
                let declared: BTreeSet<String> = own.iter().map(|(key, _)| key.clone()).collect();
                if required[..position]
                    .iter()
                    .any(|earlier| ir::may_read_as(earlier, &declared))
                {
                    return None;
                }
            }
            let required: Vec<&[String]> = required.iter().map(Vec::as_slice).collect();
            for (index, picking) in objects.iter().zip(ir::picking_keys(&required)) {
                shapes[*index] = Shape::Object(picking);
            }
        }
        Some(shapes)
    }

    /// The shape of each variant of an `anyOf` whose object branches overlap, tried in order
    /// (which takes what any of them takes): when the other branches differ by JSON type, and
    /// no object branch but the last reads every object and none comes twice, each of which
    /// would leave a later branch untried.
    fn tried(&self, variants: &[UntaggedVariant]) -> Option<Vec<Shape>> {
        let mut shapes: Vec<Shape> = Vec::new();
        let mut objects: Vec<&Ty> = Vec::new();
        for variant in variants {
            let shape = match self.shape(&variant.ty)? {
                Shape::Object(_) => {
                    let earlier_takes_all = objects
                        .iter()
                        .any(|ty| ir::reads_any_object(&self.types, ty));
                    if earlier_takes_all || objects.contains(&&variant.ty) {
                        return None;
                    }
                    objects.push(&variant.ty);
                    Shape::Tried
                }
                shape if shapes.contains(&shape) => return None,
                shape => shape,
            };
            shapes.push(shape);
        }
        Some(shapes)
    }

    /// The JSON shape a type's values have, if it has one.
    fn shape(&self, ty: &Ty) -> Option<Shape> {
        match ty {
            Ty::String | Ty::Decimal(_) => Some(Shape::String),
            Ty::Bool => Some(Shape::Boolean),
            Ty::Int(_) => Some(Shape::Integer),
            Ty::F64 => Some(Shape::Number),
            Ty::Vec(_) => Some(Shape::Array(None)),
            Ty::Map(_) => Some(Shape::Object(Vec::new())),
            Ty::Boxed(inner) => self.shape(inner),
            Ty::Json | Ty::Nullable(_) | Ty::Const(_) => None,
            Ty::Named(name) => match self.types.get(name)? {
                TypeDef::Struct(_) | TypeDef::Union(_) => Some(Shape::Object(Vec::new())),
                TypeDef::Enum(_) => Some(Shape::String),
                TypeDef::Newtype(def) => self.shape(&def.ty),
                TypeDef::Untagged(_) => None,
            },
        }
    }

    /// A closed struct's keys, each with whether it is required; `None` for any other type.
    fn struct_keys(&self, ty: &Ty) -> Option<Vec<(String, bool)>> {
        match ty {
            Ty::Named(name) => match self.types.get(name)? {
                // Only a closed struct is picked by its keys: an open one takes any.
                TypeDef::Struct(def) if def.closed() => Some(
                    def.fields
                        .iter()
                        .map(|field| (field.wire_name.clone(), !field.presence.may_be_absent()))
                        .collect(),
                ),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The shape cardc's untagged `if` tests: a JSON type, and for an object the keys that pick it,
/// for an array its items' shape.
fn shape_of_test(test: &Value) -> Option<Shape> {
    Some(match test.get("type")?.as_str()? {
        "string" => Shape::String,
        "boolean" => Shape::Boolean,
        "integer" => Shape::Integer,
        "number" => Shape::Number,
        "array" => Shape::Array(test.get("items").and_then(shape_of_test).map(Box::new)),
        "object" => Shape::Object(
            test.get("required")
                .and_then(Value::as_array)
                .map(|keys| {
                    keys.iter()
                        .filter_map(|key| key.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
        ),
        _ => return None,
    })
}

/// `branch`, or, when it is an `anyOf` and nothing else (but its annotations), each of its
/// branches so inlined in turn, added to `flat` in order.
fn inline_any_of<'v>(branch: &Node<'v>, flat: &mut Vec<Node<'v>>) {
    const ANNOTATIONS: [&str; 4] = ["anyOf", "title", "description", "$comment"];
    let alone = branch
        .value
        .as_object()
        .is_some_and(|object| object.keys().all(|key| ANNOTATIONS.contains(&key.as_str())));
    match (alone, branch.value.get("anyOf").and_then(Value::as_array)) {
        (true, Some(items)) => {
            for (index, value) in items.iter().enumerate() {
                let inner = Node {
                    value,
                    pointer: format!("{}/anyOf/{index}", branch.pointer),
                };
                inline_any_of(&inner, flat);
            }
        }
        _ => flat.push(branch.clone()),
    }
}

/// Every type a type names.
fn names_in(def: &TypeDef) -> Vec<String> {
    fn of(ty: &Ty, out: &mut Vec<String>) {
        match ty {
            Ty::Named(name) => out.push(name.clone()),
            Ty::Vec(inner) | Ty::Map(inner) | Ty::Boxed(inner) | Ty::Nullable(inner) => {
                of(inner, out)
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    match def {
        TypeDef::Struct(def) => def.fields.iter().for_each(|field| of(&field.ty, &mut out)),
        TypeDef::Newtype(def) => of(&def.ty, &mut out),
        TypeDef::Union(def) => out.extend(def.variants.iter().filter_map(|v| v.payload.clone())),
        TypeDef::Untagged(def) => def.variants.iter().for_each(|v| of(&v.ty, &mut out)),
        TypeDef::Enum(_) => {}
    }
    out
}

/// The property a `discriminator` (OpenAPI's keyword, which pydantic writes) names, if any.
fn discriminator(value: &Value) -> Option<&str> {
    value.get("discriminator")?.get("propertyName")?.as_str()
}

/// Whether no value passes a schema: `false`, or `{"not": {}}`.
fn nothing(value: &Value) -> bool {
    match value {
        Value::Bool(flag) => !flag,
        Value::Object(object) => {
            object.len() == 1 && object.get("not").is_some_and(super::read::any)
        }
        _ => false,
    }
}

/// The JSON types a schema's `type` names.
fn kinds_of(value: &Value) -> Vec<&'static str> {
    let named: Vec<&str> = match value.get("type") {
        Some(Value::String(kind)) => vec![kind.as_str()],
        Some(Value::Array(kinds)) => kinds.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    JSON_TYPES
        .into_iter()
        .filter(|kind| named.contains(kind))
        .collect()
}
