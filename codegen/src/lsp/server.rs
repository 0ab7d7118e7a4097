//! The server's state and its loop: messages in the order the client sent them, each request
//! answered from the document as the client had it then, and diagnostics published once a
//! document has rested for the debounce delay.

use std::collections::{BTreeMap, HashMap};
use std::error::Error;
use std::rc::Rc;
use std::time::Instant;

use crossbeam_channel::{Receiver, Sender, select};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeConfiguration, DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    DidSaveTextDocument, LogMessage, Notification as _, PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    PrepareRenameRequest, References, Rename, Request as _, WorkspaceSymbolRequest,
};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions,
    InitializeParams, InitializeResult, MessageType, OneOf, RenameOptions, SaveOptions,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Uri, WorkDoneProgressOptions,
};

use super::analysis::Analysis;
use super::baseline::{self, Baselines, New};
use super::rename::WireChange;
use super::settings::Settings;
use super::text::Encoding;
use super::workspace::{Workspace, path_of};
use super::{actions, handlers, report};
use crate::ir::Schema;

/// What a handler answers: the result, or an error for the client to show.
pub(super) type Answer<T> = Result<T, (ErrorCode, String)>;

/// The server between messages.
pub(super) struct Server {
    sender: Sender<Message>,
    /// How positions count characters.
    pub encoding: Encoding,
    /// Whether the client's completion takes snippets.
    pub snippets: bool,
    pub workspace: Workspace,
    settings: Settings,
    /// Each open document's analysis of its current text, made when first asked for.
    analyses: HashMap<Uri, Rc<Analysis>>,
    /// Each open document's last schema that checked, for hovers while it has errors.
    checked: HashMap<Uri, Rc<Schema>>,
    /// The documents whose diagnostics are to be published, and when.
    due: BTreeMap<Uri, Instant>,
    baselines: Baselines,
    /// The wire names each document's renames changed, for the code action that keeps them.
    pub renamed: HashMap<Uri, Vec<WireChange>>,
}

/// Runs the server on a connection until the client shuts it down.
pub fn run(connection: Connection) -> Result<(), Box<dyn Error + Send + Sync>> {
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params)?;
    let encoding = Encoding::negotiate(
        params
            .capabilities
            .general
            .as_ref()
            .and_then(|general| general.position_encodings.as_deref()),
    );
    let snippets = params
        .capabilities
        .text_document
        .as_ref()
        .and_then(|text| text.completion.as_ref())
        .and_then(|completion| completion.completion_item.as_ref())
        .and_then(|item| item.snippet_support)
        .unwrap_or(false);
    let roots = roots(&params);
    let result = InitializeResult {
        capabilities: capabilities(encoding),
        server_info: Some(ServerInfo {
            name: "cardc".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    };
    connection.initialize_finish(id, serde_json::to_value(result)?)?;
    let mut server = Server {
        sender: connection.sender.clone(),
        encoding,
        snippets,
        workspace: Workspace::new(roots),
        settings: Settings::default(),
        analyses: HashMap::new(),
        checked: HashMap::new(),
        due: BTreeMap::new(),
        baselines: Baselines::default(),
        renamed: HashMap::new(),
    };
    if let Some(options) = &params.initialization_options {
        server.configure(options);
    }
    server.serve(&connection)
}

/// The folders the client opened: its workspace folders, else its root.
#[allow(deprecated)] // `root_uri` and `root_path`, which older clients send alone.
fn roots(params: &InitializeParams) -> Vec<std::path::PathBuf> {
    let folders: Vec<_> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|folder| path_of(&folder.uri))
        .collect();
    if !folders.is_empty() {
        return folders;
    }
    params
        .root_uri
        .as_ref()
        .and_then(path_of)
        .or_else(|| params.root_path.as_ref().map(std::path::PathBuf::from))
        .into_iter()
        .collect()
}

/// What the server does, as the client is told at initialization.
fn capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(["[", "(", "<", ":", "\"", ","].map(str::to_string).to_vec()),
            ..CompletionOptions::default()
        }),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::REFACTOR_REWRITE,
            ]),
            ..CodeActionOptions::default()
        })),
        ..ServerCapabilities::default()
    }
}

