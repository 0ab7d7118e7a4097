//! A finished command: its output, whitespace and all, and its exit status in words.

use crate::layout::{BODY, Card};
use crate::style::Paint;

/// The output as the command printed it: every line, blank lines and indentation kept, tabs
/// at the terminal's stops; `(no output)` when there is none.
pub(crate) fn output(card: &mut Card, output: Option<&str>) {
    match output {
        Some(text) if !text.is_empty() => card.block(BODY, &[(text, Paint::Plain)]),
        Some(_) | None => card.line(BODY, &[("(no output)", Paint::Dim)]),
    }
}

/// The exit status line.
pub(crate) fn status(card: &mut Card, exit_code: Option<i32>, signal: Option<&str>) {
    let (words, paint) = status_words(exit_code, signal);
    card.line(BODY, &[(&words, paint)]);
}

/// The exit status in words, green for success and red for failure. A signal always means
/// failure, whatever the exit code; an empty signal name is still a signal.
fn status_words(exit_code: Option<i32>, signal: Option<&str>) -> (String, Paint) {
    let signal = signal.map(|name| match name {
        "" => "ended by an unnamed signal".to_owned(),
        name => format!("ended by signal {name}"),
    });
    match (exit_code, signal) {
        (Some(0), None) => ("succeeded (exit code 0)".to_owned(), Paint::Green),
        (Some(code), None) => (format!("failed with exit code {code}"), Paint::Red),
        (Some(code), Some(words)) => (format!("{words} (exit code {code})"), Paint::Red),
        (None, Some(words)) => (words, Paint::Red),
        (None, None) => ("exit status unknown".to_owned(), Paint::Dim),
    }
}
