#!/usr/bin/env bash
# The size of the render-intent outputs, lines and bytes, per output and per schema type: as
# committed at REV and in this tree, side by side. Read with `git show`, so nothing is checked
# out or built; the committed outputs are the generator's (a test fails when they are stale).
# Also counts the committed copies of each language's runtime (the runtime's sources excluded).
#
# Usage: benches/output-size/run.sh REV
set -euo pipefail
cd "$(dirname "$0")/../.."
rev=${1:?usage: output-size/run.sh REV}
git rev-parse --verify --quiet "$rev^{commit}" >/dev/null || { echo "unknown revision $rev" >&2; exit 1; }
python3 - "$rev" <<'PY'
import fnmatch, re, subprocess, sys
from pathlib import Path

rev = sys.argv[1]

def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout

def files(side, pattern):
    """The tracked files matching a glob (`*` also crossing `/`), at REV or in this tree."""
    names = git("ls-tree", "-r", "--name-only", rev) if side == "before" else git("ls-files")
    return [n for n in names.splitlines() if fnmatch.fnmatchcase(n, pattern)]

def text(side, name):
    if side == "before":
        return git("show", f"{rev}:{name}")
    return Path(name).read_text()

def size(side, pattern):
    """Lines and bytes of the files matching a glob, or None when there are none."""
    names = files(side, pattern)
    if not names:
        return None
    texts = [text(side, n) for n in names]
    return sum(t.count("\n") for t in texts), sum(len(t.encode()) for t in texts)

def types(side):
    schema = text(side, "schema/render_intent.cards")
    return len(re.findall(r"^\s*(?:struct|enum)\s+\w+", schema, re.M))

rows = [
    ("Rust (`render_intent.rs`)", "generated/render_intent.rs"),
    ("TypeScript, the file a reviewer opens (`render_intent.ts`)", "generated/render_intent.ts"),
    ("TypeScript guards (`render_intent.guards.ts`)", "generated/render_intent.guards.ts"),
    ("TypeScript runtime module (`cardc_runtime.ts`)", "generated/cardc_runtime.ts"),
    ("TypeScript, all three", "generated/*.ts"),
    ("Python package (`__init__.py`)", "generated/python/render_intent/__init__.py"),
    ("Python runtime, in the package (`_runtime.py`)", "generated/python/render_intent/_runtime.py"),
    ("Python runtime distribution (`python/cardc-runtime`)", "python/cardc-runtime/cardc_runtime/*.py"),
    ("JSON Schema", "generated/render_intent.schema.json"),
    ("Rust runtime crate (`runtime/src`, hand-written)", "runtime/src/*.rs"),
    ("hand-written serde types (`benches/src/derive.rs`), for scale", "benches/src/derive.rs"),
]
count = {side: types(side) for side in ("before", "after")}
print(f"render-intent: {count['before']} types before ({rev}), {count['after']} after (this tree)\n")
print("| output | lines before | lines after | after / before | per type before | per type after "
      "| KB before | KB after |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for label, pattern in rows:
    b, a = size("before", pattern), size("after", pattern)
    if b is None and a is None:
        continue
    def cell(s, i, f):
        return "–" if s is None else f(s[i])
    ratio = f"{a[0] / b[0]:.2f}×" if a and b else "–"
    # A runtime's size does not grow with the schema: no per-type figure for it.
    shared = "runtime" in label and "(`_runtime.py`)" not in label
    per_b = "–" if shared else cell(b, 0, lambda n: f"{n / count['before']:.0f}")
    per_a = "–" if shared else cell(a, 0, lambda n: f"{n / count['after']:.0f}")
    kb = lambda n: f"{n / 1000:.1f}"
    print(f"| {label} | {cell(b, 0, str)} | {cell(a, 0, str)} | {ratio} | {per_b} | {per_a} "
          f"| {cell(b, 1, kb)} | {cell(a, 1, kb)} |")

# Committed copies of each runtime: files carrying a line only that runtime writes.
markers = {
    "TypeScript runtime (inlined or a module)": "The state of one check",
    "Python runtime": "The helpers every generated module of this package shares|"
                      "The runtime every Python package cardc generates imports",
}
print("\n| committed copies of a runtime (its sources excluded) | before | after |")
print("| --- | ---: | ---: |")
for label, marker in markers.items():
    counts = []
    for tree in (rev, "HEAD"):
        found = subprocess.run(["git", "grep", "-l", "-E", marker, tree], capture_output=True,
                               text=True).stdout.splitlines()
        found = [f.split(":", 1)[1] for f in found]
        counts.append(len([f for f in found if not f.startswith(("codegen/src/", "python/", "runtime/"))]))
    print(f"| {label} | {counts[0]} | {counts[1]} |")
PY
