#!/usr/bin/env bash
# Installs the tools the generator and build-time benchmarks compare against, into
# target/bench-tools (never on the test path): hyperfine and GNU time from Debian,
# cargo-typify from crates.io and json-schema-to-typescript from npm, at pinned versions.
set -euo pipefail
cd "$(dirname "$0")/../.."
tools=target/bench-tools

if ! command -v hyperfine >/dev/null || [ ! -x /usr/bin/time ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "error: hyperfine or /usr/bin/time is missing and this is not root; install them" >&2
    exit 1
  fi
  apt-get update -q && apt-get install -y -q hyperfine time
fi
# typify 0.8 is the version the conformance suite reads the published schema with.
if [ ! -x "$tools/bin/cargo-typify" ]; then
  cargo install --locked --quiet --root "$tools" cargo-typify --version 0.8.0
fi
if [ ! -x "$tools/npm/node_modules/.bin/json2ts" ]; then
  npm install --prefix "$tools/npm" --no-audit --no-fund --loglevel=error \
    json-schema-to-typescript@16.0.0
fi
