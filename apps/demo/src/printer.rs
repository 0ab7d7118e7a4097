//! What the demo prints for one entry: its transcript cards, or its ACP session updates.

use std::io::{self, Write};

use cardc_bridge_acp::AcpBridge;
use cardc_bridge_transcript::Transcript;
use cardc_presenters::log::Views;

/// The output mode, with the state it carries from one entry to the next.
#[derive(Debug)]
pub enum Printer {
    /// The terminal transcript; entries after the first are set apart by a blank line.
    Transcript {
        /// The renderer.
        transcript: Transcript,
        /// Whether an entry has been printed yet.
        started: bool,
    },
    /// ACP session updates, one JSON object per line.
    Acp(AcpBridge),
}

impl Printer {
    /// Prints transcripts with this renderer.
    pub fn transcript(transcript: Transcript) -> Self {
        Self::Transcript {
            transcript,
            started: false,
        }
    }

    /// Prints the ACP updates this bridge describes.
    pub fn acp(bridge: AcpBridge) -> Self {
        Self::Acp(bridge)
    }

    /// Prints one entry, read from line `line` of the input.
    pub fn print(&mut self, line: usize, views: &Views, out: &mut impl Write) -> io::Result<()> {
        match self {
            Self::Transcript {
                transcript,
                started,
            } => {
                if *started {
                    writeln!(out)?;
                }
                *started = true;
                out.write_all(transcript.call(&views.call).as_bytes())?;
                if let Some(result) = &views.result {
                    out.write_all(transcript.result(result).as_bytes())?;
                }
                Ok(())
            }
            Self::Acp(bridge) => {
                // The line number names the call, so an update is easy to trace to its input.
                let id = format!("call-{line}");
                let call = bridge.call_update(id.clone(), &views.call);
                writeln!(out, "{}", serde_json::to_string(&call)?)?;
                if let Some(result) = &views.result {
                    let update = bridge.result_update(id, result);
                    writeln!(out, "{}", serde_json::to_string(&update)?)?;
                }
                Ok(())
            }
        }
    }
}
