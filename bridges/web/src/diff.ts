// Line diffs for the diff cards: a shortest edit script over lines (jsdiff's Myers diff,
// `diffArrays`), after trimming the common prefix and suffix, with a cap on the edit distance
// beyond which the changed middle is shown as removed-then-added (still correct, only not
// minimal).

import { diffArrays } from 'diff';

/** One line of a text: its characters and the line break that ended it. */
export interface Line {
  /** The line without its line break. */
  readonly text: string;
  /** `'\n'`, `'\r\n'`, or `''` for a last line without a line break. */
  readonly eol: '' | '\n' | '\r\n';
}

/**
 * Splits text into lines. `\n` and `\r\n` end a line (a lone `\r` is kept as a character). A
 * text ending in a line break has no empty line after it, and the empty text has no lines.
 */
export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) {
      lines.push({ text: text.slice(start), eol: '' });
      break;
    }
    const crlf = newline > start && text.charCodeAt(newline - 1) === 13;
    lines.push({ text: text.slice(start, crlf ? newline - 1 : newline), eol: crlf ? '\r\n' : '\n' });
    start = newline + 1;
  }
  return lines;
}

/** One edit of a script turning `a` into `b`: keep, delete from `a`, insert from `b`. */
export type Edit = 'equal' | 'delete' | 'insert';

/** The largest edit distance the search is run to; past it the middle is replaced whole. */
export const MAX_EDIT_DISTANCE = 2000;

/**
 * A shortest edit script turning `a` into `b` (when their distance, after the common prefix and
 * suffix, is at most `maxDistance`), each change run ordered deletions first.
 */
export function diffSequences(
  a: readonly string[],
  b: readonly string[],
  maxDistance: number = MAX_EDIT_DISTANCE,
): Edit[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) {
    prefix += 1;
  }
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  const middleA = a.slice(prefix, a.length - suffix);
  const middleB = b.slice(prefix, b.length - suffix);
  const middle = shortestEdits(middleA, middleB, maxDistance) ?? [
    ...middleA.map((): Edit => 'delete'),
    ...middleB.map((): Edit => 'insert'),
  ];
  const edits: Edit[] = [];
  for (let i = 0; i < prefix; i += 1) {
    edits.push('equal');
  }
  edits.push(...deletionsFirst(middle));
  for (let i = 0; i < suffix; i += 1) {
    edits.push('equal');
  }
  return edits;
}

/** A shortest edit script turning `a` into `b`, or `undefined` past `maxDistance` edits. */
function shortestEdits(a: string[], b: string[], maxDistance: number): Edit[] | undefined {
  // The search would give up anyway, after its most expensive run (a rewritten file costs it
  // about ten times what Myers' search with typed arrays did): skip it.
  if (distanceAtLeast(a, b) > maxDistance) {
    return undefined;
  }
  const changes = diffArrays(a, b, { maxEditLength: maxDistance });
  return changes?.flatMap((change) =>
    Array<Edit>(change.count).fill(change.removed ? 'delete' : change.added ? 'insert' : 'equal'),
  );
}

/**
 * A lower bound on the edit distance of `a` and `b`: every line of one that the other lacks
 * (counting repeats) must be deleted or inserted.
 */
function distanceAtLeast(a: readonly string[], b: readonly string[]): number {
  const unmatched = new Map<string, number>();
  for (const line of a) {
    unmatched.set(line, (unmatched.get(line) ?? 0) + 1);
  }
  let shared = 0;
  for (const line of b) {
    const left = unmatched.get(line) ?? 0;
    if (left > 0) {
      shared += 1;
      unmatched.set(line, left - 1);
    }
  }
  return a.length + b.length - 2 * shared;
}

/** Reorders each run of changes so its deletions come before its insertions. */
function deletionsFirst(edits: readonly Edit[]): Edit[] {
  const out: Edit[] = [];
  let deletes = 0;
  let inserts = 0;
  const flush = (): void => {
    for (; deletes > 0; deletes -= 1) {
      out.push('delete');
    }
    for (; inserts > 0; inserts -= 1) {
      out.push('insert');
    }
  };
  for (const edit of edits) {
    if (edit === 'delete') {
      deletes += 1;
    } else if (edit === 'insert') {
      inserts += 1;
    } else {
      flush();
      out.push(edit);
    }
  }
  flush();
  return out;
}

/** One row of a line diff, with 1-based line numbers. */
export type DiffLine =
  | { readonly kind: 'context'; readonly oldNumber: number; readonly newNumber: number; readonly line: Line }
  | { readonly kind: 'removed'; readonly oldNumber: number; readonly line: Line }
  | { readonly kind: 'added'; readonly newNumber: number; readonly line: Line };

/**
 * The line diff of two texts. Lines are equal when their text and their line break are: a line
 * whose ending changed from CRLF to LF is removed and added.
 */
export function diffLines(oldText: string, newText: string): DiffLine[] {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  const key = (line: Line): string => line.text + line.eol;
  const edits = diffSequences(oldLines.map(key), newLines.map(key));
  const rows: DiffLine[] = [];
  let i = 0;
  let j = 0;
  for (const edit of edits) {
    const oldLine = oldLines[i];
    const newLine = newLines[j];
    if (edit === 'equal' && oldLine !== undefined && newLine !== undefined) {
      rows.push({ kind: 'context', oldNumber: i + 1, newNumber: j + 1, line: newLine });
      i += 1;
      j += 1;
    } else if (edit === 'delete' && oldLine !== undefined) {
      rows.push({ kind: 'removed', oldNumber: i + 1, line: oldLine });
      i += 1;
    } else if (edit === 'insert' && newLine !== undefined) {
      rows.push({ kind: 'added', newNumber: j + 1, line: newLine });
      j += 1;
    } else {
      throw new Error(`a ${edit} past the end of the lines`);
    }
  }
  return rows;
}

/** A run of unchanged lines left out of a diff, between the context kept around changes. */
export interface Fold {
  readonly kind: 'fold';
  /** How many lines are left out. */
  readonly count: number;
}

/**
 * Keeps `context` unchanged lines around every change and folds each longer unchanged run into
 * one `Fold` (never a fold of a single line: that line is shown instead).
 */
export function foldContext(rows: readonly DiffLine[], context = 3): (DiffLine | Fold)[] {
  const out: (DiffLine | Fold)[] = [];
  let run: DiffLine[] = [];
  let seenChange = false;
  const flush = (atEnd: boolean): void => {
    const keepBefore = seenChange ? context : 0;
    const keepAfter = atEnd ? 0 : context;
    if (run.length > keepBefore + keepAfter + 1) {
      out.push(...run.slice(0, keepBefore));
      out.push({ kind: 'fold', count: run.length - keepBefore - keepAfter });
      out.push(...run.slice(run.length - keepAfter));
    } else {
      out.push(...run);
    }
    run = [];
  };
  for (const row of rows) {
    if (row.kind === 'context') {
      run.push(row);
    } else {
      flush(false);
      seenChange = true;
      out.push(row);
    }
  }
  flush(true);
  return out;
}
