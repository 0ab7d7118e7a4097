//! The doc pages: snapshots of both pages for a golden schema and its baseline (review a
//! change with `cargo insta review`), every example they show accepted by the published JSON
//! Schema, the hostile-strings schema written as text and never as markup, and the doc-comment
//! markup rules.

use std::path::{Path, PathBuf};

use jsonschema::Registry;
use serde_json::json;

use super::markup::{code_span, doc_html, doc_markdown, markdown, markdown_line};
use super::{Baseline, Example, Page, example, pages};
use crate::diagnostics::Source;
use crate::ir::{Schema, TypeDef};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A schema of the repository by its path from the root, with its text.
fn compiled(relative: &str) -> (Schema, String) {
    let text = std::fs::read_to_string(repo_root().join(relative))
        .unwrap_or_else(|error| panic!("{relative}: {error}"));
    let schema = crate::compile(relative, &text)
        .unwrap_or_else(|errors| panic!("{relative} does not check: {errors:?}"));
    (schema, text)
}

/// The HTML page and the Markdown page.
fn both(pages: &[Page]) -> (&str, &str) {
    match pages {
        [html, markdown] if html.path.ends_with(".html") && markdown.path.ends_with(".md") => {
            (&html.contents, &markdown.contents)
        }
        _ => panic!("expected the HTML and the Markdown page, got {pages:?}"),
    }
}

const V1: &str = "tests/schemas/evolution_v1/evolution_v1.cards";
const V2: &str = "tests/schemas/evolution_v2/evolution_v2.cards";

fn evolution_pages() -> Vec<Page> {
    let (old, old_text) = compiled(V1);
    let (new, new_text) = compiled(V2);
    let baseline = Baseline::new(
        &old,
        &new,
        Source {
            name: V1,
            text: &old_text,
        },
        Source {
            name: V2,
            text: &new_text,
        },
    );
    pages(&new, Some(&baseline))
}

#[test]
fn the_pages_of_a_golden_schema_and_its_baseline_match_their_snapshots() {
    let pages = evolution_pages();
    let (html, markdown) = both(&pages);
    insta::assert_snapshot!("evolution_v2.html", html);
    insta::assert_snapshot!("evolution_v2.md", markdown);
    assert_eq!(pages, evolution_pages(), "the pages are not deterministic");
}

#[test]
fn the_pages_show_the_baseline_version_and_the_compat_report() {
    let pages = evolution_pages();
    let (html, markdown) = both(&pages);
    for page in [html, markdown] {
        assert!(
            page.contains("version 1.0.0 "),
            "no baseline version in {page}"
        );
        assert!(page.contains("variant_added"), "no change listed");
        assert!(page.contains("change(s) from"), "no compat report");
    }
}

/// Every golden schema, the public contracts and the render-intent schema.
fn every_schema() -> Vec<String> {
    let mut schemas = vec!["schema/render_intent.cards".to_string()];
    for root in ["tests/schemas", "tests/contracts"] {
        for entry in std::fs::read_dir(repo_root().join(root)).expect(root) {
            let name = entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned();
            let relative = format!("{root}/{name}/{name}.cards");
            if repo_root().join(&relative).is_file() {
                schemas.push(relative);
            }
        }
    }
    schemas.sort();
    schemas
}

#[test]
fn every_example_shown_is_accepted_by_the_published_json_schema() {
    let mut shown = 0;
    let mut missing = Vec::new();
    for relative in every_schema() {
        let (schema, _) = compiled(&relative);
        let document = crate::emit::json_schema::document(&schema);
        let registry = Registry::new()
            .add(&schema.id, document)
            .expect("the $id is a URI")
            .prepare()
            .expect("the document is a resource");
        for def in schema.types.values() {
            let name = def.name();
            let values = match example::of(&schema, name) {
                Example::Given(values) => values,
                Example::Drawn(value) => vec![value],
                Example::None(reason) => {
                    missing.push(format!("{relative}: {name}: {reason}"));
                    continue;
                }
            };
            let root = json!({ "$ref": format!("{}#/$defs/{name}", schema.id) });
            let validator = jsonschema::options()
                .offline()
                .with_registry(&registry)
                .build(&root)
                .expect("the definition compiles");
            for value in values {
                let instance = crate::json_text::to_value(&value);
                assert!(
                    validator.is_valid(&instance),
                    "{relative}: the example of {name} is refused by the JSON Schema: {instance}"
                );
                shown += 1;
            }
        }
    }
    assert!(shown > 200, "only {shown} examples were shown");
    assert!(missing.is_empty(), "types without an example: {missing:#?}");
    println!("{shown} examples accepted");
}

