//! `use` declarations: `use common::{SessionId, ContentBlock};` names types declared in
//! another schema file. The module path is the file's path relative to the importing file's
//! directory, one segment per directory, `super` for the parent directory and `.cards` added
//! to the last: `use super::shared::ids::SessionId;` reads `../shared/ids.cards`.

use syn::ext::IdentExt;
use syn::{ItemUse, UseTree, Visibility};

use super::ast::{Spanned, Use};
use super::node_range;
use crate::diagnostics::Diagnostic;

/// The extension of a schema file, which a `use` path leaves out.
pub const EXTENSION: &str = "cards";

/// The hint for a `use` of the wrong shape.
const SHAPE: &str = "write `use file::{TypeA, TypeB};` for the types of `file.cards` beside this \
                     file, `use dir::file::Type;` for `dir/file.cards` and `super::` for the \
                     directory above";

/// Converts a parsed `use` item, or reports why the schema language has no meaning for it. A
/// refused one still gives the names it lists, so that references to them are not reported as
/// unknown types on top.
pub(super) fn convert(item: &ItemUse, errors: &mut Vec<Diagnostic>) -> Result<Use, Vec<String>> {
    let before = errors.len();
    if !matches!(item.vis, Visibility::Inherited) {
        errors.push(Diagnostic::new(
            "a `use` cannot be public",
            node_range(&item.vis),
            "visibility",
            "a schema does not re-export the types it imports: whoever needs them imports them \
             from the file that declares them",
        ));
    }
    if let Some(attr) = item.attrs.first() {
        errors.push(Diagnostic::new(
            "a `use` takes no attributes or doc comments",
            node_range(attr),
            "here",
            "document the types where they are declared; a plain `//` comment may say why they \
             are imported",
        ));
    }
    if let Some(colon) = &item.leading_colon {
        errors.push(Diagnostic::new(
            "a `use` path cannot start with `::`",
            node_range(colon),
            "leading `::`",
            SHAPE,
        ));
    }
    let mut segments: Vec<String> = Vec::new();
    let mut path_span: Option<std::ops::Range<usize>> = None;
    let mut tree = &item.tree;
    while let UseTree::Path(path) = tree {
        let ident = path.ident.unraw().to_string();
        let ident_span = node_range(&path.ident);
        match ident.as_str() {
            // A Rust habit: the schema language has no crates to import from.
            "std" | "core" | "alloc" if segments.is_empty() => errors.push(Diagnostic::new(
                format!("`use {ident}::...` names a Rust crate, not a schema file"),
                ident_span.clone(),
                "a Rust crate",
                format!(
                    "a schema declares its types, or imports them from another schema file: \
                     {SHAPE}; the schema language's own types (`String`, `Vec`, `Map`, `Option`) \
                     need no import"
                ),
            )),
            "super" if segments.iter().all(|segment| segment == "..") => {
                segments.push("..".to_string());
            }
            "super" | "self" | "crate" => errors.push(Diagnostic::new(
                format!("`{ident}` cannot appear here in a `use` path"),
                ident_span.clone(),
                "not a directory",
                format!(
                    "the path names a file relative to this one, with `super` (the directory \
                     above) only at its start: {SHAPE}"
                ),
            )),
            _ => segments.push(ident),
        }
        path_span = Some(match path_span {
            Some(span) => span.start..ident_span.end,
            None => ident_span,
        });
        tree = &path.tree;
    }
    let mut names = Vec::new();
    match tree {
        UseTree::Group(group) => {
            if group.items.is_empty() {
                errors.push(Diagnostic::new(
                    "a `use` imports nothing",
                    node_range(group),
                    "no names",
                    "list the types it imports, or remove it",
                ));
            }
            for tree in &group.items {
                imported_name(tree, &mut names, errors);
            }
        }
        tree => imported_name(tree, &mut names, errors),
    }
    let file = segments.pop().filter(|last| last != "..");
    let (Some(file), Some(path_span)) = (file, path_span) else {
        errors.push(Diagnostic::new(
            "a `use` names the file its types are declared in",
            node_range(&item.tree),
            "no file",
            SHAPE,
        ));
        return Err(names.into_iter().map(|name| name.value).collect());
    };
    if errors.len() > before {
        return Err(names.into_iter().map(|name| name.value).collect());
    }
    segments.push(format!("{file}.{EXTENSION}"));
    Ok(Use {
        path: Spanned {
            value: segments.join("/"),
            span: path_span,
        },
        names,
        span: node_range(item),
    })
}

/// One name of a `use` list, or the report of why it is none.
fn imported_name(tree: &UseTree, names: &mut Vec<Spanned<String>>, errors: &mut Vec<Diagnostic>) {
    match tree {
        UseTree::Name(name) => names.push(Spanned {
            value: name.ident.unraw().to_string(),
            span: node_range(&name.ident),
        }),
        UseTree::Rename(rename) => {
            let name = rename.ident.unraw().to_string();
            errors.push(Diagnostic::new(
                format!("`{name}` cannot be imported under another name"),
                node_range(rename),
                "renamed",
                format!(
                    "a type goes by one name in every output of the contract: import it as \
                     `{name}`, and rename one of the clashing types where it is declared"
                ),
            ));
            names.push(Spanned {
                value: name,
                span: node_range(&rename.ident),
            });
        }
        UseTree::Glob(glob) => errors.push(Diagnostic::new(
            "a `use` lists the types it imports",
            node_range(glob),
            "a glob",
            "name each type, `use file::{TypeA, TypeB};`, so that a reader sees where every name \
             comes from",
        )),
        UseTree::Path(_) | UseTree::Group(_) => errors.push(Diagnostic::new(
            "a `use` imports from one file",
            node_range(tree),
            "a nested path",
            format!("write one `use` per file: {SHAPE}"),
        )),
    }
}
