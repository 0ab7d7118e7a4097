//! The checker's reports as LSP diagnostics: the message the CLI prints with its caret label,
//! the hint, and every related span; each string escaped as the CLI escapes it.

use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, Location, Uri};

use super::text::{Encoding, Text};
use crate::diagnostics::{Diagnostic, escaped};

/// The source the checker's diagnostics give.
pub(super) const SOURCE: &str = "cardc";

/// One report as an error diagnostic of the document at `uri`.
pub(super) fn diagnostic(
    diagnostic: &Diagnostic,
    uri: &Uri,
    text: &Text,
    encoding: Encoding,
) -> lsp_types::Diagnostic {
    // The caret's label says what is at the span; "here" adds nothing to the message.
    let label = match diagnostic.label.as_str() {
        "" | "here" => String::new(),
        label => format!(" ({})", escaped(label)),
    };
    let related: Vec<DiagnosticRelatedInformation> = diagnostic
        .related
        .iter()
        .map(|(span, label)| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), text.range(span, encoding)),
            message: escaped(label).into_owned(),
        })
        .collect();
    lsp_types::Diagnostic {
        range: text.range(&diagnostic.span, encoding),
        severity: Some(DiagnosticSeverity::ERROR),
        source: Some(SOURCE.to_string()),
        message: format!(
            "{}{label}\nhint: {}",
            escaped(&diagnostic.message),
            escaped(&diagnostic.hint)
        ),
        related_information: (!related.is_empty()).then_some(related),
        ..lsp_types::Diagnostic::default()
    }
}
