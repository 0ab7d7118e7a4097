#!/usr/bin/env bash
# Generator benchmark: synthetic schemas of 2, 20 and 200 unions (10 variants of 8 fields
# each), and the JSON Schema cardc writes for each; then, as whole processes timed with
# hyperfine, `cardc generate` (release build, all four outputs) against cargo-typify (Rust
# only, from the JSON Schema, with and without its builder types) and json-schema-to-typescript
# (TypeScript only, every definition), and the peak memory of each from GNU time.
#
# Usage: benches/generator/run.sh (RUNS=5 by default). The tools are installed by
# install-tools.sh into target/bench-tools. Results: target/bench-results/generator-*.json.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${RUNS:-5}
tools=$PWD/target/bench-tools
work=$PWD/target/bench-generator
results=$PWD/target/bench-results
benches/generator/install-tools.sh
cargo build --release --locked --quiet --bin cardc --bin synth-schema --bin typify-ready
rm -rf "$work" && mkdir -p "$work" "$results"

cardc=$PWD/target/release/cardc
typify=$tools/bin/cargo-typify
json2ts=$tools/npm/node_modules/.bin/json2ts
for n in 2 20 200; do
  target/release/synth-schema "$n" "$work/s$n.cards"
  "$cardc" generate "$work/s$n.cards" --out "$work/schema-$n" >/dev/null
  json=$work/schema-$n/s$n.schema.json
  # typify 0.8 stops at any `if`: it reads the schema as the conformance suite gives it typify.
  typify_json=$work/schema-$n/s$n.typify.json
  target/release/typify-ready "$json" "$typify_json"
  cmd_cardc="$cardc generate $work/s$n.cards --out $work/out-$n"
  cmd_typify="$typify typify --no-builder $typify_json -o $work/typify-$n.rs"
  cmd_typify_builder="$typify typify $typify_json -o $work/typify-builder-$n.rs"
  cmd_json2ts="node $json2ts --unreachableDefinitions -i $json -o $work/json2ts-$n.ts"
  # The output directory is removed before each cardc run, so that every run writes all of
  # its files (cardc leaves a file that is already right untouched).
  hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$results/generator-$n.json" \
    -n cardc --prepare "rm -rf $work/out-$n" "$cmd_cardc" \
    -n typify "$cmd_typify" -n typify-builder "$cmd_typify_builder" -n json2ts "$cmd_json2ts"
  for tool in cardc typify typify_builder json2ts; do
    cmd=cmd_$tool
    rm -rf "$work/out-$n"
    /usr/bin/time -f "%M" -o "$work/rss-$tool-$n" ${!cmd} >/dev/null 2>&1
  done
done

python3 - "$work" "$results" <<'PY'
import json, sys
work, results = sys.argv[1:]
tools = ["cardc", "typify", "typify-builder", "json2ts"]
def rss(tool, n):
    return int(open(f"{work}/rss-{tool.replace('-', '_')}-{n}").read().split()[-1]) / 1024
print("\n| unions | cardc (4 outputs) | typify --no-builder | typify | json2ts "
      "| typify --no-builder / cardc | json2ts / cardc |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
times = {}
for n in [2, 20, 200]:
    runs = {r["command"]: r["median"] for r in json.load(open(f"{results}/generator-{n}.json"))["results"]}
    times[n] = runs
    print(f"| {n} | " + " | ".join(f"{runs[t]:.3f} s" for t in tools)
          + f" | {runs['typify'] / runs['cardc']:.1f}× | {runs['json2ts'] / runs['cardc']:.1f}× |")
print("\n| unions | cardc | typify --no-builder | typify | json2ts | cardc / typify --no-builder |")
print("| ---: | ---: | ---: | ---: | ---: | ---: |")
for n in [2, 20, 200]:
    mb = {t: rss(t, n) for t in tools}
    print(f"| {n} | " + " | ".join(f"{mb[t]:.0f} MB" for t in tools)
          + f" | {mb['cardc'] / mb['typify']:.2f} |")
print("\ncardc time per union: " + ", ".join(
    f"{n} unions {times[n]['cardc'] / n * 1000:.1f} ms" for n in [2, 20, 200]))
PY
