//! Declarations: syn's `Item` into the schema's structs, newtypes, unions and enums, refusing the Rust
//! syntax the schema language has no meaning for.

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::{Fields, Generics, Ident, Item, Visibility};

use super::ast::{
    EnumItem, EnumValueItem, FieldItem, Item as SchemaItem, ItemKind, NewtypeItem, Spanned,
    StructItem, UnionItem, UntaggedItem, VariantItem,
};
use super::attrs::{Place, item_attrs, listed};
use super::{byte_range, node_range, types};
use crate::diagnostics::{Diagnostic, Fix};

/// The name an item declares, for the kinds of item a field type could refer to.
pub(super) fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Struct(item) => &item.ident,
        Item::Enum(item) => &item.ident,
        Item::Type(item) => &item.ident,
        Item::Union(item) => &item.ident,
        _ => return None,
    };
    Some(ident.unraw().to_string())
}

/// Converts one parsed item, or reports why it cannot be a schema declaration.
pub(super) fn convert(item: Item, errors: &mut Vec<Diagnostic>) -> Option<SchemaItem> {
    match item {
        Item::Struct(item) if is_newtype(&item) => newtype(item, errors),
        Item::Struct(item) => {
            refuse_visibility(&item.vis, errors);
            let generic = refuse_generics(&item.generics, errors);
            let attrs = item_attrs(&item.attrs, Place::Struct, errors);
            let end = match (&item.semi_token, &item.fields) {
                (Some(semi), _) => semi.span,
                (None, Fields::Named(named)) => named.brace_token.span.close(),
                (None, _) => item.ident.span(),
            };
            let fields = match item.fields {
                Fields::Named(named) => named
                    .named
                    .into_iter()
                    .filter_map(|f| field(f, errors))
                    .collect(),
                Fields::Unnamed(fields) => {
                    errors.push(Diagnostic::new(
                        format!("tuple struct `{}` is not supported", item.ident),
                        node_range(&fields),
                        "tuple fields",
                        "name the fields: `struct Name { field: Type }`, since JSON objects have \
                         keys (a struct with exactly one unnamed field is a newtype: \
                         `struct SessionId(String);`)",
                    ));
                    return None;
                }
                Fields::Unit => Vec::new(),
            };
            // Its fields may name the parameters, which are no declared types: drop it whole.
            if generic {
                return None;
            }
            Some(SchemaItem {
                name: name(&item.ident),
                span: extent(&item.attrs, item.struct_token.span, end),
                docs: attrs.docs,
                deprecated: attrs.deprecated,
                examples: attrs.examples,
                kind: ItemKind::Struct(StructItem {
                    rename_all: attrs.rename_all,
                    unknown: attrs.unknown,
                    fields,
                }),
            })
        }
        Item::Enum(item) => {
            refuse_visibility(&item.vis, errors);
            let generic = refuse_generics(&item.generics, errors);
            let attrs = item_attrs(&item.attrs, Place::Enum, errors);
            let is_union = attrs.union_tag.is_some() || attrs.union_given;
            refuse_empty(&item, is_union, errors);
            if attrs.union_tag.is_none() {
                refuse_spreads(&attrs.spreads, attrs.untagged, errors);
            }
            let kind = match attrs.union_tag {
                None if attrs.untagged => ItemKind::Untagged(UntaggedItem {
                    tried_in_order: attrs.tried_in_order,
                    variants: item
                        .variants
                        .into_iter()
                        .filter_map(|v| variant(v, errors))
                        .collect(),
                }),
                Some(tag) => ItemKind::Union(UnionItem {
                    tag,
                    rename_all: attrs.rename_all,
                    spreads: attrs.spreads,
                    variants: item
                        .variants
                        .into_iter()
                        .filter_map(|v| variant(v, errors))
                        .collect(),
                }),
                // `#[union]` without a usable tag was reported; reading the enum as a plain one
                // would blame every variant for carrying data. Its variants' own mistakes still
                // count.
                None if attrs.union_given => {
                    item.variants
                        .into_iter()
                        .for_each(|v| drop(variant(v, errors)));
                    return None;
                }
                None => {
                    refuse_data(&item, errors);
                    ItemKind::Enum(EnumItem {
                        rename_all: attrs.rename_all,
                        values: item
                            .variants
                            .into_iter()
                            .filter_map(|v| enum_value(v, errors))
                            .collect(),
                    })
                }
            };
            if generic {
                return None;
            }
            Some(SchemaItem {
                name: name(&item.ident),
                span: extent(
                    &item.attrs,
                    item.enum_token.span,
                    item.brace_token.span.close(),
                ),
                docs: attrs.docs,
                deprecated: attrs.deprecated,
                examples: attrs.examples,
                kind,
            })
        }
        other => {
            let (what, hint) = match &other {
                Item::Type(_) => (
                    "a type alias",
                    "for a named type with the wire form of another, declare a newtype: \
                     `struct Title(String);`; or write the type out where it is used",
                ),
                Item::Mod(_) => ("a module", "a schema is one flat file of declarations"),
                Item::Union(_) => (
                    "a Rust `union`",
                    "a tagged union is written `#[union(tag = \"...\")] enum Name { Variant(Struct) }`",
                ),
                _ => (
                    "this item",
                    "only `struct` and `enum` declarations describe wire types",
                ),
            };
            errors.push(Diagnostic::new(
                format!("{what} cannot appear in a schema"),
                node_range(&other),
                "not a struct or enum",
                hint,
            ));
            None
        }
    }
}