impl Server {
    fn serve(&mut self, connection: &Connection) -> Result<(), Box<dyn Error + Send + Sync>> {
        loop {
            let Some(message) = self.next(&connection.receiver) else {
                return Ok(());
            };
            match message {
                Message::Request(request) => {
                    match connection.handle_shutdown(&request) {
                        Ok(true) => return Ok(()),
                        Ok(false) => {}
                        // Shut down, the client may close the connection without `exit`.
                        Err(error) if error.channel_is_disconnected() => return Ok(()),
                        Err(error) => return Err(error.into()),
                    }
                    let response = self.answer(request);
                    self.send(response.into());
                }
                Message::Notification(notification) => self.notice(notification),
                Message::Response(_) => {}
            }
        }
    }

    /// The next message, publishing the diagnostics that come due while waiting for it; `None`
    /// when the client is gone.
    fn next(&mut self, receiver: &Receiver<Message>) -> Option<Message> {
        loop {
            let Some((uri, when)) = self
                .due
                .iter()
                .min_by_key(|(_, when)| **when)
                .map(|(uri, when)| (uri.clone(), *when))
            else {
                return receiver.recv().ok();
            };
            let wait = when.saturating_duration_since(Instant::now());
            select! {
                recv(receiver) -> message => return message.ok(),
                default(wait) => {
                    self.due.remove(&uri);
                    self.publish(&uri);
                }
            }
        }
    }

    fn send(&self, message: Message) {
        // The client is gone when this fails; the loop ends at its next receive.
        let _ = self.sender.send(message);
    }

