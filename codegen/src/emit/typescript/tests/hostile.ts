// Compiled with rich.ts and render_intent.ts (both freshly emitted) for tsc's default target,
// then run with node. Each expectation that fails is collected; the run prints them all and
// exits 1, so one run shows every broken promise of the guards.

import {
  isArray,
  isCircle,
  isError,
  isProto,
  isRecord,
  isShape,
  isTree,
  parseCircle,
  parseMatches,
  parseProto,
  parseShape,
  parseTree,
} from './rich';
import {
  isToolCallView,
  isToolResultView,
  isSearchResultView,
  parseFileDiff,
  parseSearchPathsResultView,
  parseSearchResultView,
  parseToolCallView,
  parseToolResultView,
} from './render_intent';

// Node's globals, declared here rather than through @types/node, which the workspace does not
// install.
declare const console: { log(text: string): void; error(text: string): void };
declare const process: { exit(code: number): never };

const failures: string[] = [];

/** Records a failure unless `actual` and `expected` have the same JSON. */
function same(name: string, actual: unknown, expected: unknown): void {
  const got = JSON.stringify(actual);
  const want = JSON.stringify(expected);
  if (got !== want) {
    failures.push(`${name}:\n  got  ${got}\n  want ${want}`);
  }
}

/** The errors `parse` reports, or `[]` for a value it accepts. */
function errorsOf(result: { ok: true } | { ok: false; errors: { pointer: string; message: string }[] }): { pointer: string; message: string }[] {
  return result.ok ? [] : result.errors;
}

/** One error, as `parse` reports it. */
function error(pointer: string, message: string): { pointer: string; message: string } {
  return { pointer, message };
}

/** An array nested `levels` deep around `inner`. */
function nested(levels: number, inner: unknown): unknown {
  let value = inner;
  for (let i = 0; i < levels; i += 1) {
    value = [value];
  }
  return value;
}

const diff = { card: 'diff', title: 't', diffs: [{ path: 'a', oldText: null, newText: 'b' }] };
const generic = { card: 'generic', title: 't' };
const circle = { radius: 1, 'mime-type': 'image/png', counts: {}, shapes: [] };
const circleCard = { card: 'circle', ...circle };
const leaf = { value: 0, children: [], lookup: {}, flags: {}, small: [], tiny: 0, note: null };

