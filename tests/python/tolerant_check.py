"""The generated Python package's tolerant decode as a reader: for each case of a corpus,
what `Parser.tolerant_json` (the `parse_<type>.tolerant_json` of the package) reads the
payload's JSON text as, under the schema's reader policies. The Python side of the
tolerant-read conformance test (tests/conformance/tests/tolerant.rs).

    python tests/python/tolerant_check.py <package-dir> <cases.jsonl>

Prints one JSON line per case: {"name", "ok": true, "value", "warnings"}, the value as the
package writes it back (as JSON text, as tests/js/tolerant_check.mjs gives it) and the
warnings' pointers in order, or {"name", "ok": false, "errors"}. It leaves the judging to the
caller. Run it with the interpreter of the environment `scripts/python-env` builds.
"""

import json
import sys
from pathlib import Path

import cardc_runtime as runtime
from python_check import load_package, read_as


def read(package, case):
    tp, name, text = read_as(package, case)
    try:
        decoded = runtime.Parser(tp, name).tolerant_json(text)
    except runtime.DecodeError as error:
        return {"ok": False, "errors": [str(entry) for entry in error.errors]}
    return {
        "ok": True,
        "value": json.dumps(runtime.to_data(tp, decoded.value), ensure_ascii=False),
        "warnings": [warning.pointer for warning in decoded.warnings],
    }


def main():
    if len(sys.argv) != 3:
        sys.exit(
            "usage: python tests/python/tolerant_check.py <package-dir> <cases.jsonl>"
        )
    package = load_package(Path(sys.argv[1]))
    with open(sys.argv[2], encoding="utf-8") as file:
        for line in file:
            if line.strip():
                case = json.loads(line)
                print(json.dumps({"name": case["name"], **read(package, case)}))


if __name__ == "__main__":
    main()
