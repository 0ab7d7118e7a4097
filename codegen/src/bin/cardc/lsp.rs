//! `cardc lsp`: the language server, over stdin and stdout, for an editor to start.

use std::process::ExitCode;

/// `cardc lsp`'s arguments: none that change anything.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Accepted and ignored: stdio is the one transport, and some clients say so.
    #[arg(long, hide = true)]
    stdio: bool,
}

/// Serves one client until it shuts the server down and exits; a broken connection (the client
/// died, a malformed message) exits with status 1 and says why.
pub(crate) fn run() -> ExitCode {
    match cardc_codegen::lsp::stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: cardc lsp: {error}");
            ExitCode::FAILURE
        }
    }
}
