//! `bash` and its background-job controls.
//!
//! The terminal card is display only: the harness runs the command through its own shell
//! service, and a UI never executes what a card shows.

use render_intent::{
    GenericCallView, TerminalCallView, TerminalResultView, ToolCallKind, ToolCallView,
    ToolResultView,
};
use serde::Deserialize;

use crate::call::{ToolResult, text_block};
use crate::generic::fallback_result;

/// The arguments of `bash`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct BashArgs {
    /// The command line.
    pub command: String,
    /// What the command is for, in the model's words.
    #[serde(default)]
    pub description: Option<String>,
    /// The directory the command runs in, when the call names one.
    #[serde(default)]
    pub cwd: Option<String>,
    /// Whether the command runs as a background job instead of in the foreground.
    #[serde(default)]
    pub run_in_background: bool,
}

/// The call card: a foreground command is a terminal card (the command as title, with its
/// description and working directory); a background command is a generic card, because its
/// output arrives later through the job controls, never in this call's result.
pub fn present_call(args: &BashArgs) -> ToolCallView {
    if args.run_in_background {
        return ToolCallView::Generic(GenericCallView {
            title: format!("Run in background: {}", args.command),
            kind: Some(ToolCallKind::Execute),
            raw_input: None,
            content: args.description.clone().map(|text| vec![text_block(text)]),
            locations: None,
        });
    }
    ToolCallView::Terminal(TerminalCallView {
        title: args.command.clone(),
        description: args.description.clone(),
        cwd: args.cwd.clone(),
    })
}

/// The result card: for a foreground command, a terminal card with the output, exit code and
/// signal, failed or not (a non-zero exit is still a command's result, and the terminal is
/// where the user looks for it); for a background command, the generic card with the tool's
/// text (the job's id).
pub fn present_result(args: &BashArgs, result: &ToolResult) -> ToolResultView {
    if args.run_in_background {
        return fallback_result(result);
    }
    let output = result.joined_text();
    ToolResultView::Terminal(TerminalResultView {
        title: None,
        output: (!output.is_empty()).then_some(output),
        exit_code: result.exit_code,
        signal: result.signal.clone(),
    })
}
