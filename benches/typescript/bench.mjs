#!/usr/bin/env node
// The TypeScript runtime checks benchmark (run it through benches/typescript/run.sh).
//
//   node benches/typescript/bench.mjs <render_intent.js> <corpus.jsonl> <schema.json>
//
// Times, under mitata, the generated guards `is<Union>` and `parse<Union>` of the entry unions
// (the tsc-compiled module) against ajv's compiled validator for the published schema (the
// suite's options, tests/js/ajv_options.mjs, with `allErrors` off and on) and against the zod
// schema written by hand for the same contract (render_intent_zod.mjs), on the corpus
// (tests/conformance/tests/typescript_bench.rs writes it), the valid and invalid payloads
// measured apart. Before timing anything, every contender must give every case its label, so
// that all of them do the same job. Then the code sizes, minified by esbuild and gzipped.
//
// Each round measures every contender once on every payload set, in an order that rotates from
// round to round, so that a change of load hits them alike; the tables give the median over the
// rounds of each ratio within a round. ROUNDS (default 15) and MIN_MS (the least time mitata
// spends on one measurement, default 60) tune it. Results also go to
// target/bench-results/typescript.json. Exit 1 if a contender disagrees with a label, 2 for bad
// usage.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { measure } from "mitata";
import standaloneCode from "ajv/dist/standalone/index.js";
import { newAjv } from "../../tests/js/ajv_options.mjs";
import * as zod from "./render_intent_zod.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const UNIONS = ["ToolCallView", "ToolResultView"];

const [guardsPath, corpusPath, schemaPath, ...rest] = process.argv.slice(2);
// BASELINE: the compiled module of the guards as they were at another revision (run.sh's
// BASELINE=<revision> builds it), timed beside them in the same rounds.
const baselinePath = process.env.BASELINE_MODULE;
if (!guardsPath || !corpusPath || !schemaPath || rest.length > 0) {
  process.stderr.write("usage: node benches/typescript/bench.mjs <render_intent.js> <corpus.jsonl> <schema.json>\n");
  process.exit(2);
}
const rounds = Number(process.env.ROUNDS ?? 15);
const minMs = Number(process.env.MIN_MS ?? 60);

const guards = await import(pathToFileURL(resolve(guardsPath)).href);
const baseline = baselinePath ? await import(pathToFileURL(resolve(baselinePath)).href) : undefined;
const schema = JSON.parse(readFileSync(schemaPath, "utf8"));
const cases = readFileSync(corpusPath, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));

/** ajv's validator of each entry union, compiled with the suite's options and these. */
function ajvValidators(overrides) {
  const ajv = newAjv(overrides);
  ajv.addSchema(schema);
  return Object.fromEntries(UNIONS.map((union) => [union, ajv.getSchema(`${schema.$id}#/$defs/${union}`)]));
}
const ajvFirst = ajvValidators({ allErrors: false });
const ajvAll = ajvValidators({ allErrors: true });

// Each contender: a name, and for each union a function of a payload that says whether it is
// accepted, having done the contender's whole job (parse: the errors, when there are any). Every
// function is looked up once, here, not on each call.
const each = (make) => Object.fromEntries(UNIONS.map((union) => [union, make(union)]));
const contenders = [
  ["guards is", each((u) => guards[`is${u}`])],
  ["guards parse", each((u) => { const parse = guards[`parse${u}`]; return (p) => parse(p).ok; })],
  ["ajv", each((u) => ajvFirst[u])],
  ["ajv allErrors", each((u) => ajvAll[u])],
  ["zod", each((u) => { const schema = zod[u]; return (p) => schema.safeParse(p).success; })],
];
if (baseline) {
  contenders.push(
    ["before is", each((u) => baseline[`is${u}`])],
    ["before parse", each((u) => { const parse = baseline[`parse${u}`]; return (p) => parse(p).ok; })],
  );
}

// Every contender gives every case its label, or nothing is timed.
const wrong = [];
for (const c of cases) {
  for (const [name, check] of contenders) {
    if (check[c.type](c.payload) !== c.valid) wrong.push(`${c.name}: ${name} says ${!c.valid}`);
  }
}
if (wrong.length > 0) {
  process.stderr.write(`${wrong.length} verdict(s) differ from the labels:\n${wrong.slice(0, 20).join("\n")}\n`);
  process.exit(1);
}

// The timed sets: each union's valid and its invalid payloads. The rows for both unions
// together add up the time of their two sets within each round.
const sets = [];
for (const valid of [true, false]) {
  for (const union of UNIONS) {
    sets.push([`${union}, ${valid ? "valid" : "invalid"}`, union, cases.filter((c) => c.valid === valid && c.type === union)]);
  }
}

// One timed pass of a contender over a payload set. Each runner is compiled on its own
// (`new Function`), so that no call site is shared between contenders and made polymorphic by
// the others: each contender's calls are as monomorphic as its own code lets them be.
function runner(check, payloads) {
  const make = new Function(
    "check", "payloads",
    `return function pass() {
      let accepted = 0;
      for (let i = 0; i < payloads.length; i++) if (check(payloads[i])) accepted++;
      return accepted;
    };`,
  );
  return make(check, payloads);
}

