#!/usr/bin/env bash
# A change's build time, side by side: the crate-only builds of this tree and of a checkout of
# REV (a git worktree under target/), alternately, in ROUNDS rounds of hyperfine runs, so that
# the machine's drift falls on both sides alike; prints each build's median over every round
# as a ratio to this tree's hand-written crate. What a change costs is smaller than this
# machine's noise on one hyperfine run of run.sh, so it is measured this way.
#
# Usage: benches/build-time/side-by-side.sh REV [crate...]
#   (ROUNDS=20 and RUNS=3 by default; crates of this workspace, derive and derive-light by
#   default; the hand-written crate is always built, on this tree's side only. CLEAN=1 times
#   clean builds instead, `cargo clean` before each, dependencies and all. For generated-user a
#   crate-only build also rebuilds the generated crate, as run.sh's does.)
set -euo pipefail
cd "$(dirname "$0")"
rev=${1:?usage: side-by-side.sh REV [crate...]}
shift
if [ $# -gt 0 ]; then crates=("$@"); else crates=(derive derive-light); fi
rounds=${ROUNDS:-20}
runs=${RUNS:-3}
export CARGO_INCREMENTAL=0
here=$PWD
root=$(cd ../.. && pwd)
before=$root/target/build-time-before
results=$root/target/bench-results/side-by-side
../generator/install-tools.sh
rm -rf "$before" "$results"
git -C "$root" worktree prune
git -C "$root" worktree add --quiet --detach "$before" "$rev"
trap 'git -C "$root" worktree remove --force "$before"' EXIT
mkdir -p "$results"

# side DIR TARGET: the shell prefix that builds in DIR's benchmark workspace with TARGET.
side() { echo "cd $1/benches/build-time && CARGO_TARGET_DIR=$2"; }
after_side=$(side "$root" "$root/target/build-time")
before_side=$(side "$before" "$root/target/build-time-before-target")
for crate in "${crates[@]}" handwritten; do
  (eval "$after_side cargo build --locked --quiet -p build-time-$crate")
done
for crate in "${crates[@]}"; do
  (eval "$before_side cargo build --locked --quiet -p build-time-$crate")
done
# clean CRATE: what is removed before each build of CRATE.
clean() {
  if [ "${CLEAN:-0}" = 1 ]; then echo "cargo clean --quiet"
  elif [ "$1" = generated-user ]; then echo "cargo clean --quiet -p render-intent -p build-time-$1"
  else echo "cargo clean --quiet -p build-time-$1"; fi
}
for round in $(seq "$rounds"); do
  args=()
  for crate in "${crates[@]}"; do
    for name in before after; do
      prefix=$([ "$name" = before ] && echo "$before_side" || echo "$after_side")
      args+=(-n "$name $crate" --prepare "$prefix $(clean "$crate")"
        "$prefix cargo build --locked --quiet -p build-time-$crate")
    done
  done
  args+=(-n handwritten --prepare "$after_side $(clean handwritten)"
    "$after_side cargo build --locked --quiet -p build-time-handwritten")
  hyperfine --style none --runs "$runs" --export-json "$results/round-$round.json" "${args[@]}" \
    >/dev/null
done

cd "$here"
python3 - "$results" "$rev" <<'PY'
import glob, json, os, statistics, sys
results, rev = sys.argv[1:]
times = {}
for path in glob.glob(f"{results}/round-*.json"):
    for result in json.load(open(path))["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
hand = statistics.median(times.pop("handwritten"))
view = "clean builds" if os.environ.get("CLEAN") == "1" else "crate only"
print(f"\n{view}, medians of {len(next(iter(times.values())))} builds each; before = {rev}, "
      f"handwritten {hand:.3f} s")
print("| crate | before | after | before / handwritten | after / handwritten |")
print("| --- | ---: | ---: | ---: | ---: |")
for crate in dict.fromkeys(name.split(" ", 1)[1] for name in times):
    b, a = (statistics.median(times[f"{side} {crate}"]) for side in ("before", "after"))
    print(f"| {crate} | {b:.3f} s | {a:.3f} s | {b / hand:.2f}× | {a / hand:.2f}× |")
PY
