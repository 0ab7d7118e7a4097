// Compiled with checked.ts (freshly emitted from the constrained fixture) for tsc's default
// target, then run with node. Each expectation that fails is collected; the run prints them all
// and exits 1.

import { isChecked, isWide, parseChecked, parseWide } from './checked';

// Node's globals, declared here rather than through @types/node, which the workspace does not
// install.
declare const console: { log(text: string): void; error(text: string): void };
declare const process: { exit(code: number): never };

const failures: string[] = [];

/** Records a failure unless `is` gives `expected` and `parse` agrees with it. */
function judged(name: string, is: boolean, parsed: { ok: boolean }, expected: boolean): void {
  if (is !== expected || parsed.ok !== expected) {
    failures.push(`${name}: is ${is}, parse ${parsed.ok}, want ${expected}`);
  }
}

function checked(name: string, value: unknown, expected: boolean): void {
  judged(name, isChecked(value), parseChecked(value), expected);
}

function wide(name: string, value: unknown, expected: boolean): void {
  judged(name, isWide(value), parseWide(value), expected);
}

const base = { name: 'ab' };
checked('one character', { name: 'a' }, true);
checked('three characters', { name: 'abc' }, true);
checked('no character', { name: '' }, false);
checked('four characters', { name: 'abcd' }, false);
checked('three astral characters are three code points', { name: '\u{1F600}\u{1F600}\u{1F600}' }, true);
checked('four astral characters', { name: '\u{1F600}\u{1F600}\u{1F600}\u{1F600}' }, false);
checked('a lone surrogate is no text', { name: 'a\ud800' }, false);
checked('the pattern is unanchored at its start', { ...base, code: 'x12' }, true);
checked('the pattern is anchored where it says', { ...base, code: '12x' }, false);
checked('a uuid in mixed case', { ...base, id: '123e4567-E89B-12d3-a456-426614174000' }, true);
checked('a uuid without dashes', { ...base, id: '123e4567e89b12d3a456426614174000' }, false);
checked('percent at min', { ...base, percent: 1 }, true);
checked('percent at max', { ...base, percent: 100 }, true);
checked('percent below min', { ...base, percent: 0 }, false);
checked('percent above max', { ...base, percent: 101 }, false);
checked('ratio at its exclusive min', { ...base, ratio: 0 }, false);
checked('ratio just above it', { ...base, ratio: 5e-324 }, true);
checked('ratio at its inclusive max', { ...base, ratio: 1 }, true);
checked('ratio just above max', { ...base, ratio: 1.0000000000000002 }, false);
checked('no tags', { ...base, tags: [] }, false);
checked('two tags', { ...base, tags: [1, 2] }, true);
checked('three tags', { ...base, tags: [1, 2, 3] }, false);
checked('repeated tags', { ...base, tags: [2, 2] }, false);
checked('2 and 2.0 are one number', { ...base, tags: [2, 2.0] }, false);
const started = Date.now();
const million: number[] = [];
for (let i = 0; i < 1000000; i += 1) {
  million.push(i);
}
checked('a million distinct items are too many, and counted fast', { ...base, tags: million }, false);
million.push(999999);
const repeat = parseChecked({ ...base, tags: million });
// The repeat is reported at the array, as the other readers and `uniqueItems` report it.
const repeated = 'expected unique items, found item 1000000 repeating item 999999';
if (repeat.ok || repeat.errors.length !== 2 || repeat.errors[1]?.pointer !== '/tags' || !repeat.errors[1]?.message.startsWith(repeated)) {
  failures.push(`a repeat at the end of a million items: ${JSON.stringify(repeat)}`);
}
if (Date.now() - started > 5000) {
  failures.push(`uniqueness of a million items took ${Date.now() - started} ms`);
}
checked('a wrong type', { name: 7 }, false);
const wrongType = parseChecked({ name: 7 });
if (wrongType.ok || wrongType.errors.length !== 1) {
  failures.push(`a wrong type is one error, not a constraint error too: ${JSON.stringify(wrongType)}`);
}

wide('the largest safe integer', { safe: 9007199254740991, count: 9007199254740991 }, true);
wide('the smallest safe integer', { safe: -9007199254740991 }, true);
wide('2^53 is past the safe range', { safe: 9007199254740992 }, false);
wide('-2^53 is past it', { safe: -9007199254740992 }, false);
wide('an unsigned count is not negative', { count: -1 }, false);
wide('u64 max as a string', { big: '18446744073709551615' }, true);
wide('u64 max + 1 as a string', { big: '18446744073709551616' }, false);
wide('a decimal is a string, not a number', { big: 7 }, false);
wide('no leading zero', { big: '007' }, false);
wide('no plus sign', { delta: '+1' }, false);
wide('no minus zero', { delta: '-0' }, false);
wide('zero', { delta: '0' }, true);
wide('i64 min', { delta: '-9223372036854775808' }, true);
wide('i64 min - 1', { delta: '-9223372036854775809' }, false);
wide('i64 max + 1', { delta: '9223372036854775808' }, false);

if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log('constraints: every expectation held');