#[test]
fn a_drawn_example_the_contract_refuses_is_not_shown() {
    let (schema, _) = compiled("tests/schemas/constraints/constraints.cards");
    for def in schema.types.values() {
        if let Example::Drawn(value) = example::of(&schema, def.name()) {
            let ty = crate::ir::Ty::Named(def.name().to_string());
            assert_eq!(crate::accept::value(&schema.types, &ty, &value), Ok(()));
        }
    }
    let text = "struct Id {\n    #[pattern = \"^[a-f]{8}$\"]\n    id: String,\n}\n";
    let schema = crate::compile("id.cards", text).expect("checks");
    let Example::None(reason) = example::of(&schema, "Id") else {
        panic!("a drawn string of no pattern was shown");
    };
    assert!(reason.contains("does not match"), "{reason}");
    let pages = pages(&schema, None);
    let (html, markdown) = both(&pages);
    assert!(
        html.contains("No example: a drawn value is refused at `/id`"),
        "{html}"
    );
    assert!(markdown.contains("No example:"), "{markdown}");
}

/// The tags and attribute names the HTML page writes; anything else would be markup a schema
/// smuggled in.
const TAGS: &[&str] = &[
    "!doctype",
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "nav",
    "input",
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "a",
    "main",
    "header",
    "section",
    "strong",
    "code",
    "span",
    "div",
    "article",
    "table",
    "tr",
    "th",
    "td",
    "details",
    "summary",
    "pre",
    "em",
    "del",
    "br",
    "hr",
    "blockquote",
    "script",
];

#[test]
fn the_hostile_strings_schema_is_written_as_text_and_never_as_markup() {
    let (schema, text) = compiled("tests/schemas/hostile_strings/hostile_strings.cards");
    assert!(text.contains("</script>") && text.contains("<!--"));
    let pages = pages(&schema, None);
    let (html, markdown) = both(&pages);
    // One script and one comment (the header), the page's own.
    assert_eq!(html.matches("<script").count(), 1, "{html}");
    assert_eq!(html.matches("</script").count(), 1, "{html}");
    assert_eq!(html.matches("<!--").count(), 1, "{html}");
    assert_eq!(html.matches("-->").count(), 1, "{html}");
    assert!(!html.contains("javascript:"));
    // Every `<` opens one of the page's own tags.
    for (at, _) in html.match_indices('<') {
        let rest = &html[at + 1..];
        let tag: String = rest
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '!')
            .collect();
        assert!(
            TAGS.contains(&tag.to_ascii_lowercase().as_str()) || rest.starts_with("!--"),
            "an unexpected tag `<{tag}` at byte {at}: {}",
            &html[at..(at + 80).min(html.len())]
        );
    }
    // No attribute of an event handler, and no character that hides text.
    let handler = regex::Regex::new(r"<[^>]*\son[a-z]+\s*=").expect("regex");
    assert!(!handler.is_match(html), "an event handler attribute");
    for page in [html, markdown] {
        assert!(
            !page
                .chars()
                .any(|c| crate::text::hides_or_breaks_text(c) && c != '\n'),
            "a character that hides or breaks text is written as it is"
        );
    }
    // Read as CommonMark, the Markdown holds no HTML but the header and its anchors.
    let anchor = regex::Regex::new(r#"^<a id="type-[A-Za-z0-9_]+">$"#).expect("regex");
    for event in pulldown_cmark::Parser::new(markdown) {
        if let pulldown_cmark::Event::Html(raw) | pulldown_cmark::Event::InlineHtml(raw) = &event {
            assert!(
                raw.starts_with("<!-- generated by cardc from ")
                    || raw.as_ref() == "</a>"
                    || anchor.is_match(raw),
                "HTML in the Markdown: {raw:?}"
            );
        }
        if let pulldown_cmark::Event::Start(pulldown_cmark::Tag::Link { dest_url, .. }) = &event {
            assert!(dest_url.starts_with("#type-"), "a link to {dest_url}");
        }
    }
    // The strings show, escaped: a tag value and a doc.
    assert!(
        html.contains(
            "&lt;/script&gt;&lt;script&gt;console.log(&quot;nested&quot;)&lt;/script&gt;"
        )
    );
    assert!(html.contains("console.log(&quot;type doc&quot;)"));
    assert!(html.contains("line\\nbreak\\rCR\\u{0000}NUL\\u{2028}LS\\u{2029}PS\\u{202e}RLO"));
}

