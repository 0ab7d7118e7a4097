//! Untagged unions, `#[union(untagged)] enum Content { Text(String), Blocks(Vec<Block>) }`:
//! variants told apart by their JSON shape (string, boolean, number, array, object) and, among
//! object variants, by the keys present: an object picks the first object variant, in declared
//! order, whose required keys it has (JSON-RPC's request, notification and response). Every
//! reader picks a variant the same way, so the checker refuses two variants one payload could
//! both fit, and an object variant no object would pick. Array variants are told apart by their
//! items the same way: an array picks the first array variant whose item shape every item has.
//!
//! `#[union(untagged, tried_in_order)]` picks objects otherwise: its object variants are tried
//! in declared order and the first that reads the object takes it (MCP's results, whose every
//! member is an open object). They may overlap; the checker refuses a variant an earlier one
//! leaves nothing to, and a reader policy inside one, which would change what reads.

use std::collections::{BTreeMap, BTreeSet};

use super::types::{self, Scope};
use super::{Header, Unique, check_variant_name};
use crate::diagnostics::Diagnostic;
use crate::ir::reaches_tolerance;
use crate::ir::{self, Shape, Span, Ty, TypeDef, UntaggedDef, UntaggedVariant};
use crate::syntax::ast::{TypeKind, UntaggedItem};

/// The untagged union with its variants' types resolved; their shapes are filled in by
/// [`check`], once every type is known.
pub(super) fn lower(
    (name, name_span, docs, deprecated, examples): Header,
    item: &UntaggedItem,
    scope: &mut Scope,
    errors: &mut Vec<Diagnostic>,
) -> UntaggedDef {
    let mut names = Unique::new(
        "variant",
        "a union's variants need distinct names: rename one of them",
    );
    let mut variants = Vec::new();
    for variant in &item.variants {
        check_variant_name(&variant.name, errors);
        names.check(&variant.name.value, variant.name.span.clone(), errors);
        if let Some(marker) = &variant.other {
            errors.push(Diagnostic::new(
                "an untagged union cannot be open",
                marker.span.clone(),
                "a catch-all",
                format!(
                    "an untagged union picks its variant by shape, and a catch-all would take \
                     every shape the others leave, so that a payload one of them refuses would \
                     read as the catch-all instead: a tagged union can be open, with `{}`",
                    if marker.fold {
                        "#[other(fold)]"
                    } else {
                        "#[other]"
                    }
                ),
            ));
        }
        if let Some(unknown) = &variant.unknown {
            errors.push(Diagnostic::new(
                "an untagged union's variant has no object of its own to open or close",
                unknown.span.clone(),
                "says nothing here",
                "an object variant's struct says what its object does with unknown keys: write \
                 the attribute on that struct",
            ));
        }
        if let Some(rename) = &variant.rename {
            errors.push(Diagnostic::new(
                "an untagged union's variant has no tag value to rename",
                rename.span.clone(),
                "renames nothing",
                "an untagged union's variants are told apart by their shape, not by a tag",
            ));
        }
        let Some(payload) = &variant.payload else {
            errors.push(Diagnostic::new(
                format!(
                    "variant `{}` of an untagged union carries nothing",
                    variant.name.value
                ),
                variant.name.span.clone(),
                "no payload",
                "an untagged union's variants are told apart by their shape: write \
                 `Name(Type)`; a variant that is its tag alone needs a tagged union",
            ));
            continue;
        };
        let problem = match payload.kind {
            TypeKind::Option(_) | TypeKind::Nullable(_) => Some(
                "whether the value may be absent or `null` is said where the union is used: \
                 write `Option<Name>` or `Nullable<Name>` at the field",
            ),
            TypeKind::Json => {
                Some("`Json` fits every payload, so no other variant could be picked")
            }
            _ => None,
        };
        if let Some(hint) = problem {
            errors.push(Diagnostic::new(
                "this type cannot be a variant of an untagged union",
                payload.span.clone(),
                "not a shape of its own",
                hint,
            ));
            continue;
        }
        if let Some(ty) = types::value_type(payload, scope, errors) {
            variants.push(UntaggedVariant {
                name: variant.name.value.clone(),
                docs: variant.docs.clone(),
                ty,
                // Refined by [`check`]; until then it says whether objects are tried.
                shape: if item.tried_in_order.is_some() {
                    Shape::Tried
                } else {
                    Shape::Object(Vec::new())
                },
                span: payload.span.clone(),
            });
        }
    }
    UntaggedDef {
        name,
        name_span,
        docs,
        deprecated,
        examples,
        variants,
    }
}

