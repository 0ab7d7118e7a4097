//! Comparing two versions of a project: schema files that import one another's types.
//!
//! A project's contract is its types, wherever they are declared: a type moved from one file
//! to another, under its name, is the same type on the wire, so [`compare`] merges each
//! version's files into one set of types by name and compares the two sets as [`super::compare`]
//! compares two schemas. A name that two files of either version each declare (each file is
//! a namespace of its own) is told apart by its file's stem, `common::Error`, in both versions'
//! sets and in every change (so such a type moved between files is a removal and an addition). Each file's own items (its docs, title, `$id`, entries and
//! version) are compared with the file of the same stem in the other version.

use std::collections::{BTreeMap, BTreeSet};

use super::version::{self, Versioning};
use super::{Change, Location, walk};
use crate::ir::{Schema, Ty, TypeDef};

/// What [`compare`] found: every change, and where each of its locations is.
#[derive(Debug, Clone)]
pub struct Compared {
    /// The changes: each file's own items first, file by file, then the types, by name.
    pub changes: Vec<Change>,
    /// For each change, the index (into the files given for OLD, and for NEW) of the file each
    /// of its locations is in.
    pub files: Vec<(Option<usize>, Option<usize>)>,
    /// The declared versions' check of each file that declares a version in both, against
    /// the changes to what the file reaches: the file's index in NEW, and its check.
    pub versioning: Vec<(usize, Versioning)>,
}

/// Every change from the project `old` to the project `new`, each given as its checked
/// schemas, in load order (each file's schema holds the types it imports too). Each file of one
/// version is paired with the file of the same stem in the other, but for `given`: the indices
/// of a file of each version that are paired whatever their stems (the two files a comparison
/// of two schema files was given), whose types, those they import included, are the ones
/// compared.
pub fn compare(old: &[&Schema], new: &[&Schema], given: Option<(usize, usize)>) -> Compared {
    let shared: BTreeSet<&str> = declared_twice(old)
        .into_iter()
        .chain(declared_twice(new))
        .collect();
    let (mut old_merged, mut new_merged) = (Merged::new(old, &shared), Merged::new(new, &shared));
    // Two schema files given compare what each reaches, not all the files it imports hold.
    if let Some((old_at, new_at)) = given {
        old_merged.keep_reached(old[old_at]);
        new_merged.keep_reached(new[new_at]);
    }
    let pairs = pairs(old, new, given);
    let mut changes = Vec::new();
    let mut files = Vec::new();
    for &(old_at, new_at) in &pairs {
        let items = |at: Option<usize>, schemas: &[&Schema]| {
            at.map_or_else(Schema::default, |at| Schema {
                types: BTreeMap::new(),
                foreign: BTreeMap::new(),
                ..schemas[at].clone()
            })
        };
        for change in walk::compare(&items(old_at, old), &items(new_at, new)) {
            files.push((old_at, new_at));
            changes.push(change);
        }
    }
    for change in walk::compare(&old_merged.schema, &new_merged.schema) {
        let file = |merged: &Merged, location: &Option<Location>| {
            location.as_ref().and_then(|_| merged.file_of(&change.path))
        };
        files.push((
            file(&old_merged, &change.old_location),
            file(&new_merged, &change.new_location),
        ));
        changes.push(change);
    }
    let versioning = pairs
        .iter()
        .filter_map(|&pair| {
            let (Some(old_at), Some(new_at)) = pair else {
                return None;
            };
            let (old_schema, new_schema) = (old[old_at], new[new_at]);
            let reached = |change: &Change, merged: &Merged, file: &Schema| {
                let name = type_of(&change.path);
                merged.schema.types.contains_key(name) && reaches(file, name)
            };
            let relevant: Vec<Change> = changes
                .iter()
                .zip(&files)
                .filter(|(change, located)| {
                    if change.path.starts_with(walk::SCHEMA) {
                        **located == pair
                    } else {
                        reached(change, &new_merged, new_schema)
                            || reached(change, &old_merged, old_schema)
                    }
                })
                .map(|(change, _)| change.clone())
                .collect();
            version::versioning(old_schema, new_schema, &relevant).map(|check| (new_at, check))
        })
        .collect();
    Compared {
        changes,
        files,
        versioning,
    }
}

