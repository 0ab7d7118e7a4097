//! The reading loop: one log line at a time, so a stream is rendered as it arrives and a bad
//! line costs only itself.

use std::io::{self, BufRead, Write};

use cardc_presenters::log::Entry;

use crate::printer::Printer;

/// Renders every line of `input` to `output` and reports each bad line on `errors`, naming
/// its 1-based line number (and the column, for a JSON error). Returns how many lines were bad. Stops early, without an error,
/// when the reader of `output` has gone away.
pub fn run(
    mut input: impl BufRead,
    output: &mut impl Write,
    errors: &mut impl Write,
    printer: &mut Printer,
) -> io::Result<usize> {
    let mut bad = 0;
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let entry = match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => Entry::parse(line).map_err(|error| located(&error)),
            Err(error) => Err(format!("not UTF-8 text: {error}")),
        };
        let printed = match entry {
            Ok(entry) => printer.print(number, &entry.views(), output),
            Err(message) => {
                bad += 1;
                writeln!(errors, "cardc-demo: line {number}: {message}")
            }
        };
        match printed {
            Ok(()) => {}
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => break,
            Err(error) => return Err(error),
        }
    }
    Ok(bad)
}

/// A JSON error as `column N: message`. serde_json ends its message with `at line 1 column N`,
/// which beside the demo's own line number would name two different lines.
fn located(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    match message.strip_suffix(&position) {
        Some(bare) => format!("column {}: {bare}", error.column()),
        None => message,
    }
}
