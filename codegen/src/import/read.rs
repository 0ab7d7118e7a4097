//! Value schemas and the named types they make: a struct from an object with `properties`, an
//! enum from an `enum` of strings, a map, an array, a string, number or integer with its
//! constraints; the document's root, entries and `$defs`.

use serde_json::{Map, Value};

use super::names::{self, Scope};
use super::{Hint, Importer, Val};
use crate::ir::{
    Bound, Constant, Constraints, Count, DefaultWrite, Deprecated, Docs, EnumDef, EnumValue,
    Examples, Field, FieldDefault, Format, IntKind, MAX_SAFE_INTEGER, Number, NumberRange,
    Presence, Schema, SchemaSpans, StructDef, Tolerance, Ty, TypeDef, UnknownFields, Version, Wide,
};
use crate::json_pointer;
use crate::json_text::from_value;
use crate::published::node::Node;
use crate::wording;

/// The keywords that annotate and constrain nothing the contract says: read where they mean
/// something (a `description`, an example), passed over elsewhere without a note.
const ANNOTATIONS: &[&str] = &[
    "$schema",
    "$id",
    "$comment",
    "$anchor",
    "$dynamicAnchor",
    "$vocabulary",
    "$defs",
    "definitions",
    "title",
    "description",
    "examples",
    "example",
    "deprecated",
    "default",
    "readOnly",
    "writeOnly",
    "discriminator",
];

/// Whether `key` is one of the [`ANNOTATIONS`].
pub(super) fn is_annotation(key: &str) -> bool {
    ANNOTATIONS.contains(&key)
}

/// The keywords the reader imports (each where it applies).
const IMPORTED: &[&str] = &[
    "$ref",
    "type",
    "enum",
    "const",
    "nullable",
    "properties",
    "required",
    "additionalProperties",
    "unevaluatedProperties",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "oneOf",
    "anyOf",
    "allOf",
    "if",
    "then",
    "else",
];

/// The shared-format names cardc carries, and the integer formats schemars writes.
const INT_FORMATS: &[(&str, IntKind)] = &[
    ("uint8", IntKind::U8),
    ("uint16", IntKind::U16),
    ("uint32", IntKind::U32),
    ("uint64", IntKind::U64),
    ("uint", IntKind::U64),
    ("int8", IntKind::I8),
    ("int16", IntKind::I16),
    ("int32", IntKind::I32),
    ("int64", IntKind::I64),
    ("int", IntKind::I64),
];

/// What an imported enum reads a string it does not list as.
pub(super) enum Unknown {
    /// Nothing: the enum is closed.
    Refused,
    /// Its catch-all, of this key.
    Other(String),
    /// The value of this wire string, which it folds into.
    Fold(String),
}

impl<'a> Importer<'a> {
    /// The whole document: its settings, the entry (the root, or the schema at `root`), and
    /// every `$defs`/`definitions` entry.
    pub(super) fn document(&mut self, root: Option<&str>, stem: &str) -> Schema {
        let top = Node::root(self.document);
        if !self.document.is_object() && !self.document.is_boolean() {
            self.problem(&top, "a JSON Schema is an object or a boolean");
        }
        let mut entries = Vec::new();
        let mut file_docs = Docs::new();
        match root {
            Some(pointer) => {
                let pointer = pointer.strip_prefix('#').unwrap_or(pointer);
                match self.at(pointer) {
                    Some(node) => {
                        let val = self.referenced(pointer, &node);
                        self.entry(&node, &val, &mut entries);
                    }
                    None => self.problem(
                        &top,
                        format!("--root {pointer:?} names nothing in this document"),
                    ),
                }
            }
            None => {
                let object = self.document.as_object();
                let keys: Vec<&str> = object
                    .map(|object| object.keys().map(String::as_str).collect())
                    .unwrap_or_default();
                let settings_only = keys.iter().all(|key| {
                    ["$schema", "$id", "$comment", "title", "description"].contains(key)
                        || key == &"$defs"
                        || key == &"definitions"
                });
                if settings_only {
                    file_docs = self.docs(&top);
                } else if keys.contains(&"$ref")
                    && keys
                        .iter()
                        .all(|key| ANNOTATIONS.contains(key) || *key == "$ref")
                {
                    file_docs = self.docs(&top);
                    let val = self.reference(&top);
                    self.entry(&top, &val, &mut entries);
                } else if let Some(refs) = self.entry_refs(&keys) {
                    file_docs = self.docs(&top);
                    for node in refs {
                        let val = self.reference(&node);
                        self.entry(&node, &val, &mut entries);
                    }
                } else {
                    let title = self.document.get("title").and_then(Value::as_str);
                    let name = self
                        .scope
                        .claim(&names::upper_camel(title.unwrap_or(stem), "Root"), "");
                    self.named
                        .insert(("#root".to_string(), Vec::new()), name.clone());
                    self.pending.insert(String::new(), (name.clone(), false));
                    let val = self.value(&top, &Hint::Own(name));
                    self.pending.remove("");
                    self.entry(&top, &val, &mut entries);
                }
                self.all_defs();
            }
        }
        self.drop_unique_over_any_json();
        let (source_name, version) = self.header(stem);
        let title = self
            .document
            .get("title")
            .and_then(Value::as_str)
            .unwrap_or(stem)
            .to_string();
        Schema {
            source_name,
            stem: stem.to_string(),
            id: self.id(stem),
            title,
            version,
            docs: file_docs,
            entries,
            types: std::mem::take(&mut self.types),
            foreign: Default::default(),
            spans: SchemaSpans::default(),
        }
    }

