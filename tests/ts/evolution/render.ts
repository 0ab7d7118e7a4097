// A bridge written against version 1 of the evolution pair (tests/schemas/evolution_v1), run
// on what version 2 writes: `renderCorpus` takes a JSON-lines corpus and gives, for each valid
// Update and each update of a valid Turn, `<case name>: <rendered line>` (`run.cjs` prints
// them). The conformance suite compares them with what the Rust and Python bridges render.
import { matchUpdate, parseTurn, parseUpdate } from '../../schemas/evolution_v1/evolution_v1';
import type { Update } from '../../schemas/evolution_v1/evolution_v1';

function line(update: Update): string {
  return matchUpdate(update, {
    message: (value) => `${value.role}: ${value.text}`,
    tool_call: (value) => `[${value.status}] ${value.title}`,
    done: () => 'done',
    unknown: (value) => `(a ${value.type} update this editor cannot show)`,
  });
}

interface Case {
  readonly name: string;
  readonly type: string;
  readonly valid: boolean;
  readonly payload: unknown;
}

export function renderCorpus(corpus: string): string[] {
  const lines: string[] = [];
  for (const text of corpus.split('\n')) {
    if (text.trim() === '') {
      continue;
    }
    const c = JSON.parse(text) as Case;
    if (!c.valid) {
      continue;
    }
    let updates: readonly Update[];
    if (c.type === 'Update') {
      const parsed = parseUpdate(c.payload);
      if (!parsed.ok) {
        throw new Error(`${c.name}: ${JSON.stringify(parsed.errors)}`);
      }
      updates = [parsed.value];
    } else if (c.type === 'Turn') {
      const parsed = parseTurn(c.payload);
      if (!parsed.ok) {
        throw new Error(`${c.name}: ${JSON.stringify(parsed.errors)}`);
      }
      updates = parsed.value.updates;
    } else {
      continue;
    }
    for (const update of updates) {
      lines.push(`${c.name}: ${line(update)}`);
    }
  }
  return lines;
}
