// Open unit variants: a handler of one that keeps other keys sees them, typed as unknown; `parse`
// returns a copy without the keys of one that drops them, and a closed one beside them still
// refuses any other key.
import { matchStreamEvent, parseStreamEvent, StreamEvent } from '../../schemas/open_unit_variants/open_unit_variants';

function describe(event: StreamEvent): string {
  return matchStreamEvent(event, {
    ping: (value) => `ping ${JSON.stringify(value['seq'])}`,
    message_delta: (value) => `delta ${value.text}`,
    message_stop: (value) => `stop ${Object.keys(value).join(',')}`,
    failed: () => 'failed',
    block: {
      start: (value) => `start ${value.index}`,
      end: (value) => `end ${JSON.stringify(value['note'])}`,
      pause: (value) => `pause ${Object.keys(value).join(',')}`,
    },
  });
}

function parsed(value: unknown): StreamEvent {
  const result = parseStreamEvent(value);
  if (!result.ok) {
    throw new Error(`refused ${JSON.stringify(value)}: ${JSON.stringify(result.errors)}`);
  }
  return result.value;
}

const stop = { type: 'message_stop', reason: 'done' };
const seen = [
  describe(parsed({ type: 'ping', seq: 7 })),
  describe(parsed(stop)),
  describe(parsed({ type: 'block', kind: 'end', note: 'n' })),
  describe(parsed({ type: 'block', kind: 'pause', note: 'n' })),
  describe(parsed({ type: 'failed' })),
].join('|');
const expected = 'ping 7|stop type|end "n"|pause type,kind|failed';
if (seen !== expected) {
  throw new Error(`unexpected dispatch: ${seen}`);
}
if (stop.reason !== 'done') {
  throw new Error("parse changed the caller's value");
}
const stray = parseStreamEvent({ type: 'failed', reason: 'x' });
if (stray.ok || stray.errors[0]?.pointer !== '/reason') {
  throw new Error(`a stray key in a closed unit variant was accepted: ${JSON.stringify(stray)}`);
}
