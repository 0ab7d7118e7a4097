#!/usr/bin/env node
// Runs the generated TypeScript tolerant parse over a corpus: the TypeScript side of the
// tolerant-read conformance test (tests/conformance/tests/tolerant.rs).
//
//   node tests/js/tolerant_check.mjs <compiled module.js> <corpus.jsonl>
//
// For each case, calls the module's `parse<type>Tolerant` on the payload, or, for a type that
// reaches no reader policy (which gets no tolerant guard), its strict `parse<type>` with no
// warnings; it prints one JSON line: {"name", "ok", "value", "warnings"} with the value (as JSON
// text, so that a value at the nesting limit stays within a reader's limit inside the line) as it
// writes back (through `write<type>` for a type with a field with a default) and the warnings'
// pointers in order, or {"name", "ok": false, "errors"}. It leaves the judging to the caller and
// exits 0 unless it cannot run (exit 2: bad usage, an unreadable file, a missing guard).

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

function fail(message) {
  process.stderr.write(`tolerant_check: ${message}\n`);
  process.exit(2);
}

const [modulePath, corpusPath, ...rest] = process.argv.slice(2);
if (!modulePath || !corpusPath || rest.length > 0) {
  fail("usage: node tests/js/tolerant_check.mjs <module.js> <corpus.jsonl>");
}

let guards;
try {
  guards = await import(pathToFileURL(resolve(modulePath)).href);
} catch (e) {
  fail(`cannot import ${modulePath}: ${e.message}`);
}

let text;
try {
  text = readFileSync(corpusPath, "utf8");
} catch (e) {
  fail(`cannot read ${corpusPath}: ${e.message}`);
}

for (const line of text.split("\n")) {
  if (line.trim() === "") continue;
  const c = JSON.parse(line);
  // A case of JSON text (a lexical edge case) is read as `JSON.parse` reads it.
  if (!("payload" in c) && typeof c.text === "string") c.payload = JSON.parse(c.text);
  const tolerant = guards[`parse${c.type}Tolerant`];
  const strict = guards[`parse${c.type}`];
  if (typeof strict !== "function") fail(`no parse${c.type}`);
  const result = typeof tolerant === "function"
    ? tolerant(c.payload)
    : (() => {
        const parsed = strict(c.payload);
        return parsed.ok ? { ...parsed, warnings: [] } : parsed;
      })();
  const write = guards[`write${c.type}`];
  const value = result.ok && typeof write === "function" ? write(result.value) : result.value;
  const report = result.ok
    ? { name: c.name, ok: true, value: JSON.stringify(value), warnings: result.warnings.map((w) => w.pointer) }
    : { name: c.name, ok: false, errors: result.errors.map((e) => `${e.pointer}: ${e.message}`) };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}
