#!/usr/bin/env bash
# A change's decode and encode speed, side by side: the codec benchmark built from a checkout
# of REV (a git worktree under target/) and from this tree, run as alternating processes
# (ROUNDS of each, the order swapped every round, so that the machine's drift falls on both
# sides alike), each process running BENCH_ROUNDS interleaved rounds of its own ratio tables.
# Prints, for every row, the median over the processes of each side's ratio to the floor. The
# floor and serde's tagged enums are the same code on both sides, so their columns before and
# after show the noise.
#
# Usage: benches/codec-side-by-side.sh REV   (ROUNDS=6, BENCH_ROUNDS=3 by default;
#   BEFORE_DIR names an existing checkout of REV to build in instead of a new worktree)
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: codec-side-by-side.sh REV}
rounds=${ROUNDS:-6}
bench_rounds=${BENCH_ROUNDS:-3}
root=$PWD
results=$root/target/bench-results/codec-side-by-side
rm -rf "$results" && mkdir -p "$results"
if [ -n "${BEFORE_DIR:-}" ]; then
  before=$BEFORE_DIR
  [ "$(git -C "$before" rev-parse HEAD)" = "$(git rev-parse "$rev^{commit}")" ] ||
    { echo "$before is not a checkout of $rev" >&2; exit 1; }
else
  before=$root/target/codec-before
  rm -rf "$before"
  git worktree prune
  git worktree add --quiet --detach "$before" "$rev"
  trap 'git -C "$root" worktree remove --force "$before"' EXIT
fi

# bench DIR TARGET: builds DIR's codec benchmark into TARGET and prints the executable's path.
bench() {
  (cd "$1" && CARGO_TARGET_DIR=$2 cargo bench --locked --quiet -p cardc-benches --bench codec \
    --no-run --message-format=json) | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "codec" and m.get("executable"):
        print(m["executable"])'
}
before_exe=$(bench "$before" "$before/target")
after_exe=$(bench "$root" "$root/target")
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then order=(before after); else order=(after before); fi
  for side in "${order[@]}"; do
    exe=$([ "$side" = before ] && echo "$before_exe" || echo "$after_exe")
    echo "round $round/$rounds: $side (load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    CARDC_BENCH=decode,encode CARDC_BENCH_ROUNDS=$bench_rounds "$exe" --bench \
      >"$results/$side-$round.txt"
  done
done

python3 - "$results" "$rev" "$rounds" "$bench_rounds" <<'PY'
import glob, re, statistics, sys
results, rev, rounds, bench_rounds = sys.argv[1:]

def tables(path):
    """{section: {(row, column): ratio}} of one process's output."""
    out, section, header = {}, None, None
    for line in open(path):
        if not line.startswith("|"):
            if line.strip():
                section, header = line.split(" (")[0].split(":")[0].strip(), None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not cells[0].startswith("---"):
            for column, value in zip(header[1:], cells[1:]):
                if value.endswith("×"):
                    out.setdefault(section, {})[(cells[0], column)] = float(value[:-1])
    return out

runs = {side: [tables(p) for p in sorted(glob.glob(f"{results}/{side}-*.txt"))]
        for side in ("before", "after")}
print(f"\nmedian over {rounds} processes per side, each of {bench_rounds} interleaved rounds; "
      f"before = {rev}, after = this tree\n")
for section, cells in runs["after"][0].items():
    columns = list(dict.fromkeys(column for _, column in cells))
    rows = list(dict.fromkeys(row for row, _ in cells))
    print(f"{section}:\n")
    print("| payloads | " + " | ".join(f"{c} before | {c} after" for c in columns) + " |")
    print("| --- |" + " ---: |" * (2 * len(columns)))
    for row in rows:
        values = []
        for column in columns:
            for side in ("before", "after"):
                found = [run[section][(row, column)] for run in runs[side]
                         if (row, column) in run.get(section, {})]
                values.append(f"{statistics.median(found):.3f}×" if found else "–")
        print(f"| {row} | " + " | ".join(values) + " |")
    print()
PY
