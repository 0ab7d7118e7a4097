//! The background-job controls `job_list`, `job_output` and `job_kill`: generic cards of their
//! own, since a job's output is a snapshot, not a live terminal.

use render_intent::{GenericCallView, ToolCallKind, ToolCallView, ToolResultView};
use serde::Deserialize;

use crate::call::ToolResult;
use crate::generic::fallback_result;

/// Which job control a call is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobControl {
    /// `job_list`: lists the session's background jobs.
    List,
    /// `job_output`: reads a job's output so far.
    Output,
    /// `job_kill`: stops a job.
    Kill,
}

/// The arguments of a job control. `job_list` takes none; the others name a job.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct JobArgs {
    /// The job's id, as `bash` reported it when the job started.
    #[serde(default)]
    pub job_id: Option<String>,
}

/// The call card: a generic card of kind `execute` titled by the control and the job.
pub fn present_call(control: JobControl, args: &JobArgs) -> ToolCallView {
    let job = args
        .job_id
        .as_deref()
        .map_or_else(String::new, |id| format!(" {id}"));
    let title = match control {
        JobControl::List => "List background jobs".to_owned(),
        JobControl::Output => format!("Output of job{job}"),
        JobControl::Kill => format!("Stop job{job}"),
    };
    ToolCallView::Generic(GenericCallView {
        title,
        kind: Some(ToolCallKind::Execute),
        raw_input: None,
        content: None,
        locations: None,
    })
}

/// The result card: the generic card with the tool's text.
pub fn present_result(
    _control: JobControl,
    _args: &JobArgs,
    result: &ToolResult,
) -> ToolResultView {
    fallback_result(result)
}
