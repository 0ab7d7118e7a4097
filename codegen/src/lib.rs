//! The cardc compiler core.
//!
//! The pipeline reads top to bottom: [`syntax`] parses a schema file with syn, [`check`]
//! resolves and validates it into the [`ir`], the [`emit`] modules turn the IR into Rust, JSON
//! Schema and TypeScript, and [`out`] writes them (or compares them, in check mode). Errors
//! from every stage are [`diagnostics::Diagnostic`]s, rendered by each front end.

pub mod build;
pub mod check;
pub mod diagnostics;
pub mod emit;
pub mod ir;
pub mod out;
pub mod syntax;

use diagnostics::Diagnostic;

/// Parses and checks schema text. `source_name` is the path shown in diagnostics and headers;
/// its file stem names the outputs.
pub fn compile(source_name: &str, text: &str) -> Result<ir::Schema, Vec<Diagnostic>> {
    let (file, mut errors) = syntax::parse(text);
    let stem = stem_of(source_name);
    match check::check(&file, source_name, &stem) {
        Ok(schema) if errors.is_empty() => Ok(schema),
        Ok(_) => Err(errors),
        Err(check_errors) => {
            errors.extend(check_errors);
            errors.sort_by_key(|error| (error.span.start, error.span.end));
            Err(errors)
        }
    }
}

/// The file stem of a schema path (`schema/render_intent.cards` gives `render_intent`).
fn stem_of(source_name: &str) -> String {
    let file_name = source_name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(source_name);
    match file_name.split_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem.to_string(),
        _ => file_name.to_string(),
    }
}
