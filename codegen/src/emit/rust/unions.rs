//! Closed unions: an enum with one newtype variant per tag value, or a unit variant for a
//! variant that is its tags alone.
//!
//! They are written as serde's internally tagged representation wrote them: the tag first, then
//! the payload's fields (a nested union's payload adds its own tag after the outer one),
//! through the runtime's `Object`, which hands the tags to the payload. Reading goes through
//! the runtime's `deserialize_union` rather than serde's internally tagged decoding, which
//! buffers the whole object and so loses the path of an error inside a variant: it reads the
//! tag first and hands the rest of the object to the variant's payload, and the generated
//! `Union` impl says which payload each tag picks. A union whose variants agree on some keys
//! (see [`super::early`]) reads those typed when they come before the tag, through its
//! `before_tag`. Every union also gets `from_json_str` and `from_json_value`, whose errors
//! name the JSON pointer, the type and the variant.

use proc_macro2::TokenStream;
use quote::quote;

use super::early::{Plan, UnionPlan};
use super::escape::string_literal;
use super::structs::kept_keys;
use super::{Runtime, ident, json_schema_derive, notes, with_examples};
use crate::ir::{CatchAll, Schema, TypeDef, UnionDef, UnknownFields, Variant};
use crate::naming::rust::{bridge_method, bridge_trait};

