// The demo page's sample cards, and the facts the browser test checks them against. Pure data
// (the imports are types only), so node can load the compiled module too.

import type { SearchFileMatches, ToolCallView, ToolResultView } from '../../../generated/render_intent.js';

/** One card on the page. */
export type Sample = { readonly id: string; readonly label: string } & (
  | { readonly side: 'call'; readonly view: ToolCallView }
  | { readonly side: 'result'; readonly view: ToolResultView }
);

/** Text that would run script, or break out of an attribute, if it were not escaped. */
export const HOSTILE_TITLE = `<script>alert(1)</script> Tom & Jerry's "quoted" title`;
export const HOSTILE_TEXT = `<img src=x onerror="window.__pwned = true"> & <b>not bold</b> &amp; stays literal`;
export const HOSTILE_PATH = `src/" onmouseover="window.__pwned = true" x=".rs`;
export const HOSTILE_LINE = `let s = "</code><script>window.__pwned = true</script>";`;

/** Terminal output with leading spaces, tabs and a blank line, which must survive as they are. */
export const TERMINAL_OUTPUT = [
  '   Compiling cardc v0.1.0 (/work/cardc)',
  '    Finished `test` profile [unoptimized + debuginfo] target(s) in 4.21s',
  '     Running tests/web.rs',
  '',
  'running 3 tests',
  '\tname\tstatus\ttime',
  '\tescape\tok\t  1 ms',
  '\tdiff\tok\t 12 ms',
  '        indented by eight spaces',
  '',
  'test result: ok. 3 passed; 0 failed',
  '',
].join('\n');

/** The search card's cap: 250 matches shown of 1,204 found. */
export const SEARCH_SHOWN = 250;
export const SEARCH_TOTAL = 1204;

const OLD_LIB = [
  'use std::io;',
  '',
  '/// Reads the configuration.',
  'pub fn load(path: &str) -> io::Result<String> {',
  '    std::fs::read_to_string(path)',
  '}',
  '',
  'pub fn answer() -> u32 {',
  '    41',
  '}',
  '',
  'pub fn name() -> &\'static str {',
  '    "cardc"',
  '}',
  '',
  'pub fn version() -> &\'static str {',
  '    "0.1.0"',
  '}',
  '',
].join('\n');

const NEW_LIB = OLD_LIB.replace('    41\n', '    // The answer, at last.\n    42\n').replace('"0.1.0"', '"0.2.0"');

/** 250 matches over 12 files, the first with a path and a line that must stay text. */
function searchFiles(): SearchFileMatches[] {
  const counts = [3, 40, 25, 31, 12, 9, 30, 20, 18, 22, 25, 15];
  return counts.map((count, file) => ({
    path: file === 0 ? HOSTILE_PATH : `src/module_${file}/mod.rs`,
    matches: Array.from({ length: count }, (_, i) => ({
      lineNumber: 10 + i * 7,
      line: file === 0 && i === 0 ? HOSTILE_LINE : `\tlet total_${i} = cards.iter().filter(|c| c.is_valid()).count();`,
    })),
  }));
}

