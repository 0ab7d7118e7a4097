//! Hand-built IR covering every kind of type, presence and `Ty`.

use std::collections::BTreeMap;

use crate::ir::{
    EnumDef, EnumValue, Field, IntKind, Schema, StructDef, Tag, Ty, TypeDef, UnionDef, Variant,
};

fn docs(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|line| line.to_string()).collect()
}

fn nullable(ty: Ty) -> Ty {
    Ty::Nullable(Box::new(ty))
}

fn map(ty: Ty) -> Ty {
    Ty::Map(Box::new(ty))
}

fn vec_of(ty: Ty) -> Ty {
    Ty::Vec(Box::new(ty))
}

/// A field whose Rust and wire names are its schema name.
fn field(name: &str, optional: bool, ty: Ty) -> Field {
    Field {
        name: name.to_string(),
        rust_name: name.to_string(),
        wire_name: name.to_string(),
        docs: docs(&[&format!("The {name}.")]),
        optional,
        ty,
    }
}

fn renamed(name: &str, wire: &str, optional: bool, ty: Ty) -> Field {
    Field {
        wire_name: wire.to_string(),
        ..field(name, optional, ty)
    }
}

fn tag(union: &str, variant: &str, field: &str, value: &str) -> Tag {
    Tag {
        union: union.to_string(),
        variant: variant.to_string(),
        field: field.to_string(),
        value: value.to_string(),
    }
}

fn strukt(name: &str, closed: bool, fields: Vec<Field>, tags: Vec<Tag>) -> TypeDef {
    TypeDef::Struct(StructDef {
        name: name.to_string(),
        docs: docs(&[&format!("The {name} struct.")]),
        fields,
        closed,
        tags,
    })
}

fn variant(name: &str, tag_value: &str, payload: &str) -> Variant {
    Variant {
        name: name.to_string(),
        tag_value: tag_value.to_string(),
        docs: docs(&[&format!("The {name} variant.")]),
        payload: payload.to_string(),
    }
}

fn union(name: &str, tag: &str, variants: Vec<Variant>, outer_tags: Vec<Tag>) -> TypeDef {
    TypeDef::Union(UnionDef {
        name: name.to_string(),
        docs: docs(&[&format!("The {name} union.")]),
        tag: tag.to_string(),
        variants,
        outer_tags,
    })
}

/// A closed struct with every presence kind and every `Ty`, and keyword fields both raw and
/// suffixed.
fn everything() -> TypeDef {
    let mut fields = vec![
        field("name", false, Ty::String),
        field("flag", false, Ty::Bool),
    ];
    fields.extend(
        IntKind::ALL.map(|kind| field(&format!("n_{}", kind.rust_name()), false, Ty::Int(kind))),
    );
    fields.extend([
        field("ratio", false, Ty::F64),
        field("raw", false, Ty::Json),
        renamed("raw_input", "rawInput", true, Ty::Json),
        field("labels", false, vec_of(Ty::String)),
        field("counts", false, map(Ty::Int(IntKind::U32))),
        field(
            "next",
            true,
            Ty::Boxed(Box::new(Ty::Named("Everything".into()))),
        ),
        renamed("old_text", "oldText", false, nullable(Ty::String)),
        field("note", true, Ty::String),
        field("parent", true, nullable(Ty::String)),
        field("holes", false, vec_of(nullable(Ty::Int(IntKind::I32)))),
        field("kind", true, Ty::Named("ToolKind".into())),
        // Scores exactly clippy's `type_complexity` threshold once wrapped in two `Option`s.
        field("shallow", true, nullable(map(vec_of(nullable(Ty::Json))))),
        // One more level scores above it.
        field("deep", true, nullable(map(vec_of(nullable(map(Ty::Json)))))),
        Field {
            rust_name: "r#type".into(),
            ..field("type", false, Ty::String)
        },
        Field {
            rust_name: "self_".into(),
            ..field("self", false, Ty::String)
        },
    ]);
    strukt("Everything", true, fields, vec![])
}

/// Every kind of type: a closed struct, an open struct, an enum, a union and a union nested in
/// it, with variant structs both closed and open.
pub(super) fn fixture() -> Schema {
    let search = |kind: &str, value: &str| {
        vec![
            tag("View", "Search", "card", "search"),
            tag("SearchView", kind, "kind", value),
        ]
    };
    let types = [
        everything(),
        strukt(
            "Loose",
            false,
            vec![field("title", false, Ty::String)],
            vec![],
        ),
        TypeDef::Enum(EnumDef {
            name: "ToolKind".into(),
            docs: docs(&["What a tool does.", "", "Second paragraph."]),
            values: vec![
                EnumValue {
                    name: "Read".into(),
                    wire_name: "read".into(),
                    docs: docs(&["Reads."]),
                },
                EnumValue {
                    name: "RunCommand".into(),
                    wire_name: "run_command".into(),
                    docs: vec![],
                },
            ],
        }),
        union(
            "View",
            "card",
            vec![
                variant("Generic", "generic", "GenericView"),
                variant("Search", "search", "SearchView"),
            ],
            vec![],
        ),
        strukt(
            "GenericView",
            true,
            vec![field("title", false, Ty::String)],
            vec![tag("View", "Generic", "card", "generic")],
        ),
        union(
            "SearchView",
            "kind",
            vec![
                variant("Matches", "matches", "MatchesView"),
                variant("Paths", "paths", "PathsView"),
            ],
            vec![tag("View", "Search", "card", "search")],
        ),
        strukt(
            "MatchesView",
            true,
            vec![
                field("total", false, Ty::Int(IntKind::U32)),
                field("files", false, vec_of(Ty::String)),
            ],
            search("Matches", "matches"),
        ),
        strukt(
            "PathsView",
            false,
            vec![field("paths", false, vec_of(Ty::String))],
            search("Paths", "paths"),
        ),
    ];
    Schema {
        source_name: "schema/test.cards".into(),
        stem: "test".into(),
        id: "https://example.test/test.schema.json".into(),
        title: "Test".into(),
        docs: docs(&["Test schema.", "", "Second paragraph."]),
        types: types
            .into_iter()
            .map(|def| (def.name().to_string(), def))
            .collect::<BTreeMap<_, _>>(),
    }
}
