#!/usr/bin/env bash
# Instructions per decode and encode pass over the codec corpus, counted by valgrind's
# callgrind: a count, not a time, so it is the same whatever else the machine runs (a loaded
# shared machine moves the timed ratios of the codec benchmark by more than a change costs).
# Each figure is the count of PASSES passes minus that of none (the corpus generated and, for an
# encoder, decoded), divided by PASSES; the ratio is to the floor's. It counts work, not
# memory stalls or branch misses, so it complements the timed ratios rather than replacing them.
#
# Usage: benches/codec-instructions.sh [PROFILE_EXE]   (PASSES=2 by default; the executable is
#   the profile example, target/release/examples/profile, built when not given; DECODERS,
#   KINDS and ENCODERS choose the rows, by default every decoder and encoder of floor, cardc and
#   serde tag, over all payloads and those with the tags last; each row takes a minute or more)
set -euo pipefail
cd "$(dirname "$0")/.."
exe=${1:-}
if [ -z "$exe" ]; then
  cargo build --release --locked --quiet -p cardc-benches --example profile
  exe=$PWD/target/release/examples/profile
fi
passes=${PASSES:-2}
command -v valgrind >/dev/null || { echo "error: valgrind is missing (Debian's valgrind)" >&2; exit 1; }

# count WHO KIND N: the instructions of `profile WHO KIND N`.
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$exe" "$1" "$2" "$3" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo "| pass over | who | instructions per pass | / floor |"
echo "| --- | --- | ---: | ---: |"
IFS=, read -r -a decoders <<<"${DECODERS:-floor,cardc,serde tag}"
IFS=' ' read -r -a kinds <<<"${KINDS-all all,last}"
IFS=, read -r -a encoders <<<"${ENCODERS-floor,cardc,serde tag}"
for kind in "${kinds[@]}"; do
  base=$(count floor "$kind" 0)
  floor=
  for who in "${decoders[@]}"; do
    per=$(( ($(count "$who" "$kind" "$passes") - base) / passes ))
    floor=${floor:-$per}
    echo "| decode $kind | $who | $per | $(python3 -c "print(f'{$per / $floor:.3f}×')") |"
  done
done
floor=
for who in "${encoders[@]}"; do
  per=$(( ($(count "encode:$who" all "$passes") - $(count "encode:$who" all 0)) / passes ))
  floor=${floor:-$per}
  echo "| encode all | $who | $per | $(python3 -c "print(f'{$per / $floor:.3f}×')") |"
done
