// Unit tests of the web renderer, run by node's test runner on tsc's output:
//   node --test target/web/bridges/web/tests/unit.test.js
// (tests/conformance/tests/web.rs compiles and runs them).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import type { ToolCallView, ToolResultView } from '../../../generated/render_intent.js';
import { SEARCH_RESULT_VIEW_TAGS, TOOL_CALL_VIEW_TAGS, TOOL_RESULT_VIEW_TAGS } from '../../../generated/render_intent.js';
import { type Edit, type Line, diffLines, diffSequences, foldContext, splitLines } from '../src/diff.js';
import { attr, escapeHtml, pre } from '../src/html.js';
import { renderCallView, renderResultView, truncationNote } from '../src/render.js';
import { capped, count, thousands } from '../src/rules.js';

// Escaping.

test('escapeHtml escapes the five HTML specials and nothing else', () => {
  assert.equal(
    escapeHtml(`<script>alert("x")</script> & 'y'`),
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
  );
  assert.equal(escapeHtml('&amp;'), '&amp;amp;');
  assert.equal(escapeHtml('\t  tabs\nand ünïcode 😀 \u2028'), '\t  tabs\nand ünïcode 😀 \u2028');
  // Carriage returns as the HTML parser reads them: CRLF and a lone CR are a line feed.
  assert.equal(escapeHtml('a\r\nb\rc\r\r\n'), 'a\nb\nc\n\n');
  assert.equal(escapeHtml(''), '');
});

test('escapeHtml shows control characters instead of dropping them', () => {
  assert.equal(escapeHtml('nul\u0000 bell\u0007 esc\u001b[1m del\u007f csi\u009b'), 'nul␀ bell␇ esc␛[1m del␡ csi&lt;U+009B&gt;');
  assert.equal(escapeHtml('\u000b\u000c'), '␋␌');
});

test('attr quotes and escapes a value', () => {
  assert.equal(attr('data-path', `a" onmouseover="x`), ' data-path="a&quot; onmouseover=&quot;x"');
});

test('pre keeps a leading newline the HTML parser would drop', () => {
  assert.equal(pre('c', '\n  x\t<y>'), '<pre class="c">\n\n  x\t&lt;y&gt;</pre>');
});

/** Every view below with each string field set to a marker that would be markup if unescaped. */
function hostileViews(h: (field: string) => string): { calls: ToolCallView[]; results: ToolResultView[] } {
  const diff = { path: h('path'), oldText: `${h('old')}\n`, newText: `${h('new')}\n` };
  const content = [
    { type: 'text' as const, text: h('text') },
    { type: 'image' as const, data: h('data'), mimeType: h('mime') },
  ];
  return {
    calls: [
      {
        card: 'generic',
        title: h('title'),
        kind: 'read',
        rawInput: { [h('key')]: h('value') },
        content,
        locations: [{ path: h('location'), line: 1 }],
      },
      { card: 'terminal', title: h('command'), description: h('description'), cwd: h('cwd') },
      { card: 'diff', title: h('diff-title'), diffs: [diff], locations: [{ path: h('diff-location') }] },
    ],
    results: [
      { card: 'generic', title: h('result-title'), content },
      { card: 'terminal', title: h('terminal-title'), output: h('output'), exitCode: 1, signal: h('signal') },
      { card: 'diff', title: h('diff-result-title'), diffs: [diff] },
      {
        card: 'search',
        kind: 'matches',
        files: [{ path: h('file'), matches: [{ lineNumber: 3, line: h('line') }] }],
        truncated: true,
        total: 9,
      },
      { card: 'search', kind: 'paths', paths: [h('glob')], truncated: false, total: 1 },
    ],
  };
}

