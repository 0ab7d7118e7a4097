//! Recursion: a type may contain itself only through a `Vec`, `Map` or `Box`.
//!
//! In Rust a struct that holds itself inline (directly, or through `Option`, `Nullable` or a
//! union variant) has infinite size; JSON Schema and TypeScript would accept the recursion, but
//! the three outputs must agree, so the checker asks for the indirection instead.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use crate::diagnostics::Diagnostic;
use crate::ir::{Span, Ty, TypeDef};

/// One inline containment: a type holds the type `to` by value, written at `span`.
struct Edge<'a> {
    /// The type held, by its index in the graph's names, when it is declared.
    to: Option<usize>,
    /// Its name.
    to_name: &'a str,
    span: Span,
    through_field: bool,
}

/// The types and what each holds inline, each type by its index in name order (the order of
/// `defs`), so that the search below works on vectors rather than maps of names.
struct Graph<'a> {
    names: Vec<&'a str>,
    edges: Vec<Vec<Edge<'a>>>,
}

/// Reports each cycle of inline containment once (one error per strongly connected group),
/// and each newtype that wraps only itself.
pub(super) fn check(defs: &BTreeMap<String, TypeDef>, errors: &mut Vec<Diagnostic>) {
    newtype_cycles(defs, errors);
    let graph = edges(defs);
    for group in strongly_connected(&graph) {
        if let Some((path, closing)) = cycle_through(&group, &graph) {
            errors.push(cycle_error(&path, closing));
        }
    }
}

/// Reports a newtype whose chain of wrapped newtypes (through `Box`) comes back to it, such as
/// `struct A(Box<A>);`: a `Box` is indirection enough for Rust, but no JSON value is such a
/// newtype, and a reader following the chain would never reach a value to read.
fn newtype_cycles(defs: &BTreeMap<String, TypeDef>, errors: &mut Vec<Diagnostic>) {
    for def in defs.values() {
        let TypeDef::Newtype(start) = def else {
            continue;
        };
        let mut seen = BTreeSet::from([start.name.as_str()]);
        let mut ty = &start.ty;
        // A chain without a `Box` is a cycle of inline containment, reported as one.
        let mut boxed = false;
        loop {
            let name = match ty {
                Ty::Boxed(inner) => {
                    boxed = true;
                    ty = inner;
                    continue;
                }
                Ty::Named(name) => name.as_str(),
                _ => break,
            };
            if name == start.name && boxed {
                errors.push(Diagnostic::new(
                    format!("newtype `{}` wraps only itself", start.name),
                    start.span.clone(),
                    "no value at the end",
                    "a newtype is the value it wraps, so a chain of newtypes must end in another \
                     type: no JSON value is this one",
                ));
                break;
            }
            match defs.get(name) {
                // A cycle not through `start` is reported from its own newtypes.
                Some(TypeDef::Newtype(next)) if name != start.name && seen.insert(name) => {
                    ty = &next.ty;
                }
                _ => break,
            }
        }
    }
}

/// Tarjan's algorithm: the groups of types that reach each other, each in name order, the
/// groups in name order too. The depth-first search keeps its own stack, so a chain of
/// thousands of types cannot overflow the thread's.
fn strongly_connected(graph: &Graph) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    struct Search {
        index: Vec<usize>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        /// The open calls of the search: each node, and how many of its edges it followed.
        calls: Vec<(usize, usize)>,
        next: usize,
    }
    impl Search {
        fn enter(&mut self, node: usize) {
            self.index[node] = self.next;
            self.low[node] = self.next;
            self.next += 1;
            self.stack.push(node);
            self.on_stack[node] = true;
            self.calls.push((node, 0));
        }
    }
    let count = graph.names.len();
    let mut search = Search {
        index: vec![UNSEEN; count],
        low: vec![UNSEEN; count],
        on_stack: vec![false; count],
        stack: Vec::new(),
        calls: Vec::new(),
        next: 0,
    };
    let mut groups = Vec::new();
    for root in 0..count {
        if search.index[root] != UNSEEN {
            continue;
        }
        search.enter(root);
        while let Some(&mut (node, ref mut followed)) = search.calls.last_mut() {
            if let Some(edge) = graph.edges[node].get(*followed) {
                *followed += 1;
                // A type that is not declared holds nothing: it closes no cycle.
                let Some(to) = edge.to else { continue };
                if search.index[to] == UNSEEN {
                    search.enter(to);
                } else if search.on_stack[to] {
                    search.low[node] = search.low[node].min(search.index[to]);
                }
                continue;
            }
            search.calls.pop();
            if let Some(&(parent, _)) = search.calls.last() {
                search.low[parent] = search.low[parent].min(search.low[node]);
            }
            if search.low[node] == search.index[node] {
                let mut group = Vec::new();
                while let Some(member) = search.stack.pop() {
                    search.on_stack[member] = false;
                    group.push(member);
                    if member == node {
                        break;
                    }
                }
                group.sort_unstable();
                let self_loop = graph.edges[node].iter().any(|edge| edge.to == Some(node));
                if group.len() > 1 || self_loop {
                    groups.push(group);
                }
            }
        }
    }
    groups.sort();
    groups
}

