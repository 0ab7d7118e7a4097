//! A front end the other way round: reads a JSON Schema someone else wrote (draft 2020-12 or
//! draft-07, as schemars, zod-to-json-schema or a hand write them) and writes the `.cards` file
//! that carries the same contract, through the IR: [`read`] builds the types, [`write`] spells
//! them in the schema language.
//!
//! What the language cannot carry is never dropped silently: each such keyword is a [`Note`],
//! at its JSON pointer, written as a comment above the type it was found in and returned for
//! the command line to warn with. A document that cannot be read (not JSON, a `--root` that
//! points nowhere, a `$ref` to nothing) is a [`Problem`] at its pointer.
//!
//! The reader knows the shapes cardc's own emitter writes (a tagged union's `allOf` of
//! `if`/`then`, an untagged union's `if` chain, `null` as an `if`/`else`, the open union's and
//! open enum's sentences), so that a published schema imports as the schema it came from, and
//! the shapes other writers use for the same constructs (`oneOf`/`anyOf` with a `const`
//! discriminator, `type` lists with `null`, `nullable`, `definitions`).

mod names;
mod read;
mod resolve;
mod unions;
mod write;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::Value;

use crate::diagnostics::Diagnostic;
use crate::ir::{Constraints, Ty, TypeDef};
use crate::json_pointer;
pub use crate::published::Problem;
use crate::published::node::Node;
use names::Scope;

/// Something of the input that the `.cards` file does not carry as written: where, and what
/// was imported instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The JSON pointer of the keyword (`/$defs/Foo/patternProperties`).
    pub pointer: String,
    /// What is not carried, and what the import does instead.
    pub message: String,
}

/// A JSON Schema imported: the `.cards` text, and the notes it carries as comments.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The schema file's text.
    pub cards: String,
    /// Every note, in the order found.
    pub notes: Vec<Note>,
    /// The type each schema a `$ref` or the document names became, by its JSON pointer
    /// (`/$defs/Config`; the document's root is `""`), as the schema language spells it: a
    /// named type (`Config`), or the value a schema read in place is (`Json`, `String`; its
    /// constraints are the field's). Where to read a value the document calls by that pointer.
    pub types: BTreeMap<String, String>,
}

/// Imports the JSON Schema `text` as a `.cards` file (unchecked: [`crate::import_json_schema`]
/// checks it, and leaves out the examples and defaults its types refuse) whose stem will be `stem` (which names
/// the contract when the document has no other title). `root` is a JSON pointer to the schema
/// to import instead of the document's root (`/$defs/Config`): it and what it reaches become
/// the file's types, with it as the entry.
pub fn import(text: &str, root: Option<&str>, stem: &str) -> Result<Imported, Vec<Problem>> {
    let document = crate::published::parse(text)?;
    let mut importer = Importer::new(&document);
    let schema = importer.document(root, stem);
    if !importer.problems.is_empty() {
        return Err(importer.problems);
    }
    let notes: Vec<Note> = importer
        .notes
        .iter()
        .map(|(_, note)| note.clone())
        .collect();
    let cards = write::cards(&schema, &importer.notes);
    let named = importer
        .named
        .iter()
        .filter(|((_, tags), _)| tags.is_empty())
        .map(|((pointer, _), name)| {
            let pointer = if pointer == "#root" { "" } else { pointer };
            (pointer.to_string(), name.clone())
        });
    let in_place = importer.inline.iter().map(|(pointer, val)| {
        let ty = match val.nullable {
            true => Ty::Nullable(Box::new(val.ty.clone())),
            false => val.ty.clone(),
        };
        (pointer.clone(), crate::ir::spell(&ty))
    });
    let types = named.chain(in_place).collect();
    Ok(Imported {
        cards,
        notes,
        types,
    })
}

impl Imported {
    /// Leaves out each example and default that `errors` (the checker's, on
    /// [`Imported::cards`]) find invalid for its imported type, in its place a note saying
    /// why (a field that loses its default may then be absent: `Option<T>`). The document's
    /// examples and defaults are its writer's, who may have checked them against less than the
    /// schema says, or the import carries less than the schema says.
    pub fn leave_out_invalid_values(&mut self, errors: &[Diagnostic]) {
        let invalid = |error: &&Diagnostic| {
            error.message.starts_with("this example is not a valid")
                || error.message.starts_with("this default is not a valid")
        };
        if !errors.iter().any(|error| invalid(&error)) {
            return;
        }
        let mut cards = String::with_capacity(self.cards.len());
        let mut offset = 0;
        let mut optional_next_field = false;
        for line in self.cards.split_inclusive('\n') {
            let end = offset + line.len();
            let trimmed = line.trim_start();
            let indent = &line[..line.len() - trimmed.len()];
            let error = errors
                .iter()
                .filter(invalid)
                .find(|error| (offset..end).contains(&error.span.start));
            let value = trimmed.starts_with("#[example") || trimmed.starts_with("#[default");
            match error.filter(|_| value) {
                Some(error) => {
                    optional_next_field |= trimmed.starts_with("#[default");
                    let message = format!("left out: {}", error.message);
                    cards.push_str(&format!("{indent}// note: {}\n", write::one_line(&message)));
                    self.notes.push(Note {
                        pointer: String::new(),
                        message,
                    });
                }
                None if optional_next_field
                    && !trimmed.starts_with("#[")
                    && !trimmed.starts_with("//") =>
                {
                    optional_next_field = false;
                    match trimmed
                        .trim_end()
                        .strip_suffix(',')
                        .and_then(|field| field.split_once(": "))
                    {
                        Some((name, ty)) => {
                            cards.push_str(&format!("{indent}{name}: Option<{ty}>,\n"));
                        }
                        None => cards.push_str(line),
                    }
                }
                None => cards.push_str(line),
            }
            offset = end;
        }
        self.cards = cards;
    }
}

