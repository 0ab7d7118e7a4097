//! Presenters: each tool's call and result mapped to a render-intent view.
//!
//! Every presenter is a pure function of the call's arguments (and, for the result, of the
//! [`ToolResult`] the session log recorded): no clock, no file system, no environment. The same
//! call therefore renders the same while it streams live and when a log is replayed, and a
//! bridge can present a log as often as it likes. [`present`] dispatches a [`ToolCall`] by tool
//! name; each tool's module also exposes its `present_call` and `present_result`.
//!
//! | tool | call card | result card |
//! | --- | --- | --- |
//! | `read` | generic, kind `read`, location path and first line | generic |
//! | `write` | diff, `oldText: null` | diff of the applied change, from metadata |
//! | `edit` | diff, `old_string` to `new_string` | diff of the applied change, from metadata |
//! | `bash` | terminal (foreground), generic (background) | terminal (foreground), generic (background) |
//! | `job_list`, `job_output`, `job_kill` | generic, kind `execute` | generic |
//! | `todo_write` | generic, kind `think`, the list as checkboxes | generic |
//! | `grep` | generic, kind `search` | search, kind `matches`, from metadata |
//! | `glob` | generic, kind `search` | search, kind `paths`, from metadata |
//!
//! Nothing a log holds can make a presenter fail. A tool without a presenter, or arguments its
//! presenter cannot read, get [`generic::fallback_call`] (the tool name and the raw input); a
//! failed call, or presentation metadata that is absent, malformed or of another tool's shape,
//! gets [`generic::fallback_result`] (the model-facing content). The richer card needs metadata
//! because a presenter may not look beyond its inputs: the tool records, when it executes, what
//! only it knows ([`fs::applied::AppliedChange`], [`search::grep::grep_meta`],
//! [`search::glob::glob_meta`]), and the presenter reads it back with the render-intent types'
//! strict decoding plus the invariants those types cannot state.
//!
//! [`log`] reads the JSON-lines logs a bridge's demo takes: tool calls to present, and raw views.
//!
//! `presenters/README.md` describes each mapping, the caps, the preview budget and the
//! fallback rules.
#![warn(missing_docs)]

pub mod bash;
mod call;
pub mod fs;
pub mod generic;
pub mod jobs;
pub mod log;
mod meta;
pub mod search;
pub mod todo;
mod tool;

pub use call::{ToolCall, ToolResult};
pub use tool::{Tool, present};
