#!/usr/bin/env node
// Checks cardc's JSON Schema output with ajv, an independent draft 2020-12 reader.
//
//   node tests/js/ajv_check.mjs schema <schema.json>...
//       Compile each schema (validated against the 2020-12 meta-schema first) and print
//       `ok <path>` or `error <path>: <message>`, one line per file. Exit 1 if any failed.
//
//   node tests/js/ajv_check.mjs corpus <schema.json> <corpus.jsonl> [<sibling.json>...]
//       Validate each corpus case's `payload` (or what JSON.parse makes of its JSON text
//       `text`, for a case that has that instead) against `<$id>#/$defs/<type>` (against the
//       document's root, its declared entry types, when `type` is "") and print one JSON
//       line per case: {"name", "accepted", "errors"}. This mode reports what ajv decided; it
//       does not compare with the case's `valid` label (the caller judges), so it exits 0
//       unless the script itself cannot run. Each sibling document (one whose types the
//       schema's `$ref`s reach, by its `$id`) is added to ajv first.
//
// Exit 2: bad usage, an unreadable file, a corpus line that is not a case, or (corpus mode)
// a schema that cannot be used at all.

import { readFileSync } from "node:fs";
import { newAjv } from "./ajv_options.mjs";

const USAGE = `usage:
  node tests/js/ajv_check.mjs schema <schema.json>...
  node tests/js/ajv_check.mjs corpus <schema.json> <corpus.jsonl> [<sibling.json>...]`;

function fail(message) {
  process.stderr.write(`ajv_check: ${message}\n`);
  process.exit(2);
}

function readText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    fail(`cannot read ${path}: ${e.message}`);
  }
}

// ajv's message omits the offending key or value; the params carry it, so append them.
function errorString(e) {
  const where = e.instancePath === "" ? "(root)" : e.instancePath;
  const params = Object.keys(e.params ?? {}).length ? ` ${JSON.stringify(e.params)}` : "";
  return `${where} ${e.message}${params}`;
}

function checkSchemas(paths) {
  if (paths.length === 0) fail(`no schema files given\n${USAGE}`);
  // Read every file up front: an unreadable path is a usage error (exit 2), not a verdict.
  const texts = paths.map(readText);
  let failed = false;
  paths.forEach((path, i) => {
    let schema;
    try {
      schema = JSON.parse(texts[i]);
    } catch (e) {
      failed = true;
      console.log(`error ${path}: not JSON: ${e.message}`);
      return;
    }
    try {
      newAjv().compile(schema);
      console.log(`ok ${path}`);
    } catch (e) {
      failed = true;
      // ajv messages can span lines; keep the one-line-per-file promise.
      console.log(`error ${path}: ${e.message.replace(/\s+/g, " ").trim()}`);
    }
  });
  // exitCode rather than exit(), so that buffered output is flushed first.
  process.exitCode = failed ? 1 : 0;
}

function parseCorpus(path) {
  const cases = [];
  readText(path)
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "") return;
      let c;
      try {
        c = JSON.parse(line);
      } catch (e) {
        fail(`${path}:${i + 1}: not JSON: ${e.message}`);
      }
      if (c === null || typeof c !== "object" || typeof c.name !== "string" ||
          typeof c.type !== "string" || !("payload" in c || typeof c.text === "string")) {
        fail(`${path}:${i + 1}: a case needs string "name", string "type" and "payload" or "text"`);
      }
      if (!("payload" in c)) {
        try {
          c.payload = JSON.parse(c.text);
        } catch (e) {
          fail(`${path}:${i + 1}: "text" is not JSON: ${e.message}`);
        }
      }
      cases.push(c);
    });
  return cases;
}

function checkCorpus(schemaPath, corpusPath, siblingPaths) {
  let schema;
  try {
    schema = JSON.parse(readText(schemaPath));
  } catch (e) {
    fail(`${schemaPath}: not JSON: ${e.message}`);
  }
  if (typeof schema?.$id !== "string") fail(`${schemaPath}: schema has no string $id`);
  const cases = parseCorpus(corpusPath);

  const ajv = newAjv();
  for (const path of siblingPaths) {
    try {
      ajv.addSchema(JSON.parse(readText(path)));
    } catch (e) {
      fail(`${path}: sibling schema rejected: ${e.message}`);
    }
  }
  try {
    ajv.addSchema(schema);
  } catch (e) {
    fail(`${schemaPath}: schema rejected: ${e.message}`);
  }
  // Compile each $defs entry once, on first use, through the schema's own $id so that
  // $refs inside it resolve exactly as any other reader would resolve them.
  const validators = new Map();
  function validatorFor(type) {
    if (!validators.has(type)) {
      if (type !== "" && !Object.hasOwn(schema.$defs ?? {}, type)) fail(`${schemaPath}: no $defs/${type}`);
      let v;
      try {
        v = ajv.getSchema(type === "" ? schema.$id : `${schema.$id}#/$defs/${type}`);
      } catch (e) {
        fail(`${schemaPath}: $defs/${type} does not compile: ${e.message}`);
      }
      if (!v) fail(`${schemaPath}: cannot resolve ${schema.$id}#/$defs/${type}`);
      validators.set(type, v);
    }
    return validators.get(type);
  }

  for (const c of cases) {
    const validate = validatorFor(c.type);
    const accepted = validate(c.payload);
    const errors = accepted ? [] : validate.errors.map(errorString);
    console.log(JSON.stringify({ name: c.name, accepted, errors }));
  }
  // No process.exit here: stdout to a pipe is written asynchronously, and exiting at once
  // would cut off the verdicts of a large corpus. Falling off the end exits 0 once flushed.
}

const [mode, ...args] = process.argv.slice(2);
if (mode === "schema") {
  checkSchemas(args);
} else if (mode === "corpus" && args.length >= 2) {
  checkCorpus(args[0], args[1], args.slice(2));
} else {
  fail(`bad arguments\n${USAGE}`);
}
