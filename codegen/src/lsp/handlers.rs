//! The requests about a document's names and text: hover, definition, references, symbols,
//! completion, rename and formatting.

use std::collections::HashMap;
use std::rc::Rc;

use lsp_server::ErrorCode;
use lsp_types::{
    CompletionParams, CompletionResponse, DocumentFormattingParams, DocumentSymbolParams,
    DocumentSymbolResponse, GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverParams,
    Location, MessageType, PrepareRenameResponse, ReferenceParams, RenameParams,
    TextDocumentPositionParams, TextEdit, Uri, WorkspaceEdit, WorkspaceSymbolParams,
    WorkspaceSymbolResponse,
};

use super::analysis::{Analysis, forget_spans};
use super::hover::Checked;
use super::index::{Occurrence, Role};
use super::server::{Answer, Server};
use super::text::Text;
use super::{complete, format, hover, rename, symbols};

/// An open document's analysis and text, or the error that it is not open.
pub(super) fn open(server: &mut Server, uri: &Uri) -> Answer<(Rc<Analysis>, Text)> {
    let not_open = || {
        (
            ErrorCode::InvalidParams,
            format!("{} is not open", uri.as_str()),
        )
    };
    let analysis = server.analysis(uri).ok_or_else(not_open)?;
    let text = server
        .workspace
        .document(uri)
        .ok_or_else(not_open)?
        .text
        .clone();
    Ok((analysis, text))
}

/// The name at a position, with the document's analysis and text.
fn at(
    server: &mut Server,
    position: &TextDocumentPositionParams,
) -> Answer<Option<(Rc<Analysis>, Text, Occurrence)>> {
    let (analysis, text) = open(server, &position.text_document.uri)?;
    let offset = text.offset(position.position, server.encoding);
    let occurrence = analysis.index.at(offset).cloned();
    Ok(occurrence.map(|occurrence| (analysis, text, occurrence)))
}

pub(super) fn hover(server: &mut Server, params: HoverParams) -> Answer<Option<Hover>> {
    let position = &params.text_document_position_params;
    let Some((analysis, text, occurrence)) = at(server, position)? else {
        return Ok(None);
    };
    let earlier = server.last_checked(&position.text_document.uri);
    let checked = match (analysis.schema(), &earlier) {
        (Some(schema), _) => Checked::Current(schema),
        (None, Some(earlier)) => Checked::Earlier(earlier),
        (None, None) => Checked::Never,
    };
    Ok(
        hover::hover(&occurrence, checked, &analysis.file).map(|hover| Hover {
            range: Some(text.range(&occurrence.span, server.encoding)),
            ..hover
        }),
    )
}

pub(super) fn definition(
    server: &mut Server,
    params: GotoDefinitionParams,
) -> Answer<Option<GotoDefinitionResponse>> {
    let position = &params.text_document_position_params;
    let Some((analysis, text, occurrence)) = at(server, position)? else {
        return Ok(None);
    };
    Ok(analysis
        .index
        .declaration(&occurrence.symbol)
        .map(|declared| {
            GotoDefinitionResponse::Scalar(Location::new(
                position.text_document.uri.clone(),
                text.range(&declared.span, server.encoding),
            ))
        }))
}

pub(super) fn references(
    server: &mut Server,
    params: ReferenceParams,
) -> Answer<Option<Vec<Location>>> {
    let position = &params.text_document_position;
    let Some((analysis, text, occurrence)) = at(server, position)? else {
        return Ok(None);
    };
    let declarations = params.context.include_declaration;
    Ok(Some(
        analysis
            .index
            .of(&occurrence.symbol)
            .filter(|found| declarations || found.role == Role::Reference)
            .map(|found| {
                Location::new(
                    position.text_document.uri.clone(),
                    text.range(&found.span, server.encoding),
                )
            })
            .collect(),
    ))
}

