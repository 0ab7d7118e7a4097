// The web renderer: every render-intent view as an HTML string, every piece of its text escaped.
//
// Dispatch goes through the generated `matchToolCallView` / `matchToolResultView`, whose
// handlers objects must name every card (and, for `search`, every kind). There is no default:
// when the schema gains a card, `tsc` fails at the two calls below until this file renders it.

import type {
  DiffCallView,
  DiffResultView,
  FileDiff,
  GenericCallView,
  GenericResultView,
  SearchMatchesResultView,
  SearchPathsResultView,
  TerminalCallView,
  TerminalResultView,
  ToolCallView,
  ToolResultView,
} from '../../../generated/render_intent.js';
import { matchToolCallView, matchToolResultView } from '../../../generated/render_intent.js';
import { contentBlocks, header, locations, section } from './card.js';
import { type DiffLine, type Line, diffLines, foldContext } from './diff.js';
import { attr, escapeHtml, pre } from './html.js';
import { capped, count, thousands } from './rules.js';

/** A tool call's view (what `presentCall` returns) as HTML. */
export function renderCallView(view: ToolCallView): string {
  return matchToolCallView(view, {
    generic: renderGenericCall,
    terminal: renderTerminalCall,
    diff: renderDiffCall,
  });
}

/** A tool result's view (what `presentResult` returns) as HTML. */
export function renderResultView(view: ToolResultView): string {
  return matchToolResultView(view, {
    generic: renderGenericResult,
    terminal: renderTerminalResult,
    diff: renderDiffResult,
    search: {
      matches: renderSearchMatches,
      paths: renderSearchPaths,
    },
  });
}

function renderGenericCall(view: GenericCallView): string {
  const kind = view.kind === undefined ? [] : [`<span class="cardc-kind">${escapeHtml(view.kind)}</span>`];
  return section('call', 'generic', [
    header('generic', view.title, kind),
    contentBlocks(view.content),
    view.rawInput === undefined ? '' : rawInput(view.rawInput),
    locations(view.locations),
  ]);
}

/** The call's raw input as indented JSON, folded away under "Input". */
function rawInput(value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value, null, 2);
  } catch {
    json = undefined;
  }
  const body = json === undefined ? '<p class="cardc-withheld">The input cannot be shown.</p>' : pre('cardc-json', json);
  return `<details class="cardc-raw-input"><summary>Input</summary>\n${body}\n</details>`;
}

function renderTerminalCall(view: TerminalCallView): string {
  return section('call', 'terminal', [
    view.description === undefined ? '' : `<p class="cardc-description">${escapeHtml(view.description)}</p>`,
    header('terminal', undefined, [`<code class="cardc-title cardc-command">${escapeHtml(view.title)}</code>`]),
    view.cwd === undefined ? '' : `<p class="cardc-cwd">in <code>${escapeHtml(view.cwd)}</code></p>`,
  ]);
}

function renderDiffCall(view: DiffCallView): string {
  const files = diffFiles(view.diffs);
  return section('call', 'diff', [
    header('diff', view.title, [diffStat(files)]),
    fileDiffs(files),
    locations(view.locations),
  ]);
}

function renderGenericResult(view: GenericResultView): string {
  return section('result', 'generic', [header('generic', view.title), contentBlocks(view.content)]);
}

function renderTerminalResult(view: TerminalResultView): string {
  const output =
    view.output === undefined || view.output === ''
      ? '<p class="cardc-empty">No output.</p>'
      : pre('cardc-output', view.output);
  return section('result', 'terminal', [header('terminal', view.title, [exitStatus(view)]), output]);
}

/** The exit status in words, marked ok (exit code 0), failed, or unknown. */
function exitStatus(view: TerminalResultView): string {
  let status: 'ok' | 'failed' | 'unknown';
  let words: string;
  if (view.signal !== undefined) {
    status = 'failed';
    words =
      view.exitCode === undefined
        ? `killed by ${view.signal}`
        : `killed by ${view.signal} (exit code ${view.exitCode})`;
  } else if (view.exitCode !== undefined) {
    status = view.exitCode === 0 ? 'ok' : 'failed';
    words = `exit code ${view.exitCode}`;
  } else {
    status = 'unknown';
    words = 'exit status unknown';
  }
  return `<span${attr('class', `cardc-status cardc-${status}`)}>${escapeHtml(words)}</span>`;
}

/**
 * The diff result card. Its `content` is the model-facing text for UIs without a diff card; this
 * one has it, so the text is not shown.
 */
function renderDiffResult(view: DiffResultView): string {
  const files = diffFiles(view.diffs);
  return section('result', 'diff', [
    header('diff', view.title, [diffStat(files)]),
    fileDiffs(files),
    locations(view.locations),
  ]);
}

/** A file's change with its line diff, computed once for the stat and the rows. */
interface DiffedFile {
  readonly diff: FileDiff;
  readonly rows: readonly DiffLine[];
}

function diffFiles(diffs: readonly FileDiff[]): DiffedFile[] {
  return diffs.map((diff) => ({ diff, rows: diffLines(diff.oldText ?? '', diff.newText) }));
}

/** Added and removed line counts over every file, as `+3 −1`. */
function diffStat(files: readonly DiffedFile[]): string {
  let added = 0;
  let removed = 0;
  for (const { rows } of files) {
    for (const row of rows) {
      if (row.kind === 'added') {
        added += 1;
      } else if (row.kind === 'removed') {
        removed += 1;
      }
    }
  }
  return (
    `<span class="cardc-stat"><span class="cardc-stat-added">+${thousands(added)}</span> ` +
    `<span class="cardc-stat-removed">\u2212${thousands(removed)}</span></span>`
  );
}