    /// The root's `anyOf` of `$ref`s alone, cardc's way to state several entries.
    fn entry_refs(&self, keys: &[&str]) -> Option<Vec<Node<'a>>> {
        if !keys
            .iter()
            .all(|key| ANNOTATIONS.contains(key) || *key == "anyOf")
        {
            return None;
        }
        let items = self.document.get("anyOf")?.as_array()?;
        let refs: Vec<Node<'a>> = items
            .iter()
            .enumerate()
            .map(|(index, value)| Node {
                value,
                pointer: format!("/anyOf/{index}"),
            })
            .collect();
        refs.iter()
            .all(|node| {
                node.value
                    .as_object()
                    .is_some_and(|o| o.len() == 1 && o.contains_key("$ref"))
            })
            .then_some(refs)
    }

    /// Adds the type `val` names to the entries, or notes that the root is no named type.
    fn entry(&mut self, node: &Node, val: &Val, entries: &mut Vec<String>) {
        match &val.ty {
            Ty::Named(name) if !val.nullable && self.types.contains_key(name) => {
                if !entries.contains(name) {
                    entries.push(name.clone());
                }
            }
            _ => self.note(
                node,
                None,
                "the root is no struct, union, enum or newtype: no entry is declared",
            ),
        }
    }

    /// Imports every `$defs` and `definitions` entry but those only a union's branches name
    /// (whose types are the variants' payloads, without the tag).
    fn all_defs(&mut self) {
        for keyword in ["$defs", "definitions"] {
            let Some(defs) = self.document.get(keyword).and_then(Value::as_object) else {
                continue;
            };
            for (key, value) in defs {
                let pointer = json_pointer::child(&format!("/{keyword}"), key);
                if self.in_branches.contains(&pointer) && !self.elsewhere.contains(&pointer) {
                    continue;
                }
                let node = Node {
                    value,
                    pointer: pointer.clone(),
                };
                self.referenced(&pointer, &node);
            }
        }
    }

    /// The source name and contract version cardc's header in `$comment` gives, if it is one.
    fn header(&self, stem: &str) -> (String, Option<Version>) {
        let comment = self.document.get("$comment").and_then(Value::as_str);
        let version = comment
            .and_then(|text| crate::header::parse(text, 0..0))
            .and_then(|(_, version)| version);
        (format!("{stem}.cards"), version)
    }

    /// The document's `$id`, without an empty fragment; cardc's default for one it lacks or
    /// gives no absolute URI as (noted).
    fn id(&mut self, stem: &str) -> String {
        let default = format!("urn:cardc:{stem}");
        let Some(id) = self.document.get("$id") else {
            return default;
        };
        let text = id.as_str().unwrap_or_default().trim_end_matches('#');
        match fluent_uri::Uri::parse(text) {
            Ok(uri) if !uri.has_fragment() => text.to_string(),
            _ => {
                self.note(
                    &Node::root(self.document),
                    Some("$id"),
                    "`$id` is no absolute URI without a fragment: the file's default id",
                );
                default
            }
        }
    }

    /// The value `node` states, with the name `hint` for a type it makes.
    pub(super) fn value(&mut self, node: &Node<'_>, hint: &Hint) -> Val {
        let object = match node.value {
            Value::Bool(true) => return Val::of(Ty::Json),
            Value::Bool(false) => {
                self.note(node, None, "`false` accepts no value: imported as any JSON");
                return Val::of(Ty::Json);
            }
            Value::Object(object) => object,
            _ => {
                self.problem(node, "expected a schema: an object or a boolean");
                return Val::of(Ty::Json);
            }
        };
        self.note_unknown(node, object);
        let mut val = self.bare(node, object, hint);
        if object.get("nullable") == Some(&Value::Bool(true)) {
            val.nullable = true;
        }
        if val.ty == Ty::Json {
            // Any JSON holds `null` already.
            val.nullable = false;
        }
        val
    }

    /// Notes each keyword of `object` the reader does not import.
    fn note_unknown(&mut self, node: &Node, object: &Map<String, Value>) {
        for key in object.keys() {
            if ANNOTATIONS.contains(&key.as_str())
                || IMPORTED.contains(&key.as_str())
                || key.starts_with("x-")
                || (key == "propertyNames" && object.get(key).is_some_and(every_key))
            {
                continue;
            }
            let message = match key.as_str() {
                "patternProperties" => {
                    "keys by pattern are not carried: the object keeps such keys as any JSON"
                }
                "prefixItems" => "tuples are not carried: the items are any JSON",
                "not" => "`not` is not carried: what it refuses is accepted",
                "multipleOf" => "`multipleOf` is not carried: any number in the range",
                _ => "not carried by the schema language: what it refuses is accepted",
            };
            self.note(
                node,
                Some(key),
                format!("`{key}` is not imported: {message}"),
            );
        }
    }

    /// The value of a schema object, before its `nullable`.
    fn bare(&mut self, node: &Node<'_>, object: &Map<String, Value>, hint: &Hint) -> Val {
        if object.contains_key("$ref") {
            for key in object.keys() {
                if IMPORTED.contains(&key.as_str()) && key != "$ref" && key != "nullable" {
                    self.note(
                        node,
                        Some(key),
                        format!("`{key}` beside `$ref` is not imported"),
                    );
                }
            }
            return self.reference(node);
        }
        if let Some(val) = self.conditional(node, object, hint) {
            return val;
        }
        if let Some(constant) = object.get("const") {
            // A `$defs` entry of one string is an enum of one value, as for `enum`.
            if let (Value::String(text), Hint::Own(_)) = (constant, hint) {
                let values = vec![(text.clone(), Docs::new(), None)];
                return self.enum_def(node, values, Unknown::Refused, hint);
            }
            return self.constant(node, constant);
        }
        if let Some(values) = object.get("enum") {
            return self.enumeration(node, values, hint);
        }
        if object.contains_key("oneOf") || object.contains_key("anyOf") {
            return self.choice(node, hint);
        }
        if let Some(all) = object.get("allOf") {
            if let Some(val) = self.cardc_union(node, hint) {
                return val;
            }
            return self.all_of(node, all, hint);
        }
        let kinds: Vec<&str> = match object.get("type") {
            Some(Value::String(kind)) => vec![kind.as_str()],
            Some(Value::Array(kinds)) => kinds.iter().filter_map(Value::as_str).collect(),
            Some(_) => {
                self.problem(node, "`type` is a string or an array of strings");
                return Val::of(Ty::Json);
            }
            None => inferred_kind(object).into_iter().collect(),
        };
        let nullable = kinds.contains(&"null");
        let kinds: Vec<&str> = kinds.into_iter().filter(|kind| *kind != "null").collect();
        let mut val = match kinds.as_slice() {
            [] if nullable && object.contains_key("type") => {
                self.note(
                    node,
                    Some("type"),
                    "a value that is always `null` is not carried: any JSON",
                );
                Val::of(Ty::Json)
            }
            [] => Val::of(Ty::Json),
            [kind] => self.typed(node, object, kind, hint),
            several => self.of_types(node, several, hint),
        };
        val.nullable |= nullable;
        val
    }

    /// cardc's `null` beside a value (`if` `null`, `else` the value) or its untagged union's
    /// `if` chain; any other `if` is noted and passed over.
    fn conditional(
        &mut self,
        node: &Node<'_>,
        object: &Map<String, Value>,
        hint: &Hint,
    ) -> Option<Val> {
        let test = object.get("if")?;
        if test == &serde_json::json!({"type": "null"}) && !object.contains_key("then") {
            let inner = node.child("else")?;
            let mut val = self.value(&inner, hint);
            val.nullable = true;
            return Some(val);
        }
        let titled = object
            .get("then")
            .and_then(|then| then.get("title"))
            .is_some();
        if titled
            && object.contains_key("else")
            && let Some(val) = self.untagged_chain(node, hint)
        {
            return Some(val);
        }
        self.note(
            node,
            Some("if"),
            "`if`/`then`/`else` is not imported: what it refuses is accepted",
        );
        None
    }

    /// A constant: a string, a safe integer or a boolean.
    fn constant(&mut self, node: &Node, value: &Value) -> Val {
        let constant = match value {
            Value::String(text) => Some(Constant::String(text.clone())),
            Value::Bool(flag) => Some(Constant::Bool(*flag)),
            Value::Number(number) => number
                .as_i64()
                .filter(|int| int.abs() <= MAX_SAFE_INTEGER)
                .map(Constant::Int),
            _ => None,
        };
        match constant {
            Some(constant) => Val::of(Ty::Const(constant)),
            None => {
                self.note(
                    node,
                    Some("const"),
                    "a constant that is not a string, a safe integer or a boolean is not \
                     carried: any JSON",
                );
                Val::of(Ty::Json)
            }
        }
    }

    /// An `enum`: of strings an enum type (one string in place a constant), `null` among them
    /// making it nullable; one other value a constant; anything else any JSON, noted.
    fn enumeration(&mut self, node: &Node, values: &Value, hint: &Hint) -> Val {
        let Some(items) = values.as_array() else {
            self.problem(node, "`enum` is an array");
            return Val::of(Ty::Json);
        };
        let nullable = items.contains(&Value::Null);
        let rest: Vec<&Value> = items.iter().filter(|value| !value.is_null()).collect();
        let strings: Option<Vec<&str>> = rest.iter().map(|value| value.as_str()).collect();
        let own = matches!(hint, Hint::Own(_));
        let mut val = match (rest.as_slice(), strings) {
            // A `$defs` entry of one string is an enum of one value (`enum FormMode { Form }`).
            ([Value::String(_)], Some(strings)) if own => self.enum_def(
                node,
                strings
                    .iter()
                    .map(|text| (text.to_string(), Docs::new(), None))
                    .collect(),
                Unknown::Refused,
                hint,
            ),
            ([one], _) => self.constant(node, one),
            (_, Some(strings)) if !strings.is_empty() => self.enum_def(
                node,
                strings
                    .iter()
                    .map(|text| (text.to_string(), Docs::new(), None))
                    .collect(),
                Unknown::Refused,
                hint,
            ),
            _ => {
                self.note(
                    node,
                    Some("enum"),
                    "an `enum` of several values that are not all strings is not carried: any JSON",
                );
                return Val::of(Ty::Json);
            }
        };
        val.nullable = nullable;
        val
    }

    /// An enum type of `strings`, closed, open with a catch-all or folding into a value.
    pub(super) fn enum_def(
        &mut self,
        node: &Node,
        strings: Vec<(String, Docs, Option<Deprecated>)>,
        unknown: Unknown,
        hint: &Hint,
    ) -> Val {
        let name = self.type_name(node, hint);
        let mut docs = self.docs(node);
        // The line that says what an unknown string reads as is no doc of the type.
        let (other, fold) = match unknown {
            Unknown::Refused => (None, None),
            Unknown::Other(other) => {
                docs.pop();
                (Some(other), None)
            }
            Unknown::Fold(fold) => {
                docs.pop();
                (None, Some(fold))
            }
        };
        let mut scope = names::variant_scope();
        let mut values: Vec<EnumValue> = strings
            .into_iter()
            .map(|(wire_name, docs, deprecated)| EnumValue {
                name: scope.claim(&names::upper_camel(&wire_name, "Value"), ""),
                wire_name,
                span: 0..0,
                docs,
                deprecated,
            })
            .collect();
        // cardc's emitter writes a deprecated value as a line of its enum's description.
        for value in values.iter_mut().rev() {
            let Some((wire_name, note)) = docs
                .last()
                .and_then(|line| wording::read_deprecated_value(line))
            else {
                break;
            };
            if wire_name == value.wire_name {
                value.deprecated = Some(Deprecated { note });
                docs.pop();
            }
        }
        let other = other.map(|wanted| crate::ir::CatchAll {
            name: scope.claim(&names::upper_camel(&wanted, "Other"), ""),
            key: wanted,
            docs: Docs::new(),
            deprecated: None,
            span: 0..0,
        });
        let def = EnumDef {
            name,
            name_span: 0..0,
            docs,
            deprecated: self.deprecated(node),
            examples: self.examples(node),
            fold: fold.and_then(|fold| {
                let value = values.iter().find(|value| value.wire_name == fold)?;
                Some(value.name.clone())
            }),
            values,
            other,
        };
        self.add(TypeDef::Enum(def))
    }

    /// `allOf`: of one schema that schema (draft-07 writers wrap a `$ref` so); of objects one
    /// struct of all their properties; anything else noted, its first schema read.
    fn all_of(&mut self, node: &Node<'_>, all: &Value, hint: &Hint) -> Val {
        let Some(items) = all.as_array() else {
            self.problem(node, "`allOf` is an array");
            return Val::of(Ty::Json);
        };
        let parts: Vec<Node> = (0..items.len())
            .filter_map(|index| {
                node.child("allOf").and_then(|all| {
                    all.value.get(index).map(|value| Node {
                        value,
                        pointer: format!("{}/allOf/{index}", node.pointer),
                    })
                })
            })
            .collect();
        // A part of annotations alone (draft-07's `{"default": 0}` beside a `$ref`) says
        // nothing a value must be.
        let parts: Vec<Node> = parts
            .into_iter()
            .filter(|part| {
                !part
                    .value
                    .as_object()
                    .is_some_and(|object| object.keys().all(|key| is_annotation(key)))
            })
            .collect();
        if let [only] = parts.as_slice() {
            return self.value(only, hint);
        }
        // Resolve each part and merge their objects' keywords.
        let mut merged = Map::new();
        let mut properties = Map::new();
        let mut required: Vec<Value> = Vec::new();
        let mut closed = false;
        for part in &parts {
            let resolved = match self.target(part) {
                Some((_, target)) => target.value.clone(),
                None => part.value.clone(),
            };
            let Some(object) = resolved.as_object() else {
                continue;
            };
            if let Some(Value::Object(props)) = object.get("properties") {
                properties.extend(props.clone());
            }
            if let Some(Value::Array(keys)) = object.get("required") {
                required.extend(keys.iter().cloned());
            }
            closed |= object.get("additionalProperties") == Some(&Value::Bool(false));
            for (key, value) in object {
                if !["properties", "required", "additionalProperties", "$ref"]
                    .contains(&key.as_str())
                {
                    merged.entry(key.clone()).or_insert_with(|| value.clone());
                }
            }
        }
        if properties.is_empty() {
            self.note(
                node,
                Some("allOf"),
                "an `allOf` of other schemas than objects is not imported beyond its first",
            );
            return match parts.first() {
                Some(first) => self.value(first, hint),
                None => Val::of(Ty::Json),
            };
        }
        if closed {
            self.note(
                node,
                Some("allOf"),
                "an `allOf` part closes its object: the merged struct is closed",
            );
            merged.insert("additionalProperties".into(), Value::Bool(false));
        }
        merged.insert("type".into(), "object".into());
        merged.insert("properties".into(), Value::Object(properties));
        merged.insert("required".into(), Value::Array(required));
        for (key, value) in node.value.as_object().into_iter().flatten() {
            if key != "allOf" {
                merged.insert(key.clone(), value.clone());
            }
        }
        let merged = Value::Object(merged);
        let merged_node = Node {
            value: &merged,
            pointer: node.pointer.clone(),
        };
        self.struct_def(&merged_node, hint, &[])
    }

    /// A schema of one JSON type.
    fn typed(
        &mut self,
        node: &Node<'_>,
        object: &Map<String, Value>,
        kind: &str,
        hint: &Hint,
    ) -> Val {
        match kind {
            "string" => {
                // cardc writes an open enum as a string whose description lists its values,
                // and what an unknown one reads as: its catch-all, or the value it folds into.
                let docs = self.docs(node);
                let last = docs.last();
                let open = last.and_then(|line| wording::read_open_enum(line));
                let folding = last.and_then(|line| wording::read_folding_enum(line));
                match (open, folding) {
                    (Some((known, other)), _) => {
                        let values = known.into_iter().map(|text| (text, Docs::new(), None));
                        self.enum_def(node, values.collect(), Unknown::Other(other), hint)
                    }
                    (None, Some((known, fold))) if known.contains(&fold) => {
                        let values = known.into_iter().map(|text| (text, Docs::new(), None));
                        self.enum_def(node, values.collect(), Unknown::Fold(fold), hint)
                    }
                    _ => self.string(node, object),
                }
            }
            "boolean" => Val::of(Ty::Bool),
            "integer" => self.integer(node, object),
            "number" => number(object),
            "array" => self.array(node, object, hint),
            "object" => self.object(node, object, hint),
            other => {
                self.problem(node, format!("no JSON type is called {other:?}"));
                Val::of(Ty::Json)
            }
        }
    }

    /// A string, with its length, pattern and format; or a `Decimal`, a string of exactly its
    /// pattern.
    fn string(&mut self, node: &Node, object: &Map<String, Value>) -> Val {
        let mut constraints = Constraints {
            length: self.count(node, "minLength", "maxLength"),
            ..Constraints::default()
        };
        let pattern = object.get("pattern").and_then(Value::as_str);
        if let (Some(pattern), None) = (pattern, &constraints.length)
            && let Some(wide) = [Wide::I64, Wide::U64]
                .into_iter()
                .find(|wide| pattern == wide.pattern())
        {
            return Val::of(Ty::Decimal(wide));
        }
        if let Some(format) = object.get("format").and_then(Value::as_str) {
            match Format::ALL.iter().find(|(known, _)| *known == format) {
                Some((_, known)) => constraints.format = Some(*known),
                None => self.note(
                    node,
                    Some("format"),
                    format!("format {format:?} is not carried: any string"),
                ),
            }
        }
        // A carried format's pattern is its own (cardc writes it beside `format`).
        let format_pattern = constraints.format.map(|format| format.pattern());
        if let Some(pattern) = pattern.filter(|pattern| Some(*pattern) != format_pattern) {
            if constraints.format.is_some() {
                self.note(
                    node,
                    Some("pattern"),
                    "a pattern beside a format is not carried: the format's own pattern",
                );
            } else if let Some(problem) = crate::check::pattern_problem(pattern) {
                match without_trailing_any(pattern)
                    .filter(|shorter| crate::check::pattern_problem(shorter).is_none())
                {
                    Some(shorter) => constraints.pattern = Some(shorter.to_string()),
                    None => self.note(
                        node,
                        Some("pattern"),
                        format!("a pattern outside the dialect every reader shares is not carried ({problem}): any string"),
                    ),
                }
            } else {
                constraints.pattern = Some(pattern.to_string());
            }
        }
        Val {
            constraints,
            ..Val::of(Ty::String)
        }
    }

    /// An integer: the integer type whose bounds are those written (or its format's), else
    /// the smallest that holds them, with a range for the bounds that are not its own.
    fn integer(&mut self, node: &Node, object: &Map<String, Value>) -> Val {
        let bound = |key: &str, up: bool| -> Option<i64> {
            let number = object.get(key)?.as_f64()?;
            let rounded = if up { number.ceil() } else { number.floor() };
            // Within what an f64 holds exactly, and so as an i64 too.
            Some(rounded.clamp(-9_007_199_254_740_992.0, 9_007_199_254_740_992.0) as i64)
        };
        let exclusive = |key: &str| object.get(key).is_some_and(Value::is_number);
        let mut low = bound("minimum", true);
        let mut high = bound("maximum", false);
        if exclusive("exclusiveMinimum") {
            low = low.max(bound("exclusiveMinimum", false).map(|value| value + 1));
        }
        if exclusive("exclusiveMaximum") {
            let value = bound("exclusiveMaximum", true).map(|value| value - 1);
            high = match (high, value) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        let format = object.get("format").and_then(Value::as_str);
        let by_format = format.and_then(|format| {
            INT_FORMATS
                .iter()
                .find(|(name, _)| *name == format)
                .map(|(_, kind)| *kind)
        });
        // A format (schemars' `uint16`) gives the bounds the keywords leave out.
        if let Some(kind) = by_format {
            let (min, max) = kind.bounds();
            low = low.or(Some(min));
            high = high.or(Some(max));
        }
        if let Some(format) = format.filter(|_| by_format.is_none()) {
            self.note(
                node,
                Some("format"),
                format!("format {format:?} is not carried"),
            );
        }
        let (safe_low, safe_high) = IntKind::I64.bounds();
        if low.is_some_and(|low| low < safe_low) || high.is_some_and(|high| high > safe_high) {
            self.note(
                node,
                None,
                "bounds past 2^53 - 1 are not carried: integers are exact in every reader only \
                 within it (a Decimal<i64> string carries the full range)",
            );
        } else if (low.is_none() || high.is_none())
            && !matches!(by_format, Some(IntKind::I64 | IntKind::U64))
            && low.is_none_or(|low| low < 0)
        {
            self.note(
                node,
                None,
                "an integer without bounds is imported as i64: within ±(2^53 - 1), the \
                 integers every reader holds exactly",
            );
        }
        let wanted = (
            low.unwrap_or(safe_low).max(safe_low),
            high.unwrap_or(safe_high).min(safe_high),
        );
        let holds = |kind: &IntKind| {
            let (min, max) = kind.bounds();
            min <= wanted.0 && wanted.1 <= max
        };
        let kind = IntKind::ALL
            .iter()
            .find(|kind| kind.bounds() == wanted)
            .copied()
            .or(by_format.filter(holds))
            .or_else(|| {
                [
                    IntKind::U8,
                    IntKind::I8,
                    IntKind::U16,
                    IntKind::I16,
                    IntKind::U32,
                    IntKind::I32,
                    IntKind::U64,
                    IntKind::I64,
                ]
                .into_iter()
                .find(holds)
            })
            .unwrap_or(IntKind::I64);
        let (min, max) = kind.bounds();
        let inclusive = |value: i64| Bound {
            value: Number::Int(value),
            exclusive: false,
        };
        let range = NumberRange {
            min: (wanted.0 != min).then(|| inclusive(wanted.0)),
            max: (wanted.1 != max).then(|| inclusive(wanted.1)),
        };
        let range = (range.min.is_some() || range.max.is_some()).then_some(range);
        Val {
            constraints: Constraints {
                range,
                ..Constraints::default()
            },
            ..Val::of(Ty::Int(kind))
        }
    }

    /// An array of its `items`' type, with its item count and uniqueness.
    fn array(&mut self, node: &Node<'_>, object: &Map<String, Value>, hint: &Hint) -> Val {
        let item = match node.child("items") {
            Some(items) if items.value.is_array() => {
                self.note(
                    node,
                    Some("items"),
                    "tuples (an array of `items`) are not carried: the items are any JSON",
                );
                Ty::Json
            }
            Some(items) => {
                let val = self.value(&items, &hint.nested("Item"));
                self.nested(&items, val)
            }
            None => Ty::Json,
        };
        let unique = object.get("uniqueItems") == Some(&Value::Bool(true));
        if unique {
            self.unique_at.push(node.pointer.clone());
        }
        Val {
            constraints: Constraints {
                items: self.count(node, "minItems", "maxItems"),
                unique,
                ..Constraints::default()
            },
            ..Val::of(Ty::Vec(Box::new(item)))
        }
    }

    /// The type of an array's items or a map's values, which carry no constraints of their
    /// own (noted) and no constant (its type's).
    pub(super) fn nested(&mut self, node: &Node, val: Val) -> Ty {
        if !val.constraints.is_empty() {
            self.note(
                node,
                None,
                "constraints on an array's items or a map's values are not carried",
            );
        }
        let ty = match val.ty {
            Ty::Const(constant) => {
                self.note(
                    node,
                    None,
                    "a constant item or value is imported as its type",
                );
                match constant {
                    Constant::String(_) => Ty::String,
                    Constant::Int(_) => Ty::Int(IntKind::I64),
                    Constant::Bool(_) => Ty::Bool,
                }
            }
            ty => ty,
        };
        if val.nullable && ty != Ty::Json {
            Ty::Nullable(Box::new(ty))
        } else {
            ty
        }
    }

    /// An object: a struct when it names properties (or is closed), a map of its
    /// `additionalProperties` otherwise.
    fn object(&mut self, node: &Node<'_>, object: &Map<String, Value>, hint: &Hint) -> Val {
        let others = object.get("additionalProperties");
        let struct_like = object.contains_key("properties")
            || others == Some(&Value::Bool(false))
            || object.get("unevaluatedProperties") == Some(&Value::Bool(false));
        if struct_like {
            return self.struct_def(node, hint, &[]);
        }
        let value = match node.child("additionalProperties") {
            Some(values) if values.value.is_object() => {
                let val = self.value(&values, &hint.nested("Value"));
                self.nested(&values, val)
            }
            _ => Ty::Json,
        };
        Val::of(Ty::Map(Box::new(value)))
    }

    /// A struct of `node`'s properties but the tags in `skip` (a union's, which the union
    /// writes): closed by `additionalProperties: false`, open otherwise.
    pub(super) fn struct_def(&mut self, node: &Node<'_>, hint: &Hint, skip: &[String]) -> Val {
        let name = self.type_name(node, hint);
        self.within.push(name.clone());
        let object = node.value.as_object();
        let get = |key: &str| object.and_then(|object| object.get(key));
        let required: Vec<&str> = get("required")
            .and_then(Value::as_array)
            .map(|keys| keys.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let closed = get("additionalProperties") == Some(&Value::Bool(false))
            || get("unevaluatedProperties") == Some(&Value::Bool(false));
        let unknown = if closed {
            UnknownFields::Refuse
        } else {
            if get("additionalProperties").is_some_and(|others| others.is_object() && !any(others))
            {
                self.note(
                    node,
                    Some("additionalProperties"),
                    "a schema for the other keys is not carried: the struct keeps them as any JSON",
                );
            }
            UnknownFields::Keep
        };
        let mut scope =
            Scope::reserving(&[crate::naming::rust::EXTRA_FIELDS, "self", "super", "crate"]);
        let mut fields = Vec::new();
        let hint_here = Hint::Suggest(name.clone());
        if let Some(properties) = node.child("properties")
            && let Some(members) = properties.value.as_object()
        {
            for (key, _) in members {
                if skip.contains(key) {
                    continue;
                }
                let Some(property) = properties.child(key) else {
                    continue;
                };
                let field_name = scope.claim(&names::snake(key, "field"), "_");
                let field = self.field(
                    &property,
                    key,
                    field_name,
                    required.contains(&key.as_str()),
                    &hint_here,
                );
                fields.push(field);
            }
        }
        for key in required.iter().filter(|key| {
            !skip.iter().any(|tag| tag == *key)
                && !object
                    .and_then(|o| o.get("properties"))
                    .and_then(Value::as_object)
                    .is_some_and(|props| props.contains_key(**key))
        }) {
            self.note(
                node,
                Some("required"),
                format!("the required key {key:?} has no property: not required"),
            );
        }
        self.within.pop();
        let def = StructDef {
            name,
            name_span: 0..0,
            docs: self.docs(node),
            deprecated: self.deprecated(node),
            examples: self.examples(node),
            fields,
            unknown,
        };
        self.add(TypeDef::Struct(def))
    }

    /// A struct's field from its property.
    fn field(
        &mut self,
        node: &Node<'_>,
        key: &str,
        name: String,
        required: bool,
        hint: &Hint,
    ) -> Field {
        let val = self.value(node, &hint.nested(key));
        let mut ty = val.ty;
        let nullable = val.nullable;
        let default = node.child("default");
        let allowed_default = default.as_ref().is_some_and(|value| {
            !required
                && !nullable
                && !matches!(ty, Ty::Json | Ty::Const(_))
                && match value.value {
                    Value::Array(items) => items.is_empty(),
                    Value::Object(entries) => entries.is_empty(),
                    Value::Null => false,
                    _ => true,
                }
        });
        // `X | None = None` (pydantic): absent already reads as no value, so nothing is lost.
        let absent_is_null =
            !required && nullable && default.as_ref().is_some_and(|d| d.value.is_null());
        if let Some(default) = default
            .as_ref()
            .filter(|_| !allowed_default && !absent_is_null)
        {
            self.note(
                default,
                None,
                "this default is not carried: a default is a scalar, `[]` or `{}` on a key \
                 neither required, nullable, constant nor any JSON",
            );
        }
        let default = default
            .filter(|_| allowed_default)
            .map(|value| FieldDefault {
                value: from_value(value.value),
                write: DefaultWrite::Keep,
            });
        if let (Ty::Const(Constant::String(text)), false) = (&ty, required) {
            // An enum of one value says the same, and may be absent.
            let values = vec![(text.clone(), Docs::new(), None)];
            ty = self
                .enum_def(node, values, Unknown::Refused, &hint.nested(key))
                .ty;
        } else if let (Ty::Const(constant), false) = (&ty, required) {
            self.note(
                node,
                None,
                "a constant key that may be absent is not carried: its type, any value",
            );
            ty = match constant {
                Constant::String(_) => Ty::String,
                Constant::Int(_) => Ty::Int(IntKind::I64),
                Constant::Bool(_) => Ty::Bool,
            };
        }
        let (ty, nullable) = match (ty, nullable) {
            (Ty::Const(constant), true) => {
                self.note(
                    node,
                    None,
                    "a constant that may be `null` is imported as its type",
                );
                let ty = match constant {
                    Constant::String(_) => Ty::String,
                    Constant::Int(_) => Ty::Int(IntKind::I64),
                    Constant::Bool(_) => Ty::Bool,
                };
                (ty, true)
            }
            other => other,
        };
        let presence = match (required, nullable, &default) {
            (_, _, Some(_)) => Presence::Defaulted,
            (true, false, None) => Presence::Required,
            (true, true, None) => Presence::Nullable,
            (false, false, None) => Presence::Optional,
            (false, true, None) => Presence::OptionalNullable,
        };
        Field {
            name,
            wire_name: key.to_string(),
            span: 0..0,
            docs: self.docs(node),
            deprecated: self.deprecated(node),
            examples: self.examples(node),
            presence,
            ty,
            constraints: val.constraints,
            flatten: false,
            tolerance: Tolerance::default(),
            default,
        }
    }

    /// Leaves out `uniqueItems` where the readers would not compare the items alike (the
    /// checker's rule, `check::unique_problem`), noted with the checker's reason.
    fn drop_unique_over_any_json(&mut self) {
        let mut dropped = Vec::new();
        for (name, def) in &self.types {
            let TypeDef::Struct(def) = def else { continue };
            for (index, field) in def.fields.iter().enumerate() {
                if !field.constraints.unique {
                    continue;
                }
                if let Some(problem) = crate::check::unique_problem(&field.ty, &self.types) {
                    dropped.push((name.clone(), index, problem));
                }
            }
        }
        for (name, index, problem) in dropped {
            let Some(TypeDef::Struct(def)) = self.types.get_mut(&name) else {
                continue;
            };
            let field = &mut def.fields[index];
            field.constraints.unique = false;
            let property = json_pointer::child("/properties", &field.wire_name);
            let pointer = self
                .unique_at
                .iter()
                .find(|pointer| pointer.ends_with(&property))
                .cloned()
                .unwrap_or_default();
            self.within.push(name);
            let node = Node {
                value: &Value::Null,
                pointer,
            };
            self.note(
                &node,
                Some("uniqueItems"),
                format!(
                    "`uniqueItems` is not carried: {problem}, which the readers compare differently"
                ),
            );
            self.within.pop();
        }
    }

    /// A count's bounds, from its `min` and `max` keywords.
    fn count(&mut self, node: &Node, min: &str, max: &str) -> Option<Count> {
        let read = |key: &str| node.value.get(key).and_then(Value::as_u64);
        let count = Count {
            min: read(min),
            max: read(max),
        };
        (count.min.is_some() || count.max.is_some()).then_some(count)
    }

    /// `node`'s `description` as doc lines.
    pub(super) fn docs(&self, node: &Node) -> Docs {
        node.value
            .get("description")
            .and_then(Value::as_str)
            .map(|text| {
                text.split('\n')
                    .map(|line| line.trim_end_matches('\r').to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `node`'s `deprecated: true`.
    pub(super) fn deprecated(&self, node: &Node) -> Option<Deprecated> {
        (node.value.get("deprecated") == Some(&Value::Bool(true)))
            .then_some(Deprecated { note: None })
    }

    /// `node`'s `examples` (draft-07's `example` too, a single one).
    pub(super) fn examples(&self, node: &Node) -> Examples {
        match node.value.get("examples") {
            Some(Value::Array(items)) => items.iter().map(from_value).collect(),
            _ => node
                .value
                .get("example")
                .map(|one| vec![from_value(one)])
                .unwrap_or_default(),
        }
    }
}

/// The JSON type a schema without `type` is about, from its keywords.
fn inferred_kind(object: &Map<String, Value>) -> Option<&'static str> {
    let has = |keys: &[&str]| keys.iter().any(|key| object.contains_key(*key));
    if has(&["properties", "additionalProperties", "required"]) {
        Some("object")
    } else if has(&["items", "minItems", "maxItems", "uniqueItems"]) {
        Some("array")
    } else if has(&["minLength", "maxLength", "pattern"]) {
        Some("string")
    } else {
        None
    }
}

/// A number, with its range (draft-04's boolean `exclusiveMinimum` too).
fn number(object: &Map<String, Value>) -> Val {
    let float = |key: &str| object.get(key).and_then(Value::as_f64);
    let flag = |key: &str| object.get(key) == Some(&Value::Bool(true));
    let bound = |value: f64, exclusive: bool| Bound {
        value: Number::Float(value),
        exclusive,
    };
    let min = match (float("exclusiveMinimum"), float("minimum")) {
        (Some(value), _) => Some(bound(value, true)),
        (None, Some(value)) => Some(bound(value, flag("exclusiveMinimum"))),
        (None, None) => None,
    };
    let max = match (float("exclusiveMaximum"), float("maximum")) {
        (Some(value), _) => Some(bound(value, true)),
        (None, Some(value)) => Some(bound(value, flag("exclusiveMaximum"))),
        (None, None) => None,
    };
    let range = (min.is_some() || max.is_some()).then_some(NumberRange { min, max });
    Val {
        constraints: Constraints {
            range,
            ..Constraints::default()
        },
        ..Val::of(Ty::F64)
    }
}

/// Whether a `propertyNames` schema holds for every key: any JSON, or any string (zod writes
/// `{"type": "string"}` for a record's keys).
fn every_key(schema: &Value) -> bool {
    any(schema) || schema == &serde_json::json!({"type": "string"})
}

/// Whether a schema is `true` or `{}`, which every value passes.
pub(super) fn any(schema: &Value) -> bool {
    match schema {
        Value::Bool(flag) => *flag,
        Value::Object(object) => object.keys().all(|key| is_annotation(key)),
        _ => false,
    }
}

/// `pattern` without a trailing `.*` (zod's `startsWith`, `^file://.*`), which a pattern that
/// is searched for, anchored at its end by nothing, matches the same strings without; `None`
/// when it has none (its `.` escaped, or in a class).
fn without_trailing_any(pattern: &str) -> Option<&str> {
    let rest = pattern.strip_suffix(".*")?;
    let (mut escaped, mut in_class) = (false, false);
    for c in rest.chars() {
        match (escaped, c) {
            (true, _) => escaped = false,
            (false, '\\') => escaped = true,
            (false, '[') => in_class = true,
            (false, ']') => in_class = false,
            _ => {}
        }
    }
    (!escaped && !in_class).then_some(rest)
}
