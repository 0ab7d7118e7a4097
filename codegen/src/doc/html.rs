//! The HTML page: a filter box and the types by group in a side bar, each type a section with
//! its members (a union's variants as cards, a struct's keys in a table), its example and links
//! to the types it names. Its style and script are inline and its Content-Security-Policy
//! allows those two alone, by hash, and no request at all.

use super::markup::{comment, doc_html, escape_html, html, visible_json};
use super::{
    Example, Piece, Reference, anchor, kind, notes, picked_by, pieces, presence, presence_class,
};
use crate::compat::Party;
use crate::ir::{CatchAll, Deprecated, Field, JsonValue, Schema, TypeDef};

/// The page's style, written inline.
const STYLE: &str = include_str!("page.css");
/// The page's script (the filter box), written inline.
const SCRIPT: &str = include_str!("page.js");
/// The base64 SHA-256 of [`STYLE`] and [`SCRIPT`], which the page's policy allows: after an
/// edit of either, the browser test says the page's style or script was refused and prints
/// the new hash.
const STYLE_HASH: &str = "r+Mdvh1m6Q71xp0TPNGTJnUpyhDAoofAm3OnZgCpNOU=";
const SCRIPT_HASH: &str = "TtKUTiOQxoiUF77YjKUVUBWtKu+qn/mtfsjlEl95UgE=";

/// The whole page.
pub(super) fn page(reference: &Reference) -> String {
    let schema = reference.schema;
    let mut out = String::new();
    out.push_str("<!doctype html>\n");
    out.push_str(&format!(
        "<!-- {} -->\n",
        comment(&crate::header::sentence(
            &schema.source_name,
            schema.version.as_ref()
        ))
    ));
    out.push_str("<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str(&format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'sha256-{STYLE_HASH}'; script-src 'sha256-{SCRIPT_HASH}'\">\n"
    ));
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(&format!("<title>{}</title>\n", html(&schema.title)));
    out.push_str(&format!("<style>{STYLE}</style>\n</head>\n<body>\n"));
    nav(reference, &mut out);
    out.push_str("<main>\n");
    header(schema, &mut out);
    if let Some(baseline) = reference.baseline {
        changes(baseline, &mut out);
    }
    for (group, types) in &reference.groups {
        out.push_str(&format!("<h2 class=\"group\">{group}</h2>\n"));
        for (def, example) in types {
            section(schema, def, example, &mut out);
        }
    }
    out.push_str("</main>\n");
    out.push_str(&format!("<script>{SCRIPT}</script>\n</body>\n</html>\n"));
    out
}