test('every text field of every card is escaped', () => {
  const marker = (field: string): string => `<i a="${field}" b='&'>`;
  const { calls, results } = hostileViews(marker);
  const html = [...calls.map(renderCallView), ...results.map(renderResultView)].join('\n');
  // Fields shown as text: their escaped form is there, their raw form nowhere.
  const shown = ['title', 'text', 'location', 'command', 'description', 'cwd', 'diff-title', 'path', 'old', 'new'];
  shown.push('diff-location', 'result-title', 'terminal-title', 'output', 'signal', 'diff-result-title', 'file', 'line', 'glob');
  for (const field of shown) {
    assert.ok(html.includes(escapeHtml(marker(field))), `${field} is shown escaped`);
  }
  assert.doesNotMatch(html, /<i /, 'no marker is markup');
  // Raw input is shown as JSON text, escaped.
  assert.ok(html.includes(escapeHtml(JSON.stringify({ [marker('key')]: marker('value') }, null, 2))));
});

test('no payload text becomes markup, whatever it holds', () => {
  const markers = ['</pre><script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'><svg onload=alert(1)>", '&lt;'];
  for (const text of markers) {
    const { calls, results } = hostileViews(() => text);
    for (const html of [...calls.map(renderCallView), ...results.map(renderResultView)]) {
      assert.doesNotMatch(html, /<(script|img|svg)\b/, html);
      // Escaped text holds no `<` and no `"`, so every tag is the renderer's own, and without
      // its quoted values it holds only attribute names: none is an event handler.
      for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
        assert.doesNotMatch(tag.replace(/"[^"]*"/g, '""'), /\son\w*=/i, tag);
      }
    }
  }
});

test('an image shows only for a raster type with base64 data', () => {
  const image = (data: string, mimeType: string): string =>
    renderResultView({ card: 'generic', content: [{ type: 'image', data, mimeType }] });
  assert.match(image('iVBORw0KGgo=', 'image/png'), /<img class="cardc-image" alt="image \(image\/png\)" src="data:image\/png;base64,iVBORw0KGgo=">/);
  assert.match(image('iVBORw0KGgo', ' IMAGE/PNG '), /src="data:image\/png;base64,iVBORw0KGgo"/);
  assert.match(image('iVBO\nRw0K', 'image/webp'), /src="data:image\/webp;base64,iVBORw0K"/);
  for (const mime of ['image/svg+xml', 'text/html', 'application/octet-stream', '', 'image/png;x=<y>']) {
    const html = image('iVBORw0KGgo=', mime);
    assert.doesNotMatch(html, /<img/, mime);
    assert.match(html, /Image not shown: .* is not an image type this page displays\./);
  }
  for (const data of ['', 'a"b', 'abcde', 'iVBO<Rw0K', 'a=b=']) {
    assert.match(image(data, 'image/png'), /<p class="cardc-withheld">Image not shown: its data is not base64\.<\/p>/, data);
  }
});

// Every card.

test('every tag of both unions renders as its own card', () => {
  const calls: Record<(typeof TOOL_CALL_VIEW_TAGS)[number], ToolCallView> = {
    generic: { card: 'generic', title: 'Read' },
    terminal: { card: 'terminal', title: 'ls' },
    diff: { card: 'diff', title: 'Edit', diffs: [] },
  };
  for (const tag of TOOL_CALL_VIEW_TAGS) {
    assert.match(renderCallView(calls[tag]), new RegExp(`^<section class="cardc-card cardc-${tag}" data-card="${tag}" data-side="call">`));
  }
  const results: Record<Exclude<(typeof TOOL_RESULT_VIEW_TAGS)[number], 'search'>, ToolResultView> = {
    generic: { card: 'generic' },
    terminal: { card: 'terminal' },
    diff: { card: 'diff', diffs: [] },
  };
  for (const tag of TOOL_RESULT_VIEW_TAGS) {
    if (tag === 'search') {
      continue;
    }
    assert.match(renderResultView(results[tag]), new RegExp(`^<section class="cardc-card cardc-${tag}" data-card="${tag}" data-side="result">`));
  }
  const searches: Record<(typeof SEARCH_RESULT_VIEW_TAGS)[number], ToolResultView> = {
    matches: { card: 'search', kind: 'matches', files: [], truncated: false, total: 0 },
    paths: { card: 'search', kind: 'paths', paths: [], truncated: false, total: 0 },
  };
  for (const kind of SEARCH_RESULT_VIEW_TAGS) {
    assert.match(renderResultView(searches[kind]), new RegExp(`^<section class="cardc-card cardc-search" data-card="search" data-kind="${kind}" data-side="result">`));
  }
});

test('terminal output keeps every space, tab and newline in a <pre>', () => {
  const output = '\n  two spaces\n\ttab\n\n    four\t\tand tabs  \n';
  const html = renderResultView({ card: 'terminal', output, exitCode: 0 });
  assert.ok(html.includes(`<pre class="cardc-output">\n${output}</pre>`), html);
  assert.match(html, /<span class="cardc-status cardc-ok">exit code 0<\/span>/);
});

test('the exit status in words', () => {
  const status = (view: Omit<Extract<ToolResultView, { card: 'terminal' }>, 'card'>): string =>
    /<span class="cardc-status ([^"]*)">([^<]*)<\/span>/.exec(renderResultView({ card: 'terminal', ...view }))?.slice(1).join(' ') ?? '';
  assert.equal(status({ exitCode: 0 }), 'cardc-ok exit code 0');
  assert.equal(status({ exitCode: 2 }), 'cardc-failed exit code 2');
  assert.equal(status({ exitCode: -1 }), 'cardc-failed exit code -1');
  assert.equal(status({ signal: 'SIGKILL' }), 'cardc-failed killed by SIGKILL');
  assert.equal(status({ signal: 'SIGKILL', exitCode: 137 }), 'cardc-failed killed by SIGKILL (exit code 137)');
  assert.equal(status({}), 'cardc-unknown exit status unknown');
  assert.match(renderResultView({ card: 'terminal' }), /No output\./);
  assert.match(renderResultView({ card: 'terminal', output: '' }), /No output\./);
});

