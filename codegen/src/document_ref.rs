//! How one published JSON Schema document names another, the one rule the JSON Schema emitter
//! writes by and the published reader reads back by: a `$ref` to a type of the document of
//! `$id` `to`, from the document of `$id` `from`, names it by `to`'s last path segment when the
//! two are hierarchical URIs in one directory, else by the whole `$id`.

/// How the document of `$id` `from` refers to the document of `$id` `to`: by its last path
/// segment when both are hierarchical URIs in one directory
/// (`https://x.dev/schemas/common.schema.json` from `https://x.dev/schemas/chat.schema.json`),
/// so the pair validates wherever it is published together, else by the whole `$id` (a URN's,
/// such as cardc's default `urn:cardc:common`).
pub fn sibling<'a>(from: &str, to: &'a str) -> &'a str {
    match (directory(from), directory(to)) {
        (Some((base, _)), Some((other, last))) if base == other && segment(last) => last,
        _ => to,
    }
}

/// The `$id` a reference written in the document of `$id` `base` names: the reference itself
/// when it is a whole URI (it has a scheme), else the segment [`sibling`] writes, in `base`'s
/// directory; `None` for a reference [`sibling`] never writes.
pub fn resolve(base: &str, reference: &str) -> Option<String> {
    if has_scheme(reference) {
        return Some(reference.to_string());
    }
    let (directory, _) = directory(base)?;
    segment(reference).then(|| format!("{directory}{reference}"))
}

/// The file a document of this `$id` is published as beside the others: its last path
/// segment (`common.schema.json`), or for a URI without a path, such as cardc's default
/// `urn:cardc:common`, the stem after its last `:` with `.schema.json`.
pub fn file_name(id: &str) -> String {
    match directory(id) {
        Some((_, last)) if segment(last) => last.to_string(),
        _ => {
            let stem = id.rsplit([':', '/']).next().unwrap_or(id);
            format!("{stem}.schema.json")
        }
    }
}

/// Whether `text` is a plain last path segment, which a reference may be.
fn segment(text: &str) -> bool {
    !text.is_empty() && !text.contains([':', '?', '/', '#'])
}

/// Whether `uri` starts with a scheme (`https:`, `urn:`).
fn has_scheme(uri: &str) -> bool {
    uri.split_once(':').is_some_and(|(scheme, _)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

/// A hierarchical URI split after the last `/` of its path (`https://x.dev/a/` and
/// `b.json`), or `None` for one without a path, or no `scheme://authority` at all.
fn directory(id: &str) -> Option<(&str, &str)> {
    let authority = id.find("://")? + 3;
    let path = authority + id[authority..].find('/')?;
    let last = path + id[path..].rfind('/')? + 1;
    Some(id.split_at(last))
}

#[cfg(test)]
mod tests {
    use super::{file_name, resolve, sibling};

    /// What [`sibling`] writes, [`resolve`] reads back to the `$id` it was written for.
    #[test]
    fn a_reference_resolves_to_the_id_it_was_written_for() {
        let chat = "https://x.dev/schemas/chat.schema.json";
        for to in [
            "https://x.dev/schemas/common.schema.json",
            "https://x.dev/other/common.schema.json",
            "urn:cardc:common",
            "https://x.dev/schemas/a:b.json",
        ] {
            assert_eq!(resolve(chat, sibling(chat, to)).as_deref(), Some(to));
            assert_eq!(
                resolve("urn:cardc:chat", sibling("urn:cardc:chat", to)).as_deref(),
                Some(to)
            );
        }
        assert_eq!(
            sibling(chat, "https://x.dev/schemas/common.schema.json"),
            "common.schema.json"
        );
        assert_eq!(resolve("urn:cardc:chat", "common.schema.json"), None);
        assert_eq!(resolve(chat, "../common.schema.json"), None);
    }

    #[test]
    fn a_document_is_found_by_its_last_segment_or_its_stem() {
        assert_eq!(
            file_name("https://x.dev/schemas/common.schema.json"),
            "common.schema.json"
        );
        assert_eq!(file_name("urn:cardc:common"), "common.schema.json");
    }
}