/// The side bar: the filter box and a link to every type, by group.
fn nav(reference: &Reference, out: &mut String) {
    out.push_str("<nav id=\"nav\">\n");
    out.push_str(
        "<input id=\"search\" type=\"search\" placeholder=\"Filter types and fields\" \
         aria-label=\"Filter types and fields\" autocomplete=\"off\">\n<p id=\"count\"></p>\n",
    );
    for (group, types) in &reference.groups {
        out.push_str(&format!("<h2>{group}</h2>\n<ul>\n"));
        for (def, _) in types {
            let name = def.name();
            out.push_str(&format!(
                "<li data-type=\"{}\"><a href=\"#{}\">{}</a></li>\n",
                html(&anchor(name)),
                html(&anchor(name)),
                html(name)
            ));
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</nav>\n");
}

/// The title, version, `$id`, entry types and the schema's docs.
fn header(schema: &Schema, out: &mut String) {
    out.push_str(&format!("<header>\n<h1>{}</h1>\n", html(&schema.title)));
    let mut meta = Vec::new();
    if let Some(version) = &schema.version {
        meta.push(format!(
            "version <strong>{}</strong>",
            html(&version.to_string())
        ));
    }
    meta.push(format!("<code>{}</code>", html(&schema.id)));
    meta.push(format!("from <code>{}</code>", html(&schema.source_name)));
    out.push_str(&format!("<p class=\"meta\">{}</p>\n", meta.join(" · ")));
    if !schema.entries.is_empty() {
        let entries: Vec<String> = schema.entries.iter().map(|name| link(name)).collect();
        out.push_str(&format!("<p>Entry types: {}</p>\n", entries.join(", ")));
    }
    docs(&schema.docs, out);
    out.push_str("</header>\n");
}

/// The changes since the baseline: one line on what they break and on the versions, each
/// change with whom it breaks and why, and `cardc compat`'s report.
fn changes(baseline: &super::Baseline, out: &mut String) {
    out.push_str("<section id=\"changes\" class=\"changes\">\n<h2 class=\"group\">Changes</h2>\n");
    out.push_str(&format!("<p>{}</p>\n", html(&baseline.summary())));
    if !baseline.changes.is_empty() {
        out.push_str("<ul>\n");
        for change in &baseline.changes {
            let verdict = change.verdict();
            let broken: Vec<&str> = Party::ALL
                .into_iter()
                .filter(|party| party.breaks(verdict.breaks))
                .map(Party::name)
                .collect();
            let breaks = match broken.is_empty() {
                true => "breaks nobody".to_string(),
                false => format!("<span class=\"breaks\">breaks {}</span>", broken.join(", ")),
            };
            let side = |text: &Option<String>| {
                text.as_deref().map_or_else(
                    || "absent".to_string(),
                    |text| format!("<code>{}</code>", html(text)),
                )
            };
            out.push_str(&format!(
                "<li><code>{}</code> {}: {} → {}; {breaks}: {}</li>\n",
                html(&change.path),
                html(change.class.name()),
                side(&change.old),
                side(&change.new),
                html(&verdict.reason)
            ));
        }
        out.push_str("</ul>\n");
    }
    out.push_str(&format!(
        "<details><summary>The <code>cardc compat</code> report</summary>\n<pre>{}</pre>\n</details>\n</section>\n",
        html_pre(&baseline.report)
    ));
}

/// Preformatted text: each line escaped, the line breaks kept.
fn html_pre(text: &str) -> String {
    text.split('\n').map(html).collect::<Vec<_>>().join("\n")
}

/// A type's section.
fn section(schema: &Schema, def: &TypeDef, example: &Example, out: &mut String) {
    let name = def.name();
    out.push_str(&format!(
        "<section class=\"type\" id=\"{}\" data-name=\"{}\">\n<h3><a href=\"#{}\">{}</a>\
         <span class=\"kind\">{}</span>{}{}</h3>\n",
        html(&anchor(name)),
        html(&name.to_lowercase()),
        html(&anchor(name)),
        html(name),
        html(&kind(def)),
        if schema.entries.iter().any(|entry| entry == name) {
            "<span class=\"badge\">entry</span>"
        } else {
            ""
        },
        deprecated_badge(def.deprecated())
    ));
    if let Some(module) = schema.foreign.get(name) {
        out.push_str(&format!(
            "<p class=\"imported\">Imported from <code>{}</code> (<code>{}</code>).</p>\n",
            html(&super::declared_in(module)),
            html(&module.id)
        ));
    }
    deprecation(def.deprecated(), out);
    docs(def.docs(), out);
    match def {
        TypeDef::Struct(def) => {
            if def.fields.is_empty() {
                out.push_str("<p>An object with no keys.</p>\n");
            } else {
                fields(&schema.object_fields(def), out);
            }
        }
        TypeDef::Newtype(def) => {
            out.push_str(&format!("<p>The wire form of {}.</p>\n", ty(&def.ty)))
        }
        TypeDef::Union(def) => {
            out.push_str(&format!(
                "<p>Told apart by the key <code>{}</code>.</p>\n<div class=\"cards\">\n",
                html(&def.tag)
            ));
            for variant in &def.variants {
                let search = variant_search(schema, &def.tag, variant);
                out.push_str(&format!(
                    "<article class=\"variant\" data-search=\"{}\">\n<h4><code>{}</code> {}{}</h4>\n",
                    html(&search),
                    html(&format!("\"{}\"", variant.tag_value)),
                    html(&variant.name),
                    deprecated_badge(variant.deprecated.as_ref())
                ));
                deprecation(variant.deprecated.as_ref(), out);
                docs(&variant.docs, out);
                match schema.payload(variant) {
                    None => out.push_str(&format!("<p>{}</p>\n", super::unit_variant(variant))),
                    Some(TypeDef::Struct(payload)) => {
                        out.push_str(&format!("<p>Payload {}.</p>\n", link(&payload.name)));
                        if !payload.fields.is_empty() {
                            fields(&schema.object_fields(payload), out);
                        }
                    }
                    Some(payload) => out.push_str(&format!(
                        "<p>Payload {}, its keys beside the tag.</p>\n",
                        link(payload.name())
                    )),
                }
                out.push_str("</article>\n");
            }
            if let Some(other) = &def.other {
                catch_all(other, super::markdown::OTHER_TAG, out);
            }
            if let Some(fold) = super::union_fold(def) {
                out.push_str(&format!("<p>{}</p>\n", html(&fold)));
            }
            out.push_str("</div>\n");
        }
        TypeDef::Enum(def) => {
            out.push_str("<table>\n<tr><th>String</th><th>Name</th><th>About</th></tr>\n");
            for value in &def.values {
                out.push_str(&format!(
                    "<tr data-search=\"{}\"><td><code>{}</code></td><td>{}{}</td><td class=\"doc\">{}{}</td></tr>\n",
                    html(&format!("{} {}", value.wire_name, value.name).to_lowercase()),
                    html(&format!("\"{}\"", value.wire_name)),
                    html(&value.name),
                    deprecated_badge(value.deprecated.as_ref()),
                    deprecation_text(value.deprecated.as_ref()),
                    doc_html(&value.docs)
                ));
            }
            out.push_str("</table>\n");
            if let Some(other) = &def.other {
                catch_all(other, super::markdown::OTHER_STRING, out);
            }
            if let Some(fold) = super::enum_fold(def) {
                out.push_str(&format!("<p>{}</p>\n", html(&fold)));
            }
        }
        TypeDef::Untagged(def) => {
            out.push_str("<p>Told apart by the JSON shape of the value.</p>\n<table>\n<tr><th>Variant</th><th>Picked by</th><th>Value</th><th>About</th></tr>\n");
            for variant in &def.variants {
                let picked = picked_by(def, variant, |key| {
                    format!("<code>{}</code>", html(&format!("\"{key}\"")))
                });
                out.push_str(&format!(
                    "<tr data-search=\"{}\"><td>{}</td><td>{picked}</td><td>{}</td><td class=\"doc\">{}</td></tr>\n",
                    html(&variant.name.to_lowercase()),
                    html(&variant.name),
                    ty(&variant.ty),
                    doc_html(&variant.docs)
                ));
            }
            out.push_str("</table>\n");
        }
    }
    example_block(example, out);
    out.push_str("</section>\n");
}

/// What the filter box matches a variant by: its name, tag value and payload's keys.
fn variant_search(schema: &Schema, tag: &str, variant: &crate::ir::Variant) -> String {
    let mut words = vec![
        variant.name.clone(),
        variant.tag_value.clone(),
        tag.to_string(),
    ];
    if let Some(TypeDef::Struct(payload)) = schema.payload(variant) {
        words.push(payload.name.clone());
        for field in schema.object_fields(payload) {
            words.push(field.name.clone());
            words.push(field.wire_name.clone());
        }
    }
    words.join(" ").to_lowercase()
}

/// The keys of an object: wire name, type, presence, and what else holds of each.
fn fields(fields: &[&Field], out: &mut String) {
    out.push_str("<table>\n<tr><th>Key</th><th>Type</th><th>Presence</th><th>About</th></tr>\n");
    for field in fields {
        let mut about = String::new();
        about.push_str(&deprecation_text(field.deprecated.as_ref()));
        for note in notes(field) {
            about.push_str(&format!("<div class=\"notes\">{}</div>", html(&note)));
        }
        about.push_str(&doc_html(&field.docs));
        for example in &field.examples {
            about.push_str(&format!(
                "<div class=\"notes\">example <code>{}</code></div>",
                html(&super::json(example))
            ));
        }
        let renamed = match field.name == field.wire_name {
            true => String::new(),
            false => format!(" <span class=\"notes\">({})</span>", html(&field.name)),
        };
        out.push_str(&format!(
            "<tr data-search=\"{}\"><td><code>{}</code>{renamed}{}</td><td>{}</td>\
             <td class=\"presence {}\">{}</td><td class=\"doc\">{about}</td></tr>\n",
            html(&format!("{} {}", field.wire_name, field.name).to_lowercase()),
            html(&format!("\"{}\"", field.wire_name)),
            deprecated_badge(field.deprecated.as_ref()),
            ty(&field.ty),
            presence_class(field.presence),
            html(&presence(field))
        ));
    }
    out.push_str("</table>\n");
}

/// An open type's catch-all, as one more card or line.
fn catch_all(other: &CatchAll, reads: &str, out: &mut String) {
    out.push_str(&format!(
        "<article class=\"variant\" data-search=\"{}\">\n<h4>{} <span class=\"badge\">catch-all</span>{}</h4>\n<p>Reads {reads}.</p>\n",
        html(&other.name.to_lowercase()),
        html(&other.name),
        deprecated_badge(other.deprecated.as_ref())
    ));
    deprecation(other.deprecated.as_ref(), out);
    docs(&other.docs, out);
    out.push_str("</article>\n");
}

/// The example block: the type's own examples, a drawn one, or why there is none.
fn example_block(example: &Example, out: &mut String) {
    let values: Vec<&JsonValue> = match example {
        Example::Given(values) => values.iter().collect(),
        Example::Drawn(value) => vec![value],
        Example::None(reason) => {
            out.push_str(&format!(
                "<p class=\"notes\">No example: {}.</p>\n",
                html(reason)
            ));
            return;
        }
    };
    let label = match example {
        Example::Given(_) => "Example",
        _ => "Example (drawn from the contract)",
    };
    out.push_str(&format!(
        "<details class=\"example\" open><summary>{label}</summary>\n"
    ));
    for value in values {
        out.push_str(&format!(
            "<pre><code>{}</code></pre>\n",
            escape_html(&visible_json(&super::pretty(value)))
        ));
    }
    out.push_str("</details>\n");
}

/// A type, each named type in it a link to its section.
fn ty(ty: &crate::ir::Ty) -> String {
    let spelt: String = pieces(ty)
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) => html(text),
            Piece::Type(name) => link_plain(name),
        })
        .collect();
    format!("<code>{spelt}</code>")
}

/// A link to a type's section.
fn link(name: &str) -> String {
    format!("<code>{}</code>", link_plain(name))
}

fn link_plain(name: &str) -> String {
    format!("<a href=\"#{}\">{}</a>", html(&anchor(name)), html(name))
}

/// A doc comment, when there is one.
fn docs(docs: &[String], out: &mut String) {
    if !docs.is_empty() {
        out.push_str(&format!("<div class=\"doc\">{}</div>\n", doc_html(docs)));
    }
}

fn deprecated_badge(deprecated: Option<&Deprecated>) -> &'static str {
    match deprecated {
        Some(_) => "<span class=\"badge deprecated\">deprecated</span>",
        None => "",
    }
}

/// A deprecation's note as a block, when there is one.
fn deprecation(deprecated: Option<&Deprecated>, out: &mut String) {
    out.push_str(&deprecation_text(deprecated));
}

fn deprecation_text(deprecated: Option<&Deprecated>) -> String {
    match deprecated {
        Some(Deprecated { note: Some(note) }) => {
            format!("<p class=\"deprecated\">Deprecated: {}</p>", html(note))
        }
        Some(Deprecated { note: None }) => "<p class=\"deprecated\">Deprecated.</p>".to_string(),
        None => String::new(),
    }
}
