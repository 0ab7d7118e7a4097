#!/usr/bin/env node
// Runs the generated TypeScript guards over a corpus: the fourth reader of the contract.
//
//   node tests/js/guards_check.mjs <compiled render_intent.js> <corpus.jsonl>
//
// For each case, calls the module's `is<type>` and `parse<type>` guards on the payload (or, for a
// case with a string "text" instead, on what JSON.parse makes of that JSON text) and
// prints one JSON line: {"name", "accepted", "errors"}, the errors being parse's
// `<pointer>: <message>` (and "pointer", the first error's, when refused), with "round_trip" too when what an accepted value writes back as (what
// `write<type>` makes of what parse returns, for a type with a field with a default, or else what
// parse returns) is not the JSON a conforming writer writes back (the case's "written", or else
// the payload itself). Like ajv_check.mjs it reports what the guards decided and leaves the
// judging to the caller, so it exits 0 unless it cannot run: exit 2 for bad usage, an
// unreadable file, a corpus line that is not a case, a module without the guards a case needs
// (they are generated for every union, so a missing one is an error, never a skip), or the two
// guards of a type contradicting each other.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

function fail(message) {
  process.stderr.write(`guards_check: ${message}\n`);
  process.exit(2);
}

// Whether two JSON values are the same: keys in any order, numbers by value.
function sameJson(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length &&
      a.every((item, i) => sameJson(item, b[i]));
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length &&
      keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameJson(a[key], b[key]));
  }
  return a === b;
}

const [modulePath, corpusPath, ...rest] = process.argv.slice(2);
if (!modulePath || !corpusPath || rest.length > 0) {
  fail("usage: node tests/js/guards_check.mjs <render_intent.js> <corpus.jsonl>");
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

text.split("\n").forEach((line, i) => {
  if (line.trim() === "") return;
  let c;
  try {
    c = JSON.parse(line);
  } catch (e) {
    fail(`${corpusPath}:${i + 1}: not JSON: ${e.message}`);
  }
  if (c === null || typeof c !== "object" || typeof c.name !== "string" ||
      typeof c.type !== "string" || !("payload" in c || typeof c.text === "string")) {
    fail(`${corpusPath}:${i + 1}: a case needs string "name", string "type" and "payload" or "text"`);
  }
  let payload = c.payload;
  if (!("payload" in c)) {
    try {
      payload = JSON.parse(c.text);
    } catch (e) {
      fail(`${corpusPath}:${i + 1}: "text" is not JSON: ${e.message}`);
    }
  }
  const is = guards[`is${c.type}`];
  const parse = guards[`parse${c.type}`];
  if (typeof is !== "function" || typeof parse !== "function") {
    fail(`${modulePath} does not export both is${c.type} and parse${c.type}`);
  }
  const before = JSON.stringify(payload);
  const accepted = is(payload);
  const parsed = parse(payload);
  if (typeof accepted !== "boolean" || parsed?.ok !== accepted) {
    fail(`${c.name}: is${c.type} says ${accepted} but parse${c.type} says ${JSON.stringify(parsed)}`);
  }
  if (JSON.stringify(payload) !== before) {
    fail(`${c.name}: parse${c.type} changed the value it was given`);
  }
  if (!accepted && !(Array.isArray(parsed.errors) && parsed.errors.length > 0)) {
    fail(`${c.name}: parse${c.type} refused the payload without an error`);
  }
  const errors = accepted ? [] : parsed.errors.map((e) => `${e.pointer}: ${e.message}`);
  const report = { name: c.name, accepted, errors };
  if (!accepted) report.pointer = parsed.errors[0].pointer;
  const expected = "written" in c ? c.written : payload;
  // A type that reaches a default reads into more than a writer writes: its writer says what.
  const write = guards[`write${c.type}`];
  if (accepted) {
    const read = JSON.stringify(parsed.value);
    const written = typeof write === "function" ? write(parsed.value) : parsed.value;
    if (JSON.stringify(parsed.value) !== read) {
      fail(`${c.name}: write${c.type} changed the value it was given`);
    }
    if (!sameJson(written, expected)) {
      report.round_trip = `parse wrote back other JSON: ${JSON.stringify(written)}`;
    }
  }
  console.log(JSON.stringify(report));
});
