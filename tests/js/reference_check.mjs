#!/usr/bin/env node
// Runs a public contract's reference validator over a corpus: the protocol's own reading, which
// the transcription under tests/contracts/<name>/ is compared with.
//
//   node tests/js/reference_check.mjs types     <reference.mjs>
//   node tests/js/reference_check.mjs corpus    <reference.mjs> <corpus.jsonl>
//   node tests/js/reference_check.mjs published <reference.mjs>
//
// A reference module exports `reference = { name, validators: { <cards type>: (value) =>
// { accepted, output, errors } } }`, a validator possibly async, and `published = { writer,
// document(), types: { <cards type>: <JSON pointer> }, unwritten: { <cards type>: <why> } }`:
// the protocol's JSON Schema as its owner's tools write it, made when asked (possibly async),
// where each type's schema is in it, and why the types it has none for have none. `types`
// prints one JSON object {"reference", "types"}; `corpus` prints one JSON line per case:
// {"name", "accepted", "errors", "output"}; `published` prints one JSON object {"writer",
// "document", "types", "unwritten"}. It reports and leaves the judging to the caller, so it exits 0 unless it cannot
// run: exit 2 for bad usage, an unreadable file, a malformed line, a case whose type has no
// validator, a validator that throws or returns something else than a verdict.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

function fail(message) {
  process.stderr.write(`reference_check: ${message}\n`);
  process.exit(2);
}

const [mode, modulePath, corpusPath, ...rest] = process.argv.slice(2);
const usage =
  "usage: node tests/js/reference_check.mjs types <reference.mjs> | corpus <reference.mjs> <corpus.jsonl> | published <reference.mjs>";
const alone = mode === "types" || mode === "published";
if (!modulePath || rest.length > 0 || !((alone && !corpusPath) || (mode === "corpus" && corpusPath))) {
  fail(usage);
}

let reference, published;
try {
  ({ reference, published } = await import(pathToFileURL(resolve(modulePath)).href));
} catch (e) {
  fail(`cannot import ${modulePath}: ${e.stack}`);
}

if (mode === "published") {
  if (!published || typeof published.writer !== "string" || typeof published.document !== "function" ||
      typeof published.types !== "object" || typeof published.unwritten !== "object") {
    fail(`${modulePath} exports no published = { writer, document(), types, unwritten }`);
  }
  let document;
  try {
    document = await published.document();
  } catch (e) {
    fail(`${modulePath}: the JSON Schema could not be written: ${e.stack}`);
  }
  const { writer, types, unwritten } = published;
  process.stdout.write(JSON.stringify({ writer, document, types, unwritten }) + "\n");
  process.exit(0);
}
if (!reference || typeof reference.name !== "string" || typeof reference.validators !== "object") {
  fail(`${modulePath} exports no reference = { name, validators }`);
}

if (mode === "types") {
  const types = Object.keys(reference.validators).sort();
  process.stdout.write(JSON.stringify({ reference: reference.name, types }) + "\n");
  process.exit(0);
}

let text;
try {
  text = readFileSync(corpusPath, "utf8");
} catch (e) {
  fail(`cannot read ${corpusPath}: ${e.message}`);
}

const lines = [];
for (const [i, line] of text.split("\n").entries()) {
  if (line.trim() === "") continue;
  let c;
  try {
    c = JSON.parse(line);
  } catch (e) {
    fail(`${corpusPath}:${i + 1}: not JSON: ${e.message}`);
  }
  if (c === null || typeof c !== "object" || typeof c.name !== "string" || typeof c.type !== "string" || !("payload" in c)) {
    fail(`${corpusPath}:${i + 1}: a case needs string "name", string "type" and "payload"`);
  }
  const validator = reference.validators[c.type];
  if (typeof validator !== "function") {
    fail(`${corpusPath}:${i + 1}: ${reference.name} has no validator for ${c.type}`);
  }
  let verdict;
  try {
    verdict = await validator(c.payload);
  } catch (e) {
    fail(`${corpusPath}:${i + 1}: the ${c.type} validator threw: ${e.stack}`);
  }
  if (verdict === null || typeof verdict !== "object" || typeof verdict.accepted !== "boolean" || !Array.isArray(verdict.errors)) {
    fail(`${corpusPath}:${i + 1}: the ${c.type} validator returned ${JSON.stringify(verdict)}, not { accepted, output, errors }`);
  }
  const report = { name: c.name, accepted: verdict.accepted, errors: verdict.errors.map(String) };
  if (verdict.accepted) report.output = verdict.output;
  lines.push(JSON.stringify(report));
}
process.stdout.write(lines.length > 0 ? lines.join("\n") + "\n" : "");
