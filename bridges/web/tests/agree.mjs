// The web side of the cross-bridge test (tests/conformance/tests/bridges_agree.rs): renders the
// search views it is given and the demo page's search samples with the compiled renderer, and
// evaluates the TypeScript mirror of the shared rules (src/rules.ts) on the cases it is given.
//
//   node bridges/web/tests/agree.mjs <compiled dir> <input.json>
//
// <input.json> is `{"views": [ToolResultView, ...], "thousands": [n, ...],
// "capped": [[shown, total, truncated], ...], "count": [[n, one, many], ...]}`. Prints one JSON
// object: `{"html": [...], "samples": [{"id", "view", "html"}, ...], "thousands": [...],
// "capped": [{"shown", "total"} or null, ...], "count": [...]}`, each list in its input's order.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [compiledArg, inputArg] = process.argv.slice(2);
if (compiledArg === undefined || inputArg === undefined) {
  console.error('usage: node bridges/web/tests/agree.mjs <compiled dir> <input.json>');
  process.exit(2);
}
const compiled = resolve(compiledArg);
const load = (path) => import(pathToFileURL(join(compiled, path)).href);
const { renderResultView } = await load('bridges/web/src/render.js');
const { capped, count, thousands } = await load('bridges/web/src/rules.js');
const { isToolResultView } = await load('generated/render_intent.js');
const { SAMPLES } = await load('bridges/web/demo/samples.js');

const input = JSON.parse(readFileSync(inputArg, 'utf8'));
const html = input.views.map((view, index) => {
  // The renderer takes typed views: a payload reaches it only through the generated guard.
  if (!isToolResultView(view)) {
    throw new Error(`view ${index} is not a ToolResultView: ${JSON.stringify(view)}`);
  }
  return renderResultView(view);
});
const samples = SAMPLES.filter((sample) => sample.side === 'result' && sample.view.card === 'search').map(
  (sample) => ({ id: sample.id, view: sample.view, html: renderResultView(sample.view) }),
);
console.log(
  JSON.stringify({
    html,
    samples,
    thousands: input.thousands.map((n) => thousands(n)),
    capped: input.capped.map(([shown, total, truncated]) => capped(shown, total, truncated) ?? null),
    count: input.count.map(([n, one, many]) => count(n, one, many)),
  }),
);