/// An enum whose variants wrap the payload struct or union (a unit variant wraps nothing),
/// tagged for schemars as serde's internally tagged enums are.
pub(super) fn union_item(def: &UnionDef, runtime: Runtime) -> TokenStream {
    let docs = notes(
        &with_examples(&def.docs, &def.examples),
        def.deprecated.as_ref(),
    );
    let name = ident(&def.name);
    let tag = &def.tag;
    let json_schema_derive = json_schema_derive(&def.name, runtime, Some(quote!(tag = #tag)));
    let variants = def.variants.iter().map(|variant| {
        let mut docs = variant.docs.clone();
        if def.fold.as_ref() == Some(&variant.name) {
            docs.extend(fold_note(&docs, &format!("An object whose `{tag}` this build does not know reads as this, its other keys dropped.")));
        }
        let docs = notes(&docs, variant.deprecated.as_ref());
        let name = ident(&variant.name);
        let payload = match (&variant.payload, variant.unknown) {
            (Some(payload), _) => {
                let payload = ident(payload);
                Some(quote!((#payload)))
            }
            // A unit variant that keeps other keys than its tags holds them as an open struct
            // does; one that refuses or drops them holds nothing.
            (None, UnknownFields::Keep) => {
                let kept = kept_keys(runtime, quote!());
                Some(quote!({ #kept }))
            }
            (None, _) => None,
        };
        let value = &variant.tag_value;
        quote! {
            #(#docs)*
            #[schemars(rename = #value)]
            #name #payload
        }
    });
    let rt = runtime.path();
    let other = def.other.as_ref().map(|other| {
        let docs = notes(&catch_all_docs(other, &def.tag), other.deprecated.as_ref());
        let variant = ident(&other.name);
        // schemars cannot say "any other tag": its schema lists the known variants alone.
        quote! {
            #(#docs)*
            #[schemars(skip)]
            #variant(#rt::Unknown<#name>),
        }
    });
    quote! {
        #(#docs)*
        #[derive(Debug, Clone, PartialEq)]
        #json_schema_derive
        // Payloads differ in size by design (a title-only card next to a list of diffs), and
        // boxing them would put a `Box` in every match arm of every bridge.
        #[allow(clippy::large_enum_variant)]
        pub enum #name {
            #(#variants,)*
            #other
        }
    }
}

/// The line a folding catch-all's docs end with, after a blank line if it has docs of its own.
pub(super) fn fold_note(docs: &[String], note: &str) -> Vec<String> {
    let mut lines = Vec::new();
    if docs.iter().any(|line| !line.trim().is_empty()) {
        lines.push(String::new());
    }
    lines.push(note.to_owned());
    lines
}

/// The docs of a catch-all variant: its own, else what it holds.
fn catch_all_docs(other: &CatchAll, tag: &str) -> Vec<String> {
    if other.docs.is_empty() {
        vec![format!(
            "A `{tag}` this build does not know: the whole object, written back as read."
        )]
    } else {
        other.docs.clone()
    }
}

/// The serde impls of a union, as one invocation of the runtime's `tagged_union!`, which
/// expands to `Serialize` through its `Object` impl (which hands the payload its tag),
/// `Deserialize` through the tag-first decoder and the `Union` impl that maps each tag to its
/// payload, the `from_json_*` helpers, and the bridge's `TAGS`, `tag` and `dispatch`.
pub(super) fn union_impls(
    def: &UnionDef,
    schema: &Schema,
    runtime: Runtime,
    plan: &Plan,
) -> String {
    let mut text = format!(
        "{}::__private::tagged_union! {{\n    {} {} {} {} {{\n",
        runtime.name_path(),
        def.name,
        string_literal(&def.name),
        string_literal(&def.tag),
        bridge_trait(&def.name),
    );
    for variant in &def.variants {
        text.push_str(&format!(
            "        {} {} {} {},\n",
            variant.name,
            string_literal(&variant.tag_value),
            kind(variant, schema),
            bridge_method(&variant.name),
        ));
    }
    text.push_str("    }\n");
    if let Some(other) = &def.other {
        text.push_str(&format!(
            "    other({} {})\n",
            other.name,
            bridge_method(&other.name)
        ));
    }
    if let Some(fold) = &def.fold {
        text.push_str(&format!("    fold({fold})\n"));
    }
    if let Some(early) = plan.union(&def.name) {
        text.push_str(&early_section(def, schema, runtime, plan, early));
    }
    text.push_str("}\n");
    text
}

/// What a variant holds, in `tagged_union!`'s spelling: `struct(Payload)` (a struct, named in
/// errors), `union(Payload "tag")` (a nested union, which names the variant its own tag picks,
/// and whose tag the decoder hands out first), `unit()` (a unit variant, its tags alone),
/// `unit(drop)` (one that reads other keys and forgets them) or `kept()` (one that keeps them
/// in its `extra_fields`).
fn kind(variant: &Variant, schema: &Schema) -> String {
    match (&variant.payload, schema.payload(variant)) {
        (None, _) => match variant.unknown {
            UnknownFields::Refuse => "unit()",
            UnknownFields::Drop => "unit(drop)",
            UnknownFields::Keep => "kept()",
        }
        .to_owned(),
        (Some(payload), Some(TypeDef::Union(inner))) => {
            format!("union({payload} {})", string_literal(&inner.tag))
        }
        (Some(payload), _) => format!("struct({payload})"),
    }
}

/// The `early` section of a union that reads some keys typed before its tag (see
/// [`UnionPlan`]): one slot per key, read by the reader of a variant struct that has the key;
/// then per variant, the keys it takes no slot for, which are refused, and the slots it takes.
fn early_section(
    def: &UnionDef,
    schema: &Schema,
    runtime: Runtime,
    plan: &Plan,
    early: &UnionPlan,
) -> String {
    let mut text = "    early {\n        keys {\n".to_owned();
    for (index, key) in early.keys.iter().enumerate() {
        let (reader, ty) = key.read(schema, runtime);
        text.push_str(&format!(
            "            {index} {}: {ty} = ({reader});\n",
            string_literal(&key.wire)
        ));
    }
    text.push_str("        }\n        arms {\n");
    for (variant, slots) in def.variants.iter().zip(&early.slots) {
        // Every key the variant has no slot for is refused, as its own visitor refuses it.
        let refused: Vec<String> = early
            .keys
            .iter()
            .zip(slots)
            .enumerate()
            .filter(|(_, (_, slot))| slot.is_none())
            .map(|(index, (key, _))| format!("{index} {}", string_literal(&key.wire)))
            .collect();
        // The slots of the variant's own visitor, each filled by the early slot that fills it.
        let count = match (slots.iter().any(Option::is_some), schema.payload(variant)) {
            (true, Some(TypeDef::Struct(payload))) => schema.wire_fields(payload).len(),
            (true, Some(TypeDef::Union(inner))) => {
                plan.union(&inner.name).map_or(0, |inner| inner.keys.len())
            }
            _ => 0,
        };
        let take: Vec<String> = (0..count)
            .map(|at| match slots.iter().position(|slot| *slot == Some(at)) {
                Some(index) => index.to_string(),
                None => "_".to_owned(),
            })
            .collect();
        text.push_str(&format!(
            "            {} {} {} refuse[{}] take[{}],\n",
            variant.name,
            string_literal(&variant.tag_value),
            kind(variant, schema),
            refused.join(", "),
            take.join(", "),
        ));
    }
    text.push_str("        }\n    }\n");
    text
}