pub(super) fn document_symbols(
    server: &mut Server,
    params: DocumentSymbolParams,
) -> Answer<Option<DocumentSymbolResponse>> {
    let (analysis, text) = open(server, &params.text_document.uri)?;
    Ok(Some(DocumentSymbolResponse::Nested(symbols::document(
        &analysis.file,
        &text,
        server.encoding,
    ))))
}

pub(super) fn workspace_symbols(
    server: &mut Server,
    params: WorkspaceSymbolParams,
) -> Answer<Option<WorkspaceSymbolResponse>> {
    let mut found = Vec::new();
    for (uri, text) in server.workspace.schema_files() {
        let text = Text::new(text);
        let (file, _) = crate::syntax::parse(text.as_str());
        forget_spans();
        found.extend(symbols::matching(
            &params.query,
            &file,
            &text,
            &uri,
            server.encoding,
        ));
    }
    Ok(Some(WorkspaceSymbolResponse::Nested(found)))
}

pub(super) fn completion(
    server: &mut Server,
    params: CompletionParams,
) -> Answer<Option<CompletionResponse>> {
    let position = &params.text_document_position;
    let (analysis, text) = open(server, &position.text_document.uri)?;
    let offset = text.offset(position.position, server.encoding);
    let items = complete::complete(
        &text,
        offset,
        &analysis.file,
        server.encoding,
        server.snippets,
    );
    Ok(Some(CompletionResponse::Array(items)))
}

pub(super) fn prepare_rename(
    server: &mut Server,
    params: TextDocumentPositionParams,
) -> Answer<Option<PrepareRenameResponse>> {
    let Some((analysis, text, occurrence)) = at(server, &params)? else {
        return Err((
            ErrorCode::RequestFailed,
            "nothing to rename here: put the cursor on a type, field, variant or value name"
                .to_string(),
        ));
    };
    if analysis.index.declaration(&occurrence.symbol).is_none() {
        return Err((
            ErrorCode::RequestFailed,
            format!(
                "`{}` is declared nowhere in this schema",
                occurrence.symbol.name()
            ),
        ));
    }
    Ok(Some(PrepareRenameResponse::RangeWithPlaceholder {
        range: text.range(&occurrence.span, server.encoding),
        placeholder: occurrence.symbol.name().to_string(),
    }))
}

pub(super) fn rename(server: &mut Server, params: RenameParams) -> Answer<Option<WorkspaceEdit>> {
    let position = &params.text_document_position;
    let uri = position.text_document.uri.clone();
    let Some((analysis, text, occurrence)) = at(server, position)? else {
        return Err((
            ErrorCode::RequestFailed,
            "nothing to rename here".to_string(),
        ));
    };
    let earlier = server.last_checked(&uri);
    let name = server.workspace.name(&uri);
    let plan = rename::plan(
        &analysis,
        earlier.as_deref(),
        &name,
        &text,
        &occurrence,
        &params.new_name,
    )
    .map_err(|reason| (ErrorCode::RequestFailed, reason))?;
    if let Some(wire) = plan.wire {
        server.show(MessageType::WARNING, wire.message(occurrence.symbol.name()));
        server.renamed.entry(uri.clone()).or_default().push(wire);
    }
    let edits: Vec<TextEdit> = plan
        .edits
        .iter()
        .map(|(span, new_text)| TextEdit::new(text.range(span, server.encoding), new_text.clone()))
        .collect();
    Ok(Some(WorkspaceEdit {
        changes: Some(HashMap::from([(uri, edits)])),
        ..WorkspaceEdit::default()
    }))
}

pub(super) fn formatting(
    server: &mut Server,
    params: DocumentFormattingParams,
) -> Answer<Option<Vec<TextEdit>>> {
    let (_, text) = open(server, &params.text_document.uri)?;
    format::edits(&text, server.encoding)
        .map(Some)
        .map_err(|reason| (ErrorCode::RequestFailed, reason))
}