/// A variant's shape while it is checked: its kind, for an object its keys, and for an array
/// its items' type.
struct Found<'a> {
    kind: Shape,
    object: Option<Keys>,
    items: Option<&'a Ty>,
}

/// The keys of an object variant.
struct Keys {
    /// Every key its values may have, `None` for a map, whose values may have any.
    declared: Option<BTreeSet<String>>,
    /// The keys it must have, in order.
    required: Vec<String>,
}

/// What is being picked among: an untagged union's variants, or the items of its array
/// variants (an array picks the first array variant whose item shape every item has).
struct Members<'a> {
    /// The union's name.
    union: &'a str,
    /// Each variant's name, the type picked by its shape, and where the variant's type is.
    of: Vec<(&'a str, &'a Ty, &'a Span)>,
    /// Whether the types are the items of array variants.
    items: bool,
}

impl Members<'_> {
    /// A member, as a message names it.
    fn who(&self, name: &str) -> String {
        if self.items {
            format!("the items of variant `{name}` of `{}`", self.union)
        } else {
            format!("variant `{name}` of `{}`", self.union)
        }
    }
}

/// Fills in every untagged union's variant shapes, refusing variants one payload could fit
/// both of, and object variants no object would pick.
pub(super) fn check(defs: &mut BTreeMap<String, TypeDef>, errors: &mut Vec<Diagnostic>) {
    let mut shapes: BTreeMap<String, Vec<Shape>> = BTreeMap::new();
    for def in defs.values() {
        if let TypeDef::Untagged(def) = def {
            let members = Members {
                union: &def.name,
                of: def
                    .variants
                    .iter()
                    .map(|variant| (variant.name.as_str(), &variant.ty, &variant.span))
                    .collect(),
                items: false,
            };
            let picked = shapes_of(defs, &members, def.is_tried(), errors);
            shapes.insert(def.name.clone(), picked);
        }
    }
    for (name, shapes) in shapes {
        if let Some(TypeDef::Untagged(def)) = defs.get_mut(&name) {
            for (variant, shape) in def.variants.iter_mut().zip(shapes) {
                variant.shape = shape;
            }
        }
    }
}

