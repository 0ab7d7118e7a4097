#!/usr/bin/env bash
# Build-time benchmark: cardc's derive on the render-intent schema against the same types
# written by hand with serde derive (benches/src/derive.rs), all in the workspace beside this
# script, with its own committed Cargo.lock, built in the dev profile without incremental
# compilation. Four crates: `derive` (every output constant), `derive-light` (the derive with
# `#[outputs()]`: no constant), `generated-user` (its one dependency is the generated crate,
# `generated/`, so no compiler is in its tree) and `handwritten`. Two views, each timed with
# hyperfine:
#
# - crate only: every dependency already built (the crates share serde, serde_derive, syn
#   and the rest; the derive also has cardc-macros and cardc-codegen built), only the crate
#   itself is rebuilt (for `generated-user`, the generated crate and it): what an edit of the
#   schema or the types costs;
# - clean: `cargo clean`, then the crate and all its dependencies: what a fresh checkout
#   costs. The derive's side includes compiling cardc's compiler (cardc-codegen, syn,
#   prettyplease, regex, codespan-reporting...) for the proc macro.
#
# Usage: benches/build-time/run.sh (RUNS=20 and CLEAN_RUNS=3 by default). hyperfine comes
# from benches/generator/install-tools.sh. Results: target/bench-results/build-time-*.json.
set -euo pipefail
cd "$(dirname "$0")"
runs=${RUNS:-20}
clean_runs=${CLEAN_RUNS:-3}
export CARGO_TARGET_DIR=../../target/build-time
export CARGO_INCREMENTAL=0
results=../../target/bench-results
mkdir -p "$results"
../generator/install-tools.sh

# Each crate alone once: cargo unifies features per package built, so the dependencies of
# one crate built alone (serde with or without `derive`) are not those of the workspace.
for crate in derive derive-light generated-user handwritten; do
  cargo build --locked --quiet -p "build-time-$crate"
done
hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$results/build-time-crate.json" \
  -n derive --prepare 'cargo clean --quiet -p build-time-derive' \
  'cargo build --locked --quiet -p build-time-derive' \
  -n derive-light --prepare 'cargo clean --quiet -p build-time-derive-light' \
  'cargo build --locked --quiet -p build-time-derive-light' \
  -n generated-user --prepare 'cargo clean --quiet -p render-intent -p build-time-generated-user' \
  'cargo build --locked --quiet -p build-time-generated-user' \
  -n handwritten --prepare 'cargo clean --quiet -p build-time-handwritten' \
  'cargo build --locked --quiet -p build-time-handwritten'
hyperfine --style basic --runs "$clean_runs" --export-json "$results/build-time-clean.json" \
  -n derive --prepare 'cargo clean --quiet' 'cargo build --locked --quiet -p build-time-derive' \
  -n derive-light --prepare 'cargo clean --quiet' \
  'cargo build --locked --quiet -p build-time-derive-light' \
  -n generated-user --prepare 'cargo clean --quiet' \
  'cargo build --locked --quiet -p build-time-generated-user' \
  -n handwritten --prepare 'cargo clean --quiet' \
  'cargo build --locked --quiet -p build-time-handwritten'

python3 - "$results" <<'PY'
import json, sys
results = sys.argv[1]
crates = ["derive", "derive-light", "generated-user"]
print("\n| build | " + " | ".join(crates) + " | handwritten | "
      + " | ".join(f"{c} / handwritten" for c in crates) + " |")
print("| --- |" + " ---: |" * (2 * len(crates) + 1))
for view, name in [("crate", "crate only, dependencies built"), ("clean", "clean, with dependencies")]:
    runs = {r["command"]: r["median"] for r in json.load(open(f"{results}/build-time-{view}.json"))["results"]}
    hand = runs["handwritten"]
    cell = lambda c, f: f(runs[c]) if c in runs else "-"
    print(f"| {name} | " + " | ".join(cell(c, lambda t: f"{t:.2f} s") for c in crates)
          + f" | {hand:.2f} s | " + " | ".join(cell(c, lambda t: f"{t / hand:.2f}×") for c in crates) + " |")
PY
