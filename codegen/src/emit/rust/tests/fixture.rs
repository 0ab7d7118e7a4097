//! Hand-built IR covering every kind of type, presence and `Ty`.

use crate::ir::builder::{
    boxed, docs, enumeration, field, map_of as map, named, nullable, schema, strukt, union, value,
    variant, vec_of,
};
use crate::ir::{IntKind, Schema, Ty, TypeDef, Wide};

/// A field documented as "The {name}.", and optional when `optional` says so.
fn documented(name: &str, optional: bool, ty: Ty) -> crate::ir::Field {
    let field = field(name, ty).documented(&[&format!("The {name}.")]);
    if optional { field.optional() } else { field }
}

/// A struct documented as "The {name} struct.", closed or open.
fn documented_struct(name: &str, closed: bool, fields: Vec<crate::ir::Field>) -> TypeDef {
    let def = strukt(name, fields).documented(&[&format!("The {name} struct.")]);
    if closed {
        def.into()
    } else {
        def.open().into()
    }
}

/// A variant documented as "The {name} variant.".
fn documented_variant(name: &str, tag_value: &str, payload: &str) -> crate::ir::Variant {
    variant(name, tag_value, payload).documented(&[&format!("The {name} variant.")])
}

/// A union documented as "The {name} union.".
fn documented_union(name: &str, tag: &str, variants: Vec<crate::ir::Variant>) -> TypeDef {
    union(name, tag, variants)
        .documented(&[&format!("The {name} union.")])
        .into()
}

/// A closed struct with every presence kind and every `Ty`, and keyword fields both raw and
/// suffixed.
fn everything() -> TypeDef {
    let mut fields = vec![
        documented("name", false, Ty::String),
        documented("flag", false, Ty::Bool),
    ];
    fields.extend(
        IntKind::ALL
            .map(|kind| documented(&format!("n_{}", kind.rust_name()), false, Ty::Int(kind))),
    );
    fields.extend([
        documented("ratio", false, Ty::F64),
        documented("raw", false, Ty::Json),
        documented("raw_input", true, Ty::Json).wire("rawInput"),
        documented("labels", false, vec_of(Ty::String)),
        documented("counts", false, map(Ty::Int(IntKind::U32))),
        documented("next", true, boxed(named("Everything"))),
        documented("old_text", false, nullable(Ty::String)).wire("oldText"),
        documented("note", true, Ty::String),
        documented("parent", true, nullable(Ty::String)),
        documented("holes", false, vec_of(nullable(Ty::Int(IntKind::I32)))),
        documented("kind", true, named("ToolKind")),
        // Scores exactly clippy's `type_complexity` threshold once wrapped in two `Option`s.
        documented("shallow", true, nullable(map(vec_of(nullable(Ty::Json))))),
        // One more level scores above it.
        documented("deep", true, nullable(map(vec_of(nullable(map(Ty::Json)))))),
        documented("type", false, Ty::String),
        documented("self", false, Ty::String),
        documented("checksum", false, Ty::Decimal(Wide::U64)),
        documented("deltas", true, vec_of(Ty::Decimal(Wide::I64))),
    ]);
    documented_struct("Everything", true, fields)
}

/// Every kind of type: a closed struct, an open struct, an enum, a union and a union nested in
/// it, with variant structs both closed and open.
pub(super) fn fixture() -> Schema {
    let types = [
        everything(),
        documented_struct("Loose", false, vec![documented("title", false, Ty::String)]),
        enumeration(
            "ToolKind",
            vec![
                value("Read", "read").documented(&["Reads."]),
                value("RunCommand", "run_command"),
            ],
        )
        .documented(&["What a tool does.", "", "Second paragraph."])
        .into(),
        documented_union(
            "View",
            "card",
            vec![
                documented_variant("Generic", "generic", "GenericView"),
                documented_variant("Search", "search", "SearchView"),
            ],
        ),
        documented_struct(
            "GenericView",
            true,
            vec![documented("title", false, Ty::String)],
        ),
        documented_union(
            "SearchView",
            "kind",
            vec![
                documented_variant("Matches", "matches", "MatchesView"),
                documented_variant("Paths", "paths", "PathsView"),
            ],
        ),
        documented_struct(
            "MatchesView",
            true,
            vec![
                documented("total", false, Ty::Int(IntKind::U32)),
                documented("files", false, vec_of(Ty::String)),
            ],
        ),
        documented_struct(
            "PathsView",
            false,
            vec![documented("paths", false, vec_of(Ty::String))],
        ),
    ];
    Schema {
        docs: docs(&["Test schema.", "", "Second paragraph."]),
        ..schema(types)
    }
}