/// The shape that picks each member; `tried` when the members' objects are tried in order.
fn shapes_of(
    defs: &BTreeMap<String, TypeDef>,
    members: &Members,
    tried: bool,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Shape> {
    let found: Vec<Option<Found>> = members
        .of
        .iter()
        .map(|&(name, ty, span)| {
            if members.items && matches!(ty, Ty::Json | Ty::Nullable(_)) {
                errors.push(Diagnostic::new(
                    format!("{} may be any JSON or `null`", members.who(name)),
                    span.clone(),
                    "no shape of their own",
                    "an array picks the first array variant whose items all have its item \
                     shape, which an item of any JSON or `null` has none of: keep one array \
                     variant, or use a tagged union",
                ));
                return None;
            }
            found(defs, ty, span, &mut BTreeSet::new(), errors)
        })
        .collect();
    // Two members of one scalar shape, or a whole number fitting both an integer and a number.
    // Objects are told apart by their keys and arrays by their items, below.
    let overlap = |a: &Shape, b: &Shape| {
        let number = |shape: &Shape| matches!(shape, Shape::Integer | Shape::Number);
        (number(a) && number(b)) || (a == b && !matches!(a, Shape::Object(_) | Shape::Array(_)))
    };
    for (index, (&(name, _, span), shape)) in members.of.iter().zip(&found).enumerate() {
        let Some(shape) = shape else { continue };
        let earlier = members.of[..index].iter().zip(&found).find(|(_, other)| {
            other
                .as_ref()
                .is_some_and(|other| overlap(&other.kind, &shape.kind))
        });
        if let Some((&(first, _, first_span), _)) = earlier {
            errors.push(
                Diagnostic::new(
                    format!(
                        "{}variants `{first}` and `{name}` of `{}` both take {}",
                        if members.items { "the items of " } else { "" },
                        members.union,
                        describe(&shape.kind)
                    ),
                    span.clone(),
                    "overlaps",
                    "a payload must fit exactly one variant of an untagged union: keep one \
                     variant of each JSON type, arrays of one item shape each, or use a tagged \
                     union",
                )
                .with_related(first_span.clone(), "the other variant"),
            );
        }
    }
    let mut picked: BTreeMap<usize, Shape> = BTreeMap::new();
    let objects: Vec<(usize, &Keys)> = found
        .iter()
        .enumerate()
        .filter_map(|(index, shape)| Some((index, shape.as_ref()?.object.as_ref()?)))
        .collect();
    if tried {
        refuse_unread(defs, members, &objects, errors);
        for &(index, _) in &objects {
            picked.insert(index, Shape::Tried);
        }
    } else {
        refuse_misread(members, &objects, errors);
    }
    // An object picks the first object variant, in declared order, that has every key it
    // requires. A key that every later object variant requires too need not be looked at: an
    // object without it fails whichever of them it picks. So the last object variant takes any
    // object, and reports the key it misses itself.
    let required: Vec<&[String]> = objects.iter().map(|(_, own)| &own.required[..]).collect();
    for (&(index, _), keys) in objects.iter().zip(ir::picking_keys(&required)) {
        picked.entry(index).or_insert(Shape::Object(keys));
    }
    // An array picks the first array variant whose item shape every item has, an empty one the
    // first; the last takes any array, and reports the item that does not fit itself.
    let arrays: Vec<(usize, &Ty)> = found
        .iter()
        .enumerate()
        .filter_map(|(index, shape)| Some((index, shape.as_ref()?.items?)))
        .collect();
    if let [rest @ .., _] = arrays.as_slice()
        && !rest.is_empty()
    {
        let items = Members {
            union: members.union,
            of: arrays
                .iter()
                .map(|&(index, ty)| (members.of[index].0, ty, members.of[index].2))
                .collect(),
            items: true,
        };
        let shapes = shapes_of(defs, &items, false, errors);
        for (&(index, _), shape) in rest.iter().zip(shapes) {
            picked.insert(index, Shape::Array(Some(Box::new(shape))));
        }
    }
    found
        .into_iter()
        .enumerate()
        .map(|(index, shape)| {
            picked.remove(&index).unwrap_or_else(|| match shape {
                Some(Found {
                    kind: Shape::Object(_),
                    ..
                })
                | None => Shape::Object(Vec::new()),
                Some(found) => found.kind,
            })
        })
        .collect()
}

/// Refuses, among object variants tried in order, one that is never tried because an earlier
/// one reads every object it could (the same type, or any object at all), and a reader policy
/// inside one: a tolerant reader would read an invalid value that makes a strict reader try
/// the next variant, and the two would pick different ones.
fn refuse_unread(
    defs: &BTreeMap<String, TypeDef>,
    members: &Members,
    objects: &[(usize, &Keys)],
    errors: &mut Vec<Diagnostic>,
) {
    for (position, &(index, _)) in objects.iter().enumerate() {
        let (name, ty, span) = members.of[index];
        if reaches_tolerance(defs, ty) {
            let at = ir::field_reached(defs, ty, &|field| field.tolerance.is_declared())
                .map(|(owner, field)| format!(", at `{owner}.{}`", field.name))
                .unwrap_or_default();
            errors.push(Diagnostic::new(
                format!(
                    "variant `{name}` of `{}` is tried in order, and a reader policy lies inside \
                     it{at}",
                    members.union
                ),
                span.clone(),
                "tried in order",
                "a variant tried in order takes the objects it reads, and a reader policy \
                 (`#[on_invalid]`, `#[skip_invalid]`) reads a value a strict reader refuses, so \
                 the tolerant and the strict reader would pick different variants: drop the \
                 policy, or tell the variants apart by their required keys (leave out \
                 `tried_in_order`)",
            ));
        }
        let earlier = objects[..position].iter().find(|&&(first, _)| {
            members.of[first].1 == ty || ir::reads_any_object(defs, members.of[first].1)
        });
        if let Some(&(first, _)) = earlier {
            let (other, other_ty, other_span) = members.of[first];
            let (why, hint) = if ir::reads_any_object(defs, other_ty) {
                (
                    format!("`{other}` reads every object"),
                    format!(
                        "object variants are tried in declared order, the first that reads an \
                         object taking it: declare `{name}` before `{other}`"
                    ),
                )
            } else {
                (
                    format!("`{other}` holds the same type and reads every object it does"),
                    "the same type reads the same objects: keep one of the two variants"
                        .to_string(),
                )
            };
            errors.push(
                Diagnostic::new(
                    format!("{} is never tried: {why}", members.who(name)),
                    span.clone(),
                    "never tried",
                    hint,
                )
                .with_related(other_span.clone(), "tried first"),
            );
        }
    }
}

/// Refuses an object variant some of whose values would read as an earlier object variant:
/// one that may hold every key the earlier one requires (a map holds any key). Each value then
/// reads back as the variant it was written as, in every reader.
fn refuse_misread(members: &Members, objects: &[(usize, &Keys)], errors: &mut Vec<Diagnostic>) {
    let quoted = |keys: &[String]| {
        keys.iter()
            .map(|key| format!("`{key}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (position, &(index, own)) in objects.iter().enumerate() {
        let (name, _, span) = members.of[index];
        let Some(declared) = &own.declared else {
            if objects.len() > 1 {
                errors.push(Diagnostic::new(
                    format!(
                        "{} takes objects with any keys, so it cannot share the union with \
                         another object variant",
                        members.who(name)
                    ),
                    span.clone(),
                    "a map",
                    "an object variant is picked by the keys it requires, and a map's values may \
                     hold any other variant's: make it a struct, or the union's only object \
                     variant",
                ));
            }
            continue;
        };
        let shadow = objects[..position].iter().find(|(_, earlier)| {
            earlier.declared.is_some() && ir::may_read_as(&earlier.required, declared)
        });
        let Some(&(first, earlier)) = shadow else {
            continue;
        };
        let (other, _, other_span) = members.of[first];
        let swappable = !earlier
            .declared
            .as_ref()
            .is_some_and(|declared| ir::may_read_as(&own.required, declared));
        let hint = if swappable {
            format!(
                "an object picks the first object variant whose required keys it has: declare \
                 `{name}` before `{other}`"
            )
        } else {
            "an object picks the first object variant whose required keys it has: give one of \
             them a required key the other does not declare, such as `text` beside `blob`, or \
             use a tagged union"
                .to_string()
        };
        let never = earlier
            .required
            .iter()
            .all(|key| own.required.contains(key));
        let message = if never {
            format!(
                "{} is never picked: every object with its required keys has those of `{other}` \
                 ({}), which comes first",
                members.who(name),
                quoted(&earlier.required)
            )
        } else {
            format!(
                "{} may hold every key `{other}` requires ({}), and would read back as `{other}`, \
                 which comes first",
                if members.items {
                    members.who(name)
                } else {
                    format!("a value of {}", members.who(name))
                },
                quoted(&earlier.required)
            )
        };
        errors.push(
            Diagnostic::new(
                message,
                span.clone(),
                if never {
                    "never picked"
                } else {
                    "read as another"
                },
                hint,
            )
            .with_related(other_span.clone(), "picked first"),
        );
    }
}

/// What a shape takes, for a message.
fn describe(shape: &Shape) -> &'static str {
    match shape {
        Shape::String => "strings",
        Shape::Boolean => "booleans",
        Shape::Integer | Shape::Number => "numbers",
        Shape::Array(_) => "arrays",
        Shape::Object(_) | Shape::Tried => "objects",
    }
}

/// The shape of a variant's type, or the report why it has none of its own.
/// `newtypes` holds the newtypes followed so far, so that one wrapping itself (reported by the
/// recursion check) ends the walk.
fn found<'a>(
    defs: &'a BTreeMap<String, TypeDef>,
    ty: &'a Ty,
    span: &Span,
    newtypes: &mut BTreeSet<&'a str>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Found<'a>> {
    let plain = |kind| {
        Some(Found {
            kind,
            object: None,
            items: None,
        })
    };
    match ty {
        Ty::String | Ty::Decimal(_) => plain(Shape::String),
        Ty::Bool => plain(Shape::Boolean),
        Ty::Int(_) => plain(Shape::Integer),
        Ty::F64 => plain(Shape::Number),
        Ty::Vec(item) => Some(Found {
            kind: Shape::Array(None),
            object: None,
            items: Some(item),
        }),
        Ty::Map(_) => Some(Found {
            kind: Shape::Object(Vec::new()),
            object: Some(Keys {
                declared: None,
                required: Vec::new(),
            }),
            items: None,
        }),
        Ty::Boxed(inner) => found(defs, inner, span, newtypes, errors),
        // Refused where the variant was lowered, or the checker's own values.
        Ty::Json | Ty::Nullable(_) | Ty::Const(_) => None,
        Ty::Named(name) => match defs.get(name)? {
            TypeDef::Enum(_) => plain(Shape::String),
            TypeDef::Newtype(def) if newtypes.insert(&def.name) => {
                found(defs, &def.ty, span, newtypes, errors)
            }
            TypeDef::Newtype(_) => None,
            TypeDef::Struct(def) => {
                let fields = ir::wire_fields(defs, def);
                Some(Found {
                    kind: Shape::Object(Vec::new()),
                    object: Some(Keys {
                        declared: Some(fields.iter().map(|(_, f)| f.wire_name.clone()).collect()),
                        required: fields
                            .iter()
                            .filter(|(_, f)| !f.presence.may_be_absent())
                            .map(|(_, f)| f.wire_name.clone())
                            .collect(),
                    }),
                    items: None,
                })
            }
            TypeDef::Union(def) => {
                let mut declared = BTreeSet::new();
                union_keys(defs, &def.name, &mut declared, &mut BTreeSet::new());
                Some(Found {
                    kind: Shape::Object(Vec::new()),
                    object: Some(Keys {
                        declared: Some(declared),
                        required: vec![def.tag.clone()],
                    }),
                    items: None,
                })
            }
            TypeDef::Untagged(_) => {
                errors.push(Diagnostic::new(
                    format!("`{name}` is an untagged union, which cannot be a variant of another"),
                    span.clone(),
                    "an untagged union",
                    "list its variants in this union instead",
                ));
                None
            }
        },
    }
}

/// Every key a tagged union's objects may have: its tags and its variant structs' keys.
fn union_keys(
    defs: &BTreeMap<String, TypeDef>,
    name: &str,
    declared: &mut BTreeSet<String>,
    seen: &mut BTreeSet<String>,
) {
    if !seen.insert(name.to_string()) {
        return;
    }
    let Some(TypeDef::Union(def)) = defs.get(name) else {
        return;
    };
    declared.insert(def.tag.clone());
    for name in def.variants.iter().filter_map(|v| v.payload.as_deref()) {
        match defs.get(name) {
            Some(TypeDef::Struct(payload)) => {
                declared.extend(
                    ir::wire_fields(defs, payload)
                        .iter()
                        .map(|(_, f)| f.wire_name.clone()),
                );
            }
            Some(TypeDef::Union(_)) => union_keys(defs, name, declared, seen),
            _ => {}
        }
    }
}
