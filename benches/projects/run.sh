#!/usr/bin/env bash
# Scale benchmark of projects: a synthetic project of 50 schema files that import a shared
# common.cards (benches/src/synth.rs), at 500, 1,000 and 2,000 unions (each union 10 variant
# structs, a shared struct and an enum: 13 types), timed as whole processes of the release
# `cardc`: `generate` into an empty directory, and a no-op `check` (nothing changed); then the
# same contract as one file at 350 unions (4,602 types: one file may hold 5,000); then how many
# outputs a change to one file rewrites. Wall time, CPU time (user + system) and peak memory
# from GNU time, the median of RUNS runs (3 by default).
#
# Usage: benches/projects/run.sh. Results: target/bench-projects/results.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${RUNS:-3}
work=$PWD/target/bench-projects
cargo build --release --locked --quiet --bin cardc --bin synth-project
cardc=$PWD/target/release/cardc
rm -rf "$work" && mkdir -p "$work"

# Runs `$@` RUNS times in the current directory, before each run `$prepare`; prints the medians
# "wall cpu rss_mb".
measure() {
  local prepare=$1
  shift
  for _ in $(seq "$runs"); do
    eval "$prepare"
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>&1
    cat "$work/time"
  done | python3 -c '
import statistics, sys
rows = [list(map(float, line.split())) for line in sys.stdin]
wall = statistics.median(r[0] for r in rows)
cpu = statistics.median(r[1] + r[2] for r in rows)
rss = statistics.median(r[3] for r in rows) / 1024
print(f"{wall:.2f} {cpu:.2f} {rss:.0f}")'
}

{
  echo "| project | types | generate: wall | CPU | memory | no-op check: wall | CPU | memory |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  for unions in 350 500 1000 2000; do
    dir=$work/project-$unions
    target/release/synth-project 50 "$unions" "$dir"
    types=$((unions * 13 + 52))
    cd "$dir"
    read -r gw gc gm <<<"$(measure 'rm -rf out' "$cardc" generate)"
    read -r cw cc cm <<<"$(measure ':' "$cardc" check)"
    echo "| 50 files, $unions unions | $types | $gw s | $gc s | $gm MB | $cw s | $cc s | $cm MB |"
    if [ "$unions" = 350 ]; then
      read -r gw gc gm <<<"$(measure 'rm -rf oneout' "$cardc" generate one/one.cards --out oneout)"
      read -r cw cc cm <<<"$(measure ':' "$cardc" check one/one.cards --out oneout)"
      echo "| one file, $unions unions | $types | $gw s | $gc s | $gm MB | $cw s | $cc s | $cm MB |"
    fi
    cd - >/dev/null
  done
  dir=$work/project-350
  cd "$dir"
  sed -i 's|^//! Part 7 of a synthetic project.|//! Part 7 of a synthetic project, changed.|' schema/part07.cards
  part=$("$cardc" generate | grep -c '^wrote')
  sed -i 's|    /// When, in seconds.|    /// When, in seconds since the epoch.|' schema/common.cards
  common=$("$cardc" generate | grep -c '^wrote')
  total=$(find out -type f | wc -l)
  echo
  echo "Of the $total outputs, a doc change to one part rewrote $part and one to common.cards $common."
} | tee "$work/results.md"
