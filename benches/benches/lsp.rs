//! The language server's diagnostics round trip: an edit sent to `cardc lsp` over stdio, to the
//! diagnostics it publishes for that version, on the editor schema of `synth::editor_schema`
//! (2,000 unions, 4,002 types, in one file; `CARDC_BENCH_UNIONS` sets another size). Each
//! iteration is one incremental change, a field's type misspelt or put back, and the wait for
//! its one diagnostic or none; the group times it with the default debounce delay (30 ms) and
//! without one, side by side. After the runs it prints the server's peak and current memory
//! (VmHWM and VmRSS), after every edit of the run: a server that kept each text it parsed
//! would grow by the schema's size each time.
//!
//! It runs the release binary: `cargo build --release --bin cardc`, then
//! `cargo bench -p cardc-benches --bench lsp` (`CARDC` names another binary).

use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use cardc_benches::synth;
use criterion::Criterion;
use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::{Value, json};

const URI: &str = "file:///bench/editor.cards";

/// A `cardc lsp` process with one document open.
struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Message>,
    version: i64,
    /// Where the edited field's type is: its line, and the column it starts at.
    at: (usize, usize),
}

impl Server {
    fn start(cardc: &PathBuf, text: &str, delay_ms: u64) -> Server {
        let mut child = Command::new(cardc)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cardc lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(message)) = Message::read(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        // The middle union's title: `title_text: String`.
        let middle = text
            .find(&format!(
                "struct Payload{} {{",
                text.matches("enum Union").count() / 2
            ))
            .expect("the middle payload");
        let field = middle + text[middle..].find("title_text: ").expect("its title") + 12;
        let line = text[..field].matches('\n').count();
        let column = field - text[..field].rfind('\n').map_or(0, |newline| newline + 1);
        let mut server = Server {
            child,
            stdin,
            messages,
            version: 1,
            at: (line, column),
        };
        server.send(
            Request::new(
                RequestId::from(1),
                "initialize".to_string(),
                json!({"processId": null, "capabilities": {},
                   "initializationOptions": {"cardc": {"diagnosticsDelayMs": delay_ms}}}),
            )
            .into(),
        );
        server.wait(|message| matches!(message, Message::Response(_)));
        server.notify("initialized", json!({}));
        server.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "cards", "version": 1, "text": text}}),
        );
        let opened = server.diagnostics();
        assert_eq!(opened, 0, "the editor schema checks");
        server
    }

    fn send(&mut self, message: Message) {
        message.write(&mut self.stdin).expect("the server reads");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(Notification::new(method.to_string(), params).into());
    }

    fn wait(&mut self, wanted: impl Fn(&Message) -> bool) -> Message {
        loop {
            let message = self
                .messages
                .recv_timeout(Duration::from_secs(120))
                .expect("the server answers");
            if wanted(&message) {
                return message;
            }
        }
    }

    /// Waits for the current version's diagnostics; how many there are.
    fn diagnostics(&mut self) -> usize {
        let version = self.version;
        let message = self.wait(|message| {
            matches!(message, Message::Notification(n)
                if n.method == "textDocument/publishDiagnostics" && n.params["version"] == version)
        });
        let Message::Notification(notification) = message else {
            unreachable!("waited for a notification")
        };
        notification.params["diagnostics"]
            .as_array()
            .map_or(0, Vec::len)
    }

    /// One edit and its diagnostics: the field's type misspelt when it is right, put back when
    /// it is not. The time from sending the change to reading its diagnostics.
    fn round_trip(&mut self) -> Duration {
        self.version += 1;
        let (line, column) = self.at;
        let broken = self.version % 2 == 0;
        let (end, text) = match broken {
            true => (column + 6, "Strin"),
            false => (column + 5, "String"),
        };
        let start = Instant::now();
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": self.version}, "contentChanges": [{
                "range": {"start": {"line": line, "character": column},
                          "end": {"line": line, "character": end}},
                "text": text
            }]}),
        );
        let count = self.diagnostics();
        let elapsed = start.elapsed();
        assert_eq!(count, usize::from(broken), "version {}", self.version);
        elapsed
    }

    /// The server's peak and current resident memory, in MB.
    fn memory(&self) -> (f64, f64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's status");
        let field = |name: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches(" kB")
                        .trim()
                        .parse::<f64>()
                        .ok()
                })
                .map_or(f64::NAN, |kb| kb / 1024.0)
        };
        (field("VmHWM:"), field("VmRSS:"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn main() {
    let unions = std::env::var("CARDC_BENCH_UNIONS")
        .ok()
        .and_then(|unions| unions.parse().ok())
        .unwrap_or(2_000);
    let cardc = std::env::var_os("CARDC")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/cardc")
        });
    assert!(
        cardc.exists(),
        "{} is missing: run `cargo build --release --bin cardc` first",
        cardc.display()
    );
    let text = synth::editor_schema(unions);
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(20))
        .sample_size(20)
        .configure_from_args();
    let mut group = criterion.benchmark_group(format!("lsp/{unions} unions"));
    let mut servers = Vec::new();
    for (name, delay_ms) in [
        ("edit to diagnostics, 30 ms delay", 30),
        ("edit to diagnostics, no delay", 0),
    ] {
        let mut server = Server::start(&cardc, &text, delay_ms);
        let opened = server.memory();
        group.bench_function(name, |bench| {
            bench.iter_custom(|iterations| (0..iterations).map(|_| server.round_trip()).sum())
        });
        servers.push((name, opened, server));
    }
    group.finish();
    criterion.final_summary();
    println!(
        "{unions} unions, {} bytes, {} types",
        text.len(),
        text.matches("\nstruct ").count() + text.matches("\nenum ").count()
    );
    for (name, (_, opened), server) in &servers {
        let (peak, now) = server.memory();
        println!(
            "{name}: {} edits; server memory: {opened:.0} MB resident after opening, {now:.0} MB \
             after the edits, {peak:.0} MB at its peak",
            server.version - 1
        );
    }
}
