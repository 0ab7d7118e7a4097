//! The walk over two schemas that finds each change: types by name, fields by wire key,
//! variants by tag value, enum values by wire string; an unmatched item of the same schema
//! name on both sides is a rename on the wire.

use std::collections::{BTreeMap, BTreeSet};

use super::relation::{self, Relation};
use super::spell::{
    closed, kind, spell, spell_constraints, spell_deprecated, spell_field, spell_tolerance,
    spell_variant,
};
use super::verdict::Key;
use super::{Change, Class, Location};
use crate::ir::{
    CatchAll, Deprecated, Docs, EnumDef, Examples, Field, FieldDefault, Schema, Shape, Span,
    StructDef, Ty, TypeDef, UnionDef, UnknownFields, UntaggedDef, UntaggedVariant, Variant,
};

/// Every change from `old` to `new`, ordered by type name, then as the items appear in OLD
/// (items only NEW has last).
pub fn compare(old: &Schema, new: &Schema) -> Vec<Change> {
    let mut walk = Walk {
        old,
        new,
        changes: Vec::new(),
    };
    walk.schema();
    let names: BTreeSet<&String> = old.types.keys().chain(new.types.keys()).collect();
    for name in names {
        match (old.types.get(name), new.types.get(name)) {
            (Some(old_def), Some(new_def)) => {
                walk.def(name, old_def, new_def);
                let ty = Ty::Named(name.clone());
                if old.reaches_tolerance(&ty) && !new.reaches_tolerance(&ty) {
                    walk.push(
                        Class::TolerantReaderRemoved,
                        name,
                        (Some("tolerant".to_string()), Some("strict".to_string())),
                        (Some(old_def.name_span()), Some(new_def.name_span())),
                    );
                }
            }
            (Some(old), None) => walk.push(
                Class::TypeRemoved,
                name,
                (Some(kind(old)), None),
                (Some(old.name_span()), None),
            ),
            (None, Some(new)) => walk.push(
                Class::TypeAdded,
                name,
                (None, Some(kind(new))),
                (None, Some(new.name_span())),
            ),
            (None, None) => {}
        }
    }
    walk.changes
}

/// The path of the schema's own items, which no type name can be.
pub(super) const SCHEMA: &str = "(schema)";

/// The documented parts every item has: its docs, its deprecation, its examples.
struct Notes<'a> {
    docs: &'a Docs,
    deprecated: Option<&'a Deprecated>,
    examples: Option<&'a Examples>,
}

fn type_notes(def: &TypeDef) -> Notes<'_> {
    Notes {
        docs: def.docs(),
        deprecated: def.deprecated(),
        examples: Some(def.examples()),
    }
}

fn field_notes(field: &Field) -> Notes<'_> {
    Notes {
        docs: &field.docs,
        deprecated: field.deprecated.as_ref(),
        examples: Some(&field.examples),
    }
}

struct Walk<'a> {
    old: &'a Schema,
    new: &'a Schema,
    changes: Vec<Change>,
}

