//! Reading published documents together: each document's names of the others' types resolved,
//! and the types it names taken, with every type they hold, into its schema, as a schema file
//! that imports them has them (each in [`Schema::foreign`] with the document that declares it).

use std::collections::{BTreeMap, BTreeSet};

use super::{Problem, Published};
use crate::ir::{self, Module, Schema};

/// Links `documents`, each read alone: every type a document names of another is found in the
/// document of the `$id` its `$ref` names, or for a payload a `title` alone names, in the one
/// document that declares it (those the document refers to first). Gives the documents in the
/// order given, or every problem, each with the index of the document it is in.
pub fn link(mut documents: Vec<Published>) -> Result<Vec<Published>, Vec<(usize, Problem)>> {
    let mut problems = Vec::new();
    let mut problem = |at: usize, pointer: &str, message: String| {
        problems.push((
            at,
            Problem {
                pointer: pointer.to_string(),
                message,
            },
        ))
    };
    let mut by_id: BTreeMap<&str, usize> = BTreeMap::new();
    for (at, document) in documents.iter().enumerate() {
        if let Some(first) = by_id.insert(&document.schema.id, at) {
            problem(
                at,
                "/$id",
                format!(
                    "another document read with it, the {}th, has the `$id` {}",
                    first + 1,
                    document.schema.id
                ),
            );
        }
    }
    let declares = |at: usize, name: &str| documents[at].schema.types.contains_key(name);
    // Each document's imports: each name, with the document that declares it.
    let mut sources: Vec<Vec<(String, usize)>> = Vec::new();
    for (at, document) in documents.iter().enumerate() {
        let referenced: Vec<usize> = document
            .referenced()
            .into_iter()
            .filter_map(|id| by_id.get(id).copied())
            .collect();
        let mut found = Vec::new();
        for (name, (id, pointer)) in &document.imports {
            let source = match id {
                Some(id) => match by_id.get(id.as_str()) {
                    Some(&other) if declares(other, name) => Some(other),
                    Some(_) => {
                        problem(at, pointer, format!("`{name}` is no `$defs` entry of {id}"));
                        None
                    }
                    None => {
                        problem(
                            at,
                            pointer,
                            format!(
                                "a `$ref` names a type of {id}, which is not among the \
                                 documents read: publish it beside this one ({})",
                                crate::document_ref::file_name(id)
                            ),
                        );
                        None
                    }
                },
                None => {
                    let candidates: Vec<usize> = match referenced
                        .iter()
                        .copied()
                        .filter(|&other| declares(other, name))
                        .collect::<Vec<_>>()
                    {
                        near if !near.is_empty() => near,
                        _ => (0..documents.len())
                            .filter(|&other| other != at && declares(other, name))
                            .collect(),
                    };
                    match candidates.as_slice() {
                        [other] => Some(*other),
                        [] => {
                            problem(
                                at,
                                pointer,
                                format!(
                                    "the payload `{name}` is no `$defs` entry, here or in a \
                                     document read with it"
                                ),
                            );
                            None
                        }
                        _ => {
                            problem(
                                at,
                                pointer,
                                format!("the payload `{name}` is declared by several documents"),
                            );
                            None
                        }
                    }
                }
            };
            if let Some(other) = source {
                found.push((name.clone(), other));
            }
        }
        sources.push(found);
    }
    let Some(order) = order(&sources) else {
        problem(
            0,
            "",
            "the documents name one another's types in a cycle".to_string(),
        );
        return Err(problems);
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    for at in order {
        let mut brought: BTreeMap<String, (ir::TypeDef, Module)> = BTreeMap::new();
        for (name, other) in &sources[at] {
            let declaring = &documents[*other].schema;
            for reached in ir::closure(&declaring.types, [name.as_str()]) {
                let module = declaring.foreign.get(reached).cloned().unwrap_or(Module {
                    stem: declaring.stem.clone(),
                    id: declaring.id.clone(),
                });
                brought.insert(
                    reached.to_string(),
                    (declaring.types[reached].clone(), module),
                );
            }
        }
        let schema: &mut Schema = &mut documents[at].schema;
        for (name, (def, module)) in brought {
            if schema.types.contains_key(&name) && !schema.foreign.contains_key(&name) {
                problems.push((
                    at,
                    Problem {
                        pointer: format!("/$defs/{}", crate::json_pointer::segment(&name)),
                        message: format!(
                            "`{name}` is a `$defs` entry, and a type of {} that this document's \
                             imports hold",
                            module.id
                        ),
                    },
                ));
                continue;
            }
            schema.types.insert(name.clone(), def);
            schema.foreign.insert(name, module);
        }
    }
    if problems.is_empty() {
        Ok(documents)
    } else {
        Err(problems)
    }
}

/// The documents, each after those it takes types from; `None` for a cycle.
fn order(sources: &[Vec<(String, usize)>]) -> Option<Vec<usize>> {
    let mut order = Vec::with_capacity(sources.len());
    let mut done = vec![false; sources.len()];
    let mut open: BTreeSet<usize> = BTreeSet::new();
    for start in 0..sources.len() {
        // (document, next import to visit): the stack is the walk's path.
        let mut stack = vec![(start, 0)];
        while let Some(&mut (at, ref mut next)) = stack.last_mut() {
            if done[at] {
                stack.pop();
                continue;
            }
            open.insert(at);
            match sources[at].get(*next) {
                Some(&(_, other)) => {
                    *next += 1;
                    if open.contains(&other) {
                        return None;
                    }
                    if !done[other] {
                        stack.push((other, 0));
                    }
                }
                None => {
                    open.remove(&at);
                    done[at] = true;
                    order.push(at);
                    stack.pop();
                }
            }
        }
    }
    Some(order)
}
