//! Imports: the types a file's `use` declarations bring in from other schema files, and every
//! type those hold, checked against one another and against the file's own declarations.
//!
//! An imported type joins the schema's types as it is in the file that declares it, so every
//! rule reads it as it reads a type of this file (a variant struct's keys, a flattened
//! struct's, an untagged variant's shape); [`crate::ir::Schema::foreign`] says which file
//! declares it, for the outputs to import it from there. Its spans are moved to the `use` that
//! brings it in, so that whatever a rule says about it in this file is said where this file
//! names it. Within one file a name means one type: a type this file declares, imports, or
//! reaches through an import.

use std::collections::BTreeMap;
use std::ops::Range;

use super::suggest::Suggestions;
use super::types::{DeclKind, Declared};
use crate::diagnostics::Diagnostic;
use crate::ir::{self, Module, Schema, TypeDef};
use crate::syntax::ast::{SchemaFile, Spanned};

/// What a file's imports bring in.
#[derive(Default)]
pub(super) struct Imports {
    /// The names the file may write, as declared names: each type a `use` lists, and the
    /// names of a `use` whose file could not be read or checked (reported already), which are
    /// not reported again where they are used.
    pub(super) declared: Declared,
    /// Every imported type and every type those hold, its spans at the `use`.
    pub(super) defs: BTreeMap<String, TypeDef>,
    /// The file that declares each type of `defs`.
    pub(super) foreign: BTreeMap<String, Module>,
}

/// The kind of declaration a type is, for resolving references to it.
fn kind(def: &TypeDef) -> DeclKind {
    match def {
        TypeDef::Struct(_) => DeclKind::Struct,
        TypeDef::Newtype(_) => DeclKind::Newtype,
        TypeDef::Union(_) => DeclKind::Union,
        TypeDef::Enum(_) => DeclKind::Enum,
        TypeDef::Untagged(_) => DeclKind::Untagged,
    }
}

/// Resolves each of `file.uses` against the schema of the file it names (`imported`, in the
/// same order; `None` where that file could not be read or checked), reporting every name that
/// cannot be imported.
pub(super) fn resolve(
    file: &SchemaFile,
    imported: &[Option<&Schema>],
    errors: &mut Vec<Diagnostic>,
) -> Imports {
    let mut imports = Imports::default();
    if file.uses.is_empty() {
        return imports;
    }
    let mut own: BTreeMap<&str, &Range<usize>> = BTreeMap::new();
    for item in &file.items {
        own.entry(&item.name.value).or_insert(&item.name.span);
    }
    // Each name a `use` lists, where it is listed first.
    let mut listed: BTreeMap<&str, &Range<usize>> = BTreeMap::new();
    for (index, declared) in file.uses.iter().enumerate() {
        let Some(schema) = imported.get(index).copied().flatten() else {
            for name in &declared.names {
                imports
                    .declared
                    .insert(name.value.clone(), DeclKind::Unparsed);
            }
            continue;
        };
        let module = Module {
            stem: schema.stem.clone(),
            id: schema.id.clone(),
        };
        let mut roots: Vec<&Spanned<String>> = Vec::new();
        for name in &declared.names {
            if let Some(first) = listed.get(name.value.as_str()) {
                errors.push(
                    Diagnostic::new(
                        format!("`{}` is imported twice", name.value),
                        name.span.clone(),
                        "imported again here",
                        "import each type once: remove this one",
                    )
                    .with_related((*first).clone(), "first imported here"),
                );
                continue;
            }
            listed.insert(&name.value, &name.span);
            if let Some(declared_at) = own.get(name.value.as_str()) {
                errors.push(
                    Diagnostic::new(
                        format!(
                            "`{}` is imported from `{}` and declared in this file too",
                            name.value, declared.path.value
                        ),
                        name.span.clone(),
                        "imported here",
                        "a name means one type in a file: rename the type declared here, or \
                         remove the import",
                    )
                    .with_related((*declared_at).clone(), "declared here"),
                );
                continue;
            }
            match schema.types.get(&name.value) {
                Some(def) if schema.is_own(&name.value) => {
                    imports.declared.insert(name.value.clone(), kind(def));
                    roots.push(name);
                }
                Some(_) => errors.push(Diagnostic::new(
                    format!(
                        "`{}` is not declared in `{}`, which imports it itself",
                        name.value, declared.path.value
                    ),
                    name.span.clone(),
                    "declared elsewhere",
                    format!(
                        "import a type from the file that declares it, here `{}.cards`: a \
                         schema does not pass on the types it imports",
                        schema.foreign[&name.value].stem
                    ),
                )),
                None => {
                    imports
                        .declared
                        .insert(name.value.clone(), DeclKind::Unparsed);
                    errors.push(unknown(name, &declared.path.value, schema));
                }
            }
        }
        let reached = ir::closure(&schema.types, roots.iter().map(|name| name.value.as_str()));
        for name in reached {
            let at = roots
                .iter()
                .find(|root| root.value == name)
                .map_or(&declared.path.span, |root| &root.span);
            let origin = schema.foreign.get(name).unwrap_or(&module);
            if let Some(declared_at) = own.get(name) {
                // A listed name declared here too was reported above.
                if !listed.contains_key(name) {
                    errors.push(
                        Diagnostic::new(
                            format!(
                                "the types imported from `{}` hold a type `{name}`, and this \
                                 file declares its own",
                                declared.path.value
                            ),
                            at.clone(),
                            format!("brings in `{name}`"),
                            "a name means one type in a file: rename the type declared here",
                        )
                        .with_related((*declared_at).clone(), "declared here"),
                    );
                }
                continue;
            }
            match imports.foreign.get(name) {
                Some(earlier) if earlier != origin => errors.push(Diagnostic::new(
                    format!(
                        "two imported types are named `{name}`: one declared in `{}.cards` and \
                         one in `{}.cards`",
                        earlier.stem, origin.stem
                    ),
                    at.clone(),
                    format!("brings in the `{name}` of `{}.cards`", origin.stem),
                    "a name means one type in a file: rename one of them where it is declared",
                )),
                Some(_) => {}
                None => {
                    let mut def = schema.types[name].clone();
                    def.relocate(at);
                    imports.defs.insert(name.to_string(), def);
                    imports.foreign.insert(name.to_string(), origin.clone());
                }
            }
        }
    }
    imports
}

/// The report of a name the imported file does not declare, with the likely one it meant.
fn unknown(name: &Spanned<String>, path: &str, schema: &Schema) -> Diagnostic {
    let own: Vec<&str> = schema.own_types().map(TypeDef::name).collect::<Vec<_>>();
    let mut suggestions = Suggestions::new(own.iter().copied(), std::iter::empty());
    let hint = match suggestions.closest(&name.value, false) {
        Some(candidate) => format!("did you mean `{}`?", candidate.name),
        None if own.is_empty() => format!("`{path}` declares no types"),
        None if own.len() <= 8 => format!("`{path}` declares `{}`", own.join("`, `")),
        None => format!("import one of the {} types `{path}` declares", own.len()),
    };
    Diagnostic::new(
        format!("`{path}` declares no type `{}`", name.value),
        name.span.clone(),
        "not declared there",
        hint,
    )
}
