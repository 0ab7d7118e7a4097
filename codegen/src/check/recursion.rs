//! Recursion: a type may contain itself only through a `Vec`, `Map` or `Box`.
//!
//! In Rust a struct that holds itself inline (directly, or through `Option`, `Nullable` or a
//! union variant) has infinite size; JSON Schema and TypeScript would accept the recursion, but
//! the three outputs must agree, so the checker asks for the indirection instead.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use super::tags::field_span;
use crate::diagnostics::Diagnostic;
use crate::ir::{Ty, TypeDef};
use crate::syntax::ast::{ItemKind, SchemaFile};

/// One inline containment: `from` holds a `to` by value, written at `span`.
struct Edge<'a> {
    to: &'a str,
    span: Range<usize>,
    through_field: bool,
}

/// Reports each cycle of inline containment once: one error per strongly connected group.
pub(super) fn check(
    file: &SchemaFile,
    defs: &BTreeMap<String, TypeDef>,
    errors: &mut Vec<Diagnostic>,
) {
    let graph = edges(file, defs);
    for group in strongly_connected(&graph) {
        let start = group[0];
        let members: BTreeSet<&str> = group.iter().copied().collect();
        if let Some((path, closing)) = cycle_through(start, &members, &graph) {
            errors.push(cycle_error(&path, closing));
        }
    }
}

/// Tarjan's algorithm: the groups of types that reach each other, each sorted, in name order.
fn strongly_connected<'a>(graph: &BTreeMap<&'a str, Vec<Edge<'a>>>) -> Vec<Vec<&'a str>> {
    struct State<'a> {
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        groups: Vec<Vec<&'a str>>,
    }
    fn visit<'a>(node: &'a str, graph: &BTreeMap<&'a str, Vec<Edge<'a>>>, state: &mut State<'a>) {
        let index = state.index.len();
        state.index.insert(node, index);
        state.low.insert(node, index);
        state.stack.push(node);
        state.on_stack.insert(node);
        for edge in graph.get(node).into_iter().flatten() {
            if !state.index.contains_key(edge.to) {
                visit(edge.to, graph, state);
                let low = state.low[node].min(state.low[edge.to]);
                state.low.insert(node, low);
            } else if state.on_stack.contains(edge.to) {
                let low = state.low[node].min(state.index[edge.to]);
                state.low.insert(node, low);
            }
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
            let self_loop = graph
                .get(node)
                .into_iter()
                .flatten()
                .any(|edge| edge.to == node);
            if group.len() > 1 || self_loop {
                state.groups.push(group);
            }
        }
    }
    let mut state = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for node in graph.keys() {
        if !state.index.contains_key(node) {
            visit(node, graph, &mut state);
        }
    }
    state.groups.sort();
    state.groups
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

fn edges<'a>(
    file: &SchemaFile,
    defs: &'a BTreeMap<String, TypeDef>,
) -> BTreeMap<&'a str, Vec<Edge<'a>>> {
    let mut graph: BTreeMap<&str, Vec<Edge>> = BTreeMap::new();
    for def in defs.values() {
        let out = graph.entry(def.name()).or_default();
        match def {
            TypeDef::Struct(def) => {
                for field in &def.fields {
                    if let Some(to) = held_inline(&field.ty) {
                        out.push(Edge {
                            to,
                            span: field_span(file, &def.name, &field.name),
                            through_field: true,
                        });
                    }
                }
            }
            TypeDef::Union(def) => {
                for variant in &def.variants {
                    out.push(Edge {
                        to: &variant.payload,
                        span: payload_span(file, &def.name, &variant.name),
                        through_field: false,
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

fn payload_span(file: &SchemaFile, union: &str, variant: &str) -> Range<usize> {
    file.items
        .iter()
        .find_map(|item| match &item.kind {
            ItemKind::Union(def) if item.name.value == union => def
                .variants
                .iter()
                .find(|candidate| candidate.name.value == variant)
                .map(|variant| variant.payload.span.clone()),
            _ => None,
        })
        .unwrap_or(0..0)
}
