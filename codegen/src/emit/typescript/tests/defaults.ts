// Compiled with odd.ts (freshly emitted from hostile defaults) for tsc's default target, then
// run with node: `parse` fills in defaults written with every escape a string literal needs, a
// fresh map each time, beside keys such as `__proto__`; `write` leaves out what equals them,
// keeps what does not, and changes neither its input nor the caller's.

import { isOdd, parseMixed, parseOdd, parseOddTolerant, writeMixed, writeOdd } from './odd';
import type { Mixed } from './odd';

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

const hostile = "</script>'\\\u2028*/${x}";

const empty = parseOdd({});
same('the hostile default', empty.ok && empty.value.text, hostile);
same('the map default', empty.ok && empty.value.extra, {});
same('the kept default is written', empty.ok && writeOdd(empty.value), { count: 7 });
const again = parseOdd({});
same('a fresh map each time', empty.ok && again.ok && empty.value.extra !== again.value.extra, true);

const given: unknown = JSON.parse('{"text":"other","extra":{"__proto__":1},"count":7}');
const read = parseOdd(given);
same('`__proto__` stays a key', read.ok && Object.keys(read.value.extra), ['__proto__']);
same('values off their default are written', read.ok && writeOdd(read.value), given);
same('parse leaves its input as it was', JSON.stringify(given), '{"text":"other","extra":{"__proto__":1},"count":7}');
const written = read.ok ? writeOdd(read.value) : undefined;
same('write leaves its input as it was', read.ok && Object.keys(read.value), ['text', 'extra', 'count']);
same('what write gives is valid', isOdd(written), true);

const atDefault = parseOdd(JSON.parse(JSON.stringify({ text: hostile, extra: {}, count: 7 })));
same('values at their default are left out', atDefault.ok && writeOdd(atDefault.value), { count: 7 });

const tolerant = parseOddTolerant({ count: 'many' });
same('an invalid value reads as the default', tolerant.ok && tolerant.value.count, 7);
same(
  'with the warning of a value read as absent',
  tolerant.ok && tolerant.warnings,
  [{ pointer: '/count', message: 'read an invalid value as the default: /count: expected an integer in 0..=255 (Odd)' }],
);

// `write` composes with what `parse` drops: a null-as-absent `null`, a dropping struct's
// unknown keys; so it writes a value built by hand as `parse` would have read it.
const mixed = parseMixed({ note: null, level: 1, extra: 5 });
same('parse drops the null and the unknown key', mixed.ok && mixed.value, { level: 1 });
same('write leaves out the default too', mixed.ok && writeMixed(mixed.value), {});
const byHand = { note: null, level: 2, extra: 5 } as Mixed;
same('a value built by hand is written as read', writeMixed(byHand), { level: 2 });
same('write leaves it as it was', byHand, { note: null, level: 2, extra: 5 });
same('an absent omitted default stays absent', writeMixed({ note: 'n' } as Mixed), { note: 'n' });

if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log('defaults: every expectation held');
