//! The contract's declared version: `MAJOR.MINOR.PATCH`, three numbers without leading zeros.

use crate::diagnostics::Diagnostic;
use crate::ir;
use crate::syntax::ast::Spanned;

/// The version `#![version = "..."]` declares, or an error where it is no `MAJOR.MINOR.PATCH`.
pub(super) fn parse(
    version: &Spanned<String>,
    errors: &mut Vec<Diagnostic>,
) -> Option<ir::Version> {
    if let Some(parsed) = ir::Version::parse(&version.value, version.span.clone()) {
        return Some(parsed);
    }
    errors.push(Diagnostic::new(
        format!("`version` is {:?}, not MAJOR.MINOR.PATCH", version.value),
        version.span.clone(),
        "not MAJOR.MINOR.PATCH",
        "write the version as three numbers without leading zeros, such as `1.2.0`; `cardc \
         compat` checks that a change bumps it enough",
    ));
    None
}
