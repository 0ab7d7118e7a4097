//! What a published JSON Schema says that no keyword of draft 2020-12 holds, and the draft it
//! declares: an open enum's known values and catch-all, an open union's catch-all, the value a
//! folding enum or union reads what it does not know as, and an enum value's deprecation, each
//! one line of a description. The JSON Schema emitter writes them and
//! `published` reads them back, both from here, so the two cannot drift apart. Every string in
//! a line is a JSON string literal, so that no value (a backtick, a comma, a line break) can be
//! taken for the sentence around it.

use serde::de::DeserializeOwned;

/// The draft every published document declares as its `$schema`.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// A string as a JSON string literal.
fn literal(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The JSON value `text` starts with, and the text after it.
fn leading<T: DeserializeOwned>(text: &str) -> Option<(T, &str)> {
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<T>();
    let value = values.next()?.ok()?;
    Some((value, text.get(values.byte_offset()..)?))
}

/// The line of an open enum: `Open: the known values are ["read","edit"]; any other string
/// reads as "Other".`
pub fn open_enum(known: &[&str], other: &str) -> String {
    let known = serde_json::Value::from(known.to_vec()).to_string();
    format!(
        "Open: the known values are {known}; any other string reads as {}.",
        literal(other)
    )
}

/// The known values and catch-all an [`open_enum`] line gives.
pub fn read_open_enum(line: &str) -> Option<(Vec<String>, String)> {
    let rest = line.strip_prefix("Open: the known values are ")?;
    let (known, rest) = leading::<Vec<String>>(rest)?;
    let rest = rest.strip_prefix("; any other string reads as ")?;
    let (other, rest) = leading::<String>(rest)?;
    (rest == ".").then_some((known, other))
}

/// The line of an open union: `Open: an object whose "card" is none of these reads as
/// "Unknown", kept whole.`
pub fn open_union(tag: &str, other: &str) -> String {
    format!(
        "Open: an object whose {} is none of these reads as {}, kept whole.",
        literal(tag),
        literal(other)
    )
}

/// The tag and catch-all an [`open_union`] line gives.
pub fn read_open_union(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix("Open: an object whose ")?;
    let (tag, rest) = leading::<String>(rest)?;
    let rest = rest.strip_prefix(" is none of these reads as ")?;
    let (other, rest) = leading::<String>(rest)?;
    (rest == ", kept whole.").then_some((tag, other))
}

/// The line of an enum that folds what it does not know: `Open, folding: the known values are
/// ["passed","unknown"]; any other string reads as "unknown".`
pub fn folding_enum(known: &[&str], fold: &str) -> String {
    let known = serde_json::Value::from(known.to_vec()).to_string();
    format!(
        "Open, folding: the known values are {known}; any other string reads as {}.",
        literal(fold)
    )
}

/// The known values and the value a [`folding_enum`] line gives.
pub fn read_folding_enum(line: &str) -> Option<(Vec<String>, String)> {
    let rest = line.strip_prefix("Open, folding: the known values are ")?;
    let (known, rest) = leading::<Vec<String>>(rest)?;
    let rest = rest.strip_prefix("; any other string reads as ")?;
    let (fold, rest) = leading::<String>(rest)?;
    (rest == ".").then_some((known, fold))
}

/// The line of a union that folds what it does not know: `Open, folding: an object whose
/// "type" is none of these reads as the one whose "type" is "unsupported", its other keys
/// dropped.`
pub fn folding_union(tag: &str, fold: &str) -> String {
    let tag = literal(tag);
    format!(
        "Open, folding: an object whose {tag} is none of these reads as the one whose {tag} is \
         {}, its other keys dropped.",
        literal(fold)
    )
}

/// The tag and the tag value a [`folding_union`] line gives.
pub fn read_folding_union(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix("Open, folding: an object whose ")?;
    let (tag, rest) = leading::<String>(rest)?;
    let rest = rest.strip_prefix(" is none of these reads as the one whose ")?;
    let (again, rest) = leading::<String>(rest)?;
    let rest = rest.strip_prefix(" is ")?;
    let (fold, rest) = leading::<String>(rest)?;
    (again == tag && rest == ", its other keys dropped.").then_some((tag, fold))
}

/// The line of a deprecated enum value: `"read" is deprecated.`, or with its note,
/// `"read" is deprecated: "use view"`.
pub fn deprecated_value(wire_name: &str, note: Option<&str>) -> String {
    match note {
        Some(note) => format!("{} is deprecated: {}", literal(wire_name), literal(note)),
        None => format!("{} is deprecated.", literal(wire_name)),
    }
}

/// The value and note a [`deprecated_value`] line gives.
pub fn read_deprecated_value(line: &str) -> Option<(String, Option<String>)> {
    let (wire_name, rest) = leading::<String>(line)?;
    let rest = rest.strip_prefix(" is deprecated")?;
    if rest == "." {
        return Some((wire_name, None));
    }
    let (note, rest) = leading::<String>(rest.strip_prefix(": ")?)?;
    rest.is_empty().then_some((wire_name, Some(note)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strings that would end or split a sentence if written as they are.
    const HOSTILE: &[&str] = &[
        "read",
        "",
        "a`, `b",
        "line\nbreak",
        "\"quoted\"",
        "; any other string reads as \"X\".",
        " is deprecated.",
        "\\",
        "\u{2028}",
    ];

    #[test]
    fn every_line_reads_back_as_written_whatever_its_strings() {
        for &a in HOSTILE {
            for &b in HOSTILE {
                let known = [a, b];
                assert_eq!(
                    read_open_enum(&open_enum(&known, a)),
                    Some((vec![a.to_string(), b.to_string()], a.to_string()))
                );
                assert_eq!(
                    read_open_union(&open_union(a, b)),
                    Some((a.to_string(), b.to_string()))
                );
                assert_eq!(
                    read_deprecated_value(&deprecated_value(a, Some(b))),
                    Some((a.to_string(), Some(b.to_string())))
                );
                assert_eq!(
                    read_deprecated_value(&deprecated_value(a, None)),
                    Some((a.to_string(), None))
                );
                for line in [
                    open_enum(&known, a),
                    open_union(a, b),
                    deprecated_value(a, Some(b)),
                ] {
                    assert!(!line.contains('\n'), "{line}");
                }
            }
        }
    }

    #[test]
    fn other_lines_are_no_sentence() {
        for line in [
            "Open: the known values are `a`, `b`; any other string reads as `Other`.",
            "Open: the known values are [\"a\"]; any other string reads as \"Other\". More.",
            "`read` is deprecated.",
            "\"read\" is deprecated: use view",
            "plain docs",
        ] {
            assert_eq!(read_open_enum(line), None, "{line}");
            assert_eq!(read_open_union(line), None, "{line}");
            assert_eq!(read_deprecated_value(line), None, "{line}");
        }
    }
}