/// Whether a struct is a newtype: exactly one unnamed field.
fn is_newtype(item: &syn::ItemStruct) -> bool {
    matches!(&item.fields, Fields::Unnamed(fields) if fields.unnamed.len() == 1)
}

/// A newtype, `struct SessionId(String);`: a named type with the wire form of its one field.
fn newtype(item: syn::ItemStruct, errors: &mut Vec<Diagnostic>) -> Option<SchemaItem> {
    refuse_visibility(&item.vis, errors);
    let generic = refuse_generics(&item.generics, errors);
    let attrs = item_attrs(&item.attrs, Place::Newtype, errors);
    let inner = item.fields.iter().next()?;
    if let Some(attr) = inner.attrs.first() {
        errors.push(Diagnostic::new(
            "attributes on a newtype's field are not supported",
            node_range(attr),
            "here",
            format!(
                "a newtype takes {} and doc comments, on itself, and no other attribute \
                 (no constraint or rename)",
                listed(Place::Newtype.known())
            ),
        ));
    }
    refuse_visibility(&inner.vis, errors);
    let inner = types::convert(&inner.ty, errors)?;
    if generic {
        return None;
    }
    let end = match (&item.semi_token, &item.fields) {
        (Some(semi), _) => semi.span,
        (None, Fields::Unnamed(fields)) => fields.paren_token.span.close(),
        (None, _) => item.ident.span(),
    };
    Some(SchemaItem {
        name: name(&item.ident),
        span: extent(&item.attrs, item.struct_token.span, end),
        docs: attrs.docs,
        deprecated: attrs.deprecated,
        examples: attrs.examples,
        kind: ItemKind::Newtype(NewtypeItem { inner }),
    })
}

fn field(field: syn::Field, errors: &mut Vec<Diagnostic>) -> Option<FieldItem> {
    refuse_visibility(&field.vis, errors);
    let attrs = item_attrs(&field.attrs, Place::Field, errors);
    let ident = field.ident.as_ref()?;
    let ty = types::convert(&field.ty, errors)?;
    Some(FieldItem {
        name: name(ident),
        docs: attrs.docs,
        deprecated: attrs.deprecated,
        examples: attrs.examples,
        flatten: attrs.flatten,
        rename: attrs.rename,
        on_invalid: attrs.on_invalid,
        invalid_default: attrs.invalid_default,
        skip_invalid: attrs.skip_invalid,
        null_as_absent: attrs.null_as_absent,
        default: attrs.default,
        omit_default: attrs.omit_default,
        ty,
        constraints: attrs.constraints,
    })
}

fn variant(variant: syn::Variant, errors: &mut Vec<Diagnostic>) -> Option<VariantItem> {
    refuse_discriminant(&variant, errors);
    let attrs = item_attrs(&variant.attrs, Place::Variant, errors);
    let payload = match &variant.fields {
        // A unit variant: the tag alone, `{"type": "ping"}`.
        Fields::Unit => None,
        Fields::Unnamed(fields) if fields.unnamed.len() == 1 => fields.unnamed.first(),
        Fields::Named(fields) => {
            errors.push(Diagnostic::new(
                format!("variant `{}` declares its fields inline", variant.ident),
                node_range(fields),
                "inline fields",
                format!(
                    "declare `struct {0}View {{ ... }}` and write the variant as `{0}({0}View)`",
                    variant.ident
                ),
            ));
            return None;
        }
        Fields::Unnamed(_) => {
            errors.push(Diagnostic::new(
                format!(
                    "union variant `{}` must carry exactly one struct or union, or none",
                    variant.ident
                ),
                node_range(&variant),
                "not a single payload",
                format!(
                    "write it as `{0}(SomeStruct)`, or as `{0}` for a variant that is its tag alone",
                    variant.ident
                ),
            ));
            return None;
        }
    };
    if let Some(attr) = payload.and_then(|payload| payload.attrs.first()) {
        errors.push(Diagnostic::new(
            "attributes on a variant's payload are not supported",
            node_range(attr),
            "here",
            "put the attribute on the variant itself",
        ));
    }
    let payload = match payload {
        Some(payload) => Some(types::convert(&payload.ty, errors)?),
        None => None,
    };
    Some(VariantItem {
        name: name(&variant.ident),
        docs: attrs.docs,
        deprecated: attrs.deprecated,
        rename: attrs.rename,
        other: attrs.other,
        payload,
        unknown: attrs
            .unknown
            .zip(attrs.unknown_at)
            .map(|(value, span)| Spanned { value, span }),
    })
}

