//! The ACP editor bridge: render-intent views described as Agent Client Protocol v1 session
//! updates, on the protocol's own types ([`acp`], the `agent-client-protocol-schema` crate).
//!
//! A call's [`views::ToolCallView`] becomes a `tool_call` update and its result's
//! [`views::ToolResultView`] a `tool_call_update` that sets the status (completed, or failed)
//! and replaces the content. The bridge only describes: it never runs a command and never sends
//! a request; the caller wraps each update in a `session/update` notification.
//!
//! ```
//! use cardc_bridge_acp::{AcpBridge, acp, views};
//!
//! let capabilities = acp::v1::ClientCapabilities::new();
//! let mut bridge = AcpBridge::new(&capabilities); // or AcpBridge::with_terminal_output(true)
//! let call = views::ToolCallView::from_json_str(r#"{"card": "terminal", "title": "cargo test"}"#)?;
//! let result = views::ToolResultView::from_json_str(
//!     r#"{"card": "terminal", "output": "ok\n", "exitCode": 0}"#,
//! )?;
//! let announce = bridge.call_update("call-1".to_owned(), &call);
//! let finish = bridge.result_update("call-1".to_owned(), &result);
//! let notification = acp::v1::SessionNotification::new("session-1", finish);
//! println!("{}", serde_json::to_string_pretty(&announce)?);
//! println!("{}", serde_json::to_string(&notification)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! | card | update |
//! | --- | --- |
//! | generic call | kind, raw input, content blocks, locations |
//! | terminal call | kind `execute`, the title, raw input `{command, description?, cwd?}`; with terminal output also `_meta.terminal_info` and a terminal content item |
//! | diff call | kind `edit`, one diff item per file diff (`oldText` absent for a new file), locations |
//! | generic result | title and content, each when the card has it |
//! | terminal result | with terminal output, a terminal content item and `_meta.terminal_info`, `terminal_output`, `terminal_exit`; without, the output as a fenced `console` block and the exit status in words; failed on a non-zero exit code or a signal |
//! | diff result | the diffs (the card's text content when there is none), locations |
//! | search result | Markdown (matches as `path:line: text` grouped by file, paths as a list, a capped result said plainly), a location per shown match, the card under `_meta["cardc.dev/searchResult"]` |
//!
//! A client has terminal output when its capabilities' `_meta` holds `"terminal_output": true`
//! ([`TERMINAL_OUTPUT_CAPABILITY`]). The terminal's id is then the tool call's id, announced by
//! the terminal call; a terminal result for a call the bridge did not announce falls back to
//! text, since a client rejects a terminal it never saw. `bridges/acp/README.md` shows every
//! `_meta` shape.
//!
//! Every union is rendered through its generated bridge trait (`ToolCallViewBridge`,
//! `ToolResultViewBridge`, `SearchResultViewBridge`, `ContentBlockBridge`), never a wildcard
//! arm, so a new card fails to compile in this crate until it is described here. Both wildcard
//! lints are denied: `wildcard_enum_match_arm` lets through a wildcard that stands for exactly
//! one variant, which `match_wildcard_for_single_variants` catches.
#![deny(
    clippy::wildcard_enum_match_arm,
    clippy::match_wildcard_for_single_variants
)]
#![warn(missing_docs)]

mod bridge;
mod call;
mod content;
mod markdown;
mod result;
mod search;
mod terminal;

pub use agent_client_protocol_schema as acp;
pub use bridge::{AcpBridge, TERMINAL_OUTPUT_CAPABILITY};
pub use render_intent as views;
pub use search::SEARCH_RESULT_META_KEY;
