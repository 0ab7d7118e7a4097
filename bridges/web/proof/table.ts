// The table card, rendered: what the closed-union proof adds to the renderer once the schema in
// tests/ui/schemas/render_intent_with_table.cards has a `table` card in both unions. It is not
// part of the renderer (today's schema has no table card, so it would not compile); the proof
// copies it to src/table.ts beside the unchanged renderer, adds `table: renderTableCall` and
// `table: renderTableResult` to the two handlers objects in src/render.ts, and tsc passes.

import type { TableCallView, TableResultView } from '../../../generated/render_intent.js';
import { header, section } from './card.js';
import { escapeHtml } from './html.js';

export function renderTableCall(view: TableCallView): string {
  return section('call', 'table', [header('table', view.title), table(view.columns, [])]);
}

export function renderTableResult(view: TableResultView): string {
  return section('result', 'table', [header('table', undefined), table(view.columns, view.rows)]);
}

function table(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`);
  return `<table class="cardc-table"><thead><tr>${head}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}