impl Walk<'_> {
    /// The schema's own items, reported under `(schema)`: its docs, title and `$id`, then its
    /// entries, by type name. A title or `$id` neither version writes is its file name's, which
    /// two versions compared side by side need not share, so only a written one is compared.
    fn schema(&mut self) {
        let (old, new) = (self.old, self.new);
        let spans = (old.spans.docs.as_ref(), new.spans.docs.as_ref());
        if old.docs != new.docs {
            self.push(
                Class::DocChanged,
                SCHEMA,
                (Some(old.docs.join(" ")), Some(new.docs.join(" "))),
                spans,
            );
        }
        let spans = (old.spans.title.as_ref(), new.spans.title.as_ref());
        if old.title != new.title && (spans.0.is_some() || spans.1.is_some()) {
            let path = format!("{SCHEMA}/title");
            self.push(
                Class::TitleChanged,
                &path,
                (Some(old.title.clone()), Some(new.title.clone())),
                spans,
            );
        }
        let spans = (old.spans.id.as_ref(), new.spans.id.as_ref());
        if old.id != new.id && (spans.0.is_some() || spans.1.is_some()) {
            let path = format!("{SCHEMA}/$id");
            self.push(
                Class::IdChanged,
                &path,
                (Some(old.id.clone()), Some(new.id.clone())),
                spans,
            );
        }
        let entry = |schema: &Schema, name: &str| {
            let index = schema.entries.iter().position(|entry| entry == name)?;
            Some(schema.spans.entries.get(index).cloned())
        };
        let names: BTreeSet<&String> = old.entries.iter().chain(&new.entries).collect();
        for name in names {
            let path = format!("{SCHEMA}/entry/{name}");
            match (entry(old, name), entry(new, name)) {
                (Some(span), None) => self.push(
                    Class::EntryRemoved {
                        new_has_entries: !new.entries.is_empty(),
                    },
                    &path,
                    (Some(name.clone()), None),
                    (span.as_ref(), None),
                ),
                (None, Some(span)) => self.push(
                    Class::EntryAdded {
                        old_has_entries: !old.entries.is_empty(),
                    },
                    &path,
                    (None, Some(name.clone())),
                    (None, span.as_ref()),
                ),
                _ => {}
            }
        }
    }

    fn push(
        &mut self,
        class: Class,
        path: &str,
        (old, new): (Option<String>, Option<String>),
        (old_span, new_span): (Option<&Span>, Option<&Span>),
    ) {
        self.changes.push(Change {
            class,
            path: path.to_string(),
            old,
            new,
            old_location: old_span.map(|span| Location::Schema(span.clone())),
            new_location: new_span.map(|span| Location::Schema(span.clone())),
        });
    }

    /// Reports a changed relation of values under `path` as `classes` (wider, narrower, other).
    fn relation(
        &mut self,
        relation: Relation,
        classes: [Class; 3],
        path: &str,
        described: (String, String),
        spans: (&Span, &Span),
    ) {
        let class = match relation {
            Relation::Same => return,
            Relation::Wider => classes[0],
            Relation::Narrower => classes[1],
            Relation::Other => classes[2],
        };
        self.push(
            class,
            path,
            (Some(described.0), Some(described.1)),
            (Some(spans.0), Some(spans.1)),
        );
    }

    fn ty(&mut self, path: &str, (old, new): (&Ty, &Ty), spans: (&Span, &Span)) {
        let relation = relation::types(old, new, self.old, self.new);
        self.relation(
            relation,
            [Class::TypeWidened, Class::TypeNarrowed, Class::TypeChanged],
            path,
            (spell(old), spell(new)),
            spans,
        );
    }

    fn notes(&mut self, path: &str, (old, new): (Notes, Notes), spans: (&Span, &Span)) {
        let spans = (Some(spans.0), Some(spans.1));
        if old.docs != new.docs {
            self.push(
                Class::DocChanged,
                path,
                (Some(old.docs.join(" ")), Some(new.docs.join(" "))),
                spans,
            );
        }
        if old.deprecated != new.deprecated {
            self.push(
                Class::DeprecationChanged,
                path,
                (
                    Some(spell_deprecated(old.deprecated)),
                    Some(spell_deprecated(new.deprecated)),
                ),
                spans,
            );
        }
        if old.examples != new.examples {
            let count = |examples: Option<&Examples>| {
                format!("{} example(s)", examples.map_or(0, Vec::len))
            };
            self.push(
                Class::ExamplesChanged,
                path,
                (Some(count(old.examples)), Some(count(new.examples))),
                spans,
            );
        }
    }

    fn def(&mut self, name: &str, old: &TypeDef, new: &TypeDef) {
        let spans = (old.name_span(), new.name_span());
        match (old, new) {
            (TypeDef::Struct(old), TypeDef::Struct(new)) => self.strukt(name, old, new),
            (TypeDef::Newtype(old_def), TypeDef::Newtype(new_def)) => self.ty(
                name,
                (&old_def.ty, &new_def.ty),
                (&old_def.span, &new_def.span),
            ),
            (TypeDef::Union(old), TypeDef::Union(new)) => self.union(name, old, new),
            (TypeDef::Enum(old), TypeDef::Enum(new)) => self.enumeration(name, old, new),
            (TypeDef::Untagged(old), TypeDef::Untagged(new)) => self.untagged(name, old, new),
            _ => {
                self.push(
                    Class::TypeKindChanged,
                    name,
                    (Some(kind(old)), Some(kind(new))),
                    (Some(spans.0), Some(spans.1)),
                );
                return;
            }
        }
        self.notes(name, (type_notes(old), type_notes(new)), spans);
    }

    fn strukt(&mut self, name: &str, old: &StructDef, new: &StructDef) {
        if old.unknown != new.unknown {
            let class = match (old.unknown, new.unknown) {
                (UnknownFields::Keep, UnknownFields::Refuse) => Class::ObjectClosed,
                (UnknownFields::Refuse, UnknownFields::Keep) => Class::ObjectOpened,
                _ => Class::UnknownFieldsChanged,
            };
            self.push(
                class,
                name,
                (Some(closed(old)), Some(closed(new))),
                (Some(&old.name_span), Some(&new.name_span)),
            );
        }
        // A flattened struct's keys are compared under its own name, once.
        let renamed = renames(
            &old.fields,
            &new.fields,
            |field| &field.wire_name,
            |field| &field.name,
        );
        for old_field in &old.fields {
            let path = format!("{name}/{}", old_field.wire_name);
            if let Some(new_field) = new
                .fields
                .iter()
                .find(|f| f.wire_name == old_field.wire_name)
            {
                self.field(&path, (old_field, new_field));
            } else if let Some(new_field) = renamed
                .iter()
                .find_map(|(o, n)| std::ptr::eq(*o, old_field).then_some(*n))
            {
                self.push(
                    Class::FieldRenamed {
                        old: Key::of(old_field),
                        new: Key::of(new_field),
                        old_closed: old.closed(),
                        new_closed: new.closed(),
                    },
                    &path,
                    (
                        Some(old_field.wire_name.clone()),
                        Some(new_field.wire_name.clone()),
                    ),
                    (Some(&old_field.span), Some(&new_field.span)),
                );
                self.field(&path, (old_field, new_field));
            } else {
                self.push(
                    Class::FieldRemoved {
                        key: Key::of(old_field),
                        new_closed: new.closed(),
                    },
                    &path,
                    (Some(spell_field(old_field)), None),
                    (Some(&old_field.span), None),
                );
            }
        }
        for new_field in &new.fields {
            let known = old
                .fields
                .iter()
                .any(|f| f.wire_name == new_field.wire_name)
                || renamed.iter().any(|(_, n)| std::ptr::eq(*n, new_field));
            if !known {
                self.push(
                    Class::FieldAdded {
                        key: Key::of(new_field),
                        old_closed: old.closed(),
                    },
                    &format!("{name}/{}", new_field.wire_name),
                    (None, Some(spell_field(new_field))),
                    (None, Some(&new_field.span)),
                );
            }
        }
    }

    fn field(&mut self, path: &str, (old, new): (&Field, &Field)) {
        let spans = (&old.span, &new.span);
        let (old_key, new_key) = (Key::of(old), Key::of(new));
        let class = if old.presence != new.presence {
            Some(Class::PresenceChanged {
                old: old_key,
                new: new_key,
            })
        } else {
            old.default
                .as_ref()
                .zip(new.default.as_ref())
                .and_then(|(old_default, new_default)| {
                    default_change(old_default, new_default, (old_key, new_key))
                })
        };
        if let Some(class) = class {
            self.push(
                class,
                path,
                (Some(spell_field(old)), Some(spell_field(new))),
                (Some(spans.0), Some(spans.1)),
            );
        }
        self.ty(path, (&old.ty, &new.ty), spans);
        self.relation(
            relation::constraints(&old.constraints, &new.constraints),
            [
                Class::ConstraintsWidened,
                Class::ConstraintsNarrowed,
                Class::ConstraintsChanged,
            ],
            path,
            (
                spell_constraints(&old.constraints),
                spell_constraints(&new.constraints),
            ),
            spans,
        );
        // Compared as written: `#[on_invalid = "default"]` reads an invalid value as the
        // field's default, which `default_changed` reports when only the default changes.
        let tolerance = (spell_tolerance(old), spell_tolerance(new));
        if tolerance.0 != tolerance.1 {
            self.push(
                Class::ToleranceChanged,
                path,
                (Some(tolerance.0), Some(tolerance.1)),
                (Some(spans.0), Some(spans.1)),
            );
        }
        self.notes(path, (field_notes(old), field_notes(new)), spans);
    }

    fn union(&mut self, name: &str, old: &UnionDef, new: &UnionDef) {
        let folds = [old, new].map(|def| {
            def.fold_variant()
                .map(|fold| (fold.tag_value.as_str(), &fold.span))
        });
        if folds == [None, None] {
            self.catch_all(
                name,
                (old.other.as_ref(), new.other.as_ref()),
                [Class::UnionOpened, Class::UnionClosed],
            );
        } else {
            self.fold(
                name,
                folds,
                [old.other.as_ref(), new.other.as_ref()],
                [
                    Class::UnionFolded {
                        was_open: old.other.is_some(),
                    },
                    Class::UnionUnfolded {
                        now_open: new.other.is_some(),
                    },
                ],
            );
        }
        if old.tag != new.tag {
            self.push(
                Class::TagRenamed,
                name,
                (Some(old.tag.clone()), Some(new.tag.clone())),
                (Some(&old.tag_span), Some(&new.tag_span)),
            );
        }
        let renamed = renames(
            &old.variants,
            &new.variants,
            |variant| &variant.tag_value,
            |variant| &variant.name,
        );
        for old_variant in &old.variants {
            let path = format!("{name}/{}", old_variant.tag_value);
            let same = new
                .variants
                .iter()
                .find(|v| v.tag_value == old_variant.tag_value);
            let renamed_to = renamed
                .iter()
                .find_map(|(o, n)| std::ptr::eq(*o, old_variant).then_some(*n));
            match (same, renamed_to) {
                (Some(new_variant), _) => self.variant(&path, old_variant, new_variant),
                (None, Some(new_variant)) => {
                    self.push(
                        Class::VariantRenamed,
                        &path,
                        (
                            Some(old_variant.tag_value.clone()),
                            Some(new_variant.tag_value.clone()),
                        ),
                        (Some(&old_variant.span), Some(&new_variant.span)),
                    );
                    self.variant(&path, old_variant, new_variant);
                }
                (None, None) => self.push(
                    Class::VariantRemoved {
                        new_open: new.is_open(),
                    },
                    &path,
                    (Some(spell_variant(old_variant)), None),
                    (Some(&old_variant.span), None),
                ),
            }
        }
        for new_variant in &new.variants {
            let known = old
                .variants
                .iter()
                .any(|v| v.tag_value == new_variant.tag_value)
                || renamed.iter().any(|(_, n)| std::ptr::eq(*n, new_variant));
            if !known {
                self.push(
                    Class::VariantAdded {
                        old_open: old.is_open(),
                    },
                    &format!("{name}/{}", new_variant.tag_value),
                    (None, Some(spell_variant(new_variant))),
                    (None, Some(&new_variant.span)),
                );
            }
        }
    }

    /// A union's or enum's catch-all added (`opened`), removed (`closed`) or renamed.
    fn catch_all(
        &mut self,
        name: &str,
        catch_alls: (Option<&CatchAll>, Option<&CatchAll>),
        [opened, closed]: [Class; 2],
    ) {
        let spell = |other: &CatchAll| format!("#[other] {}", other.name);
        match catch_alls {
            (None, Some(new)) => {
                self.push(
                    opened,
                    name,
                    (None, Some(spell(new))),
                    (None, Some(&new.span)),
                );
            }
            (Some(old), None) => {
                self.push(
                    closed,
                    name,
                    (Some(spell(old)), None),
                    (Some(&old.span), None),
                );
            }
            (Some(old), Some(new)) if (&old.name, &old.key) != (&new.name, &new.key) => self.push(
                Class::CatchAllRenamed,
                name,
                (Some(spell(old)), Some(spell(new))),
                (Some(&old.span), Some(&new.span)),
            ),
            _ => {}
        }
    }

    /// A union's or enum's fold (`#[other(fold)]`) added (`folded`), removed (`unfolded`) or
    /// moved to another value, given each side's fold (its tag value or string, which is what
    /// travels, and where it is declared) and
    /// catch-all: where one side folds, its catch-all on the other side is part of the change.
    fn fold(
        &mut self,
        name: &str,
        [old, new]: [Option<(&str, &Span)>; 2],
        [old_other, new_other]: [Option<&CatchAll>; 2],
        [folded, unfolded]: [Class; 2],
    ) {
        let spell_fold = |(value, _): (&str, &Span)| format!("#[other(fold)] {value}");
        let spell_other = |other: &CatchAll| format!("#[other] {}", other.name);
        match (old, new) {
            (None, Some(new)) => self.push(
                folded,
                name,
                (old_other.map(spell_other), Some(spell_fold(new))),
                (old_other.map(|other| &other.span), Some(new.1)),
            ),
            (Some(old), None) => self.push(
                unfolded,
                name,
                (Some(spell_fold(old)), new_other.map(spell_other)),
                (Some(old.1), new_other.map(|other| &other.span)),
            ),
            (Some(old), Some(new)) if old.0 != new.0 => self.push(
                Class::FoldMoved,
                name,
                (Some(spell_fold(old)), Some(spell_fold(new))),
                (Some(old.1), Some(new.1)),
            ),
            _ => {}
        }
    }

    fn variant(&mut self, path: &str, old: &Variant, new: &Variant) {
        let spans = (Some(&old.span), Some(&new.span));
        let described = (Some(spell_variant(old)), Some(spell_variant(new)));
        match (&old.payload, &new.payload) {
            (None, Some(_)) => self.push(Class::UnitBecameStruct, path, described, spans),
            (Some(_), None) => self.push(Class::StructBecameUnit, path, described, spans),
            (Some(old), Some(new)) if old != new => {
                self.push(Class::PayloadChanged, path, described, spans);
            }
            (None, None) if old.unknown != new.unknown => {
                let class = match (old.unknown, new.unknown) {
                    (UnknownFields::Refuse, UnknownFields::Keep) => Class::UnitVariantOpened,
                    (UnknownFields::Keep, UnknownFields::Refuse) => Class::UnitVariantClosed,
                    (UnknownFields::Keep, _) | (_, UnknownFields::Keep) => {
                        Class::UnitVariantKeepChanged
                    }
                    _ => Class::UnknownFieldsChanged,
                };
                self.push(class, path, described, spans);
            }
            _ => {}
        }
        self.notes(
            path,
            (
                Notes {
                    docs: &old.docs,
                    deprecated: old.deprecated.as_ref(),
                    examples: None,
                },
                Notes {
                    docs: &new.docs,
                    deprecated: new.deprecated.as_ref(),
                    examples: None,
                },
            ),
            (&old.span, &new.span),
        );
    }

    fn enumeration(&mut self, name: &str, old: &EnumDef, new: &EnumDef) {
        let folds = [old, new].map(|def| {
            def.fold_value()
                .map(|fold| (fold.wire_name.as_str(), &fold.span))
        });
        if folds == [None, None] {
            self.catch_all(
                name,
                (old.other.as_ref(), new.other.as_ref()),
                [Class::EnumOpened, Class::EnumClosed],
            );
        } else {
            self.fold(
                name,
                folds,
                [old.other.as_ref(), new.other.as_ref()],
                [
                    Class::EnumFolded {
                        was_open: old.other.is_some(),
                    },
                    Class::EnumUnfolded {
                        now_open: new.other.is_some(),
                    },
                ],
            );
        }
        let renamed = renames(
            &old.values,
            &new.values,
            |value| &value.wire_name,
            |value| &value.name,
        );
        for old_value in &old.values {
            let path = format!("{name}/{}", old_value.wire_name);
            let same = new
                .values
                .iter()
                .find(|v| v.wire_name == old_value.wire_name);
            let renamed_to = renamed
                .iter()
                .find_map(|(o, n)| std::ptr::eq(*o, old_value).then_some(*n));
            let new_value = match (same, renamed_to) {
                (Some(new_value), _) => new_value,
                (None, Some(new_value)) => {
                    self.push(
                        Class::EnumValueRenamed,
                        &path,
                        (
                            Some(old_value.wire_name.clone()),
                            Some(new_value.wire_name.clone()),
                        ),
                        (Some(&old_value.span), Some(&new_value.span)),
                    );
                    new_value
                }
                (None, None) => {
                    self.push(
                        Class::EnumValueRemoved {
                            new_open: new.is_open(),
                        },
                        &path,
                        (Some(old_value.wire_name.clone()), None),
                        (Some(&old_value.span), None),
                    );
                    continue;
                }
            };
            self.notes(
                &path,
                (
                    Notes {
                        docs: &old_value.docs,
                        deprecated: old_value.deprecated.as_ref(),
                        examples: None,
                    },
                    Notes {
                        docs: &new_value.docs,
                        deprecated: new_value.deprecated.as_ref(),
                        examples: None,
                    },
                ),
                (&old_value.span, &new_value.span),
            );
        }
        for new_value in &new.values {
            let known = old
                .values
                .iter()
                .any(|v| v.wire_name == new_value.wire_name)
                || renamed.iter().any(|(_, n)| std::ptr::eq(*n, new_value));
            if !known {
                self.push(
                    Class::EnumValueAdded {
                        old_open: old.is_open(),
                    },
                    &format!("{name}/{}", new_value.wire_name),
                    (None, Some(new_value.wire_name.clone())),
                    (None, Some(&new_value.span)),
                );
            }
        }
    }

    /// An untagged union's variants are told apart by shape, so they match by name; it has no
    /// catch-all, so it is never open.
    fn untagged(&mut self, name: &str, old: &UntaggedDef, new: &UntaggedDef) {
        for old_variant in &old.variants {
            let path = format!("{name}/{}", old_variant.name);
            match new.variants.iter().find(|v| v.name == old_variant.name) {
                Some(new_variant) => {
                    self.ty(
                        &path,
                        (&old_variant.ty, &new_variant.ty),
                        (&old_variant.span, &new_variant.span),
                    );
                    self.notes(
                        &path,
                        (
                            Notes {
                                docs: &old_variant.docs,
                                deprecated: None,
                                examples: None,
                            },
                            Notes {
                                docs: &new_variant.docs,
                                deprecated: None,
                                examples: None,
                            },
                        ),
                        (&old_variant.span, &new_variant.span),
                    );
                }
                None => self.push(
                    Class::VariantRemoved { new_open: false },
                    &path,
                    (Some(spell(&old_variant.ty)), None),
                    (Some(&old_variant.span), None),
                ),
            }
        }
        for new_variant in &new.variants {
            if !old.variants.iter().any(|v| v.name == new_variant.name) {
                self.push(
                    Class::VariantAdded { old_open: false },
                    &format!("{name}/{}", new_variant.name),
                    (None, Some(spell(&new_variant.ty))),
                    (None, Some(&new_variant.span)),
                );
            }
        }
        if old.is_tried() != new.is_tried() {
            let how = |def: &UntaggedDef| {
                if def.is_tried() {
                    "tried in order"
                } else {
                    "picked by keys"
                }
            };
            self.push(
                Class::ObjectPickChanged,
                name,
                (Some(how(old).to_string()), Some(how(new).to_string())),
                (Some(&old.name_span), Some(&new.name_span)),
            );
        }
        // An object picks the first object variant whose keys it has. Closed variants never
        // hold another's keys (the checker sees to it), so only an open or dropping one can
        // read as another when the order changes. Variants tried in order may overlap however
        // they are closed: the first that reads an object takes it.
        let (old_order, new_order) = (object_order(old, new), object_order(new, old));
        let loose = |schema: &Schema, def: &UntaggedDef| {
            def.variants.iter().any(|variant| match &variant.ty {
                Ty::Named(name) => matches!(
                    schema.types.get(name),
                    Some(TypeDef::Struct(payload)) if !payload.closed()
                ),
                _ => false,
            })
        };
        let tried = old.is_tried() || new.is_tried();
        if old_order != new_order && (tried || loose(self.old, old) || loose(self.new, new)) {
            self.push(
                Class::ObjectVariantsReordered,
                name,
                (Some(old_order.join(", ")), Some(new_order.join(", "))),
                (Some(&old.name_span), Some(&new.name_span)),
            );
        }
        // An empty array picks the first array variant, so another order reads it as another.
        let (old_arrays, new_arrays) = (array_order(old, new), array_order(new, old));
        if old_arrays.len() > 1 && old_arrays.first() != new_arrays.first() {
            self.push(
                Class::ArrayVariantsReordered,
                name,
                (Some(old_arrays.join(", ")), Some(new_arrays.join(", "))),
                (Some(&old.name_span), Some(&new.name_span)),
            );
        }
    }
}