// The truncation note.

test('thousands puts a comma between every three digits, and count picks the noun', () => {
  const cases: [number, string][] = [
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [1204, '1,204'],
    [12345, '12,345'],
    [999999, '999,999'],
    [1234567, '1,234,567'],
    [4294967295, '4,294,967,295'],
  ];
  for (const [n, text] of cases) {
    assert.equal(thousands(n), text, String(n));
  }
  assert.equal(count(1, 'match', 'matches'), '1 match');
  assert.equal(count(0, 'match', 'matches'), '0 matches');
  assert.equal(count(1204, 'match', 'matches'), '1,204 matches');
});

test('a page is capped when the card says so or counts more, never stating a total below what it shows', () => {
  assert.equal(capped(3, 3, false), undefined);
  assert.deepEqual(capped(250, 1204, true), { shown: 250, total: 1204 });
  assert.deepEqual(capped(250, 1204, false), { shown: 250, total: 1204 });
  assert.deepEqual(capped(3, 3, true), { shown: 3, total: 3 });
  assert.equal(capped(3, 1, false), undefined);
  assert.deepEqual(capped(3, 1, true), { shown: 3, total: 3 });
});

test('the truncation note says "showing 250 of 1,204"', () => {
  assert.equal(
    truncationNote(true, 250, 1204, 'match', 'matches'),
    '<p class="cardc-truncated" role="note">Truncated: showing 250 of 1,204 matches.</p>',
  );
  assert.equal(truncationNote(false, 250, 250, 'match', 'matches'), '');
  assert.equal(
    truncationNote(false, 250, 1204, 'match', 'matches'),
    '<p class="cardc-truncated" role="note">Truncated: showing 250 of 1,204 matches.</p>',
  );
  assert.equal(
    truncationNote(true, 0, 1, 'path', 'paths'),
    '<p class="cardc-truncated" role="note">Truncated: showing 0 of 1 path.</p>',
  );
  const files = [
    { path: 'a.rs', matches: Array.from({ length: 200 }, (_, i) => ({ lineNumber: i + 1, line: 'x' })) },
    { path: 'b.rs', matches: Array.from({ length: 50 }, (_, i) => ({ lineNumber: i + 1, line: 'y' })) },
  ];
  const capped = renderResultView({ card: 'search', kind: 'matches', files, truncated: true, total: 1204 });
  assert.ok(capped.includes('Truncated: showing 250 of 1,204 matches.'), capped);
  assert.ok(capped.includes('250 matches in 2 files'));
  assert.match(capped, /<details class="cardc-file" data-path="a.rs"><summary>/);
  const complete = renderResultView({ card: 'search', kind: 'matches', files, truncated: false, total: 250 });
  assert.doesNotMatch(complete, /Truncated/);
  const paths = renderResultView({ card: 'search', kind: 'paths', paths: ['a', 'b'], truncated: true, total: 2345 });
  assert.ok(paths.includes('Truncated: showing 2 of 2,345 paths.'), paths);
});

