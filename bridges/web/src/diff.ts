// Line diffs for the diff cards: Myers' O(ND) algorithm over lines, after trimming the common
// prefix and suffix, with a cap on the edit distance beyond which the changed middle is shown as
// removed-then-added (still correct, only not minimal). No runtime dependency.

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

/** The largest edit distance Myers' search is run to; past it the middle is replaced whole. */
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
  const middle = myers(middleA, middleB, maxDistance) ?? [
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

/**
 * Myers' greedy forward search, keeping for each distance `d` the furthest-reaching x of every
 * diagonal `k` in `-d - 1..=d + 1`, then walking back through them. `null` past `maxDistance`.
 */
function myers(a: readonly string[], b: readonly string[], maxDistance: number): Edit[] | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  // v[k + offset] is the furthest x reached on diagonal k (y = x - k).
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d += 1) {
    if (d > maxDistance) {
      return null;
    }
    // Before step d: the values step d reads, for k in -d - 1..=d + 1.
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && at(v, offset + k - 1) < at(v, offset + k + 1));
      let x = down ? at(v, offset + k + 1) : at(v, offset + k - 1) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        return backtrack(trace, n, m);
      }
    }
  }
  return null;
}

/** Walks the saved frontiers back from (n, m) to (0, 0), collecting the edits in order. */
function backtrack(trace: readonly Int32Array[], n: number, m: number): Edit[] {
  const reversed: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const frontier = trace[d];
    if (frontier === undefined) {
      break;
    }
    // frontier[k + d + 1] holds diagonal k.
    const base = d + 1;
    const k = x - y;
    const down = k === -d || (k !== d && at(frontier, base + k - 1) < at(frontier, base + k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(frontier, base + previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      reversed.push('equal');
      x -= 1;
      y -= 1;
    }
    if (d > 0) {
      reversed.push(down ? 'insert' : 'delete');
    }
    x = previousX;
    y = previousY;
  }
  return reversed.reverse();
}

function at(array: Int32Array, index: number): number {
  return array[index] ?? 0;
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