#[test]
fn a_doc_comment_keeps_its_markdown_and_loses_its_markup() {
    let docs = |text: &str| text.lines().map(str::to_string).collect::<Vec<_>>();
    let written = docs(
        "Some *emphasis*, `code` and a [link](https://example.com/a_(b)).\n\n\
         <script>alert(1)</script>\n\n\
         [bad](javascript:alert(1)) ![img](https://example.com/x.png) <b onclick=\"x()\">b</b>\n\n\
         - one\n- two\n\n```\nlet x = \"```\";\n```",
    );
    let html = doc_html(&written);
    assert!(html.contains("<em>emphasis</em>"), "{html}");
    assert!(html.contains("<code>code</code>"), "{html}");
    assert!(
        html.contains(
            "<a href=\"https://example.com/a_%28b%29\" rel=\"noopener noreferrer\">link</a>"
        ),
        "{html}"
    );
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(
        !html.contains("javascript") && !html.contains("<img") && !html.contains("<b "),
        "{html}"
    );
    assert!(
        html.contains("<span>bad</span>") && html.contains("<span>img</span>"),
        "{html}"
    );
    assert!(html.contains("<li>one</li>"), "{html}");
    let markdown_text = doc_markdown(&written, "");
    assert!(markdown_text.contains("*emphasis*"), "{markdown_text}");
    assert!(
        markdown_text.contains("[link](https://example.com/a_%28b%29)"),
        "{markdown_text}"
    );
    assert!(
        markdown_text.contains("\\<script>alert(1)\\</script>"),
        "{markdown_text}"
    );
    assert!(
        !markdown_text.contains("javascript") && !markdown_text.contains("!["),
        "{markdown_text}"
    );
    assert!(markdown_text.contains("- one\n- two"), "{markdown_text}");
    assert!(
        markdown_text.contains("````\nlet x = \"```\";\n````"),
        "{markdown_text}"
    );
    // The Markdown written reads back as itself: every escape is one Markdown undoes.
    assert_eq!(doc_markdown(&docs(&markdown_text), ""), markdown_text);
}

#[test]
fn the_header_comment_cannot_end_early() {
    let name = "a--><script>x</script><!--b.cards";
    let comment = super::markup::comment(name);
    assert!(
        !comment.contains('<') && !comment.contains('>'),
        "{comment}"
    );
    let schema = crate::compile(name, "struct A {}\n").expect("checks");
    let pages = pages(&schema, None);
    let (html, markdown) = both(&pages);
    assert_eq!(html.matches("-->").count(), 1, "{html}");
    assert!(!html.contains("<script>x"), "{html}");
    // In the Markdown the name is also in a code span, where it is text.
    let raw: Vec<String> = pulldown_cmark::Parser::new(markdown)
        .filter_map(|event| match event {
            pulldown_cmark::Event::Html(raw) | pulldown_cmark::Event::InlineHtml(raw) => {
                Some(raw.to_string())
            }
            _ => None,
        })
        .collect();
    assert_eq!(raw.len(), 3, "the header and the one anchor: {raw:?}");
    assert!(
        raw[0].starts_with("<!-- generated by cardc from a--&gt;"),
        "{raw:?}"
    );
    assert_eq!(raw[1..], ["<a id=\"type-A\">", "</a>"]);
}