const runners = sets.map(([, union, set]) => contenders.map(([, check]) => runner(check[union], set.map((c) => c.payload))));
const load = [loadavg()[0]];
// times[set][contender][round]: nanoseconds per pass over the set, mitata's median.
const times = sets.map(() => contenders.map(() => []));
for (let round = 0; round < rounds; round++) {
  for (let s = 0; s < sets.length; s++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = (k + round) % contenders.length;
      const stats = await measure(runners[s][c], { min_cpu_time: minMs * 1e6 });
      times[s][c].push(stats.p50);
    }
  }
  load.push(loadavg()[0]);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const index = Object.fromEntries(contenders.map(([name], i) => [name, i]));
// The rows: each union with each label, then both unions together, a row being the sets it adds up.
const rows = sets.map(([name, , set], s) => [name, [s], set.length]);
for (const [label, first] of [["valid", 0], ["invalid", 2]]) {
  rows.push([`both, ${label}`, [first, first + 1], sets[first][2].length + sets[first + 1][2].length]);
}
/** A row's time per round for one contender: its sets' times added up. */
const rowTimes = (members, c) => times[members[0]][c].map((_, round) => members.reduce((sum, s) => sum + times[s][c][round], 0));
/** The median over rounds of contender a's time over contender b's, on a row. */
const ratio = (members, a, b) => {
  const ta = rowTimes(members, index[a]);
  const tb = rowTimes(members, index[b]);
  return median(ta.map((t, round) => t / tb[round]));
};

const results = { rounds, minMs, load, cpu: cpus()[0]?.model, node: process.version, sets: [], sizes: {} };
console.log(`\n${cases.length} payloads, ${rounds} interleaved rounds, node ${process.version}, ` +
  `load average ${Math.min(...load).toFixed(2)}..${Math.max(...load).toFixed(2)}\n`);
const ratioColumns = [
  ["is / ajv", "guards is", "ajv"],
  ["parse / ajv allErrors", "guards parse", "ajv allErrors"],
  ["is / zod", "guards is", "zod"],
  ["parse / zod", "guards parse", "zod"],
];
if (baseline) {
  ratioColumns.push(
    ["before: is / ajv", "before is", "ajv"],
    ["before: parse / ajv allErrors", "before parse", "ajv allErrors"],
    ["is / before is", "guards is", "before is"],
    ["parse / before parse", "guards parse", "before parse"],
  );
}
console.log(`| payloads | count | ${contenders.map(([name]) => name).join(" | ")} | ` +
  `${ratioColumns.map(([title]) => title).join(" | ")} |`);
console.log(`| --- | ---: | ${[...contenders, ...ratioColumns].map(() => "---:").join(" | ")} |`);
for (const [name, members, count] of rows) {
  const ns = contenders.map((_, c) => median(rowTimes(members, c)) / count);
  const ratios = ratioColumns.map(([, a, b]) => ratio(members, a, b));
  results.sets.push({ name, count, ns: Object.fromEntries(contenders.map(([n], c) => [n, ns[c]])), ratios });
  console.log(`| ${name} | ${count} | ` + ns.map((t) => `${t.toFixed(0)} ns`).join(" | ") +
    " | " + ratios.map((r) => `${r.toFixed(2)}×`).join(" | ") + " |");
}

// Code sizes: each contender's code for the two entry unions, bundled (what it imports
// included) and minified by esbuild, then gzipped.
const work = join(root, "target/bench-typescript");
mkdirSync(work, { recursive: true });
async function size(name, entry, external = []) {
  const out = await build({
    stdin: { contents: entry, resolveDir: work, loader: "js" },
    bundle: true, minify: true, format: "esm", platform: "neutral", write: false, external,
    mainFields: ["module", "main"],
  });
  const code = out.outputFiles[0].contents;
  const sizes = { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
  results.sizes[name] = sizes;
  return sizes;
}
const guardsUrl = JSON.stringify(resolve(guardsPath));
const zodUrl = JSON.stringify(join(here, "render_intent_zod.mjs"));
const entryGuards = UNIONS.flatMap((u) => [`is${u}`, `parse${u}`]).join(", ");
for (const allErrors of [false, true]) {
  const ajv = newAjv({ allErrors, code: { source: true, esm: true } });
  ajv.addSchema(schema);
  const refs = Object.fromEntries(UNIONS.map((u) => [u, `${schema.$id}#/$defs/${u}`]));
  writeFileSync(join(work, `ajv-standalone-${allErrors}.mjs`), standaloneCode(ajv, refs));
}
const sizeRows = [
  ["guards: the whole module (every type's guards, match helpers)", `export * from ${guardsUrl};`],
  ["guards: the entry unions' is and parse", `export { ${entryGuards} } from ${guardsUrl};`],
  ["ajv standalone", `export * from "./ajv-standalone-false.mjs";`],
  ["ajv standalone, allErrors", `export * from "./ajv-standalone-true.mjs";`],
  ["zod schema, zod excluded", `export { ToolCallView, ToolResultView } from ${zodUrl};`, ["zod"]],
  ["zod schema with zod", `export { ToolCallView, ToolResultView } from ${zodUrl};`],
];
console.log("\n| code for ToolCallView and ToolResultView | minified | gzipped |");
console.log("| --- | ---: | ---: |");
for (const [name, entry, external] of sizeRows) {
  const { minified, gzipped } = await size(name, entry, external);
  console.log(`| ${name} | ${(minified / 1024).toFixed(1)} KiB | ${(gzipped / 1024).toFixed(1)} KiB |`);
}

mkdirSync(join(root, "target/bench-results"), { recursive: true });
writeFileSync(join(root, "target/bench-results/typescript.json"), JSON.stringify(results, null, 2) + "\n");