/// The change between two defaults of a field defaulted on both sides: another value (whose
/// verdict depends on both sides' write policies), or the same value written otherwise.
fn default_change(
    old: &FieldDefault,
    new: &FieldDefault,
    (old_key, new_key): (Key, Key),
) -> Option<Class> {
    if !old.value.same(&new.value) {
        Some(Class::DefaultChanged {
            old: old_key,
            new: new_key,
        })
    } else if old.write != new.write {
        Some(Class::DefaultWriteChanged)
    } else {
        None
    }
}

/// The renames between two lists of items: pairs of an old item whose wire name NEW lacks and
/// a new item whose wire name OLD lacks, with the same schema name (the first such new item).
/// Each list is indexed once, so two structs of a thousand fields each, all renamed, take a
/// thousand look-ups rather than a billion comparisons.
fn renames<'a, T>(
    old: &'a [T],
    new: &'a [T],
    wire: impl Fn(&T) -> &String,
    name: impl Fn(&T) -> &String,
) -> Vec<(&'a T, &'a T)> {
    let old_wires: BTreeSet<&String> = old.iter().map(&wire).collect();
    let new_wires: BTreeSet<&String> = new.iter().map(&wire).collect();
    let mut only_new: BTreeMap<&String, &'a T> = BTreeMap::new();
    for item in new.iter().filter(|n| !old_wires.contains(wire(n))) {
        only_new.entry(name(item)).or_insert(item);
    }
    old.iter()
        .filter(|o| !new_wires.contains(wire(o)))
        .filter_map(|o| only_new.get(name(o)).map(|n| (o, *n)))
        .collect()
}

/// The object variants of `def` that `other` has as object variants too, in `def`'s order.
fn object_order<'a>(def: &'a UntaggedDef, other: &UntaggedDef) -> Vec<&'a str> {
    shared_order(def, other, |variant| {
        matches!(variant.shape, Shape::Object(_) | Shape::Tried)
    })
}

/// The array variants of `def` that `other` has as array variants too, in `def`'s order.
fn array_order<'a>(def: &'a UntaggedDef, other: &UntaggedDef) -> Vec<&'a str> {
    shared_order(def, other, |variant| {
        matches!(variant.shape, Shape::Array(_))
    })
}

/// The variants of `def` of one kind that `other` has as variants of that kind too, in
/// `def`'s order.
fn shared_order<'a>(
    def: &'a UntaggedDef,
    other: &UntaggedDef,
    kind: impl Fn(&UntaggedVariant) -> bool,
) -> Vec<&'a str> {
    def.variants
        .iter()
        .filter(|variant| {
            kind(variant)
                && other
                    .variants
                    .iter()
                    .any(|theirs| theirs.name == variant.name && kind(theirs))
        })
        .map(|variant| variant.name.as_str())
        .collect()
}
