//! The renderer: options, and the entry points that hand a view to its bridge method.

use crate::style::Style;

/// The narrowest rendering: a smaller width is raised to this, so a card's indent, gutter and
/// line numbers always leave room for text.
pub const MIN_WIDTH: usize = 20;

/// The width when nothing says otherwise: a classic terminal.
pub const DEFAULT_WIDTH: usize = 80;

/// How to render: the terminal's width in columns and the colour style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Columns per row; every row fits in it (a width under [`MIN_WIDTH`] counts as
    /// [`MIN_WIDTH`]). Long lines wrap, they are never cut.
    pub width: usize,
    /// Colour or not.
    pub style: Style,
}

impl Default for Options {
    /// [`DEFAULT_WIDTH`] columns, plain.
    fn default() -> Self {
        Self {
            width: DEFAULT_WIDTH,
            style: Style::Plain,
        }
    }
}

/// Renders views as terminal text. It implements the generated bridge traits
/// (`ToolCallViewBridge`, `ToolResultViewBridge`), one method per card, so a new card does not
/// compile until this renderer renders it; [`Transcript::call`] and [`Transcript::result`]
/// dispatch to them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Transcript {
    /// The options every card is rendered with.
    pub options: Options,
}

impl Transcript {
    /// A renderer with these options.
    pub fn new(options: Options) -> Self {
        Self { options }
    }

    /// A call card as text: one or more rows, each ending in a newline.
    pub fn call(&mut self, view: &crate::views::ToolCallView) -> String {
        view.dispatch(self)
    }

    /// A result card as text: one or more rows, each ending in a newline.
    pub fn result(&mut self, view: &crate::views::ToolResultView) -> String {
        view.dispatch(self)
    }
}
