//! The render-intent types, expanded by cardc's derive from the schema, without the output
//! constants.

/// The marker the derive hangs the schema's types beside; `#[outputs()]` keeps no constant.
#[derive(cardc::Schema)]
#[schema = "../../../schema/render_intent.cards"]
#[outputs()]
pub struct RenderIntent;
