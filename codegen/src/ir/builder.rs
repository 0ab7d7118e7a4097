//! IR built by hand, for the emitters' unit tests: the one set of constructors they share.
//! Everything starts undocumented, closed and required; the methods add the rest. Spans are
//! empty, since no emitter reads them.

use std::collections::BTreeMap;

use super::{
    Docs, EnumDef, EnumValue, Field, Presence, Schema, SchemaSpans, StructDef, Ty, TypeDef,
    UnionDef, UnknownFields, Variant,
};

/// A schema holding `types`, with fixed metadata: `schema/test.cards`, stem `test`.
pub(crate) fn schema(types: impl IntoIterator<Item = TypeDef>) -> Schema {
    Schema {
        source_name: "schema/test.cards".to_owned(),
        stem: "test".to_owned(),
        id: "https://example.test/test.schema.json".to_owned(),
        title: "Test".to_owned(),
        version: None,
        docs: Docs::new(),
        entries: Vec::new(),
        types: types
            .into_iter()
            .map(|def| (def.name().to_owned(), def))
            .collect::<BTreeMap<_, _>>(),
        foreign: BTreeMap::new(),
        spans: SchemaSpans::default(),
    }
}

/// Doc lines from string slices.
pub(crate) fn docs(lines: &[&str]) -> Docs {
    lines.iter().map(|line| (*line).to_owned()).collect()
}

/// A required field whose wire name is its name. A `Nullable` type at the top becomes the
/// field's presence, as the checker lowers it.
pub(crate) fn field(name: &str, ty: Ty) -> Field {
    let (presence, ty) = match ty {
        Ty::Nullable(inner) => (Presence::Nullable, *inner),
        ty => (Presence::Required, ty),
    };
    Field {
        name: name.to_owned(),
        wire_name: name.to_owned(),
        span: 0..0,
        docs: Docs::new(),
        deprecated: None,
        examples: Vec::new(),
        presence,
        ty,
        constraints: crate::ir::Constraints::default(),
        flatten: false,
        tolerance: crate::ir::Tolerance::default(),
        default: None,
    }
}

impl Field {
    /// The same field, its key allowed to be absent.
    pub(crate) fn optional(self) -> Self {
        let presence = if self.presence.may_be_null() {
            Presence::OptionalNullable
        } else {
            Presence::Optional
        };
        Field { presence, ..self }
    }

    /// The same field under another wire name.
    pub(crate) fn wire(self, wire_name: &str) -> Self {
        Field {
            wire_name: wire_name.to_owned(),
            ..self
        }
    }

    /// The same field with constraints.
    pub(crate) fn constrained(self, constraints: crate::ir::Constraints) -> Self {
        Field {
            constraints,
            ..self
        }
    }

    /// The same field with docs.
    pub(crate) fn documented(self, lines: &[&str]) -> Self {
        Field {
            docs: docs(lines),
            ..self
        }
    }
}

/// A closed struct.
pub(crate) fn strukt(name: &str, fields: Vec<Field>) -> StructDef {
    StructDef {
        name: name.to_owned(),
        name_span: 0..0,
        docs: Docs::new(),
        deprecated: None,
        examples: Vec::new(),
        fields,
        unknown: super::UnknownFields::Refuse,
    }
}

impl StructDef {
    /// The same struct, open.
    pub(crate) fn open(self) -> Self {
        StructDef {
            unknown: super::UnknownFields::Keep,
            ..self
        }
    }

    /// The same struct with docs.
    pub(crate) fn documented(self, lines: &[&str]) -> Self {
        StructDef {
            docs: docs(lines),
            ..self
        }
    }
}

/// A union told apart by `tag`.
pub(crate) fn union(name: &str, tag: &str, variants: Vec<Variant>) -> UnionDef {
    UnionDef {
        name: name.to_owned(),
        name_span: 0..0,
        docs: Docs::new(),
        deprecated: None,
        examples: Vec::new(),
        tag: tag.to_owned(),
        tag_span: 0..0,
        variants,
        other: None,
        fold: None,
    }
}

impl UnionDef {
    /// The same union with docs.
    pub(crate) fn documented(self, lines: &[&str]) -> Self {
        UnionDef {
            docs: docs(lines),
            ..self
        }
    }
}

/// A variant with its tag value and payload.
pub(crate) fn variant(name: &str, tag_value: &str, payload: &str) -> Variant {
    Variant {
        name: name.to_owned(),
        tag_value: tag_value.to_owned(),
        docs: Docs::new(),
        deprecated: None,
        payload: Some(payload.to_owned()),
        unknown: UnknownFields::Refuse,
        span: 0..0,
    }
}