/// The files of the two versions paired, in NEW's order then the files only OLD has: `given`,
/// then by stem; a file only one version has is paired with none.
fn pairs(
    old: &[&Schema],
    new: &[&Schema],
    given: Option<(usize, usize)>,
) -> Vec<(Option<usize>, Option<usize>)> {
    let partner = |new_at: usize| match given {
        Some((old_at, given_new)) if given_new == new_at => Some(old_at),
        _ => old.iter().enumerate().position(|(old_at, schema)| {
            given.is_none_or(|(given_old, _)| given_old != old_at)
                && schema.stem == new[new_at].stem
        }),
    };
    let mut pairs: Vec<(Option<usize>, Option<usize>)> = (0..new.len())
        .map(|new_at| (partner(new_at), Some(new_at)))
        .collect();
    for old_at in 0..old.len() {
        if !pairs.iter().any(|(paired, _)| *paired == Some(old_at)) {
            pairs.push((Some(old_at), None));
        }
    }
    pairs
}

/// The type a change's path starts with: `Card` of `Card/text/body`.
fn type_of(path: &str) -> &str {
    path.split('/').next().unwrap_or(path)
}

/// One version of a project as one schema: every file's own types, by name.
struct Merged {
    schema: Schema,
    /// Each type's declaring file (its index in the files given), by its name in `schema`.
    declared_in: BTreeMap<String, usize>,
}

/// The names two files of a version each declare.
fn declared_twice<'a>(files: &[&'a Schema]) -> BTreeSet<&'a str> {
    let mut declarers: BTreeMap<&str, usize> = BTreeMap::new();
    for schema in files {
        for def in schema.own_types() {
            *declarers.entry(def.name()).or_default() += 1;
        }
    }
    declarers
        .into_iter()
        .filter(|(_, count)| *count > 1)
        .map(|(name, _)| name)
        .collect()
}

impl Merged {
    /// The version's types, those named in `shared` qualified by their file's stem.
    fn new(files: &[&Schema], shared: &BTreeSet<&str>) -> Merged {
        let shared = |name: &str| shared.contains(name);
        let mut merged = Merged {
            schema: Schema::default(),
            declared_in: BTreeMap::new(),
        };
        for (at, schema) in files.iter().enumerate() {
            // A name as this file knows it: its own type, or the type of the file it imports.
            let in_file = |name: &str| -> String {
                if !shared(name) {
                    return name.to_string();
                }
                let stem = schema
                    .foreign
                    .get(name)
                    .map_or(schema.stem.as_str(), |module| module.stem.as_str());
                format!("{stem}::{name}")
            };
            for def in schema.own_types() {
                let mut def = def.clone();
                rename(&mut def, &in_file);
                let name = def.name().to_string();
                merged.declared_in.insert(name.clone(), at);
                merged.schema.types.insert(name, def);
            }
        }
        merged
    }

    /// Keeps only the types `file` reaches.
    fn keep_reached(&mut self, file: &Schema) {
        self.schema.types.retain(|name, _| reaches(file, name));
    }

    /// The file that declares the type a change's path starts with.
    fn file_of(&self, path: &str) -> Option<usize> {
        self.declared_in.get(type_of(path)).copied()
    }
}

/// Whether the file's schema reaches the type of this name in the merged set (`common::Error`
/// for the `Error` of `common.cards` where another file declares an `Error` too).
fn reaches(file: &Schema, name: &str) -> bool {
    match name.split_once("::") {
        None => file.types.contains_key(name),
        Some((stem, name)) => {
            file.types.contains_key(name)
                && file
                    .foreign
                    .get(name)
                    .map_or(file.stem.as_str(), |module| module.stem.as_str())
                    == stem
        }
    }
}

/// Renames the type and every type it names, by `rename`.
fn rename(def: &mut TypeDef, rename: &dyn Fn(&str) -> String) {
    fn retype(ty: &mut Ty, rename: &dyn Fn(&str) -> String) {
        match ty {
            Ty::Vec(inner) | Ty::Map(inner) | Ty::Boxed(inner) | Ty::Nullable(inner) => {
                retype(inner, rename)
            }
            Ty::Named(name) => *name = rename(name),
            Ty::String
            | Ty::Bool
            | Ty::Int(_)
            | Ty::Decimal(_)
            | Ty::F64
            | Ty::Json
            | Ty::Const(_) => {}
        }
    }
    match def {
        TypeDef::Struct(def) => {
            def.name = rename(&def.name);
            for field in &mut def.fields {
                retype(&mut field.ty, rename);
            }
        }
        TypeDef::Newtype(def) => {
            def.name = rename(&def.name);
            retype(&mut def.ty, rename);
        }
        TypeDef::Union(def) => {
            def.name = rename(&def.name);
            for payload in def.variants.iter_mut().filter_map(|v| v.payload.as_mut()) {
                *payload = rename(payload);
            }
        }
        TypeDef::Untagged(def) => {
            def.name = rename(&def.name);
            for variant in &mut def.variants {
                retype(&mut variant.ty, rename);
            }
        }
        TypeDef::Enum(def) => def.name = rename(&def.name),
    }
}
