//! The contract's declared version: `MAJOR.MINOR.PATCH`, three numbers without leading zeros.

use crate::diagnostics::Diagnostic;
use crate::ir;
use crate::syntax::ast::Spanned;

/// The version `#![version = "..."]` declares, or an error where it is no `MAJOR.MINOR.PATCH`.
pub(super) fn parse(
    version: &Spanned<String>,
    errors: &mut Vec<Diagnostic>,
) -> Option<ir::Version> {
    let number = |part: &str| {
        let digits = !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
        let leading_zero = part.len() > 1 && part.starts_with('0');
        (digits && !leading_zero)
            .then(|| part.parse::<u64>().ok())
            .flatten()
    };
    let parts: Vec<Option<u64>> = version.value.split('.').map(number).collect();
    if let [Some(major), Some(minor), Some(patch)] = parts[..] {
        return Some(ir::Version {
            major,
            minor,
            patch,
            span: version.span.clone(),
        });
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