// Errors: a JSON pointer, and a message naming the type and the variant it sits in.
same('valid diff', parseToolCallView(diff), { ok: true, value: diff });
same(
  'missing field deep in a variant',
  errorsOf(parseToolCallView({ ...diff, diffs: [{ path: 'a', newText: 'b' }] })),
  [error('/diffs/0/oldText', 'required (FileDiff in DiffCallView)')],
);
same('unknown tag', errorsOf(parseToolCallView({ ...generic, card: 'dif' })), [
  error('/card', 'expected one of "generic", "terminal", "diff" (ToolCallView)'),
]);
same('missing tag', errorsOf(parseToolCallView({ title: 't' })), [
  error('/card', 'required: one of "generic", "terminal", "diff" (ToolCallView)'),
]);
same('a tag of the wrong type', errorsOf(parseToolCallView({ ...generic, card: 1 })), [
  error('/card', 'expected one of "generic", "terminal", "diff" (ToolCallView)'),
]);
same('only the tagged variant is checked', errorsOf(parseToolCallView({ card: 'terminal', title: 't', diffs: [] })), [
  error('/diffs', 'unknown field (TerminalCallView)'),
]);
same('unknown inner tag', errorsOf(parseToolResultView({ card: 'search', kind: 'globs' })), [
  error('/kind', 'expected one of "matches", "paths" (SearchResultView)'),
]);
same(
  'deep in a nested union variant',
  errorsOf(
    parseToolResultView({
      card: 'search',
      kind: 'matches',
      files: [{ path: 'p', matches: [{ lineNumber: 1.5, line: 'x' }] }],
      truncated: false,
      total: 1,
    }),
  ),
  [error('/files/0/matches/0/lineNumber', 'expected an integer in 0..=4294967295 (SearchLineMatch in SearchMatchesResultView)')],
);
same(
  'a union inside a variant names the outer variant',
  errorsOf(parseToolCallView({ ...generic, content: [{ type: 'text', text: 1 }, { type: 'video' }] })),
  [
    error('/content/0/text', 'expected a string (TextContent in GenericCallView)'),
    error('/content/1/type', 'expected one of "text", "image" (ContentBlock in GenericCallView)'),
  ],
);
same('optional is never null', errorsOf(parseToolCallView({ ...generic, locations: null })), [
  error('/locations', 'expected an array (GenericCallView)'),
]);
same('nullable takes null or the type', errorsOf(parseFileDiff({ path: 'a', oldText: 5, newText: 'b' })), [
  error('/oldText', 'expected a string or null (FileDiff)'),
]);
same('nullable must be present', errorsOf(parseFileDiff({ path: 'a', newText: 'b' })), [
  error('/oldText', 'required (FileDiff)'),
]);
same(
  'integer bounds',
  errorsOf(
    parseToolResultView({ card: 'terminal', exitCode: 2147483648 }),
  ).concat(errorsOf(parseToolResultView({ card: 'terminal', exitCode: -2147483648 }))),
  [error('/exitCode', 'expected an integer in -2147483648..=2147483647 (TerminalResultView)')],
);
same(
  'numbers are finite',
  [NaN, Infinity, -Infinity, '1'].map((radius) => errorsOf(parseCircle({ ...circle, radius }))),
  [1, 2, 3, 4].map(() => [error('/radius', 'expected a finite number (Circle)')]),
);
same(
  'Json takes any JSON value, null included, and nothing else',
  [null, 0, 'x', [true, { a: [null] }], undefined, () => 1, Symbol('s'), BigInt(1), NaN].map((rawInput) =>
    isToolCallView({ ...generic, rawInput }),
  ),
  [true, true, true, true, false, false, false, false, false],
);
same('a Json error points inside the value', errorsOf(parseToolCallView({ ...generic, rawInput: { a: [1, undefined] } })), [
  error('/rawInput/a/1', 'expected a JSON value (GenericCallView)'),
]);
same('pointers escape ~ and / (RFC 6901)', errorsOf(parseCircle({ ...circle, counts: { 'a/b~c': -1 } })), [
  error('/counts/a~1b~0c', 'expected an integer in 0..=65535 (Circle)'),
]);
same('an empty key is a pointer segment too', errorsOf(parseCircle({ ...circle, counts: { '': 'x' } })), [
  error('/counts/', 'expected an integer in 0..=65535 (Circle)'),
]);
same('open structs keep unknown keys', isShape({ card: 'search', kind: 'matches', total: 1, extra: [1] }), true);
same('closed structs refuse them', errorsOf(parseShape({ ...circleCard, extra: 1 })), [
  error('/extra', 'unknown field (Circle)'),
]);
same('a root of the wrong kind', errorsOf(parseShape('circle')), [error('', 'expected an object (Shape)')]);