// The diff.

const line = (text: string, eol: Line['eol']): Line => ({ text, eol });

test('splitLines: LF and CRLF end lines, a lone CR does not, no empty line after the last break', () => {
  assert.deepEqual(splitLines(''), []);
  assert.deepEqual(splitLines('a'), [line('a', '')]);
  assert.deepEqual(splitLines('a\n'), [line('a', '\n')]);
  assert.deepEqual(splitLines('\n'), [line('', '\n')]);
  assert.deepEqual(splitLines('\n\n'), [line('', '\n'), line('', '\n')]);
  assert.deepEqual(splitLines('a\r\nb\nc'), [line('a', '\r\n'), line('b', '\n'), line('c', '')]);
  assert.deepEqual(splitLines('\r\n'), [line('', '\r\n')]);
  assert.deepEqual(splitLines('a\rb\r'), [line('a\rb\r', '')]);
});

/** The diff as `-x`, `+y` and ` z` strings, line breaks shown. */
function compact(oldText: string, newText: string): string[] {
  const show = (l: Line): string => l.text + { '': '', '\n': '⏎', '\r\n': '␍⏎' }[l.eol];
  return diffLines(oldText, newText).map((row) => {
    switch (row.kind) {
      case 'context':
        return ` ${show(row.line)}`;
      case 'removed':
        return `-${show(row.line)}`;
      case 'added':
        return `+${show(row.line)}`;
    }
  });
}

test('diff: empty old text (a new file) is every line added', () => {
  assert.deepEqual(compact('', 'a\nb\n'), ['+a⏎', '+b⏎']);
  assert.deepEqual(
    diffLines('', 'a\nb').map((row) => (row.kind === 'added' ? row.newNumber : 0)),
    [1, 2],
  );
});

test('diff: empty new text is every line removed', () => {
  assert.deepEqual(compact('a\nb\n', ''), ['-a⏎', '-b⏎']);
});

test('diff: both empty is no rows', () => {
  assert.deepEqual(diffLines('', ''), []);
});

test('diff: identical texts are all context, numbered on both sides', () => {
  assert.deepEqual(compact('a\nb\nc', 'a\nb\nc'), [' a⏎', ' b⏎', ' c']);
  assert.deepEqual(
    diffLines('a\nb\n', 'a\nb\n').map((row) => (row.kind === 'context' ? [row.oldNumber, row.newNumber] : [])),
    [
      [1, 1],
      [2, 2],
    ],
  );
  const html = renderCallView({ card: 'diff', title: 'Same', diffs: [{ path: 'x', oldText: 'a\nb\n', newText: 'a\nb\n' }] });
  assert.match(html, /No changes \(2 lines unchanged\)\./);
  assert.match(html, /\+0<\/span> <span class="cardc-stat-removed">\u22120<\/span>/);
});