impl std::fmt::Display for Note {
    /// `pointer: message`, each control character escaped so that a note is one line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pointer = if self.pointer.is_empty() {
            "the document"
        } else {
            &self.pointer
        };
        write!(
            f,
            "{}: {}",
            write::one_line(pointer),
            write::one_line(&self.message)
        )
    }
}

/// A value schema read: its type, the constraints on a field's own value, and whether `null`
/// is allowed beside it.
#[derive(Debug, Clone)]
struct Val {
    ty: Ty,
    constraints: Constraints,
    nullable: bool,
}

impl Val {
    fn of(ty: Ty) -> Val {
        Val {
            ty,
            constraints: Constraints::default(),
            nullable: false,
        }
    }
}

/// The name a type read from a schema gets: the one claimed for a `$defs` entry, or one to
/// derive (from its `title`, else this suggestion).
#[derive(Debug, Clone)]
enum Hint {
    /// A `$defs` entry's name, claimed already: the type it makes takes it.
    Own(String),
    /// A name from the property path (`DrawingBackground`), claimed when a type is made.
    Suggest(String),
}

impl Hint {
    /// The suggestion for a type nested in this one: `Drawing` and `Background` give
    /// `DrawingBackground`.
    fn nested(&self, part: &str) -> Hint {
        let base = match self {
            Hint::Own(name) | Hint::Suggest(name) => name,
        };
        Hint::Suggest(format!("{base}{}", names::upper_camel(part, "")))
    }
}

/// The state of one import.
struct Importer<'a> {
    document: &'a Value,
    /// Every type made, by name.
    types: BTreeMap<String, TypeDef>,
    /// The type names given out.
    scope: Scope,
    /// The type a referenced schema became, by its pointer and the tags taken off it.
    named: HashMap<(String, Vec<String>), String>,
    /// The value a referenced schema that makes no type of its own reads as, by pointer.
    inline: HashMap<String, Val>,
    /// The referenced schemas being read, by pointer: the name claimed, and whether a `$ref`
    /// met it while it was read (a recursive value).
    pending: HashMap<String, (String, bool)>,
    /// The schemas that only name another (`{"$ref": ...}`) being followed, to stop a cycle.
    aliasing: Vec<String>,
    /// The schemas `$ref`fed from somewhere other than a union's branch.
    elsewhere: BTreeSet<String>,
    /// The schemas `$ref`fed as a union's branch.
    in_branches: BTreeSet<String>,
    /// The pointers of the arrays whose items must all differ.
    unique_at: Vec<String>,
    /// The types being read, innermost last: a note belongs to the last.
    within: Vec<String>,
    /// The notes, each with the type it belongs to.
    notes: Vec<(Option<String>, Note)>,
    problems: Vec<Problem>,
}

impl<'a> Importer<'a> {
    fn new(document: &'a Value) -> Importer<'a> {
        let (mut elsewhere, mut in_branches) = (BTreeSet::new(), BTreeSet::new());
        resolve::references(document, false, &mut elsewhere, &mut in_branches);
        Importer {
            document,
            types: BTreeMap::new(),
            scope: Scope::reserving(&names::reserved_type_names()),
            named: HashMap::new(),
            inline: HashMap::new(),
            pending: HashMap::new(),
            aliasing: Vec::new(),
            elsewhere,
            in_branches,
            unique_at: Vec::new(),
            within: Vec::new(),
            notes: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// Records that `node`'s `what` is not carried, and what is done instead.
    fn note(&mut self, node: &Node, key: Option<&str>, message: impl Into<String>) {
        let pointer = match key {
            Some(key) => json_pointer::child(&node.pointer, key),
            None => node.pointer.clone(),
        };
        let note = Note {
            pointer,
            message: message.into(),
        };
        if !self.notes.iter().any(|(_, known)| *known == note) {
            self.notes.push((self.within.last().cloned(), note));
        }
    }

    /// Records that the document cannot be read at `node`.
    fn problem(&mut self, node: &Node, message: impl Into<String>) {
        self.problems.push(Problem {
            pointer: node.pointer.clone(),
            message: message.into(),
        });
    }

    /// The name for a type `node` makes under `hint`.
    fn type_name(&mut self, node: &Node, hint: &Hint) -> String {
        match hint {
            Hint::Own(name) => name.clone(),
            Hint::Suggest(suggested) => {
                let title = node.value.get("title").and_then(Value::as_str);
                let wanted = names::upper_camel(title.unwrap_or(suggested), "Type");
                self.scope.claim(&wanted, "")
            }
        }
    }

    /// Adds a type made, and returns its value.
    fn add(&mut self, def: TypeDef) -> Val {
        let name = def.name().to_string();
        self.types.insert(name.clone(), def);
        Val::of(Ty::Named(name))
    }
}

#[cfg(test)]
mod tests;
