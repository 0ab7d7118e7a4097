//! Tests for the JSON Schema emitter, on hand-built IR.

mod constraints;
mod exact;
mod render_intent;
mod validate;

use crate::ir::builder::{
    enumeration, field, named, nullable, schema, strukt, union, value, variant,
};
use crate::ir::{Schema, Ty};

/// A miniature render-intent schema: a `card` union with a plain variant and a nested `kind`
/// union, an enum, and every presence kind, declared out of name order.
fn cards() -> Schema {
    let generic = strukt(
        "GenericView",
        vec![
            field("title", Ty::String).documented(&["The title."]),
            field("kind", named("Kind")).optional(),
            field("oldText", nullable(Ty::String)),
            field("note", nullable(Ty::String)).optional(),
        ],
    )
    .documented(&["The generic card."]);
    let matches = strukt(
        "MatchesView",
        vec![field("total", Ty::Int(crate::ir::IntKind::U32))],
    );
    let paths = strukt(
        "PathsView",
        vec![field("paths", Ty::Vec(Box::new(Ty::String)))],
    );
    let card = union(
        "Card",
        "card",
        vec![
            variant("Generic", "generic", "GenericView").documented(&["A plain card."]),
            variant("Search", "search", "SearchView"),
        ],
    )
    .documented(&["A card.", "Told apart by `card`."]);
    let search = union(
        "SearchView",
        "kind",
        vec![
            variant("Matches", "matches", "MatchesView"),
            variant("Paths", "paths", "PathsView"),
        ],
    );
    let kind = enumeration(
        "Kind",
        ["Read", "Edit"]
            .into_iter()
            .map(|name| value(name, &name.to_lowercase()))
            .collect(),
    )
    .documented(&["What a card does."]);
    schema([
        search.into(),
        paths.into(),
        matches.into(),
        generic.into(),
        kind.into(),
        card.into(),
    ])
}