/// Reports the first value of a plain enum that carries data, once for the whole enum: when
/// one does, the enum was most likely meant as a union, and so were all its other values. Values
/// that all carry data, some of it no struct (`Text(String), Blocks(Vec<Block>)`), are told
/// apart by shape: an untagged union; others a tagged one.
fn refuse_data(item: &syn::ItemEnum, errors: &mut Vec<Diagnostic>) {
    let mut carrying = item
        .variants
        .iter()
        .filter(|v| !matches!(v.fields, Fields::Unit));
    let Some(variant) = carrying.next() else {
        return;
    };
    let alone = carrying.next().is_none();
    if alone && let Some(open) = open_value(variant) {
        errors.push(open);
        return;
    }
    let all_carry = item
        .variants
        .iter()
        .all(|v| !matches!(v.fields, Fields::Unit));
    let by_shape = all_carry && item.variants.iter().any(|v| !carries_a_name(v));
    let (hint, fix) = if by_shape {
        (
            "its values carry other things than structs, told apart by their JSON shape (a \
             string, an array, a number): add `#[union(untagged)]` to make it an untagged union",
            missing_union(item, "#[union(untagged)]", "an untagged union"),
        )
    } else {
        (
            "add `#[union(tag = \"...\")]` to the enum to make it a tagged union of structs (or \
             `#[union(untagged)]` for values told apart by their JSON shape)",
            missing_union(item, "#[union(tag = \"type\")]", "a tagged union"),
        )
    };
    errors.push(
        Diagnostic::new(
            format!(
                "enum value `{}` carries data, but the enum is not a union",
                variant.ident
            ),
            node_range(&variant.fields),
            "data on a plain enum value",
            hint,
        )
        .with_fix(fix),
    );
}

/// Whether a value carries one bare name that is no built-in type: a struct or a union.
fn carries_a_name(variant: &syn::Variant) -> bool {
    let Fields::Unnamed(fields) = &variant.fields else {
        return false;
    };
    match fields.unnamed.iter().collect::<Vec<_>>()[..] {
        [field] => match &field.ty {
            syn::Type::Path(path) => path.path.get_ident().is_some_and(|ident| {
                !types::BUILTIN_NAMES.contains(&ident.unraw().to_string().as_str())
            }),
            _ => false,
        },
        _ => false,
    }
}

/// The fix that makes a plain enum a union: `attribute` on the line of its `enum` keyword
/// (below its doc comment and attributes), a tag to rename as the contract wants.
fn missing_union(item: &syn::ItemEnum, attribute: &str, what: &str) -> Fix {
    let at = byte_range(item.enum_token.span).start;
    Fix {
        title: format!("Make it {what}: add `{attribute}`"),
        edits: vec![(at..at, format!("{attribute}\n"))],
    }
}

/// The report for a catch-all value carrying a built-in type, `Other(String)`: the enum was
/// meant to be open, not a union.
fn open_value(variant: &syn::Variant) -> Option<Diagnostic> {
    let Fields::Unnamed(fields) = &variant.fields else {
        return None;
    };
    let [field] = fields.unnamed.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let syn::Type::Path(path) = &field.ty else {
        return None;
    };
    let builtin = path.path.get_ident()?.to_string();
    if !types::BUILTIN_NAMES.contains(&builtin.as_str()) {
        return None;
    }
    Some(Diagnostic::new(
        format!(
            "an enum value cannot carry data: `{}({builtin})` would stand for any other value",
            variant.ident
        ),
        node_range(&variant.fields),
        "a catch-all value",
        format!(
            "an open enum names its catch-all as a unit value marked `#[other]`, which reads every \
             string the enum does not list and keeps it: write `#[other] {}`",
            variant.ident
        ),
    ))
}