test('diff: CRLF lines compare with their line breaks', () => {
  assert.deepEqual(compact('a\r\nb\r\nc\r\n', 'a\r\nB\r\nc\r\n'), [' a␍⏎', '-b␍⏎', '+B␍⏎', ' c␍⏎']);
  // Only the line endings changed: every line is removed and added again...
  assert.deepEqual(compact('a\r\nb\r\n', 'a\nb\n'), ['-a␍⏎', '-b␍⏎', '+a⏎', '+b⏎']);
  // ...and the card says which ending each changed line has, since the text alone cannot.
  const html = renderCallView({ card: 'diff', title: 'CRLF to LF', diffs: [{ path: 'x', oldText: 'a\r\n', newText: 'a\n' }] });
  assert.match(html, /cardc-del.*a<span class="cardc-eol">CRLF<\/span>/);
  assert.match(html, /cardc-add.*a<span class="cardc-eol">LF<\/span>/);
  // A real edit in a CRLF file shows no ending markers.
  const edit = renderCallView({ card: 'diff', title: 'Edit', diffs: [{ path: 'x', oldText: 'a\r\n', newText: 'b\r\n' }] });
  assert.doesNotMatch(edit, /cardc-eol/);
});

test('diff: a missing final line break is a change, and is shown', () => {
  assert.deepEqual(compact('a\nb', 'a\nb\n'), [' a⏎', '-b', '+b⏎']);
  const html = renderCallView({ card: 'diff', title: 'EOL', diffs: [{ path: 'x', oldText: 'b', newText: 'b\n' }] });
  assert.match(html, /b<span class="cardc-eol">no newline at end of file<\/span>/);
});

test('diff: a new file is marked, its lines added', () => {
  const html = renderCallView({ card: 'diff', title: 'Write', diffs: [{ path: 'n.rs', oldText: null, newText: 'fn main() {}\n' }] });
  assert.match(html, /<span class="cardc-path">n\.rs<\/span> <span class="cardc-badge">new file<\/span>/);
  assert.match(html, /<tr class="cardc-line cardc-add"><td class="cardc-ln"><\/td><td class="cardc-ln">1<\/td><td class="cardc-sign">\+<\/td><td class="cardc-code">fn main\(\) \{\}<\/td><\/tr>/);
});

