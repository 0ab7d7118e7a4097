//! A value of the document with its JSON pointer, and the reader that records the pointer of
//! every item it reads and every problem it finds.

use serde_json::{Map, Value};

use super::Problem;
use crate::ir::{Deprecated, Docs, Examples, Span};
use crate::json_pointer;
use crate::json_text::from_value;

/// A value of the document and the JSON pointer it is at.
#[derive(Debug, Clone)]
pub(crate) struct Node<'a> {
    /// The value.
    pub value: &'a Value,
    /// Its pointer, `/$defs/Card` (empty for the document).
    pub pointer: String,
}

impl<'a> Node<'a> {
    /// The document itself.
    pub fn root(value: &'a Value) -> Node<'a> {
        Node {
            value,
            pointer: String::new(),
        }
    }

    /// The member `key` of an object, if it has one.
    pub fn child(&self, key: &str) -> Option<Node<'a>> {
        self.value.get(key).map(|value| Node {
            value,
            pointer: json_pointer::child(&self.pointer, key),
        })
    }

    /// The object's members, if it is one.
    pub fn object(&self) -> Option<&'a Map<String, Value>> {
        self.value.as_object()
    }
}

/// What a read has found so far: the pointer of every item read (indexed by its span) and
/// every problem.
#[derive(Debug, Default)]
pub(crate) struct Reader {
    /// The pointers of the items read, in order.
    pub pointers: Vec<String>,
    /// The problems found, in order.
    pub problems: Vec<Problem>,
}

impl Reader {
    /// The span that stands for `node`'s item: an index into the pointer table.
    pub fn span(&mut self, node: &Node) -> Span {
        self.pointers.push(node.pointer.clone());
        self.pointers.len() - 1..self.pointers.len()
    }

    /// Records a problem at `node`.
    pub fn problem(&mut self, node: &Node, message: impl Into<String>) {
        self.problems.push(Problem {
            pointer: node.pointer.clone(),
            message: message.into(),
        });
    }

    /// Records a problem at the item `span` stands for.
    pub fn problem_at(&mut self, span: &Span, message: impl Into<String>) {
        let pointer = self.pointers.get(span.start).cloned().unwrap_or_default();
        self.problems.push(Problem {
            pointer,
            message: message.into(),
        });
    }

    /// The member `key` of `node`, or a problem saying it is missing.
    pub fn need<'a>(&mut self, node: &Node<'a>, key: &str) -> Option<Node<'a>> {
        let child = node.child(key);
        if child.is_none() {
            self.problem(node, format!("`{key}` is missing"));
        }
        child
    }

    /// `node`'s object, with a problem for each key that is not one of `keys` (the read goes
    /// on, to find every problem at once), or `None` with a problem when it is no object.
    pub fn only<'a>(&mut self, node: &Node<'a>, keys: &[&str]) -> Option<&'a Map<String, Value>> {
        let Some(object) = node.object() else {
            self.problem(node, "expected an object");
            return None;
        };
        for key in object.keys().filter(|key| !keys.contains(&key.as_str())) {
            self.problem(node, format!("`{key}` is no keyword cardc writes here"));
        }
        Some(object)
    }

    /// The members of an object, in the document's order.
    pub fn members<'a>(&mut self, node: &Node<'a>) -> Option<Vec<(&'a str, Node<'a>)>> {
        let Some(object) = node.object() else {
            self.problem(node, "expected an object");
            return None;
        };
        Some(
            object
                .iter()
                .map(|(key, value)| {
                    let child = Node {
                        value,
                        pointer: json_pointer::child(&node.pointer, key),
                    };
                    (key.as_str(), child)
                })
                .collect(),
        )
    }

    /// The items of an array.
    pub fn items<'a>(&mut self, node: &Node<'a>) -> Option<Vec<Node<'a>>> {
        let Some(items) = node.value.as_array() else {
            self.problem(node, "expected an array");
            return None;
        };
        Some(
            items
                .iter()
                .enumerate()
                .map(|(index, value)| Node {
                    value,
                    pointer: format!("{}/{index}", node.pointer),
                })
                .collect(),
        )
    }

    /// A string value.
    pub fn string<'a>(&mut self, node: &Node<'a>) -> Option<&'a str> {
        let text = node.value.as_str();
        if text.is_none() {
            self.problem(node, "expected a string");
        }
        text
    }

    /// The strings of an array of strings.
    pub fn strings<'a>(&mut self, node: &Node<'a>) -> Option<Vec<&'a str>> {
        let items = self.items(node)?;
        items.iter().map(|item| self.string(item)).collect()
    }

    /// A count: a non-negative integer.
    pub fn count(&mut self, node: &Node) -> Option<u64> {
        let count = node.value.as_u64();
        if count.is_none() {
            self.problem(node, "expected a non-negative integer");
        }
        count
    }

    /// The doc lines of `node`'s `description`, none without one.
    pub fn docs(&mut self, node: &Node) -> Docs {
        match node.child("description") {
            Some(description) => self
                .string(&description)
                .map(|text| text.split('\n').map(str::to_string).collect())
                .unwrap_or_default(),
            None => Docs::new(),
        }
    }

    /// `node`'s `deprecated: true`, as a deprecation without a note (JSON Schema has no
    /// keyword for the note).
    pub fn deprecated(&mut self, node: &Node) -> Option<Deprecated> {
        let flag = node.child("deprecated")?;
        if flag.value != &Value::Bool(true) {
            self.problem(&flag, "cardc writes `deprecated` only as `true`");
            return None;
        }
        Some(Deprecated { note: None })
    }

    /// `node`'s `examples`.
    pub fn examples(&mut self, node: &Node) -> Examples {
        node.child("examples")
            .and_then(|examples| self.items(&examples))
            .map(|items| items.iter().map(|item| from_value(item.value)).collect())
            .unwrap_or_default()
    }
}
