//! The terminal transcript bridge: every render-intent view as text for a terminal UI.
//!
//! [`Transcript`] implements the generated bridge traits, one method per card, so adding a
//! card to the schema stops this crate compiling, inside its own impls, until it renders the
//! new card. Nothing here matches a view with a wildcard arm.
//!
//! ```
//! use cardc_bridge_transcript::{Options, Style, Transcript};
//! use cardc_bridge_transcript::views::ToolResultView;
//!
//! let view = ToolResultView::from_json_str(
//!     r#"{"card": "terminal", "title": "make", "output": "ok\n", "exitCode": 2}"#,
//! )?;
//! let text = Transcript::new(Options { width: 40, style: Style::Plain }).result(&view);
//! assert_eq!(text, "< make\n  ok\n  failed with exit code 2\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layout
//!
//! A card starts with a header row, `> title` for a call and `< title` for a result, and
//! indents its body by two columns:
//!
//! - **generic**: `[kind]` after a call's title, the content (text as it is; an image as `[image: image/png, 68 bytes]`),
//!   the locations as `at path:line`, and a call's raw input as compact JSON.
//! - **terminal call**: `# description`, `$ command`, `in cwd`. **Terminal result**: the
//!   output with its whitespace kept (tabs at 8-column stops) and the exit status in words:
//!   `succeeded (exit code 0)`, `failed with exit code 1`, `ended by signal SIGKILL`.
//! - **diff**: a unified diff per file computed with `similar` (3 lines of context; a new file
//!   is `--- /dev/null`). Hunk headers count lines from the start of each `FileDiff`'s texts;
//!   a result's diffs are excerpts, so its locations give the lines in the file. A result's
//!   model-facing `content` is left out: the diff is the card.
//! - **search**: a summary (`search: 3 matches in 2 files`), grep's matches grouped by file
//!   with right-aligned line numbers, or glob's paths, then `showing 250 of 1,204 matches`
//!   whenever the page is capped (`cardc_bridge_rules::capped` decides, for every bridge).
//!
//! # Width
//!
//! Every row fits in [`Options::width`] display columns (at least [`MIN_WIDTH`]). Long lines
//! **wrap**, hard, at the column, as a terminal wraps them: nothing a tool printed is cut
//! away. Width is measured per grapheme cluster with `unicode-width` (CJK and emoji are two
//! columns, combining marks none) and a wrap never splits a cluster. A continuation row keeps
//! the line's indent, and a diff line's `+`/`-` gutter.
//!
//! # Safety of the text
//!
//! Views carry untrusted text, so control characters are shown, never sent: ESC as `␛`, NUL
//! as `␀`, a lone CR as `␍`, C1 controls, bidirectional overrides and line separators as
//! `<U+XXXX>`. A tool's output cannot recolour the terminal, move the cursor or retitle the
//! window; its own ANSI colours show as text.
//!
//! # Colour
//!
//! [`Style::Ansi`] paints markers, titles, diff lines, the exit status and the truncation
//! line; [`Style::Plain`] writes no escape sequence at all. [`ColorChoice::style_for`] picks
//! one for a stream: colour only on a terminal (`std::io::IsTerminal`) and only while
//! `NO_COLOR` is unset or empty, unless colour is forced on or off.
// `wildcard_enum_match_arm` lets through a wildcard that stands for exactly one variant,
// which `match_wildcard_for_single_variants` catches.
#![deny(
    clippy::wildcard_enum_match_arm,
    clippy::match_wildcard_for_single_variants
)]

mod call;
mod content;
mod diff;
mod layout;
mod result;
mod search;
mod style;
mod terminal;
mod text;
mod transcript;

pub use render_intent as views;
pub use style::{ColorChoice, Style};
pub use transcript::{DEFAULT_WIDTH, MIN_WIDTH, Options, Transcript};