function fileDiffs(files: readonly DiffedFile[]): string {
  if (files.length === 0) {
    return '<p class="cardc-empty">No changes.</p>';
  }
  return files.map(fileDiff).join('\n');
}

/**
 * One file's change as an inline diff: removed and added lines (with their old and new line
 * numbers) between three lines of context, longer unchanged runs folded.
 */
function fileDiff({ diff, rows }: DiffedFile): string {
  const badge = diff.oldText === null ? ' <span class="cardc-badge">new file</span>' : '';
  const head = `<div class="cardc-file-header"><span class="cardc-path">${escapeHtml(diff.path)}</span>${badge}</div>`;
  let body: string;
  if (!rows.some((row) => row.kind !== 'context')) {
    body = `<p class="cardc-empty">No changes (${count(rows.length, 'line', 'lines')} unchanged).</p>`;
  } else {
    const showEndings = endingsExplainChange(rows);
    const lines = foldContext(rows).map((row) =>
      row.kind === 'fold'
        ? `<tr class="cardc-fold"><td colspan="4">\u22ef ${count(row.count, 'unchanged line', 'unchanged lines')}</td></tr>`
        : diffRow(row, showEndings),
    );
    body = `<table class="cardc-diff-lines">\n${lines.join('\n')}\n</table>`;
  }
  return `<div class="cardc-file-diff"${attr('data-path', diff.path)}>\n${head}\n${body}\n</div>`;
}

/**
 * Whether a removed line and an added line have the same text, so that only their line breaks
 * (CRLF or LF, or none at the end of the file) tell them apart: then every changed line of the
 * file shows its line break.
 */
function endingsExplainChange(rows: readonly DiffLine[]): boolean {
  const removed = new Set(rows.flatMap((row) => (row.kind === 'removed' ? [row.line.text] : [])));
  return rows.some((row) => row.kind === 'added' && removed.has(row.line.text));
}

const ENDINGS: { readonly [eol in Line['eol']]: string } = {
  '\n': 'LF',
  '\r\n': 'CRLF',
  '': 'no newline at end of file',
};

function diffRow(row: DiffLine, showEndings: boolean): string {
  let cells: string;
  switch (row.kind) {
    case 'context':
      return `<tr class="cardc-line cardc-ctx"><td class="cardc-ln">${row.oldNumber}</td><td class="cardc-ln">${row.newNumber}</td><td class="cardc-sign"> </td><td class="cardc-code">${escapeHtml(row.line.text)}</td></tr>`;
    case 'removed':
      cells = `<tr class="cardc-line cardc-del"><td class="cardc-ln">${row.oldNumber}</td><td class="cardc-ln"></td><td class="cardc-sign">-</td>`;
      break;
    case 'added':
      cells = `<tr class="cardc-line cardc-add"><td class="cardc-ln"></td><td class="cardc-ln">${row.newNumber}</td><td class="cardc-sign">+</td>`;
      break;
  }
  const ending = showEndings ? `<span class="cardc-eol">${ENDINGS[row.line.eol]}</span>` : '';
  return `${cells}<td class="cardc-code">${escapeHtml(row.line.text)}${ending}</td></tr>`;
}

/**
 * Grep's card: an expandable group per file (closed until clicked), and a note when the inline
 * cap dropped matches. `content` is the model-facing fallback text, not shown here.
 */
function renderSearchMatches(view: SearchMatchesResultView): string {
  const shown = view.files.reduce((sum, file) => sum + file.matches.length, 0);
  const summary = `${count(shown, 'match', 'matches')} in ${count(view.files.length, 'file', 'files')}`;
  const groups = view.files.map((file) => {
    const items = file.matches.map(
      (match) =>
        `<li><span class="cardc-lineno">${match.lineNumber}</span><code class="cardc-match-line">${escapeHtml(match.line)}</code></li>`,
    );
    return (
      `<details class="cardc-file"${attr('data-path', file.path)}><summary><span class="cardc-path">${escapeHtml(file.path)}</span>` +
      ` <span class="cardc-count">${count(file.matches.length, 'match', 'matches')}</span></summary>\n` +
      `<ol class="cardc-matches">${items.join('')}</ol>\n</details>`
    );
  });
  return section(
    'result',
    'search',
    [
      header('search', undefined, [`<span class="cardc-summary">${summary}</span>`]),
      truncationNote(view.truncated, shown, view.total, 'match', 'matches'),
      groups.length === 0 ? '<p class="cardc-empty">No matches.</p>' : `<div class="cardc-files">\n${groups.join('\n')}\n</div>`,
    ],
    'matches',
  );
}

/** Glob's card: the paths as a list, and a note when the inline cap dropped paths. */
function renderSearchPaths(view: SearchPathsResultView): string {
  const items = view.paths.map((path) => `<li><code class="cardc-path">${escapeHtml(path)}</code></li>`);
  return section(
    'result',
    'search',
    [
      header('search', undefined, [`<span class="cardc-summary">${count(view.paths.length, 'path', 'paths')}</span>`]),
      truncationNote(view.truncated, view.paths.length, view.total, 'path', 'paths'),
      items.length === 0 ? '<p class="cardc-empty">No paths.</p>' : `<ul class="cardc-paths">${items.join('')}</ul>`,
    ],
    'paths',
  );
}

/**
 * "Truncated: showing 250 of 1,204 matches", when the page is capped, so a capped page never reads
 * as the complete result. Whether it is, and the numbers stated, is `capped`'s decision, which
 * every bridge shares.
 */
export function truncationNote(truncated: boolean, shown: number, total: number, one: string, many: string): string {
  const page = capped(shown, total, truncated);
  if (page === undefined) {
    return '';
  }
  return `<p class="cardc-truncated" role="note">Truncated: showing ${thousands(page.shown)} of ${escapeHtml(count(page.total, one, many))}.</p>`;
}
