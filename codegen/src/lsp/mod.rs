//! `cardc lsp`: a language server for schema files, over stdin and stdout.
//!
//! A front end beside the CLI, on the same pipeline. [`workspace`] turns the open documents into
//! compile inputs (the seam where a project of several files will slot in); an [`analysis`] of
//! a document's current text is the CLI's compile in two halves (`syntax::parse`, then
//! `check_parsed`), keeping the syntax tree, which [`index`] reads for every declaration and use
//! of a name. On those: the checker's reports as diagnostics ([`report`]), with their fix-its as
//! code actions ([`actions`]); hover from `cardc doc`'s Markdown ([`hover`]); definition,
//! references and symbols ([`symbols`]); completion ([`complete`]); rename ([`rename`]);
//! formatting by `cardc fmt` ([`format`]); and `cardc compat` against a baseline from the
//! client's settings ([`baseline`], [`settings`]).
//!
//! One thread does the work, message by message in the order sent, so each request sees the
//! document as the client had it when it asked; an analysis is made when first needed and kept
//! until the next change, and a changed document's diagnostics are published once it has rested
//! for the debounce delay ([`server`]).

mod actions;
mod analysis;
mod baseline;
mod complete;
mod format;
mod handlers;
mod hover;
mod index;
mod rename;
mod report;
mod server;
mod settings;
mod symbols;
mod text;
mod workspace;

pub use server::run;

/// Runs the server over stdin and stdout until the client shuts it down and exits.
pub fn stdio() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let (connection, threads) = lsp_server::Connection::stdio();
    run(connection)?;
    threads.join()?;
    Ok(())
}