/** A 24x24 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAADkUlEQVR42o3TIcusaBiH8fNxTrRajVar0WqVJ4hYZDAIg0EYiwyGAZkwoEXEIIhcCFpELGJ9qt/grPCy7Am7Z9/rA/zCzf/+8VOgCFSBJtAFhsAUWAJb4Ag8wU1wFzwET0EhKAWNoBdMglVwCKTgFPz46aK4qC6ai+5iuJgulovt4rh4LjeXu8vD5elSuJQujUvvMrmsLoeLdDndC/JRfFQfzUf3MXxMH8vH9nF8PJ+bz93n4fP0KXxKn8an95l8Vp/DR/qc/gUFKAFqgBagBxgBZoAVYAc4AV7ALeAe8Ah4BhQBZUAT0AdMAWvAESADzuCCQpQQNUQL0UOMEDPECrFDnBAv5BZyD3mEPEOKkDKkCelDppA15AiRIWd4QRFKhBqhRegRRoQZYUXYEU6EF3GLuEc8Ip4RRUQZ0UT0EVPEGnFEyIgzuqAYJUaN0WL0GCPGjLFi7Bgnxov59XfPmCKmjGli+pgpZo05YmTMGV9QgpKgJmgJeoKRYCZYCXbyD/F7ZUKT0CdMCWvCkSATzuSCUpQUNUVL0VOMFDPFSv9d+apJ6VOmlDXlSJEpZ3pBGUqGmqFl6BlGhpn9Sfmqz5gy1owjQ2ac2QXlKDlqjpaj5xg5Zv4NKGfKWXOOHJlz5hf0QnmhvtBe6C+M1/8rX00v1hfHC/nifF3QG+WN+kZ7o78x3t+G3qxvjjfyzfm+oA/KB/WD9kH/YHy+DX1YPxwf5Ifzc0EVSoVaoVXoFUaFWX3jRhVTxVpxVMiKs7qgGqVGrdFq9Bqjxqy/AdVMNWvNUSNrzvqCWpQWtUVr0VuMFrPFav+4o5a+ZWpZW44W2XK2F9ShdKgdWofeYXSYHVaH3f3Hsjuajr5j6lg7jg7ZcXYXNKAMqAPagD5gDJgD1oA94Ax4w2+/NlAMlAPNQD8wDawDx4AcOIcLGlFG1BFtRB8xRswRa8QecUa8kdvIfeQx8hwpRsqRZqQfmUbWkWNEjpzjBc0oM+qMNqPPGDPmjDVjzzgz3sxt5j7zmHnOFDPlTDPTz0wz68wxI2fO+YIWlAV1QVvQF4wFc8FasBecBW/htnBfeCw8F4qFcqFZ6BemhXXhWJAL53JBG8qGuqFt6BvGhrlhbdgbzoa3cdu4bzw2nhvFRrnRbPQb08a6cWzIjXO7oB1lR93RdvQdY8fcsXbsHWfH27nt3HceO8+dYqfcaXb6nWln3Tl25M658xfP1u+Yn7gTXAAAAABJRU5ErkJggg==';

export const SAMPLES: readonly Sample[] = [
  {
    id: 'diff',
    label: 'Edit call: an inline diff',
    side: 'call',
    view: {
      card: 'diff',
      title: 'Edit src/lib.rs',
      diffs: [{ path: 'src/lib.rs', oldText: OLD_LIB, newText: NEW_LIB }],
      locations: [{ path: 'src/lib.rs', line: 9 }],
    },
  },
  {
    id: 'search',
    label: 'Grep result, capped by the inline limit',
    side: 'result',
    view: {
      card: 'search',
      kind: 'matches',
      files: searchFiles(),
      truncated: true,
      total: SEARCH_TOTAL,
    },
  },
  {
    id: 'terminal-call',
    label: 'Terminal call',
    side: 'call',
    view: { card: 'terminal', title: 'cargo test --workspace', description: 'Run every test', cwd: '/work/cardc' },
  },
  {
    id: 'terminal',
    label: 'Terminal result: whitespace kept',
    side: 'result',
    view: { card: 'terminal', title: 'cargo test', output: TERMINAL_OUTPUT, exitCode: 0 },
  },
  {
    id: 'terminal-failed',
    label: 'Terminal result: killed',
    side: 'result',
    view: { card: 'terminal', output: 'waiting for lock...\n', signal: 'SIGTERM' },
  },
  {
    id: 'hostile',
    label: 'Generic call with hostile text',
    side: 'call',
    view: {
      card: 'generic',
      title: HOSTILE_TITLE,
      kind: 'read',
      content: [{ type: 'text', text: HOSTILE_TEXT }],
      rawInput: { path: HOSTILE_PATH, pattern: '</pre><script>window.__pwned = true</script>' },
      locations: [{ path: HOSTILE_PATH, line: 3 }],
    },
  },
  {
    id: 'images',
    label: 'Generic result: an image, and one withheld',
    side: 'result',
    view: {
      card: 'generic',
      title: 'Screenshot',
      content: [
        { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        { type: 'image', data: 'PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', mimeType: 'text/html' },
        { type: 'text', text: 'The first image is shown; the second claims to be HTML and is not.' },
      ],
    },
  },
  {
    id: 'new-file',
    label: 'Diff result: a new file',
    side: 'result',
    view: {
      card: 'diff',
      title: 'Write README.md',
      diffs: [{ path: 'README.md', oldText: null, newText: '# cardc\n\nClosed tagged unions.\n' }],
    },
  },
  {
    id: 'paths',
    label: 'Glob result',
    side: 'result',
    view: {
      card: 'search',
      kind: 'paths',
      paths: ['bridges/web/src/render.ts', 'bridges/web/src/diff.ts', 'bridges/web/src/html.ts'],
      truncated: false,
      total: 3,
    },
  },
];
