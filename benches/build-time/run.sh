#!/usr/bin/env bash
# Build-time benchmark: cardc's derive on the render-intent schema against the same types
# written by hand with serde derive (benches/src/derive.rs), both in the workspace beside this
# script, with its own committed Cargo.lock, built in the dev profile without incremental
# compilation. Two views, each timed with hyperfine:
#
# - crate only: every dependency already built (the crates share serde, serde_derive, syn
#   and the rest; the derive also has cardc-macros and cardc-codegen built), only the crate
#   itself is rebuilt: what an edit of the schema or the types costs;
# - clean: `cargo clean`, then the crate and all its dependencies: what a fresh checkout
#   costs. The derive's side includes compiling cardc's compiler (cardc-codegen, syn 3,
#   prettyplease, clap...) for the proc macro.
#
# Usage: benches/build-time/run.sh (RUNS=10 and CLEAN_RUNS=3 by default). hyperfine comes
# from benches/generator/install-tools.sh. Results: target/bench-results/build-time-*.json.
set -euo pipefail
cd "$(dirname "$0")"
runs=${RUNS:-10}
clean_runs=${CLEAN_RUNS:-3}
export CARGO_TARGET_DIR=../../target/build-time
export CARGO_INCREMENTAL=0
results=../../target/bench-results
mkdir -p "$results"
../generator/install-tools.sh

cargo build --locked --quiet
hyperfine --style basic --runs "$runs" --export-json "$results/build-time-crate.json" \
  -n derive --prepare 'cargo clean --quiet -p build-time-derive' \
  'cargo build --locked --quiet -p build-time-derive' \
  -n handwritten --prepare 'cargo clean --quiet -p build-time-handwritten' \
  'cargo build --locked --quiet -p build-time-handwritten'
hyperfine --style basic --runs "$clean_runs" --export-json "$results/build-time-clean.json" \
  -n derive --prepare 'cargo clean --quiet' 'cargo build --locked --quiet -p build-time-derive' \
  -n handwritten --prepare 'cargo clean --quiet' \
  'cargo build --locked --quiet -p build-time-handwritten'

python3 - "$results" <<'PY'
import json, sys
results = sys.argv[1]
print("\n| build | derive | handwritten | derive / handwritten |\n| --- | ---: | ---: | ---: |")
for view, name in [("crate", "crate only, dependencies built"), ("clean", "clean, with dependencies")]:
    runs = {r["command"]: r for r in json.load(open(f"{results}/build-time-{view}.json"))["results"]}
    derive, hand = runs["derive"]["median"], runs["handwritten"]["median"]
    print(f"| {name} | {derive:.2f} s | {hand:.2f} s | {derive / hand:.2f}× |")
PY