// Standalone forms: a type read on its own carries no tag of a union it sits in.
same('a variant struct on its own is its fields', [isCircle(circle), isShape(circleCard)], [true, true]);
same('a union\'s tag is an unknown field of its variant struct on its own', errorsOf(parseCircle(circleCard)), [
  error('/card', 'unknown field (Circle)'),
]);
same('a union needs its tag', errorsOf(parseShape(circle)), [error('/card', 'required: one of "circle", "search" (Shape)')]);
const paths = { paths: ['a'], truncated: false, total: 1 };
same('a nested union on its own carries its own tag only', [
  isSearchResultView({ kind: 'paths', ...paths }),
  errorsOf(parseSearchResultView({ card: 'search', kind: 'paths', ...paths })),
  isToolResultView({ card: 'search', kind: 'paths', ...paths }),
  errorsOf(parseToolResultView({ kind: 'paths', ...paths })),
  errorsOf(parseSearchPathsResultView({ kind: 'paths', ...paths })),
], [
  true,
  [error('/card', 'unknown field (SearchPathsResultView)')],
  true,
  [error('/card', 'required: one of "generic", "terminal", "diff", "search" (ToolResultView)')],
  [error('/kind', 'unknown field (SearchPathsResultView)')],
]);
same('tags allowed in a variant are not allowed in the unions of its fields', [
  errorsOf(parseToolResultView({ card: 'generic', content: [{ type: 'text', text: 'x', card: 'generic' }] })),
  errorsOf(parseToolResultView({ card: 'generic', content: [{ type: 'video' }, { type: 'text', text: 'x', card: 'generic' }] })),
], [
  [error('/content/0/card', 'unknown field (TextContent in GenericResultView)')],
  [
    error('/content/0/type', 'expected one of "text", "image" (ContentBlock in GenericResultView)'),
    error('/content/1/card', 'unknown field (TextContent in GenericResultView)'),
  ],
]);

// Hostile keys and objects.
const protoKey = JSON.parse('{"card":"generic","title":"t","__proto__":{"title":"x"}}');
same('__proto__ is an unknown key', errorsOf(parseToolCallView(protoKey)), [
  error('/__proto__', 'unknown field (GenericCallView)'),
]);
same('constructor is an unknown key', isToolCallView(JSON.parse('{"card":"generic","title":"t","constructor":{}}')), false);
same('a __proto__ key in a map is an entry', [
  isCircle({ ...circle, counts: JSON.parse('{"__proto__": 1}') }),
  errorsOf(parseCircle({ ...circle, counts: JSON.parse('{"__proto__": -1}') })),
], [true, [error('/counts/__proto__', 'expected an integer in 0..=65535 (Circle)')]]);
same('inherited keys are not present', [
  isToolCallView(Object.create(generic)),
  errorsOf(parseProto({})),
  isProto({ constructor: 'c' }),
  errorsOf(parseProto({ constructor: 'c', toString: 'x' })),
], [false, [error('/constructor', 'required (Proto)')], true, [error('/toString', 'expected an integer in 0..=255 (Proto)')]]);
const bare: { [key: string]: unknown } = Object.create(null);
bare['card'] = 'generic';
bare['title'] = 't';
bare['content'] = [Object.assign(Object.create(null), { type: 'text', text: 'x' })];
same('objects without a prototype', isToolCallView(bare), true);
same('arrays where objects belong', [
  isToolCallView(['generic']),
  isToolCallView(Object.assign(['x'], generic)),
  isCircle({ ...circle, counts: [] }),
  isRecord([]),
], [false, false, false, false]);
same('objects where arrays belong', isToolCallView({ ...diff, diffs: { 0: diff.diffs[0], length: 1 } }), false);
same('holes in arrays', errorsOf(parseTree({ ...leaf, small: [1, , 2] })), [error('/small/1', 'expected an integer in 0..=255 (Tree)')]);
same('not JSON at all', [undefined, null, 1, 'x', BigInt(1), Symbol('s'), () => 1].map((value) => isToolResultView(value)), [
  false, false, false, false, false, false, false,
]);
const throwing = Object.defineProperty({ ...generic }, 'title', {
  enumerable: true,
  get(): string {
    throw new Error('getter');
  },
});
same('a throwing getter', errorsOf(parseToolCallView(throwing)), [error('', 'reading the value threw')]);
const proxy = new Proxy(
  {},
  {
    ownKeys(): never {
      throw new Error('trap');
    },
  },
);
same('a throwing proxy', [isRecord(proxy), isToolCallView(proxy)], [false, false]);
same('type names that shadow globals', [isArray({ items: ['x', null] }), isRecord({}), isRecord({ a: 1 }), isError('not-found')], [
  true, true, false, true,
]);

