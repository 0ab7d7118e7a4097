//! The document's `$id`: what a schema may give as `#![id]`, and the default when it gives none.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// The scheme and namespace of the default `$id`.
const DEFAULT_PREFIX: &str = "urn:cardc:";

/// Every byte but RFC 3986's unreserved characters, which a URN's name may hold as they are.
const NOT_UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// Why a `#![id]` cannot be the document's `$id`, if it cannot. The 2020-12 meta-schema wants a
/// URI reference without a fragment, and a registry (python-jsonschema's, ajv's) resolves
/// `$ref`s against it, so it must be an absolute URI: a scheme, and RFC 3986 characters only.
pub fn id_problem(id: &str) -> Option<&'static str> {
    match fluent_uri::Uri::parse(id) {
        Err(_) => Some("not an absolute URI (RFC 3986)"),
        Ok(uri) if uri.has_fragment() => Some("a URI with a fragment (`#...`)"),
        Ok(_) => None,
    }
}

/// The `$id` of a schema that sets none: `urn:cardc:<stem>`, the stem percent-encoded so that
/// any file name gives a valid URI (`my schema.cards` gives `urn:cardc:my%20schema`).
pub fn default_id(stem: &str) -> String {
    format!(
        "{DEFAULT_PREFIX}{}",
        utf8_percent_encode(stem, NOT_UNRESERVED)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_uris_without_a_fragment_are_ids() {
        assert_eq!(id_problem("https://schemas.cardc.dev/x.schema.json"), None);
        assert_eq!(id_problem("urn:cardc:x"), None);
        assert!(id_problem("https://x.dev/s.json#frag").is_some());
        assert!(id_problem("https://x.dev/s.json#").is_some());
        assert!(id_problem("relative/path.json").is_some());
        assert!(id_problem("urn:cardc:my schema").is_some());
        assert!(id_problem("urn:x:a\nb").is_some());
    }

    #[test]
    fn the_default_id_encodes_the_stem() {
        assert_eq!(default_id("render_intent"), "urn:cardc:render_intent");
        assert_eq!(default_id("api.v2"), "urn:cardc:api.v2");
        let id = default_id("my schema#1\n*/é");
        assert_eq!(id, "urn:cardc:my%20schema%231%0A%2A%2F%C3%A9");
        assert_eq!(id_problem(&id), None);
    }
}
