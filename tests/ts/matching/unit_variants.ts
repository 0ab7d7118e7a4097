// Unit variants: each handler gets the tags alone, a nested unit variant under its union's
// handlers; the guards read a unit variant as its tags and refuse any other key.
import {
  isStreamEvent,
  matchStreamEvent,
  parseStreamEvent,
  StreamEvent,
  STREAM_EVENT_TAGS,
} from '../../schemas/unit_variants/unit_variants';

function describe(event: StreamEvent): string {
  return matchStreamEvent(event, {
    ping: (value) => value.type,
    message_delta: (value) => `delta ${value.text}`,
    message_stop: () => 'stop',
    block: {
      start: (value) => `start ${value.index}`,
      end: (value) => value.kind,
    },
  });
}

const ping: StreamEvent = { type: 'ping' };
const seen = [
  describe(ping),
  describe({ type: 'message_delta', text: 'hi' }),
  describe({ type: 'message_stop' }),
  describe({ type: 'block', kind: 'start', index: 1 }),
  describe({ type: 'block', kind: 'end' }),
].join('|');
const expected = 'ping|delta hi|stop|start 1|end';
if (seen !== expected || STREAM_EVENT_TAGS.join(',') !== 'ping,message_delta,message_stop,block') {
  throw new Error(`unexpected dispatch: ${seen}`);
}
const stray = parseStreamEvent({ type: 'ping', text: 'hi' });
if (stray.ok || stray.errors[0]?.pointer !== '/text' || isStreamEvent({ type: 'block', kind: 'end', index: 0 })) {
  throw new Error(`a stray key in a unit variant was accepted: ${JSON.stringify(stray)}`);
}
if (!isStreamEvent({ kind: 'end', type: 'block' })) {
  throw new Error('a nested unit variant was refused');
}
