//! `cardc-demo`: reads tool calls or views as JSON lines on stdin and prints each as the
//! terminal transcript renders it, or with `--acp` as the ACP session updates the editor
//! bridge describes.
//!
//! Each line is either a tool call `{"tool", "args", "result"}`, presented by the presenters
//! crate, or views as they are, `{"call", "result"}` (see `cardc_presenters::log`). A line that is
//! neither is reported on stderr with its line number and skipped; the rest are still printed
//! and the exit status is 1. Exit status 2 means stdin could not be read or stdout written
//! (a closed pipe, as with `| head`, just ends the run), or a usage error.

#![deny(clippy::wildcard_enum_match_arm)]
mod printer;
mod session;

use std::io::{self, Write};
use std::process::ExitCode;

use cardc_bridge_acp::AcpBridge;
use cardc_bridge_transcript::{ColorChoice, DEFAULT_WIDTH, MIN_WIDTH, Options, Transcript};
use clap::{Parser, ValueEnum};

use crate::printer::Printer;

/// Read tool calls or views as JSON lines on stdin; print them as a terminal transcript or as
/// ACP session updates.
#[derive(Debug, Parser)]
#[command(name = "cardc-demo", version)]
struct Args {
    /// Print the ACP session updates as JSON lines: a `tool_call` for each call and a
    /// `tool_call_update` for each result, with tool call ids `call-<line>`.
    #[arg(long)]
    acp: bool,

    /// With --acp: describe for a client that advertises terminal output
    /// (`_meta.terminal_output: true` in its client capabilities).
    #[arg(long, requires = "acp")]
    terminal_output: bool,

    /// Transcript width in columns [default: $COLUMNS, else 80].
    #[arg(long, value_name = "N", value_parser = parse_width, conflicts_with = "acp")]
    width: Option<usize>,

    /// When to colour the transcript.
    #[arg(long, value_enum, default_value_t = Color::Auto, conflicts_with = "acp")]
    color: Color,
}

/// The `--color` values.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum Color {
    /// Colour a terminal, unless NO_COLOR is set.
    Auto,
    /// Colour even into a pipe or file, whatever NO_COLOR says.
    Always,
    /// Never colour.
    Never,
}

impl From<Color> for ColorChoice {
    fn from(color: Color) -> Self {
        match color {
            Color::Auto => Self::Auto,
            Color::Always => Self::Always,
            Color::Never => Self::Never,
        }
    }
}

/// A `--width` value: a number of columns no smaller than the transcript's minimum.
fn parse_width(text: &str) -> Result<usize, String> {
    let width: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of columns"))?;
    if width < MIN_WIDTH {
        return Err(format!("must be at least {MIN_WIDTH} columns"));
    }
    Ok(width)
}

/// The width when `--width` is not given: the shell's `COLUMNS` when it is a usable width
/// (reading the terminal's size would need a platform call), else the classic 80.
fn default_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|columns| columns.trim().parse().ok())
        .filter(|width| *width >= MIN_WIDTH)
        .unwrap_or(DEFAULT_WIDTH)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let stdout = io::stdout();
    let mut printer = if args.acp {
        Printer::acp(AcpBridge::with_terminal_output(args.terminal_output))
    } else {
        let options = Options {
            width: args.width.unwrap_or_else(default_width),
            style: ColorChoice::from(args.color).style_for(&stdout),
        };
        Printer::transcript(Transcript::new(options))
    };
    let mut errors = io::stderr().lock();
    match session::run(
        io::stdin().lock(),
        &mut stdout.lock(),
        &mut errors,
        &mut printer,
    ) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(error) => {
            // Nothing more can be done if stderr is gone too.
            let _ = writeln!(errors, "cardc-demo: {error}");
            ExitCode::from(2)
        }
    }
}