    /// Sends a notification.
    pub(super) fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        self.send(Notification::new(N::METHOD.to_string(), params).into());
    }

    /// Shows the user a message.
    pub(super) fn show(&self, kind: MessageType, message: String) {
        self.notify::<ShowMessage>(lsp_types::ShowMessageParams { typ: kind, message });
    }

    fn answer(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let method = request.method.clone();
        let result = match method.as_str() {
            HoverRequest::METHOD => self.call::<HoverRequest>(request, handlers::hover),
            GotoDefinition::METHOD => self.call::<GotoDefinition>(request, handlers::definition),
            References::METHOD => self.call::<References>(request, handlers::references),
            DocumentSymbolRequest::METHOD => {
                self.call::<DocumentSymbolRequest>(request, handlers::document_symbols)
            }
            WorkspaceSymbolRequest::METHOD => {
                self.call::<WorkspaceSymbolRequest>(request, handlers::workspace_symbols)
            }
            Completion::METHOD => self.call::<Completion>(request, handlers::completion),
            PrepareRenameRequest::METHOD => {
                self.call::<PrepareRenameRequest>(request, handlers::prepare_rename)
            }
            Rename::METHOD => self.call::<Rename>(request, handlers::rename),
            Formatting::METHOD => self.call::<Formatting>(request, handlers::formatting),
            CodeActionRequest::METHOD => self.call::<CodeActionRequest>(request, actions::actions),
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("cardc lsp does not answer {method}"),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// Reads a request's parameters, runs its handler and writes its result as JSON.
    fn call<R: lsp_types::request::Request>(
        &mut self,
        request: Request,
        handler: fn(&mut Server, R::Params) -> Answer<R::Result>,
    ) -> Answer<serde_json::Value> {
        let params: R::Params = serde_json::from_value(request.params).map_err(|error| {
            (
                ErrorCode::InvalidParams,
                format!("bad parameters for {}: {error}", R::METHOD),
            )
        })?;
        let result = handler(self, params)?;
        serde_json::to_value(result).map_err(|error| (ErrorCode::InternalError, error.to_string()))
    }

    fn notice(&mut self, notification: Notification) {
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Some(params) = parse::<DidOpenTextDocument>(notification) {
                    let document = params.text_document;
                    let uri = document.uri;
                    self.workspace
                        .open(uri.clone(), document.version, document.text);
                    self.analyses.remove(&uri);
                    self.due.insert(uri, Instant::now());
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Some(params) = parse::<DidChangeTextDocument>(notification) {
                    let uri = params.text_document.uri;
                    let changed = self.workspace.change(
                        &uri,
                        params.text_document.version,
                        params.content_changes,
                        self.encoding,
                    );
                    if changed {
                        self.analyses.remove(&uri);
                        self.due.insert(uri, Instant::now() + self.settings.delay);
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Some(params) = parse::<DidCloseTextDocument>(notification) {
                    let uri = params.text_document.uri;
                    self.workspace.close(&uri);
                    self.analyses.remove(&uri);
                    self.checked.remove(&uri);
                    self.renamed.remove(&uri);
                    self.due.remove(&uri);
                    self.notify::<PublishDiagnostics>(lsp_types::PublishDiagnosticsParams {
                        uri,
                        diagnostics: Vec::new(),
                        version: None,
                    });
                }
            }
            // A commit may follow a save: a git baseline is read again.
            DidSaveTextDocument::METHOD if self.settings.baseline.is_some() => {
                self.baselines.clear();
                self.republish();
            }
            DidChangeConfiguration::METHOD => {
                if let Some(params) = parse::<DidChangeConfiguration>(notification) {
                    self.configure(&params.settings);
                    self.republish();
                }
            }
            _ => {}
        }
    }

    /// Takes the client's settings, logging what is wrong with them.
    fn configure(&mut self, value: &serde_json::Value) {
        let (settings, problems) = Settings::read(value);
        for problem in problems {
            self.notify::<LogMessage>(lsp_types::LogMessageParams {
                typ: MessageType::WARNING,
                message: problem,
            });
        }
        if settings.baseline != self.settings.baseline {
            self.baselines.clear();
        }
        self.settings = settings;
    }

    /// Publishes every open document's diagnostics again, now.
    fn republish(&mut self) {
        let now = Instant::now();
        let open: Vec<Uri> = self.workspace.open_documents().cloned().collect();
        for uri in open {
            self.due.insert(uri, now);
        }
    }

    /// The analysis of an open document's current text.
    pub(super) fn analysis(&mut self, uri: &Uri) -> Option<Rc<Analysis>> {
        if let Some(analysis) = self.analyses.get(uri) {
            return Some(analysis.clone());
        }
        let version = self.workspace.document(uri)?.version;
        let input = self.workspace.input(uri)?;
        let analysis = Rc::new(Analysis::new(&input, version));
        if let Some(schema) = analysis.schema() {
            self.checked.insert(uri.clone(), schema.clone());
        }
        self.analyses.insert(uri.clone(), analysis.clone());
        Some(analysis)
    }

    /// The last schema of the document that checked, the current one or an earlier.
    pub(super) fn last_checked(&self, uri: &Uri) -> Option<Rc<Schema>> {
        self.checked.get(uri).cloned()
    }

    /// Publishes a document's diagnostics: the checker's, and with a baseline set, its breaking
    /// changes.
    fn publish(&mut self, uri: &Uri) {
        let Some(analysis) = self.analysis(uri) else {
            return;
        };
        let Some(document) = self.workspace.document(uri) else {
            return;
        };
        let text = &document.text;
        let mut diagnostics: Vec<lsp_types::Diagnostic> = analysis
            .diagnostics()
            .iter()
            .map(|diagnostic| report::diagnostic(diagnostic, uri, text, self.encoding))
            .collect();
        if let (Some(setting), Some(schema), Some(path)) = (
            &self.settings.baseline,
            analysis.schema(),
            baseline::document_path(uri),
        ) {
            let old = self.baselines.of(setting, &path, self.workspace.roots());
            match old.as_ref() {
                Ok(old) => diagnostics.extend(baseline::diagnostics(
                    old,
                    &New {
                        schema,
                        text,
                        index: &analysis.index,
                    },
                    &self.settings.deny,
                    self.encoding,
                )),
                Err(reason) => diagnostics.push(baseline::unavailable(reason)),
            }
        }
        self.notify::<PublishDiagnostics>(lsp_types::PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics,
            version: Some(analysis.version),
        });
    }
}

/// A notification's parameters, `None` when they are malformed (a notification has no answer
/// to carry the error).
fn parse<N: lsp_types::notification::Notification>(
    notification: Notification,
) -> Option<N::Params> {
    notification.extract(N::METHOD).ok()
}
