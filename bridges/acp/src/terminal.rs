//! The terminal cards: the command a harness runs and, once it has run, its output and exit
//! status.
//!
//! The bridge only describes: it never runs the command and never asks the client to
//! (`terminal/create`). A client that advertises `_meta.terminal_output` (as Zed does) renders
//! a display-only terminal from `_meta` entries instead: the tool call announces it with
//! `terminal_info` and embeds it as a terminal content item, and the result feeds it with
//! `terminal_output` and closes it with `terminal_exit`. The terminal's id is the tool call's
//! id. Other clients get the output as a fenced `console` block and the exit status in words.

use agent_client_protocol_schema::v1 as acp;
use serde_json::{Map, Value};

use crate::views::{TerminalCallView, TerminalResultView};

/// The `_meta` key that announces a display-only terminal: `{"terminal_id", "cwd"?}`.
const TERMINAL_INFO: &str = "terminal_info";
/// The `_meta` key that carries the terminal's output: `{"terminal_id", "data"}`.
const TERMINAL_OUTPUT: &str = "terminal_output";
/// The `_meta` key that ends the terminal: `{"terminal_id", "exit_code", "signal"}`.
const TERMINAL_EXIT: &str = "terminal_exit";

/// The call's raw input, rebuilt from the card: the command (the card's title), then its
/// description and working directory when the tool gave them.
pub(crate) fn raw_input(view: &TerminalCallView) -> Value {
    let mut input = Map::new();
    input.insert("command".to_owned(), Value::from(view.title.as_str()));
    if let Some(description) = &view.description {
        input.insert("description".to_owned(), Value::from(description.as_str()));
    }
    if let Some(cwd) = &view.cwd {
        input.insert("cwd".to_owned(), Value::from(cwd.as_str()));
    }
    Value::Object(input)
}

/// What a terminal call adds for a client with terminal output: the `terminal_info` entry that
/// announces the terminal and the content item that embeds it.
pub(crate) fn announce(
    id: &acp::ToolCallId,
    view: &TerminalCallView,
) -> (acp::Meta, acp::ToolCallContent) {
    let mut info = terminal_id(id);
    if let Some(cwd) = &view.cwd {
        info.insert("cwd".to_owned(), Value::from(cwd.as_str()));
    }
    let meta = acp::Meta::from_iter([(TERMINAL_INFO.to_owned(), Value::Object(info))]);
    (meta, embed(id))
}

/// The result update: it replaces the content, sets the title when the card has one, and
/// fails the call on a non-zero exit code or a signal. `announced` says this bridge announced
/// the call's terminal to a client with terminal output; only then may the update name it, since
/// a client rejects a terminal content item for an id it never saw.
pub(crate) fn result(
    id: &acp::ToolCallId,
    view: &TerminalResultView,
    announced: bool,
) -> acp::ToolCallUpdate {
    let fields = acp::ToolCallUpdateFields::new()
        .status(if failed(view) {
            acp::ToolCallStatus::Failed
        } else {
            acp::ToolCallStatus::Completed
        })
        .title(view.title.clone());
    if !announced {
        return acp::ToolCallUpdate::new(id.clone(), fields.content(fallback(view)));
    }
    let mut output = terminal_id(id);
    output.insert(
        "data".to_owned(),
        Value::from(view.output.as_deref().unwrap_or_default()),
    );
    let mut exit = terminal_id(id);
    exit.insert("exit_code".to_owned(), Value::from(view.exit_code));
    exit.insert("signal".to_owned(), Value::from(signal(view)));
    // `terminal_info` again, so the update alone names its terminal; Zed reads it from the
    // tool call, and reads `terminal_output` and `terminal_exit` from updates.
    let meta = acp::Meta::from_iter([
        (TERMINAL_INFO.to_owned(), Value::Object(terminal_id(id))),
        (TERMINAL_OUTPUT.to_owned(), Value::Object(output)),
        (TERMINAL_EXIT.to_owned(), Value::Object(exit)),
    ]);
    acp::ToolCallUpdate::new(id.clone(), fields.content(vec![embed(id)])).meta(meta)
}

/// Whether the command failed: a non-zero exit code, or a signal.
fn failed(view: &TerminalResultView) -> bool {
    view.exit_code.is_some_and(|code| code != 0) || signal(view).is_some()
}

/// The signal that ended the command. An empty name names no signal, so it counts as none.
fn signal(view: &TerminalResultView) -> Option<&str> {
    view.signal.as_deref().filter(|signal| !signal.is_empty())
}

/// The content for a client without terminal output: the output, trailing whitespace trimmed,
/// as a fenced `console` block (left out when nothing is left), then the exit status in words
/// (left out when the card has neither an exit code nor a signal).
fn fallback(view: &TerminalResultView) -> Vec<acp::ToolCallContent> {
    let output = view.output.as_deref().unwrap_or_default().trim_end();
    let block = (!output.is_empty())
        .then(|| crate::content::markdown(crate::markdown::fenced("console", output)));
    let status = status_in_words(view).map(crate::content::markdown);
    block.into_iter().chain(status).collect()
}

/// The exit status as a sentence, or `None` when the card has neither an exit code nor a signal.
fn status_in_words(view: &TerminalResultView) -> Option<String> {
    match (view.exit_code, signal(view)) {
        (Some(code), Some(signal)) => {
            Some(format!("Terminated by signal {signal} (exit code {code})."))
        }
        (None, Some(signal)) => Some(format!("Terminated by signal {signal}.")),
        (Some(code), None) => Some(format!("Exited with code {code}.")),
        (None, None) => None,
    }
}

/// The terminal content item for the call's terminal.
fn embed(id: &acp::ToolCallId) -> acp::ToolCallContent {
    acp::ToolCallContent::Terminal(acp::Terminal::new(acp::TerminalId::new(id.0.clone())))
}

/// A `_meta` entry's first field: the terminal's id, which is the tool call's id.
fn terminal_id(id: &acp::ToolCallId) -> Map<String, Value> {
    Map::from_iter([("terminal_id".to_owned(), Value::from(id.0.as_ref()))])
}