/** A small seeded generator (mulberry32), so the random cases are the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The length of the longest common subsequence, by dynamic programming. */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    for (let j = 0; j < b.length; j += 1) {
      row.push(x === b[j] ? (previous[j] ?? 0) + 1 : Math.max(previous[j + 1] ?? 0, row[j] ?? 0));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** Applies an edit script, checking it turns `a` into `b`. */
function applies(edits: readonly Edit[], a: readonly string[], b: readonly string[]): boolean {
  const fromA: string[] = [];
  const toB: string[] = [];
  let i = 0;
  let j = 0;
  for (const edit of edits) {
    if (edit === 'equal') {
      if (a[i] !== b[j]) {
        return false;
      }
      fromA.push(a[i] ?? '');
      toB.push(b[j] ?? '');
      i += 1;
      j += 1;
    } else if (edit === 'delete') {
      fromA.push(a[i] ?? '');
      i += 1;
    } else {
      toB.push(b[j] ?? '');
      j += 1;
    }
  }
  return i === a.length && j === b.length && fromA.join('\u0000') === a.join('\u0000') && toB.join('\u0000') === b.join('\u0000');
}

test('diffSequences is a shortest edit script (against LCS by dynamic programming), deletions first', () => {
  const next = random(0xcad5);
  for (let round = 0; round < 2000; round += 1) {
    const sequence = (): string[] => Array.from({ length: Math.floor(next() * 12) }, () => 'abc'[Math.floor(next() * 3)] ?? 'a');
    const a = sequence();
    const b = sequence();
    const edits = diffSequences(a, b);
    const label = `${a.join('')} -> ${b.join('')}: ${edits.join(' ')}`;
    assert.ok(applies(edits, a, b), label);
    const equal = edits.filter((edit) => edit === 'equal').length;
    assert.equal(equal, lcsLength(a, b), label);
    assert.doesNotMatch(edits.join(' '), /insert delete/, label);
  }
});

test('the cap falls back exactly when the edit distance exceeds it', () => {
  const next = random(0x5eed);
  for (let round = 0; round < 2000; round += 1) {
    const sequence = (): string[] => Array.from({ length: Math.floor(next() * 10) }, () => 'abcd'[Math.floor(next() * 4)] ?? 'a');
    const a = sequence();
    const b = sequence();
    const cap = Math.floor(next() * 8);
    const edits = diffSequences(a, b, cap);
    const label = `${a.join('')} -> ${b.join('')} (cap ${cap}): ${edits.join(' ')}`;
    assert.ok(applies(edits, a, b), label);
    const distance = a.length + b.length - 2 * lcsLength(a, b);
    const equal = edits.filter((edit) => edit === 'equal').length;
    if (distance <= cap) {
      assert.equal(equal, lcsLength(a, b), label);
    } else {
      // The common prefix and suffix stay; the middle is all removed, then all added.
      assert.match(`${edits.join(' ')} `, /^(equal )*(delete )*(insert )*(equal )*$/, label);
    }
  }
});

test('past the edit-distance cap the middle is replaced whole, still a valid script', () => {
  const a = ['keep', 'x1', 'x2', 'x3', 'end'];
  const b = ['keep', 'y1', 'x2', 'y3', 'end'];
  const edits = diffSequences(a, b, 1);
  assert.ok(applies(edits, a, b));
  assert.deepEqual(edits, ['equal', 'delete', 'delete', 'delete', 'insert', 'insert', 'insert', 'equal']);
  assert.deepEqual(diffSequences(a, b), ['equal', 'delete', 'insert', 'equal', 'delete', 'insert', 'equal']);
});

test('large inputs stay fast: one change in 20,000 lines, and 3,000 lines all different', () => {
  const big = Array.from({ length: 20000 }, (_, i) => `line ${i}`);
  const changed = [...big];
  changed[10000] = 'changed';
  const started = Date.now();
  const edits = diffSequences(big, changed);
  assert.equal(edits.filter((edit) => edit !== 'equal').length, 2);
  const different = Array.from({ length: 3000 }, (_, i) => `other ${i}`);
  const replaced = diffSequences(big.slice(0, 3000), different);
  assert.ok(applies(replaced, big.slice(0, 3000), different));
  assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
});

test('foldContext keeps three lines around changes and folds longer unchanged runs', () => {
  const oldText = Array.from({ length: 20 }, (_, i) => `${i + 1}\n`).join('');
  const newText = oldText.replace('10\n', 'ten\n');
  const shape = foldContext(diffLines(oldText, newText)).map((row) =>
    row.kind === 'fold' ? `fold ${row.count}` : row.kind === 'context' ? String(row.newNumber) : `${row.kind} ${row.line.text}`,
  );
  assert.deepEqual(shape, ['fold 6', '7', '8', '9', 'removed 10', 'added ten', '11', '12', '13', 'fold 7']);
  // A run that would fold to one line is shown instead; a run between changes keeps both sides.
  const near = foldContext(diffLines('a\n1\n2\n3\n4\n5\n6\n7\nb\n', 'A\n1\n2\n3\n4\n5\n6\n7\nB\n'));
  assert.equal(near.filter((row) => row.kind === 'fold').length, 0);
  const far = foldContext(diffLines('a\n1\n2\n3\n4\n5\n6\n7\n8\nb\n', 'A\n1\n2\n3\n4\n5\n6\n7\n8\nB\n'));
  assert.deepEqual(far.flatMap((row) => (row.kind === 'fold' ? [row.count] : [])), [2]);
});
