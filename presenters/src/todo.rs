//! `todo_write`: a generic card listing the plan.

use render_intent::{GenericCallView, ToolCallKind, ToolCallView, ToolResultView};
use serde::Deserialize;

use crate::call::{ToolResult, text_block};
use crate::generic::fallback_result;

/// The arguments of `todo_write`: the whole list, replacing the previous one.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TodoArgs {
    /// The items, in the model's order.
    pub todos: Vec<Todo>,
}

/// One item of the list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Todo {
    /// What is to be done.
    pub content: String,
    /// How far along it is.
    pub status: TodoStatus,
}

/// How far along an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TodoStatus {
    /// Not started.
    Pending,
    /// Being worked on.
    InProgress,
    /// Done.
    Completed,
}

impl TodoStatus {
    fn checkbox(self) -> &'static str {
        match self {
            Self::Pending => "[ ]",
            Self::InProgress => "[~]",
            Self::Completed => "[x]",
        }
    }
}

/// The call card: a generic card of kind `think`, titled with the progress, whose content is
/// the list as Markdown checkboxes (`[ ]` pending, `[~]` in progress, `[x]` done).
pub fn present_call(args: &TodoArgs) -> ToolCallView {
    let done = args
        .todos
        .iter()
        .filter(|todo| todo.status == TodoStatus::Completed)
        .count();
    let list: Vec<String> = args
        .todos
        .iter()
        .map(|todo| format!("- {} {}", todo.status.checkbox(), todo.content))
        .collect();
    ToolCallView::Generic(GenericCallView {
        title: format!("Update todos ({done}/{} done)", args.todos.len()),
        kind: Some(ToolCallKind::Think),
        raw_input: None,
        content: (!list.is_empty()).then(|| vec![text_block(list.join("\n"))]),
        locations: None,
    })
}

/// The result card: the generic card with the tool's text.
pub fn present_result(_args: &TodoArgs, result: &ToolResult) -> ToolResultView {
    fallback_result(result)
}
