//! Colour: ANSI SGR sequences when writing to a terminal, plain text otherwise.
//!
//! The renderer never looks at the environment itself; it takes a [`Style`], so a test (or a
//! caller that knows better) decides. [`ColorChoice`] turns the usual `--color` choice into a
//! style for a stream, with `std::io::IsTerminal` and the `NO_COLOR` convention.

use std::ffi::OsStr;
use std::io::IsTerminal;

/// How a rendering is painted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// No escape sequences at all: for pipes, files and tests.
    Plain,
    /// ANSI SGR colour and weight, each painted run closed by a reset.
    Ansi,
}

/// When to colour, as a `--color auto|always|never` flag says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    /// Colour when the stream is a terminal and `NO_COLOR` is unset or empty.
    Auto,
    /// Always colour, even into a pipe and whatever `NO_COLOR` says: an explicit flag wins
    /// over the environment, as no-color.org asks.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// The style for `stream`, reading `NO_COLOR` from the environment.
    pub fn style_for(self, stream: &impl IsTerminal) -> Style {
        self.resolve(
            stream.is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
        )
    }

    /// The style for a stream that is (or is not) a terminal, given the value of `NO_COLOR`.
    /// Pure, so the rule is testable without a terminal: only a non-empty `NO_COLOR` counts.
    pub fn resolve(self, is_terminal: bool, no_color: Option<&OsStr>) -> Style {
        match self {
            Self::Always => Style::Ansi,
            Self::Never => Style::Plain,
            Self::Auto if is_terminal && no_color.is_none_or(OsStr::is_empty) => Style::Ansi,
            Self::Auto => Style::Plain,
        }
    }
}

/// What a run of text means, which the style turns into colour (or nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Paint {
    /// Unpainted: the user's own text, such as command output.
    Plain,
    /// A card's title.
    Bold,
    /// Secondary facts: locations, the working directory, placeholders.
    Dim,
    /// Removed lines and failures.
    Red,
    /// Added lines and success.
    Green,
    /// The truncation line: a capped result must not look complete.
    Yellow,
    /// Card markers and hunk headers.
    Cyan,
}

impl Style {
    /// Appends `text` to `out`, painted when the style colours.
    pub(crate) fn paint(self, paint: Paint, text: &str, out: &mut String) {
        let code = match paint {
            Paint::Plain => None,
            Paint::Bold => Some("1"),
            Paint::Dim => Some("2"),
            Paint::Red => Some("31"),
            Paint::Green => Some("32"),
            Paint::Yellow => Some("33"),
            Paint::Cyan => Some("36"),
        };
        match (self, code) {
            // An empty run gets no sequences, so rows never carry stray resets.
            (Self::Ansi, Some(code)) if !text.is_empty() => {
                out.push_str("\x1b[");
                out.push_str(code);
                out.push('m');
                out.push_str(text);
                out.push_str("\x1b[0m");
            }
            (Self::Ansi | Self::Plain, Some(_) | None) => out.push_str(text),
        }
    }
}
