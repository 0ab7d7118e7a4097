// Prints what the version 1 bridge (render.ts, compiled beside this file) renders of the
// JSON-lines corpus given as the argument, one line each.
const { readFileSync } = require('node:fs');
const { renderCorpus } = require('./render.js');

for (const line of renderCorpus(readFileSync(process.argv[2], 'utf8'))) {
  process.stdout.write(`${line}\n`);
}