#[test]
fn names_are_escaped_for_markdown() {
    assert_eq!(
        markdown("a <b> [c](d) *e* `f` | & 1."),
        "a \\<b> \\[c\\](d) \\*e\\* \\`f\\` \\| \\& 1."
    );
    // Within a line a version and an arrow are plain text; at a line's start, a block's
    // opening is escaped.
    assert_eq!(markdown("1.2.0 -> 2.0.0"), "1.2.0 -> 2.0.0");
    assert_eq!(markdown_line("1. x"), "1\\. x");
    assert_eq!(markdown_line("12) x"), "12\\) x");
    assert_eq!(markdown_line("- x"), "\\- x");
    assert_eq!(markdown_line("> x"), "\\> x");
    for hostile in [
        "a <b> [c](d) *e* `f`",
        "<script>x</script>",
        "1.2.0 -> <x@y.z>",
        "![i](j)",
    ] {
        let line = format!("text {}", markdown(hostile));
        let events: Vec<_> = pulldown_cmark::Parser::new(&line).collect();
        assert!(
            events.iter().all(|event| matches!(
                event,
                pulldown_cmark::Event::Text(_)
                    | pulldown_cmark::Event::Start(pulldown_cmark::Tag::Paragraph)
                    | pulldown_cmark::Event::End(pulldown_cmark::TagEnd::Paragraph)
            )),
            "{line}: {events:?}"
        );
    }
    assert_eq!(code_span("a`b"), "``a`b``");
    assert_eq!(code_span("`"), "`` ` ``");
    assert_eq!(code_span("line\nbreak"), "`line\\nbreak`");
}

#[test]
fn every_type_of_a_schema_has_a_section_and_every_link_a_target() {
    let (schema, _) = compiled("schema/render_intent.cards");
    let pages = pages(&schema, None);
    let (html, markdown) = both(&pages);
    for def in schema.types.values() {
        let id = format!("type-{}", def.name());
        assert_eq!(html.matches(&format!("id=\"{id}\"")).count(), 1, "{id}");
        assert_eq!(
            markdown.matches(&format!("<a id=\"{id}\"></a>")).count(),
            1,
            "{id}"
        );
        if let TypeDef::Union(union) = def {
            for variant in &union.variants {
                assert!(html.contains(&super::markup::html(&format!("\"{}\"", variant.tag_value))));
            }
        }
    }
    let targets = regex::Regex::new(r##"href="#([^"]+)""##).expect("regex");
    for found in targets.captures_iter(html) {
        assert!(
            html.contains(&format!("id=\"{}\"", &found[1])),
            "a link to #{} has no target",
            &found[1]
        );
    }
}

/// A type with a link in it is code spans and a link side by side; the spaces of the type go
/// between them, so that no span starts or ends with one (which pads it: `` ` Map<String,  ` ``).
#[test]
fn a_linked_type_keeps_its_spaces_outside_the_code_spans() {
    use super::markdown::{Links, ty};
    use crate::ir::Ty;
    let named = || Box::new(Ty::Named("Id".to_string()));
    assert_eq!(
        ty(&Ty::Map(named()), Links::Anchors),
        "`Map<String,` [`Id`](#type-Id)`>`"
    );
    // Without links (an editor's hover), one span: two side by side would read as one.
    assert_eq!(ty(&Ty::Map(named()), Links::None), "`Map<String, Id>`");
    assert_eq!(
        ty(&Ty::Map(Box::new(Ty::Vec(named()))), Links::Anchors),
        "`Map<String, Vec<`[`Id`](#type-Id)`>>`"
    );
    assert_eq!(
        ty(&Ty::Map(Box::new(Ty::String)), Links::Anchors),
        "`Map<String, String>`"
    );
}
