//! The TypeScript emitter: one interface per struct, a union of tagged interfaces per union,
//! a string-literal union per enum, `assertNever` for exhaustive switches, and runtime guards
//! (`is<Name>`, `parse<Name>`) for every type, which need no runtime dependency.
//!
//! The output compiles under `tsc --strict --exactOptionalPropertyTypes
//! --noUncheckedIndexedAccess`. It names no TypeScript global in a type position, so a schema
//! type called `Array` or `Record` shadows nothing the output relies on.

mod guards;
pub mod matching;
mod runtime;
mod syntax;
mod writer;

#[cfg(test)]
mod tests;

use crate::emit::header_sentence;
use crate::ir::{Docs, EnumDef, Field, Schema, StructDef, TypeDef, UnionDef, Variant};

use syntax::{int_note, property_name, string_literal, type_text};
use writer::Writer;

/// Emits the TypeScript output: the header line, the file docs, every type in name order,
/// `assertNever`, and the guards, each separated by a blank line. The guards come last so that
/// the types read first; they are in the same file so that importing a type brings its guard.
pub fn emit(schema: &Schema) -> String {
    let mut w = Writer::default();
    w.comment(&header_sentence(schema));
    w.blank();
    if schema.docs.iter().any(|line| !line.trim().is_empty()) {
        w.doc_block(&schema.docs);
        w.blank();
    }
    for def in schema.types.values() {
        match def {
            TypeDef::Struct(def) => emit_struct(&mut w, def),
            TypeDef::Union(def) => emit_union(&mut w, schema, def),
            TypeDef::Enum(def) => emit_enum(&mut w, def),
        }
        w.blank();
    }
    emit_assert_never(&mut w);
    matching::emit_matchers(&mut w, schema);
    guards::emit_guards(&mut w, schema);
    w.finish()
}

/// An interface: the struct's standalone form, its fields and no tag of a union it sits in
/// (each union adds its tag in its members, see [`member_type`]), then an index signature that
/// says whether unknown keys are allowed when nothing else would.
fn emit_struct(w: &mut Writer, def: &StructDef) {
    w.docs(&def.docs);
    w.line(&format!("export interface {} {{", def.name));
    w.indent();
    for field in &def.fields {
        emit_field(w, field);
    }
    if !def.closed {
        w.line("[key: string]: unknown;");
    } else if def.fields.is_empty() {
        // `{}` would accept any value but null and undefined, strings included.
        w.line("[key: string]: never;");
    }
    w.dedent();
    w.line("}");
}

/// One field: its docs (plus integer bounds), then `name: T;` or `name?: T;`.
fn emit_field(w: &mut Writer, field: &Field) {
    let mut docs = field.docs.clone();
    if let Some(note) = int_note(&field.ty) {
        docs.push(note);
    }
    w.docs(&docs);
    let mark = if field.optional { "?" } else { "" };
    w.line(&format!(
        "{}{mark}: {};",
        property_name(&field.wire_name),
        type_text(&field.ty)
    ));
}

/// A union of its members, one per variant (see [`member_type`]), with the tag values listed
/// in its docs.
fn emit_union(w: &mut Writer, schema: &Schema, def: &UnionDef) {
    let members: Vec<(String, &Docs)> = def
        .variants
        .iter()
        .map(|variant| (variant.tag_value.clone(), &variant.docs))
        .collect();
    w.docs(&docs_with_members(&def.docs, &members));
    let types: Vec<String> = def
        .variants
        .iter()
        .map(|variant| member_type(schema, def, variant))
        .collect();
    if types.len() < 2 {
        let types: Vec<&str> = types.iter().map(String::as_str).collect();
        emit_alias(w, &def.name, &types);
        return;
    }
    // One member a line: each is an intersection, too long to read side by side.
    w.line(&format!("export type {} =", def.name));
    w.indent();
    let last = types.len() - 1;
    for (index, member) in types.iter().enumerate() {
        let end = if index == last { ";" } else { "" };
        w.line(&format!("| ({member}){end}"));
    }
    w.dedent();
}

/// The type of a union's member for one variant: the variant's payload, in its standalone form,
/// with the union's tag added, `{ card: 'generic' } & GenericCallView`. A nested union's
/// members add their own tag in turn, so `switch` narrows on either. A closed struct without
/// fields is left out of the intersection: its `[key: string]: never` would make the tag
/// `never` too.
pub(super) fn member_type(schema: &Schema, union: &UnionDef, variant: &Variant) -> String {
    let tag = format!(
        "{{ {}: {} }}",
        property_name(&union.tag),
        string_literal(&variant.tag_value)
    );
    match schema.types.get(&variant.payload) {
        Some(TypeDef::Struct(def)) if def.closed && def.fields.is_empty() => tag,
        _ => format!("{tag} & {}", variant.payload),
    }
}

/// A union of string literals, with the values listed in its docs.
fn emit_enum(w: &mut Writer, def: &EnumDef) {
    let members: Vec<(String, &Docs)> = def
        .values
        .iter()
        .map(|value| (value.wire_name.clone(), &value.docs))
        .collect();
    w.docs(&docs_with_members(&def.docs, &members));
    let literals: Vec<String> = def
        .values
        .iter()
        .map(|value| string_literal(&value.wire_name))
        .collect();
    let literals: Vec<&str> = literals.iter().map(String::as_str).collect();
    emit_alias(w, &def.name, &literals);
}

/// `export type Name = A | B;`, or `never` when there is no member.
fn emit_alias(w: &mut Writer, name: &str, members: &[&str]) {
    let body = if members.is_empty() {
        "never".to_owned()
    } else {
        members.join(" | ")
    };
    w.line(&format!("export type {name} = {body};"));
}

/// A type's docs followed by a list of its members' wire values and docs, as
/// ``- `value`: doc``. The list is left out when no member has docs.
fn docs_with_members(docs: &Docs, members: &[(String, &Docs)]) -> Docs {
    let mut out = docs.clone();
    let documented = members
        .iter()
        .any(|(_, docs)| docs.iter().any(|line| !line.trim().is_empty()));
    if !documented {
        return out;
    }
    if out.iter().any(|line| !line.trim().is_empty()) {
        out.push(String::new());
    }
    for (value, docs) in members {
        let text: Vec<&str> = docs
            .iter()
            .map(|line| line.trim())
            .filter(|line| !line.is_empty())
            .collect();
        if text.is_empty() {
            out.push(format!("- `{value}`"));
        } else {
            out.push(format!("- `{value}`: {}", text.join(" ")));
        }
    }
    out
}

/// The `assertNever` helper. Describing the value can itself throw (a cycle, a `bigint`, an
/// object without `toString`), so every attempt is guarded and only the intended `Error`
/// escapes.
fn emit_assert_never(w: &mut Writer) {
    const LINES: [&str; 15] = [
        "/** Marks a branch the type checker proves unreachable; throws if it is reached at run time. */",
        "export function assertNever(value: never): never {",
        "  let shown = 'a value that cannot be shown';",
        "  try {",
        "    const json: string | undefined = JSON.stringify(value);",
        "    shown = json === undefined ? String(value) : json;",
        "  } catch {",
        "    try {",
        "      shown = String(value);",
        "    } catch {",
        "      // Keep the fallback text.",
        "    }",
        "  }",
        "  throw new Error(`unexpected value: ${shown}`);",
        "}",
    ];
    for line in LINES {
        w.line(line);
    }
}
