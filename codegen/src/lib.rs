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
pub mod limits;
pub mod out;
pub mod syntax;

use std::path::{Component, Path, PathBuf};

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

/// The name a schema path goes by in diagnostics and in the outputs' headers: `/`-separated,
/// without `.` components or `dir/..` pairs, and relative to the working directory when it lies
/// inside it. `schema/x.cards`, `./schema/x.cards` and `$PWD/schema/x.cards` name the same
/// schema, so they produce the same bytes and `check` accepts what any of them generated.
/// Lexical only: the file system is never consulted.
pub fn source_name(path: &Path) -> String {
    let mut normal: Vec<Component> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if matches!(normal.last(), Some(Component::Normal(_))) => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    let normal: PathBuf = normal.iter().collect();
    let relative = std::env::current_dir()
        .ok()
        .filter(|_| normal.is_absolute())
        .and_then(|cwd| normal.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .filter(|relative| !relative.as_os_str().is_empty());
    relative
        .as_deref()
        .unwrap_or(&normal)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The file stem of a schema path (`schema/render_intent.cards` gives `render_intent`).
fn stem_of(source_name: &str) -> String {
    let file_name = source_name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(source_name);
    // Only the last extension goes, as with `Path::file_stem`: `api.v2.cards` names `api.v2.rs`.
    match file_name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem.to_string(),
        _ => file_name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{source_name, stem_of};

    #[test]
    fn the_stem_drops_only_the_last_extension() {
        assert_eq!(stem_of("schema/render_intent.cards"), "render_intent");
        assert_eq!(stem_of("schema/api.v2.cards"), "api.v2");
        assert_eq!(stem_of("dir.d\\plain"), "plain");
        assert_eq!(stem_of(".cards"), ".cards");
    }

    #[test]
    fn source_name_drops_dot_components_and_keeps_leading_parents() {
        let name = |path: &str| source_name(Path::new(path));
        assert_eq!(name("./schema/x.cards"), "schema/x.cards");
        assert_eq!(name("schema/./sub/../x.cards"), "schema/x.cards");
        assert_eq!(name("../../schema/x.cards"), "../../schema/x.cards");
        let cwd = std::env::current_dir().expect("working directory");
        assert_eq!(source_name(&cwd.join("schema/x.cards")), "schema/x.cards");
    }
}
