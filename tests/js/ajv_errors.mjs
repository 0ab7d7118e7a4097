#!/usr/bin/env node
// How precisely ajv (draft 2020-12, strict, allErrors: ajv_options.mjs) reports a fault: for each case of a
// corpus, the number of errors and the JSON pointer the first one names.
//
//   node tests/js/ajv_errors.mjs <schema.json> <cases.jsonl>
//
// Each case is {"name", "type", "payload"}, read against `<$id>#/$defs/<type>`. Prints one
// JSON line per case: {"name", "count", "first"}, where `first` is the first error's instance
// path, with the key it names appended for `required`, `additionalProperties` and
// `unevaluatedProperties` (the key missing or unknown, which is where the fault is), and null
// when the payload is accepted. It reports and leaves the judging to the caller: exit 0 unless
// it cannot run, 2 for bad usage or unreadable input.

import { readFileSync } from "node:fs";
import { newAjv } from "./ajv_options.mjs";

function fail(message) {
  process.stderr.write(`ajv_errors: ${message}\n`);
  process.exit(2);
}

const [schemaPath, casesPath, ...rest] = process.argv.slice(2);
if (!schemaPath || !casesPath || rest.length > 0) {
  fail("usage: node tests/js/ajv_errors.mjs <schema.json> <cases.jsonl>");
}

function read(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    fail(`cannot read ${path}: ${e.message}`);
  }
}

const schema = JSON.parse(read(schemaPath));
const ajv = newAjv();
ajv.addSchema(schema);

const escape = (key) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

// The pointer an error names: where the fault is, not only the object holding it.
function pointer(error) {
  const key =
    error.params?.missingProperty ??
    error.params?.additionalProperty ??
    error.params?.unevaluatedProperty;
  return key === undefined ? error.instancePath : `${error.instancePath}/${escape(key)}`;
}

const validators = new Map();
for (const line of read(casesPath).split("\n")) {
  if (line.trim() === "") continue;
  const c = JSON.parse(line);
  if (!validators.has(c.type)) {
    const validate = ajv.getSchema(`${schema.$id}#/$defs/${c.type}`);
    if (!validate) fail(`no $defs/${c.type}`);
    validators.set(c.type, validate);
  }
  const validate = validators.get(c.type);
  const accepted = validate(c.payload);
  const errors = accepted ? [] : validate.errors;
  console.log(
    JSON.stringify({ name: c.name, count: errors.length, first: accepted ? null : pointer(errors[0]) }),
  );
}
