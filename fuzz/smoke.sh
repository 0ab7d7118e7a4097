#!/usr/bin/env bash
# A short run of every fuzz target over its committed corpus, as the test command's smoke run:
# `fuzz/smoke.sh [seconds per target]` (default 30). Installs the pinned cargo-fuzz when it is
# missing, builds on the stable toolchain (`--sanitizer none`: no sanitizer needs nightly), and
# fails on any finding. The committed corpus is read, never written: new inputs go to a scratch
# directory that is removed afterwards.
set -euo pipefail
cd "$(dirname "$0")"

seconds="${1:-30}"
cargo_fuzz_version="0.13.2"

if ! cargo fuzz --version 2>/dev/null | grep -q "$cargo_fuzz_version"; then
  echo "cargo-fuzz $cargo_fuzz_version is missing: installing it with cargo install (it builds and runs the fuzz targets)" >&2
  cargo install --quiet --locked --version "$cargo_fuzz_version" cargo-fuzz
fi

cargo fuzz build --sanitizer none

# The grammar target's bytes are choices, not text: it takes no dictionary.
dict_flag() {
  if [ -f "$1.dict" ]; then echo "-dict=$1.dict"; fi
}

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for target in schema schema_grammar decode published; do
  mkdir -p "$scratch/$target"
  echo "fuzz smoke run: $target for ${seconds}s" >&2
  cargo fuzz run --sanitizer none "$target" "$scratch/$target" "corpus/$target" -- \
    $(dict_flag "$target") -max_len=4096 -len_control=0 -max_total_time="$seconds" -timeout=10 \
    -artifact_prefix="$scratch/" -print_final_stats=1 2>&1 | grep -E "^(stat::number_of_executed_units|#[0-9]+ +DONE)|panicked|ERROR" || true
  if compgen -G "$scratch/crash-*" >/dev/null || compgen -G "$scratch/timeout-*" >/dev/null \
     || compgen -G "$scratch/oom-*" >/dev/null; then
    echo "error: fuzz target $target found an input that fails; reproduce it with:" >&2
    for artifact in "$scratch"/crash-* "$scratch"/timeout-* "$scratch"/oom-*; do
      [ -e "$artifact" ] || continue
      mkdir -p artifacts/"$target"
      cp "$artifact" artifacts/"$target"/
      echo "    (cd fuzz && cargo fuzz run --sanitizer none $target artifacts/$target/$(basename "$artifact"))" >&2
    done
    exit 1
  fi
done
echo "fuzz smoke run: no finding" >&2