/// A unit variant: its tag value alone.
pub(crate) fn unit_variant(name: &str, tag_value: &str) -> Variant {
    Variant {
        payload: None,
        ..variant(name, tag_value, "")
    }
}

impl Variant {
    /// The same variant with docs.
    pub(crate) fn documented(self, lines: &[&str]) -> Self {
        Variant {
            docs: docs(lines),
            ..self
        }
    }
}

/// An enum of `values`.
pub(crate) fn enumeration(name: &str, values: Vec<EnumValue>) -> EnumDef {
    EnumDef {
        name: name.to_owned(),
        name_span: 0..0,
        docs: Docs::new(),
        deprecated: None,
        examples: Vec::new(),
        values,
        other: None,
        fold: None,
    }
}

impl EnumDef {
    /// The same enum with docs.
    pub(crate) fn documented(self, lines: &[&str]) -> Self {
        EnumDef {
            docs: docs(lines),
            ..self
        }
    }
}

/// An enum value and its wire string.
pub(crate) fn value(name: &str, wire_name: &str) -> EnumValue {
    EnumValue {
        name: name.to_owned(),
        wire_name: wire_name.to_owned(),
        span: 0..0,
        docs: Docs::new(),
        deprecated: None,
    }
}

impl EnumValue {
    /// The same value with docs.
    pub(crate) fn documented(self, lines: &[&str]) -> Self {
        EnumValue {
            docs: docs(lines),
            ..self
        }
    }
}

impl From<StructDef> for TypeDef {
    fn from(def: StructDef) -> Self {
        TypeDef::Struct(def)
    }
}

impl From<UnionDef> for TypeDef {
    fn from(def: UnionDef) -> Self {
        TypeDef::Union(def)
    }
}

impl From<EnumDef> for TypeDef {
    fn from(def: EnumDef) -> Self {
        TypeDef::Enum(def)
    }
}

/// A reference to a named type.
pub(crate) fn named(name: &str) -> Ty {
    Ty::Named(name.to_owned())
}

/// `Nullable<ty>`.
pub(crate) fn nullable(ty: Ty) -> Ty {
    Ty::Nullable(Box::new(ty))
}

/// `Vec<ty>`.
pub(crate) fn vec_of(ty: Ty) -> Ty {
    Ty::Vec(Box::new(ty))
}

/// `Map<String, ty>`.
pub(crate) fn map_of(ty: Ty) -> Ty {
    Ty::Map(Box::new(ty))
}

/// `Box<ty>`.
pub(crate) fn boxed(ty: Ty) -> Ty {
    Ty::Boxed(Box::new(ty))
}

/// Constraints that hold every kind of check, for the emitters' tests: a name of 1 to 3 code
/// points, a pattern, a format, ranges of an integer and of a float, and a unique list of
/// 1 to 2 items.
pub(crate) fn constrained_struct() -> StructDef {
    use crate::ir::{Bound, Constraints, Count, Format, IntKind, Number, NumberRange};
    let count = |min, max| Count {
        min: Some(min),
        max: Some(max),
    };
    let bound = |value, exclusive| Some(Bound { value, exclusive });
    strukt(
        "Checked",
        vec![
            field("name", Ty::String).constrained(Constraints {
                length: Some(count(1, 3)),
                ..Constraints::default()
            }),
            field("code", Ty::String)
                .optional()
                .constrained(Constraints {
                    pattern: Some("[0-9]{2}$".to_owned()),
                    ..Constraints::default()
                }),
            field("id", Ty::String).optional().constrained(Constraints {
                format: Some(Format::Uuid),
                ..Constraints::default()
            }),
            field("percent", Ty::Int(IntKind::U8))
                .optional()
                .constrained(Constraints {
                    range: Some(NumberRange {
                        min: bound(Number::Int(1), false),
                        max: bound(Number::Int(100), false),
                    }),
                    ..Constraints::default()
                }),
            field("ratio", Ty::F64).optional().constrained(Constraints {
                range: Some(NumberRange {
                    min: bound(Number::Float(0.0), true),
                    max: bound(Number::Float(1.0), false),
                }),
                ..Constraints::default()
            }),
            field("tags", Ty::Vec(Box::new(Ty::F64)))
                .optional()
                .constrained(Constraints {
                    items: Some(count(1, 2)),
                    unique: true,
                    ..Constraints::default()
                }),
        ],
    )
}
