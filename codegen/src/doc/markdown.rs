//! The Markdown page: the same reference as the HTML page, for a repository that renders
//! Markdown. Names and values are code spans, prose is escaped text, and each type has an
//! anchor of its own (`type-<Name>`) that the types naming it link to. It uses no tables, whose
//! cells a `|` in a name would split.

use super::markup::{code_span, comment, doc_markdown, markdown, markdown_line, visible_json};
use super::{Example, Piece, Reference, anchor, kind, notes, picked_by, pieces, presence};
use crate::compat::Party;
use crate::ir::{
    CatchAll, Deprecated, EnumValue, Field, Schema, Ty, TypeDef, UntaggedDef, UntaggedVariant,
    Variant,
};

/// The whole page.
pub(super) fn page(reference: &Reference) -> String {
    let schema = reference.schema;
    let mut out = format!(
        "<!-- {} -->\n\n# {}\n\n",
        comment(&crate::header::sentence(
            &schema.source_name,
            schema.version.as_ref()
        )),
        markdown(&schema.title)
    );
    let mut meta = Vec::new();
    if let Some(version) = &schema.version {
        meta.push(format!("version **{}**", markdown(&version.to_string())));
    }
    meta.push(code_span(&schema.id));
    meta.push(format!("from {}", code_span(&schema.source_name)));
    out.push_str(&format!("{}\n\n", meta.join(" · ")));
    if !schema.entries.is_empty() {
        let entries: Vec<String> = schema
            .entries
            .iter()
            .map(|name| link(name, Links::Anchors))
            .collect();
        out.push_str(&format!("Entry types: {}\n\n", entries.join(", ")));
    }
    block(&doc_markdown(&schema.docs, ""), &mut out);
    if let Some(baseline) = reference.baseline {
        changes(baseline, &mut out);
    }
    // The HTML page's side bar: every type by group, each a link to its section.
    out.push_str("## Contents\n\n");
    for (group, types) in &reference.groups {
        let links: Vec<String> = types
            .iter()
            .map(|(def, _)| link(def.name(), Links::Anchors))
            .collect();
        out.push_str(&format!("- {group}: {}\n", links.join(", ")));
    }
    out.push('\n');
    for (group, types) in &reference.groups {
        out.push_str(&format!("## {group}\n\n"));
        for (def, example) in types {
            section(schema, def, example, Links::Anchors, &mut out);
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// A block of Markdown and the blank line after it, when there is one.
fn block(text: &str, out: &mut String) {
    if !text.is_empty() {
        out.push_str(text);
        out.push_str("\n\n");
    }
}

/// The changes since the baseline, each with whom it breaks and why, and the report.
fn changes(baseline: &super::Baseline, out: &mut String) {
    out.push_str("## Changes\n\n");
    out.push_str(&format!("{}\n\n", markdown_line(&baseline.summary())));
    for change in &baseline.changes {
        let verdict = change.verdict();
        let broken: Vec<&str> = Party::ALL
            .into_iter()
            .filter(|party| party.breaks(verdict.breaks))
            .map(Party::name)
            .collect();
        let breaks = match broken.is_empty() {
            true => "breaks nobody".to_string(),
            false => format!("**breaks {}**", broken.join(", ")),
        };
        let side = |text: &Option<String>| {
            text.as_deref()
                .map_or_else(|| "absent".to_string(), code_span)
        };
        out.push_str(&format!(
            "- {} {}: {} → {}; {breaks}: {}\n",
            code_span(&change.path),
            markdown(change.class.name()),
            side(&change.old),
            side(&change.new),
            markdown(&verdict.reason)
        ));
    }
    if !baseline.changes.is_empty() {
        out.push('\n');
    }
    out.push_str(&format!(
        "The `cardc compat` report:\n\n{}\n\n",
        fenced(&baseline.report)
    ));
}

/// Text as a fenced code block, the fence longer than any backtick run in it.
fn fenced(text: &str) -> String {
    let visible: Vec<String> = text
        .trim_end_matches('\n')
        .split('\n')
        .map(super::markup::visible)
        .collect();
    let body = visible.join("\n");
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}\n{body}\n{fence}")
}

/// How a named type is written: a link to its section on the page, or plain code where there
/// is no page around it (an editor's hover).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Links {
    /// Links to `#type-<Name>` anchors, and an anchor before each section.
    Anchors,
    /// Code spans, and no anchors.
    None,
}

/// A type's section.
pub(super) fn section(
    schema: &Schema,
    def: &TypeDef,
    example: &Example,
    links: Links,
    out: &mut String,
) {
    let name = def.name();
    if links == Links::Anchors {
        out.push_str(&format!("<a id=\"{}\"></a>\n\n", anchor(name)));
    }
    out.push_str(&format!(
        "### {}\n\n*{}*",
        markdown(name),
        markdown(&kind(def))
    ));
    if schema.entries.iter().any(|entry| entry == name) {
        out.push_str(" · entry");
    }
    out.push_str("\n\n");
    if let Some(module) = schema.foreign.get(name) {
        out.push_str(&format!(
            "Imported from {} ({}).\n\n",
            code_span(&super::declared_in(module)),
            code_span(&module.id)
        ));
    }
    deprecation(def.deprecated(), "", out);
    block(&doc_markdown(def.docs(), ""), out);
    match def {
        TypeDef::Struct(def) if def.fields.is_empty() => {
            out.push_str("An object with no keys.\n\n")
        }
        TypeDef::Struct(def) => fields(&schema.object_fields(def), links, out),
        TypeDef::Newtype(def) => {
            out.push_str(&format!("The wire form of {}.\n\n", ty(&def.ty, links)))
        }
        TypeDef::Union(def) => {
            out.push_str(&format!(
                "Told apart by the key {}.\n\n",
                code_span(&def.tag)
            ));
            for variant in &def.variants {
                union_variant(schema, variant, links, out);
            }
            if let Some(other) = &def.other {
                catch_all(other, OTHER_TAG, out);
            }
            if let Some(fold) = super::union_fold(def) {
                out.push_str(&format!("{}\n\n", markdown(&fold)));
            }
        }
        TypeDef::Enum(def) => {
            for value in &def.values {
                enum_value(value, out);
            }
            out.push('\n');
            if let Some(other) = &def.other {
                catch_all(other, OTHER_STRING, out);
            }
            if let Some(fold) = super::enum_fold(def) {
                out.push_str(&format!("{}\n\n", markdown(&fold)));
            }
        }
        TypeDef::Untagged(def) => {
            out.push_str("Told apart by the JSON shape of the value.\n\n");
            for variant in &def.variants {
                untagged_variant(def, variant, links, out);
            }
            out.push('\n');
        }
    }
    example_block(example, out);
}

/// A tagged union's variant: its tag value, docs and payload's keys.
pub(super) fn union_variant(schema: &Schema, variant: &Variant, links: Links, out: &mut String) {
    out.push_str(&format!(
        "#### {} {}{}\n\n",
        code_span(&format!("\"{}\"", variant.tag_value)),
        markdown(&variant.name),
        if variant.deprecated.is_some() {
            " (deprecated)"
        } else {
            ""
        }
    ));
    deprecation(variant.deprecated.as_ref(), "", out);
    block(&doc_markdown(&variant.docs, ""), out);
    match schema.payload(variant) {
        None => out.push_str(&format!("{}\n\n", super::unit_variant(variant))),
        Some(TypeDef::Struct(payload)) => {
            out.push_str(&format!("Payload {}.\n\n", link(&payload.name, links)));
            fields(&schema.object_fields(payload), links, out);
        }
        Some(payload) => out.push_str(&format!(
            "Payload {}, its keys beside the tag.\n\n",
            link(payload.name(), links)
        )),
    }
}

/// An enum's value: its string and docs.
pub(super) fn enum_value(value: &EnumValue, out: &mut String) {
    out.push_str(&format!(
        "- {} {}\n",
        code_span(&format!("\"{}\"", value.wire_name)),
        markdown(&value.name),
    ));
    deprecation(value.deprecated.as_ref(), "  ", out);
    item_docs(&value.docs, out);
}

/// An untagged union's variant: its type and the shape that picks it.
pub(super) fn untagged_variant(
    def: &UntaggedDef,
    variant: &UntaggedVariant,
    links: Links,
    out: &mut String,
) {
    let picked = picked_by(def, variant, |key| code_span(&format!("\"{key}\"")));
    out.push_str(&format!(
        "- {}: {}, picked by {picked}\n",
        markdown(&variant.name),
        ty(&variant.ty, links)
    ));
    item_docs(&variant.docs, out);
}

/// A list item's docs, indented under it.
fn item_docs(docs: &[String], out: &mut String) {
    let text = doc_markdown(docs, "  ");
    if !text.is_empty() {
        out.push_str(&format!("\n{text}\n\n"));
    }
}

/// The keys of an object, one list item each.
pub(super) fn fields(fields: &[&Field], links: Links, out: &mut String) {
    for field in fields {
        let renamed = match field.name == field.wire_name {
            true => String::new(),
            false => format!(" ({})", code_span(&field.name)),
        };
        let mut line = format!(
            "- {}{renamed}: {}, {}",
            code_span(&format!("\"{}\"", field.wire_name)),
            ty(&field.ty, links),
            markdown(&presence(field))
        );
        for note in notes(field) {
            line.push_str(&format!("; {}", code_span(&note)));
        }
        for example in &field.examples {
            line.push_str(&format!("; example {}", code_span(&super::json(example))));
        }
        out.push_str(&line);
        out.push('\n');
        deprecation(field.deprecated.as_ref(), "  ", out);
        item_docs(&field.docs, out);
    }
    if !out.ends_with("\n\n") {
        out.push('\n');
    }
}

/// What an open union's catch-all reads.
pub(super) const OTHER_TAG: &str = "any other tag: the whole object, kept as read";

/// What an open enum's catch-all reads.
pub(super) const OTHER_STRING: &str = "any other string, kept as read";

/// An open type's catch-all.
pub(super) fn catch_all(other: &CatchAll, reads: &str, out: &mut String) {
    out.push_str(&format!(
        "#### {} (catch-all){}\n\nReads {reads}.\n\n",
        markdown(&other.name),
        if other.deprecated.is_some() {
            " (deprecated)"
        } else {
            ""
        }
    ));
    deprecation(other.deprecated.as_ref(), "", out);
    block(&doc_markdown(&other.docs, ""), out);
}

/// The example: the type's own, a drawn one, or why there is none.
fn example_block(example: &Example, out: &mut String) {
    let values = match example {
        Example::Given(values) => values.iter().collect::<Vec<_>>(),
        Example::Drawn(value) => vec![value],
        Example::None(reason) => {
            out.push_str(&format!("No example: {}.\n\n", markdown(reason)));
            return;
        }
    };
    out.push_str(match example {
        Example::Given(_) => "Example:\n\n",
        _ => "Example (drawn from the contract):\n\n",
    });
    for value in values {
        let json = visible_json(&super::pretty(value));
        let longest = json.split(|c| c != '`').map(str::len).max().unwrap_or(0);
        let fence = "`".repeat(longest.max(2) + 1);
        out.push_str(&format!("{fence}json\n{json}\n{fence}\n\n"));
    }
}

/// A deprecation's note, when there is one, after `indent`.
fn deprecation(deprecated: Option<&Deprecated>, indent: &str, out: &mut String) {
    match deprecated {
        Some(Deprecated { note: Some(note) }) => {
            out.push_str(&format!("{indent}**Deprecated:** {}\n\n", markdown(note)));
        }
        Some(Deprecated { note: None }) => out.push_str(&format!("{indent}**Deprecated.**\n\n")),
        None => {}
    }
}

/// A type, each named type in it a link to its section: `Map<String,` [`Id`] `>`, the spaces
/// between the pieces outside their code spans (a span that starts or ends with a space is
/// padded, and reads `` ` Map<String,  ` `` in the Markdown); without links, one code span.
pub(super) fn ty(ty: &Ty, links: Links) -> String {
    let pieces = pieces(ty);
    if links == Links::None {
        let text: String = pieces
            .iter()
            .map(|piece| match piece {
                Piece::Text(text) | Piece::Type(text) => text.as_str(),
            })
            .collect();
        return code_span(&text);
    }
    pieces
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) => {
                let inner = text.trim_matches(' ');
                let before = &text[..text.len() - text.trim_start_matches(' ').len()];
                let after = &text[text.trim_end_matches(' ').len()..];
                format!("{before}{}{after}", code_span(inner))
            }
            Piece::Type(name) => link(name, links),
        })
        .collect()
}

/// A link to a type's section (its name alone, without links).
fn link(name: &str, links: Links) -> String {
    match links {
        Links::Anchors => format!("[{}](#{})", code_span(name), anchor(name)),
        Links::None => code_span(name),
    }
}
