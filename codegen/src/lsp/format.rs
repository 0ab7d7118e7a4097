//! Formatting through `cardc fmt`: the layout it writes, sent as the few line edits that turn
//! the document into it, so that the editor keeps the cursor and the undo history is small.

use similar::{DiffOp, TextDiff};

use super::text::{Encoding, Text};
use crate::diagnostics::escaped;

/// The edits that format the document, none when it is formatted already; the reason when it
/// does not parse (a schema that does not parse is never rewritten).
pub(super) fn edits(text: &Text, encoding: Encoding) -> Result<Vec<lsp_types::TextEdit>, String> {
    let source = text.as_str();
    let formatted = crate::fmt::format(source);
    super::analysis::forget_spans();
    let formatted = formatted.map_err(|errors| {
        let first = errors.first();
        let (line, column) = first.map_or((1, 1), |error| {
            crate::diagnostics::Source {
                name: "",
                text: source,
            }
            .line_col(error.span.start)
        });
        format!(
            "cannot format: the schema does not parse ({} problem(s); the first, at {line}:{column}: {})",
            errors.len(),
            first.map_or_else(String::new, |error| escaped(&error.message).into_owned())
        )
    })?;
    let old_lines = line_starts(source);
    let new_lines = line_starts(&formatted);
    let diff = TextDiff::from_lines(source, formatted.as_str());
    let mut edits = Vec::new();
    for op in diff.ops() {
        let (old, new) = match *op {
            DiffOp::Equal { .. } => continue,
            DiffOp::Delete {
                old_index,
                old_len,
                new_index,
            } => (old_index..old_index + old_len, new_index..new_index),
            DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            } => (old_index..old_index, new_index..new_index + new_len),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => (
                old_index..old_index + old_len,
                new_index..new_index + new_len,
            ),
        };
        let span = old_lines[old.start]..old_lines[old.end];
        let replacement = &formatted[new_lines[new.start]..new_lines[new.end]];
        edits.push(lsp_types::TextEdit::new(
            text.range(&span, encoding),
            replacement.to_string(),
        ));
    }
    Ok(edits)
}

/// The byte offset where each line starts, the text's length last: line `i` is
/// `starts[i]..starts[i + 1]`, as the diff counts lines (each with its line break).
fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        at += line.len();
        starts.push(at);
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edits_turn_the_text_into_its_layout() {
        let source = "struct  A {\n  b : u8 ,\n}\n// kept\nstruct B {}\n";
        let text = Text::new(source.to_string());
        let edits = edits(&text, Encoding::Utf8).expect("it parses");
        assert!(!edits.is_empty());
        let mut result = source.to_string();
        for edit in edits.iter().rev() {
            let span = text.offset(edit.range.start, Encoding::Utf8)
                ..text.offset(edit.range.end, Encoding::Utf8);
            result.replace_range(span, &edit.new_text);
        }
        assert_eq!(result, crate::fmt::format(source).expect("formats"));
        let formatted = Text::new(result);
        assert_eq!(edits_of(&formatted), 0);
    }

    fn edits_of(text: &Text) -> usize {
        edits(text, Encoding::Utf16).expect("it parses").len()
    }

    #[test]
    fn a_schema_that_does_not_parse_is_not_formatted() {
        let text = Text::new("struct A { b: }\n".to_string());
        let refusal = edits(&text, Encoding::Utf16).expect_err("it does not parse");
        assert!(refusal.contains("at 1:"), "{refusal}");
    }
}
