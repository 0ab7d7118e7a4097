//! Code actions: the checker's fix-its as quick fixes (the did-you-mean type, a missing
//! `#[union(...)]`), and a member's wire name kept with `#[rename]`: after a rename changed
//! it, and before one, to pin it.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, TextEdit, WorkspaceEdit,
};

use super::handlers::open;
use super::index::{Role, Symbol};
use super::rename::{has_rename, keep_wire_name, wire_name};
use super::report;
use super::server::{Answer, Server};

pub(super) fn actions(
    server: &mut Server,
    params: CodeActionParams,
) -> Answer<Option<Vec<CodeActionOrCommand>>> {
    let uri = params.text_document.uri.clone();
    let (analysis, text) = open(server, &uri)?;
    let start = text.offset(params.range.start, server.encoding);
    let end = text.offset(params.range.end, server.encoding);
    let edit = |edits: &[(std::ops::Range<usize>, String)]| WorkspaceEdit {
        changes: Some(HashMap::from([(
            uri.clone(),
            edits
                .iter()
                .map(|(span, new_text)| {
                    TextEdit::new(text.range(span, server.encoding), new_text.clone())
                })
                .collect(),
        )])),
        ..WorkspaceEdit::default()
    };
    let mut actions = Vec::new();
    // The fixes of the problems the range touches.
    for diagnostic in analysis.diagnostics() {
        let span = &diagnostic.span;
        if span.start > end || span.end < start {
            continue;
        }
        for fix in &diagnostic.fixes {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![report::diagnostic(
                    diagnostic,
                    &uri,
                    &text,
                    server.encoding,
                )]),
                edit: Some(edit(&fix.edits)),
                is_preferred: Some(diagnostic.fixes.len() == 1),
                ..CodeAction::default()
            }));
        }
    }
    // A member's wire name, kept or pinned with `#[rename]`.
    if let Some(occurrence) = analysis.index.at(start)
        && occurrence.role == Role::Declaration
        && let Symbol::Member { owner, name } = &occurrence.symbol
        && !has_rename(&analysis, owner, name)
    {
        let renamed = server
            .renamed
            .get(&uri)
            .and_then(|changes| {
                changes
                    .iter()
                    .rev()
                    .find(|change| change.owner == *owner && change.name == *name)
            })
            .map(|change| change.old.clone());
        let current = analysis
            .schema()
            .and_then(|schema| wire_name(schema, owner, name))
            .map(|(_, wire)| wire);
        let (wire, title, kind) = match (renamed, current) {
            (Some(old), _) => (
                old.clone(),
                format!("Keep the wire name {old:?}"),
                CodeActionKind::QUICKFIX,
            ),
            (None, Some(wire)) => (
                wire.clone(),
                format!("Pin the wire name {wire:?} with #[rename], so renaming keeps it"),
                CodeActionKind::REFACTOR_REWRITE,
            ),
            (None, None) => return Ok(Some(actions)),
        };
        let (span, insert) = keep_wire_name(&text, occurrence.span.start, &wire);
        actions.push(CodeActionOrCommand::CodeAction(CodeAction {
            title,
            kind: Some(kind),
            edit: Some(edit(&[(span, insert)])),
            ..CodeAction::default()
        }));
    }
    Ok(Some(actions))
}