/// One value of a plain enum; a value carrying data was reported by [`refuse_data`].
fn enum_value(variant: syn::Variant, errors: &mut Vec<Diagnostic>) -> Option<EnumValueItem> {
    refuse_discriminant(&variant, errors);
    let attrs = item_attrs(&variant.attrs, Place::Variant, errors);
    if let Some(at) = attrs.unknown_at {
        errors.push(Diagnostic::new(
            format!(
                "enum value `{}` has no keys to refuse, keep or drop",
                variant.ident
            ),
            at,
            "an enum value is a string",
            "only objects say what they do with unknown keys: a struct, or a union's unit \
             variant; an enum reads an unknown string through its `#[other]` value",
        ));
    }
    if !matches!(variant.fields, Fields::Unit) {
        return None;
    }
    Some(EnumValueItem {
        name: name(&variant.ident),
        docs: attrs.docs,
        deprecated: attrs.deprecated,
        rename: attrs.rename,
        other: attrs.other,
    })
}

fn refuse_discriminant(variant: &syn::Variant, errors: &mut Vec<Diagnostic>) {
    if let Some((_, expr)) = &variant.discriminant {
        errors.push(Diagnostic::new(
            "explicit discriminants are not supported",
            node_range(expr),
            "discriminant",
            "enum values travel as strings; use `#[rename = \"...\"]` to choose the string",
        ));
    }
}

fn refuse_visibility(vis: &Visibility, errors: &mut Vec<Diagnostic>) {
    if !matches!(vis, Visibility::Inherited) {
        errors.push(Diagnostic::new(
            "visibility is not part of the schema language",
            node_range(vis),
            "visibility",
            "remove it: every generated type and field is public",
        ));
    }
}

/// Reports generic parameters and `where` clauses; true when there are parameters.
fn refuse_generics(generics: &Generics, errors: &mut Vec<Diagnostic>) -> bool {
    let lifetime = generics.lifetimes().next().is_some();
    if !generics.params.is_empty() {
        errors.push(Diagnostic::new(
            if lifetime {
                "lifetimes are not supported"
            } else {
                "generic parameters are not supported"
            },
            node_range(&generics.params),
            "parameters",
            "declare a concrete type for each shape: the JSON Schema and TypeScript outputs name every type",
        ));
    }
    if let Some(clause) = &generics.where_clause {
        errors.push(Diagnostic::new(
            "`where` clauses are not supported",
            node_range(clause),
            "where clause",
            "remove it: schema types have no parameters",
        ));
    }
    !generics.params.is_empty()
}

/// Reports `#[flatten = "..."]` on an enum that is no tagged union: only a tagged union's
/// variants are objects that could carry shared keys.
fn refuse_spreads(spreads: &[Spanned<String>], untagged: bool, errors: &mut Vec<Diagnostic>) {
    for spread in spreads {
        let (message, hint) = if untagged {
            (
                "an untagged union cannot flatten a struct into its variants",
                "an untagged union's variants are told apart by their own shapes, and need not \
                 be objects: flatten the struct into each object variant's struct instead",
            )
        } else {
            (
                "only a tagged union can flatten a struct into its variants",
                "an enum's values are strings, which hold no keys: write `#[flatten]` on a field \
                 of a struct, or `#[flatten = \"...\"]` on a `#[union(tag = \"...\")]` enum",
            )
        };
        errors.push(Diagnostic::new(
            message,
            spread.span.clone(),
            "flattened here",
            hint,
        ));
    }
}

/// Reports an enum or union with nothing in it. Checked on the syntax, before variants with
/// mistakes of their own are dropped, so that those are not reported a second time as absent.
fn refuse_empty(item: &syn::ItemEnum, is_union: bool, errors: &mut Vec<Diagnostic>) {
    if !item.variants.is_empty() {
        return;
    }
    let (message, hint) = if is_union {
        (
            format!("union `{}` has no variants", item.ident),
            "add at least one variant: `Name(SomeStruct)`",
        )
    } else {
        (
            format!("enum `{}` has no values", item.ident),
            "add at least one value: `enum Name { First, Second }`",
        )
    };
    errors.push(Diagnostic::new(
        message,
        node_range(&item.ident),
        "empty",
        hint,
    ));
}

/// A declaration's extent: from its first attribute (a doc comment is one) or else its keyword,
/// to `end`.
fn extent(attrs: &[syn::Attribute], keyword: Span, end: Span) -> std::ops::Range<usize> {
    let start = attrs.first().map_or(keyword, |attr| attr.pound_token.span);
    byte_range(start).start..byte_range(end).end
}

fn name(ident: &Ident) -> Spanned<String> {
    Spanned {
        value: ident.unraw().to_string(),
        span: node_range(ident),
    }
}
