//! The render-intent types, expanded by cardc's derive from the schema.

/// The marker the derive hangs the schema's outputs on.
#[derive(cardc::Schema)]
#[schema = "../../../schema/render_intent.cards"]
pub struct RenderIntent;
