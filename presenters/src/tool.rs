//! The tools with presenters, and the dispatch from a tool call to its views.

use render_intent::{ToolCallView, ToolResultView};
use serde::de::DeserializeOwned;

use crate::call::{ToolCall, ToolResult};
use crate::generic::{fallback_call, fallback_result};
use crate::jobs::JobControl;
use crate::{bash, fs, jobs, search, todo};

/// A tool with a presenter, named as the log names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tool {
    /// `read`: reads a file.
    Read,
    /// `write`: writes a whole file.
    Write,
    /// `edit`: replaces text in a file.
    Edit,
    /// `bash`: runs a shell command, in the foreground or as a background job.
    Bash,
    /// `job_list`: lists background jobs.
    JobList,
    /// `job_output`: reads a background job's output.
    JobOutput,
    /// `job_kill`: stops a background job.
    JobKill,
    /// `todo_write`: replaces the todo list.
    TodoWrite,
    /// `grep`: searches file contents.
    Grep,
    /// `glob`: finds files by name.
    Glob,
}

impl Tool {
    /// Every tool with a presenter.
    pub const ALL: [Self; 10] = [
        Self::Read,
        Self::Write,
        Self::Edit,
        Self::Bash,
        Self::JobList,
        Self::JobOutput,
        Self::JobKill,
        Self::TodoWrite,
        Self::Grep,
        Self::Glob,
    ];

    /// The tool's name in a log.
    pub fn name(self) -> &'static str {
        match self {
            Self::Read => "read",
            Self::Write => "write",
            Self::Edit => "edit",
            Self::Bash => "bash",
            Self::JobList => "job_list",
            Self::JobOutput => "job_output",
            Self::JobKill => "job_kill",
            Self::TodoWrite => "todo_write",
            Self::Grep => "grep",
            Self::Glob => "glob",
        }
    }

    /// The tool a log names, if it has a presenter; names are exact (`Read` is not `read`).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|tool| tool.name() == name)
    }
}

/// Presents a tool call: its call card, and its result card once it has a result.
///
/// An unknown tool, or arguments that are not an object its presenter can read, get the
/// generic fallback cards; see [`crate::generic`]. Never panics, whatever the call holds.
pub fn present(call: &ToolCall) -> (ToolCallView, Option<ToolResultView>) {
    let Some(tool) = Tool::from_name(&call.tool) else {
        return fallback(call);
    };
    match tool {
        Tool::Read => with_args(call, fs::read::present_call, fs::read::present_result),
        Tool::Write => with_args(call, fs::write::present_call, fs::write::present_result),
        Tool::Edit => with_args(call, fs::edit::present_call, fs::edit::present_result),
        Tool::Bash => with_args(call, bash::present_call, bash::present_result),
        Tool::JobList => job(call, JobControl::List),
        Tool::JobOutput => job(call, JobControl::Output),
        Tool::JobKill => job(call, JobControl::Kill),
        Tool::TodoWrite => with_args(call, todo::present_call, todo::present_result),
        Tool::Grep => with_args(
            call,
            search::grep::present_call,
            search::grep::present_result,
        ),
        Tool::Glob => with_args(
            call,
            search::glob::present_call,
            search::glob::present_result,
        ),
    }
}

fn job(call: &ToolCall, control: JobControl) -> (ToolCallView, Option<ToolResultView>) {
    with_args(
        call,
        |args| jobs::present_call(control, args),
        |args, result| jobs::present_result(control, args, result),
    )
}

/// Reads the arguments as the tool's type and runs its presenters, or falls back.
fn with_args<A: DeserializeOwned>(
    call: &ToolCall,
    present_call: impl Fn(&A) -> ToolCallView,
    present_result: impl Fn(&A, &ToolResult) -> ToolResultView,
) -> (ToolCallView, Option<ToolResultView>) {
    // A derived struct also reads a JSON array positionally; arguments are an object.
    let args = call
        .args
        .is_object()
        .then(|| A::deserialize(&call.args).ok())
        .flatten();
    match args {
        Some(args) => (
            present_call(&args),
            call.result
                .as_ref()
                .map(|result| present_result(&args, result)),
        ),
        None => fallback(call),
    }
}

fn fallback(call: &ToolCall) -> (ToolCallView, Option<ToolResultView>) {
    (
        fallback_call(&call.tool, &call.args),
        call.result.as_ref().map(fallback_result),
    )
}
