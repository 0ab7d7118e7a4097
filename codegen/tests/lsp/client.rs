//! A client that drives `cardc lsp` over stdio with JSON-RPC, as an editor does, framing
//! messages with lsp-server's own reader and writer.

use std::io::{BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use lsp_server::{Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};

/// How long any one answer may take before the test fails rather than hangs.
const PATIENCE: Duration = Duration::from_secs(60);

/// A running server and its client side.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Message>,
    next_id: i32,
    /// Notifications read while waiting for something else, oldest first.
    pub notifications: Vec<Notification>,
    /// What the server answered `initialize` with.
    pub initialized: Value,
}

/// A file address for a path (the tests' paths are plain ASCII).
pub fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

impl Client {
    /// Starts `cardc lsp` with the workspace folder `root` and the initialization options,
    /// offering the given position encodings, and initializes it.
    pub fn start(root: &Path, options: Value, encodings: &[&str]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .arg("lsp")
            .current_dir(root)
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
        let mut client = Client {
            child,
            stdin,
            messages,
            next_id: 0,
            notifications: Vec::new(),
            initialized: Value::Null,
        };
        let root_uri = uri(root);
        client.initialized = client
            .request(
                "initialize",
                json!({
                    "processId": null,
                    "rootUri": root_uri,
                    "workspaceFolders": [{"uri": root_uri, "name": "root"}],
                    "initializationOptions": options,
                    "capabilities": {
                        "general": {"positionEncodings": encodings},
                        "textDocument": {"completion": {"completionItem": {"snippetSupport": true}}}
                    }
                }),
            )
            .expect("initialize succeeds");
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: Message) {
        message.write(&mut self.stdin).expect("the server reads");
        self.stdin.flush().expect("flush");
    }

    fn receive(&mut self, deadline: Instant) -> Message {
        match self
            .messages
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => panic!("the server did not answer in {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(Notification::new(method.to_string(), params).into());
    }

    /// Sends a request and waits for its answer: the result, or the error's message.
    pub fn request(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Request::new(id.clone(), method.to_string(), params).into());
        let deadline = Instant::now() + PATIENCE;
        loop {
            match self.receive(deadline) {
                Message::Response(Response {
                    id: answered,
                    response_result,
                }) if answered == id => {
                    return response_result.map_err(|error| error.message);
                }
                Message::Notification(notification) => self.notifications.push(notification),
                other => panic!("unexpected message while waiting for {method}: {other:?}"),
            }
        }
    }

    /// Waits for the next notification of `method` (taking one read earlier first).
    pub fn notification(&mut self, method: &str) -> Value {
        if let Some(index) = self.notifications.iter().position(|n| n.method == method) {
            return self.notifications.remove(index).params;
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            match self.receive(deadline) {
                Message::Notification(notification) if notification.method == method => {
                    return notification.params;
                }
                Message::Notification(notification) => self.notifications.push(notification),
                other => panic!("unexpected message while waiting for {method}: {other:?}"),
            }
        }
    }

    /// The diagnostics published for `uri`'s `version`, skipping those of other documents and
    /// versions (and recording the versions skipped in `skipped`).
    pub fn diagnostics_with(
        &mut self,
        uri: &str,
        version: i64,
        skipped: &mut Vec<i64>,
    ) -> Vec<Value> {
        loop {
            let params = self.notification("textDocument/publishDiagnostics");
            if params["uri"] != uri {
                continue;
            }
            if params["version"] == version {
                return params["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
            skipped.extend(params["version"].as_i64());
        }
    }

    /// The diagnostics published for `uri`'s `version`.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        self.diagnostics_with(uri, version, &mut Vec::new())
    }

    /// Opens a document with its text (never written to disk: unsaved, as the editor has it).
    pub fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "cards", "version": 1, "text": text}}),
        );
    }

    /// Replaces a document's whole text at `version`.
    pub fn replace(&mut self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    /// Shuts the server down; it must exit with status 0.
    pub fn shutdown(mut self) {
        self.request("shutdown", Value::Null)
            .expect("shutdown succeeds");
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "cardc lsp exited with {status}");
                return;
            }
            assert!(Instant::now() < deadline, "cardc lsp did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A failed test leaves no server behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The LSP position of the `nth` (from 0) occurrence of `needle` in an ASCII text, plus
/// `shift` characters.
pub fn position(text: &str, needle: &str, nth: usize, shift: usize) -> Value {
    let offset = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle:?} occurs {} time(s)", text.matches(needle).count()))
        .0
        + shift;
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let character = offset - before.rfind('\n').map_or(0, |newline| newline + 1);
    json!({"line": line, "character": character})
}

/// Applies LSP text edits (UTF-16 or UTF-8 positions: the tests' texts are ASCII) to a text.
pub fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |position: &Value| {
        let line = position["line"].as_u64().expect("line") as usize;
        let character = position["character"].as_u64().expect("character") as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + character
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|edit| {
            (
                offset(&edit["range"]["start"]),
                offset(&edit["range"]["end"]),
                edit["newText"].as_str().expect("newText").to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|(start, _, _)| std::cmp::Reverse(*start));
    let mut out = text.to_string();
    for (start, end, new_text) in spans {
        out.replace_range(start..end, &new_text);
    }
    out
}
