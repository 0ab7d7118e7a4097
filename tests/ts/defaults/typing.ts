// The two forms of a type with defaults, in the golden `defaults` case: a `Task` as read has
// every defaulted field (`parseTask` fills them in, typed without `| undefined`), while a
// `TaskInput`, what a writer may write and what `isTask` narrows to, may leave them out; a `Task`
// literal may not. Each `@ts-expect-error` line must be an error, or tsc fails on the directive.
// Compiled under the strict flags and run: `parseTask` fills in fresh defaults, `writeTask` leaves
// out what `#[omit_default]` omits and keeps the rest.
import { isEvent, isTask, parseEvent, parseTask, writeEvent, writeTask } from '../../schemas/defaults/defaults';
import type { Event, EventInput, Status, Task, TaskInput } from '../../schemas/defaults/defaults';

function check(ok: boolean, what: string): void {
  if (!ok) {
    throw new Error(what);
  }
}

// A writer may leave every defaulted field out.
const sent: TaskInput = { id: 'a' };
// @ts-expect-error: a Task as read has every defaulted field, `status` among them
const held: Task = { id: 'a' };
check(held.id === 'a', 'the literal');

const parsed = parseTask(sent);
check(parsed.ok, 'parseTask accepts a task without its defaulted fields');
if (parsed.ok) {
  // `Status`, not `Status | undefined`: this assignment compiles only so.
  const status: Status = parsed.value.status;
  const count: number = parsed.value.content.length;
  check(status === 'pending' && count === 0, `the defaults: ${JSON.stringify(parsed.value)}`);
  check(parsed.value.lane === 'main' && parsed.value.revision === '0', 'newtype and decimal defaults');
  const again = parseTask(sent);
  check(again.ok && again.value.content !== parsed.value.content, 'a fresh [] each time');
  check(JSON.stringify(sent) === '{"id":"a"}', 'parseTask leaves its input as it was');
  const written: TaskInput = writeTask(parsed.value);
  // `status`, `labels` and `attempts` are kept; the others are at their default and omitted.
  check(
    JSON.stringify(written) === '{"id":"a","status":"pending","labels":{},"attempts":0}',
    `writeTask: ${JSON.stringify(written)}`,
  );
  check(parsed.value.kind === 'other', 'writeTask leaves its input as it was');
}

const raw: unknown = JSON.parse('{"id":"b","kind":"bug"}');
if (isTask(raw)) {
  const input: TaskInput = raw;
  // @ts-expect-error: `isTask` says what a writer may write, not what a reader holds
  const read: Task = raw;
  check(input.kind === 'bug' && read.id === 'b', 'isTask narrows');
} else {
  throw new Error('isTask refused a task without its defaulted fields');
}

// Inside a union's variant and a flattened struct, with values other than the defaults: written
// as given, the kept defaults added.
const event: EventInput = { type: 'created', seq: 2, version: 3, task: { id: 'c', kind: 'bug', weight: 2 } };
const read = parseEvent(event);
check(read.ok, 'parseEvent');
if (read.ok) {
  const out = writeEvent(read.value);
  check(
    JSON.stringify(out) ===
      '{"type":"created","seq":2,"version":3,"task":{"id":"c","kind":"bug","weight":2,"status":"pending","labels":{},"attempts":0}}',
    `writeEvent: ${JSON.stringify(out)}`,
  );
}

// The headline pattern, for a union that reaches a default: a renderer takes the type as read,
// which `parse` gives (the defaults filled in); `is` narrows to what a writer may write, which a
// renderer of the type as read does not take.
function render(event: Event): string {
  return event.type === 'created' ? event.task.status : event.type;
}
const payload: unknown = JSON.parse('{"type":"created","seq":1,"version":1,"task":{"id":"d"}}');
const headline = parseEvent(payload);
if (headline.ok) {
  check(render(headline.value) === 'pending', 'parse, then render: the default is there');
} else {
  throw new Error(`parseEvent refused the headline payload: ${JSON.stringify(headline.errors)}`);
}
if (isEvent(payload)) {
  // @ts-expect-error: `isEvent` narrows to `EventInput`, whose task may lack its `status`
  render(payload);
  const input: EventInput = payload;
  check(input.type === 'created', 'isEvent narrows to EventInput');
}
