#!/usr/bin/env bash
# TypeScript runtime checks benchmark: the generated guards (`is<Union>`, `parse<Union>` of
# ToolCallView and ToolResultView, compiled by the repository's tsc as the conformance suite
# compiles them) against ajv's compiled validator for the published schema (allErrors off and
# on) and a zod 4 schema written by hand for the same contract, on the wire corpus and its
# mutations, valid and invalid payloads apart; then the code size of each, minified by esbuild
# and gzipped. See benches/typescript/bench.mjs.
#
# Usage: benches/typescript/run.sh (ROUNDS=15 and MIN_MS=60 by default; BASELINE=<revision>
# also times the guards committed at that revision, in the same rounds). The conformance test
# it runs first writes the corpus and holds the zod schema to the guards on every case.
# Results: target/bench-results/typescript.json.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -d node_modules/mitata ] || npm ci --no-audit --no-fund
cargo test --locked --quiet -p cardc-conformance --test typescript_bench >/dev/null
work=target/bench-typescript
mkdir -p "$work/guards"
echo '{"type": "module"}' >"$work/guards/package.json"
node node_modules/typescript/bin/tsc --strict --target es2022 --module es2022 \
  --outDir "$work/guards" generated/render_intent.ts
if [ -n "${BASELINE:-}" ]; then
  # The generated/ directory of that revision, compiled as the current one is.
  rm -rf "$work/baseline-src" "$work/baseline"
  mkdir -p "$work/baseline-src" "$work/baseline"
  git archive "$BASELINE" generated | tar -x -C "$work/baseline-src"
  echo '{"type": "module"}' >"$work/baseline/package.json"
  node node_modules/typescript/bin/tsc --strict --target es2022 --module es2022 \
    --outDir "$work/baseline" "$work/baseline-src/generated/render_intent.ts"
  export BASELINE_MODULE="$work/baseline/render_intent.js"
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
node benches/typescript/bench.mjs "$work/guards/render_intent.js" \
  target/cardc-conformance/typescript-bench.jsonl generated/render_intent.schema.json
