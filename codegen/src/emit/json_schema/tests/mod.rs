//! Tests for the JSON Schema emitter, on hand-built IR.

mod exact;
mod render_intent;
mod validate;

use std::collections::BTreeMap;

use crate::ir::{
    Docs, EnumDef, EnumValue, Field, Schema, StructDef, Tag, Ty, TypeDef, UnionDef, Variant,
};

/// Doc lines from string slices.
fn docs(lines: &[&str]) -> Docs {
    lines.iter().map(|line| line.to_string()).collect()
}

/// A required, undocumented field whose schema name, Rust name and wire name are all `wire`.
fn field(wire: &str, ty: Ty) -> Field {
    Field {
        name: wire.into(),
        rust_name: wire.into(),
        wire_name: wire.into(),
        docs: Docs::new(),
        optional: false,
        ty,
    }
}

/// An optional field.
fn optional(wire: &str, ty: Ty) -> Field {
    Field {
        optional: true,
        ..field(wire, ty)
    }
}

/// `Nullable<ty>`.
fn nullable(ty: Ty) -> Ty {
    Ty::Nullable(Box::new(ty))
}

/// A reference to a named type.
fn named(name: &str) -> Ty {
    Ty::Named(name.into())
}

/// A tag that a variant struct carries.
fn tag(union: &str, variant: &str, field: &str, value: &str) -> Tag {
    Tag {
        union: union.into(),
        variant: variant.into(),
        field: field.into(),
        value: value.into(),
    }
}

/// A closed, undocumented struct.
fn closed(name: &str, fields: Vec<Field>, tags: Vec<Tag>) -> StructDef {
    StructDef {
        name: name.into(),
        docs: Docs::new(),
        fields,
        closed: true,
        tags,
    }
}

/// An undocumented variant whose tag value is the lower-cased variant name.
fn variant(name: &str, payload: &str) -> Variant {
    Variant {
        name: name.into(),
        tag_value: name.to_lowercase(),
        docs: Docs::new(),
        payload: payload.into(),
    }
}

/// A schema holding the given types, with fixed metadata.
fn schema(types: Vec<TypeDef>) -> Schema {
    Schema {
        source_name: "schema/test.cards".into(),
        stem: "test".into(),
        id: "https://example.test/test.schema.json".into(),
        title: "Test".into(),
        docs: Docs::new(),
        types: types
            .into_iter()
            .map(|def| (def.name().to_string(), def))
            .collect::<BTreeMap<_, _>>(),
    }
}

/// A miniature render-intent schema: a `card` union with a plain variant and a nested `kind`
/// union, an enum, and every presence kind, declared out of name order.
fn cards() -> Schema {
    let generic = StructDef {
        docs: docs(&["The generic card."]),
        ..closed(
            "GenericView",
            vec![
                Field {
                    docs: docs(&["The title."]),
                    ..field("title", Ty::String)
                },
                optional("kind", named("Kind")),
                field("oldText", nullable(Ty::String)),
                optional("note", nullable(Ty::String)),
            ],
            vec![tag("Card", "Generic", "card", "generic")],
        )
    };
    let search_tag = tag("Card", "Search", "card", "search");
    let matches = closed(
        "MatchesView",
        vec![field("total", Ty::Int(crate::ir::IntKind::U32))],
        vec![
            search_tag.clone(),
            tag("SearchView", "Matches", "kind", "matches"),
        ],
    );
    let paths = closed(
        "PathsView",
        vec![field("paths", Ty::Vec(Box::new(Ty::String)))],
        vec![
            search_tag.clone(),
            tag("SearchView", "Paths", "kind", "paths"),
        ],
    );
    let card = UnionDef {
        name: "Card".into(),
        docs: docs(&["A card.", "Told apart by `card`."]),
        tag: "card".into(),
        variants: vec![
            Variant {
                docs: docs(&["A plain card."]),
                ..variant("Generic", "GenericView")
            },
            variant("Search", "SearchView"),
        ],
        outer_tags: Vec::new(),
    };
    let search = UnionDef {
        name: "SearchView".into(),
        docs: Docs::new(),
        tag: "kind".into(),
        variants: vec![
            variant("Matches", "MatchesView"),
            variant("Paths", "PathsView"),
        ],
        outer_tags: vec![search_tag],
    };
    let kind = EnumDef {
        name: "Kind".into(),
        docs: docs(&["What a card does."]),
        values: ["Read", "Edit"]
            .into_iter()
            .map(|name| EnumValue {
                name: name.into(),
                wire_name: name.to_lowercase(),
                docs: Docs::new(),
            })
            .collect(),
    };
    schema(vec![
        TypeDef::Union(search),
        TypeDef::Struct(paths),
        TypeDef::Struct(matches),
        TypeDef::Struct(generic),
        TypeDef::Enum(kind),
        TypeDef::Union(card),
    ])
}