/// A path from the group's first type back to itself within the group, by names, and the edge
/// that closes it.
fn cycle_through<'g, 'a>(
    group: &[usize],
    graph: &'g Graph<'a>,
) -> Option<(Vec<&'a str>, &'g Edge<'a>)> {
    let start = *group.first()?;
    let members: HashSet<usize> = group.iter().copied().collect();
    let mut parent: HashMap<usize, usize> = HashMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for edge in &graph.edges[node] {
            let Some(to) = edge.to else { continue };
            if to == start {
                let mut path = vec![node];
                while let Some(previous) = parent.get(&path[path.len() - 1]) {
                    path.push(*previous);
                }
                path.reverse();
                return Some((
                    path.into_iter().map(|node| graph.names[node]).collect(),
                    edge,
                ));
            }
            if members.contains(&to) && !parent.contains_key(&to) {
                parent.insert(to, node);
                queue.push_back(to);
            }
        }
    }
    None
}

fn cycle_error(path: &[&str], closing: &Edge) -> Diagnostic {
    let mut chain: Vec<&str> = path.to_vec();
    chain.push(path[0]);
    let hint = if closing.through_field {
        format!(
            "wrap the type in `Box<{}>` (or hold it in a `Vec` or `Map`) somewhere along the cycle",
            closing.to_name
        )
    } else {
        "a union reaches itself through its variants alone, which no finite value can satisfy: \
         break the cycle with a `Box`, `Vec` or `Map` field"
            .to_string()
    };
    Diagnostic::new(
        format!(
            "recursive type `{}` has no indirection: {}",
            path[0],
            chain.join(" -> ")
        ),
        closing.span.clone(),
        "holds the cycle by value",
        hint,
    )
}

fn edges<'a>(defs: &'a BTreeMap<String, TypeDef>) -> Graph<'a> {
    let names: Vec<&str> = defs.keys().map(String::as_str).collect();
    let position: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(at, name)| (*name, at))
        .collect();
    let edge = |to_name: &'a str, span: &Span, through_field: bool| -> Option<Edge<'a>> {
        Some(Edge {
            to: position.get(to_name).copied(),
            to_name,
            span: span.clone(),
            through_field,
        })
    };
    let edges = defs
        .values()
        .map(|def| match def {
            TypeDef::Struct(def) => def
                .fields
                .iter()
                .filter_map(|field| edge(held_inline(&field.ty)?, &field.span, true))
                .collect(),
            TypeDef::Union(def) => def
                .variants
                .iter()
                .filter_map(|variant| edge(variant.payload.as_ref()?, &variant.span, false))
                .collect(),
            TypeDef::Untagged(def) => def
                .variants
                .iter()
                .filter_map(|variant| edge(held_inline(&variant.ty)?, &variant.span, true))
                .collect(),
            TypeDef::Newtype(def) => held_inline(&def.ty)
                .and_then(|to| edge(to, &def.span, true))
                .into_iter()
                .collect(),
            TypeDef::Enum(_) => Vec::new(),
        })
        .collect();
    Graph { names, edges }
}

/// The named type a value holds by value (directly or as `Nullable`), if any.
fn held_inline(ty: &Ty) -> Option<&str> {
    match ty {
        Ty::Named(name) => Some(name),
        Ty::Nullable(inner) => held_inline(inner),
        _ => None,
    }
}
