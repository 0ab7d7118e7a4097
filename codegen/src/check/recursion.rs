//! Recursion: a type may contain itself only through a `Vec`, `Map` or `Box`.
//!
//! In Rust a struct that holds itself inline (directly, or through `Option`, `Nullable` or a
//! union variant) has infinite size; JSON Schema and TypeScript would accept the recursion, but
//! the three outputs must agree, so the checker asks for the indirection instead.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::Diagnostic;
use crate::ir::{Span, Ty, TypeDef};

/// One inline containment: `from` holds a `to` by value, written at `span`.
struct Edge<'a> {
    to: &'a str,
    span: Span,
    through_field: bool,
}

/// Reports each cycle of inline containment once (one error per strongly connected group),
/// and each newtype that wraps only itself.
pub(super) fn check(defs: &BTreeMap<String, TypeDef>, errors: &mut Vec<Diagnostic>) {
    newtype_cycles(defs, errors);
    let graph = edges(defs);
    for group in strongly_connected(&graph) {
        let start = group[0];
        let members: BTreeSet<&str> = group.iter().copied().collect();
        if let Some((path, closing)) = cycle_through(start, &members, &graph) {
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

/// Tarjan's algorithm: the groups of types that reach each other, each sorted, in name order.
/// The depth-first search keeps its own stack, so a chain of thousands of types cannot
/// overflow the thread's.
fn strongly_connected<'a>(graph: &BTreeMap<&'a str, Vec<Edge<'a>>>) -> Vec<Vec<&'a str>> {
    #[derive(Default)]
    struct State<'a> {
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        /// The open calls of the search: each node, and how many of its edges it followed.
        calls: Vec<(&'a str, usize)>,
    }
    impl<'a> State<'a> {
        fn enter(&mut self, node: &'a str) {
            let next = self.index.len();
            self.index.insert(node, next);
            self.low.insert(node, next);
            self.stack.push(node);
            self.on_stack.insert(node);
            self.calls.push((node, 0));
        }

        fn lower(&mut self, node: &'a str, to: usize) {
            let lowest = self.low[node].min(to);
            self.low.insert(node, lowest);
        }
    }
    let no_edges: &[Edge] = &[];
    let edges_of = |node: &str| graph.get(node).map_or(no_edges, Vec::as_slice);
    let mut state = State::default();
    let mut groups = Vec::new();
    for &root in graph.keys() {
        if state.index.contains_key(root) {
            continue;
        }
        state.enter(root);
        while let Some((node, followed)) = state.calls.last_mut() {
            let node: &'a str = node;
            if let Some(edge) = edges_of(node).get(*followed) {
                *followed += 1;
                if !state.index.contains_key(edge.to) {
                    state.enter(edge.to);
                } else if state.on_stack.contains(edge.to) {
                    state.lower(node, state.index[edge.to]);
                }
                continue;
            }
            state.calls.pop();
            if let Some(&(parent, _)) = state.calls.last() {
                state.lower(parent, state.low[node]);
            }
            if state.low[node] == state.index[node] {
                let mut group = Vec::new();
                while let Some(member) = state.stack.pop() {
                    state.on_stack.remove(member);
                    group.push(member);
                    if member == node {
                        break;
                    }
                }
                group.sort_unstable();
                let self_loop = edges_of(node).iter().any(|edge| edge.to == node);
                if group.len() > 1 || self_loop {
                    groups.push(group);
                }
            }
        }
    }
    groups.sort();
    groups
}

/// A path from `start` back to itself within one group, and the edge that closes it.
fn cycle_through<'g, 'a>(
    start: &'a str,
    members: &BTreeSet<&'a str>,
    graph: &'g BTreeMap<&'a str, Vec<Edge<'a>>>,
) -> Option<(Vec<&'a str>, &'g Edge<'a>)> {
    let mut parent: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for edge in graph.get(node).into_iter().flatten() {
            if edge.to == start {
                let mut path = vec![node];
                while let Some(previous) = parent.get(path[path.len() - 1]) {
                    path.push(previous);
                }
                path.reverse();
                return Some((path, edge));
            }
            if members.contains(edge.to) && edge.to != start && !parent.contains_key(edge.to) {
                parent.insert(edge.to, node);
                queue.push_back(edge.to);
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
            closing.to
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

fn edges(defs: &BTreeMap<String, TypeDef>) -> BTreeMap<&str, Vec<Edge<'_>>> {
    let mut graph: BTreeMap<&str, Vec<Edge>> = BTreeMap::new();
    for def in defs.values() {
        let out = graph.entry(def.name()).or_default();
        match def {
            TypeDef::Struct(def) => {
                for field in &def.fields {
                    if let Some(to) = held_inline(&field.ty) {
                        out.push(Edge {
                            to,
                            span: field.span.clone(),
                            through_field: true,
                        });
                    }
                }
            }
            TypeDef::Union(def) => {
                for variant in &def.variants {
                    if let Some(to) = &variant.payload {
                        out.push(Edge {
                            to,
                            span: variant.span.clone(),
                            through_field: false,
                        });
                    }
                }
            }
            TypeDef::Untagged(def) => {
                for variant in &def.variants {
                    if let Some(to) = held_inline(&variant.ty) {
                        out.push(Edge {
                            to,
                            span: variant.span.clone(),
                            through_field: true,
                        });
                    }
                }
            }
            TypeDef::Newtype(def) => {
                if let Some(to) = held_inline(&def.ty) {
                    out.push(Edge {
                        to,
                        span: def.span.clone(),
                        through_field: true,
                    });
                }
            }
            TypeDef::Enum(_) => {}
        }
    }
    graph
}

/// The named type a value holds by value (directly or as `Nullable`), if any.
fn held_inline(ty: &Ty) -> Option<&str> {
    match ty {
        Ty::Named(name) => Some(name),
        Ty::Nullable(inner) => held_inline(inner),
        _ => None,
    }
}