// The input is never changed: a deeply frozen value passes in strict mode, where a write throws.
function freeze(value: unknown): unknown {
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      freeze((value as { [key: string]: unknown })[key]);
    }
    Object.freeze(value);
  }
  return value;
}
const frozen = freeze({ ...diff, diffs: [{ path: 'a', oldText: 'o', newText: 'n' }] });
const before = JSON.stringify(frozen);
same('frozen input', [isToolCallView(frozen), parseToolCallView(frozen).ok, JSON.stringify(frozen) === before], [true, true, true]);

// Strings and keys are Unicode text: a lone surrogate, which JSON text can spell and JSON.parse
// keeps but the Rust types refuse, is refused wherever it is; a surrogate pair is text.
const lone = JSON.parse('"a\\ud800"') as string;
const unicode = (at: string, where: string) => error(at, `expected Unicode text, not a lone surrogate (${where})`);
const key = (at: string, where: string) => error(at, `expected a key of Unicode text, not a lone surrogate (${where})`);
same('a lone surrogate in a string field', errorsOf(parseToolCallView({ ...generic, title: lone })), [unicode('/title', 'GenericCallView')]);
same('a lone low surrogate, and a pair', [isToolCallView({ ...generic, title: '\udc00' }), isToolCallView({ ...generic, title: '\ud83d\ude00' })], [false, true]);
same('a lone surrogate inside any JSON', errorsOf(parseToolCallView({ ...generic, rawInput: { a: [lone], [lone]: 1 } })), [
  unicode('/rawInput/a/0', 'GenericCallView'),
  key(`/rawInput/${lone}`, 'GenericCallView'),
]);
same('a lone surrogate as a map key', errorsOf(parseCircle({ ...circle, counts: { [lone]: 1 } })), [key(`/counts/${lone}`, 'Circle')]);
same('a lone surrogate as an open struct\'s other key', errorsOf(parseMatches({ card: 'search', kind: 'matches', total: 1, [lone]: 1 })), [key(`/${lone}`, 'Matches')]);

// Deep and huge input: never a stack overflow, never a hang.
const limit = (levels: number) => errorsOf(parseToolCallView({ ...generic, rawInput: nested(levels, 0) }));
same('126 arrays inside the root object: 127 levels', limit(126), []);
same('127 arrays inside the root object: 128 levels', limit(127), [
  error(`/rawInput${'/0'.repeat(126)}`, 'nested deeper than 127 arrays and objects (GenericCallView)'),
]);
same('100k levels of Json', isToolCallView({ ...generic, rawInput: JSON.parse(`${'['.repeat(100000)}${']'.repeat(100000)}`) }), false);
let deepTree: unknown = leaf;
for (let i = 0; i < 100000; i += 1) {
  deepTree = { ...leaf, children: [deepTree] };
}
same('100k levels of a recursive type', isTree(deepTree), false);
const cycle: { [key: string]: unknown } = { ...leaf };
cycle['children'] = [cycle];
same(
  'a cycle: refused for its depth',
  errorsOf(parseTree(cycle)).map((found) => found.message.slice(0, 14)),
  ['nested deeper ', 'nested deeper ', 'nested deeper ', 'nested deeper '],
);
const manyBad = new Array(1000000).fill(1);
const started = Date.now();
same('a million bad items: the first 100 errors', errorsOf(parseToolResultView({ card: 'search', kind: 'paths', paths: manyBad, truncated: false, total: 0 })).length, 100);
same('a million good items', isToolResultView({ card: 'search', kind: 'paths', paths: new Array(1000000).fill('p'), truncated: false, total: 0 }), true);
const manyKeys: { [key: string]: unknown } = { ...generic };
for (let i = 0; i < 100000; i += 1) {
  manyKeys[`k${i}`] = i;
}
same('100k unknown keys', errorsOf(parseToolCallView(manyKeys)).length, 100);
same('huge input stays fast', Date.now() - started < 5000, true);

if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log('guards: every expectation held');
