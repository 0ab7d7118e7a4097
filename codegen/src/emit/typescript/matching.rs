//! Exhaustiveness helpers for every union: the list of its tags, a handlers type that must
//! name every tag (none missing, none extra), and `match<Union>`, which calls the handler for a
//! value's tag and ends in `assertNever`.
//!
//! A handler takes the union's member for its variant: the payload with the tag, so that a
//! handler written for the payload type alone fits too. A variant that carries another union
//! takes, as its handler, the handlers object of that union, so `search` dispatches again on
//! `kind` and a new kind breaks every caller too. A unit variant's handler takes its tags alone.
//! An open union's catch-all has a required handler of its own, keyed by the catch-all's key,
//! which takes the whole object of a tag this build does not know.

use super::Form;
use super::syntax::{property_name, string_literal};
use super::writer::Writer;
use crate::ir::{Schema, TypeDef, UnionDef, Variant};
use crate::naming::typescript::{
    catch_all_type, handlers as handlers_name, tags_const as tags_name,
};

/// Writes the helpers of every union of the schema, in name order; says whether there were any.
pub(super) fn emit_matchers(w: &mut Writer, schema: &Schema) -> bool {
    if !schema
        .own_types()
        .any(|def| matches!(def, TypeDef::Union(_)))
    {
        return false;
    }
    w.blank();
    w.line("// Exhaustive matching.");
    for def in schema.own_types() {
        if let TypeDef::Union(union) = def {
            w.blank();
            emit_matcher(w, union, schema);
        }
    }
    true
}

/// The type parameter of the handlers and `match` helpers: what every handler returns. A schema
/// type name never holds `_`, so no payload type called `R` is shadowed by it.
const RESULT: &str = "R_";

fn emit_matcher(w: &mut Writer, union: &UnionDef, schema: &Schema) {
    let name = &union.name;
    let handlers = handlers_name(name);
    let values: Vec<String> = union
        .variants
        .iter()
        .map(|v| string_literal(&v.tag_value))
        .collect();
    w.doc_line(&format!(
        "Every `{}` tag of `{name}`, in declaration order.",
        union.tag
    ));
    w.line(&format!(
        "export const {} = [{}] as const;",
        tags_name(name),
        values.join(", ")
    ));
    w.blank();
    w.doc_line(&format!(
        "A handler for every `{name}` variant, keyed by tag: a missing or extra key is a type error."
    ));
    w.line(&format!("export interface {handlers}<{RESULT}> {{"));
    w.indent();
    for variant in &union.variants {
        let key = property_name(&variant.tag_value);
        if let Some(payload) = union_payload(schema, variant) {
            w.line(&format!("{key}: {}<{RESULT}>;", handlers_name(payload)));
        } else {
            let member = super::member_type(
                schema,
                union,
                variant,
                Form::Reader(&super::Inputs::default()),
            );
            w.line(&format!("{key}: (value: {member}) => {RESULT};"));
        }
    }
    // The catch-all's handler is required too, keyed apart from every tag (the checker refuses
    // a tag equal to its key).
    let catch_all = union
        .other
        .as_ref()
        .map(|other| (other, catch_all_type(name, &other.name)));
    if let Some((other, type_name)) = &catch_all {
        w.line(&format!(
            "{}: (value: {type_name}) => {RESULT};",
            property_name(&other.key)
        ));
    }
    w.dedent();
    w.line("}");
    w.blank();
    w.doc_line(
        "Calls the handler for `value`'s tag; nested unions dispatch again on their own tag.",
    );
    w.line(&format!(
        "export function match{name}<{RESULT}>(value: {name}, handlers: {handlers}<{RESULT}>): {RESULT} {{"
    ));
    w.indent();
    // The catch-all first: past it, the value is one of the known members, and the `switch`
    // narrows it as a closed union's.
    if let Some((other, type_name)) = &catch_all {
        w.line(&format!("if (is{type_name}(value)) {{"));
        w.indent();
        w.line(&format!(
            "return handlers[{}](value);",
            string_literal(&other.key)
        ));
        w.dedent();
        w.line("}");
    }
    let tag = format!("value[{}]", string_literal(&union.tag));
    w.line(&format!("switch ({tag}) {{"));
    w.indent();
    for variant in &union.variants {
        let key = string_literal(&variant.tag_value);
        let call = if let Some(payload) = union_payload(schema, variant) {
            format!("match{payload}(value, handlers[{key}])")
        } else {
            format!("handlers[{key}](value)")
        };
        w.line(&format!("case {key}:"));
        w.indent();
        w.line(&format!("return {call};"));
        w.dedent();
    }
    w.line("default:");
    w.indent();
    // The tag, not the value: TypeScript narrows the value of a one-variant union to its one
    // payload type, never to `never`, but it narrows the switched-on tag in every union.
    w.line(&format!("return assertNever({tag});"));
    w.dedent();
    w.dedent();
    w.line("}");
    w.dedent();
    w.line("}");
}

/// The union a variant carries, if its payload is one.
fn union_payload<'a>(schema: &Schema, variant: &'a Variant) -> Option<&'a str> {
    match schema.payload(variant) {
        Some(TypeDef::Union(_)) => variant.payload.as_deref(),
        _ => None,
    }
}
