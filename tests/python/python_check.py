"""The generated Python package as a reader of the contract: for each case of a corpus,
whether the package decodes the payload's JSON text as the case's named type, and whether
what it decoded writes back as the same JSON.

    python tests/python/python_check.py <package-dir> <cases.jsonl>
    python tests/python/python_check.py --installed <package-name> <cases.jsonl>

Each case is {"name", "type", "payload"} (or "text", JSON text read as it is written), with "written" too when a conforming writer writes
back other JSON than the payload (a null-as-absent `null` left out, dropped unknown keys gone). The package at <package-dir> is imported from its
files under a name of its own, so that a package named like a standard module (a golden case
called `collections`) is still the one read. Prints one JSON line per case: {"name",
"accepted", "errors"} (and "pointer", "type" and "variant", the first error's, when refused), with "round_trip" too when an accepted payload writes back other JSON
than "written" (or the payload itself when there is none; numbers compared by value, as the Rust reader's round trip compares them). It reports and
leaves the judging to the caller. Run it with the interpreter of the environment
`scripts/python-env` builds.
"""

import importlib.util
import json
import keyword
import sys
from pathlib import Path

import cardc_runtime as runtime


def same_json(a, b):
    """Whether two JSON values are the same, numbers by their exact value (`1` is `1.0`, and
    `2**53 + 1` is not `2**53`), never a boolean for one."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        # Python compares an int with a float exactly, without rounding either.
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return len(a) == len(b) and all(
            key in b and same_json(a[key], b[key]) for key in a
        )
    return type(a) is type(b) and a == b


def read_as(package, case):
    """The case's type in the package, its schema name, and the JSON text to read."""
    name = case["type"]
    # A type named like a keyword is escaped as the emitter escapes it (`None_`).
    tp = getattr(package, name + "_" if keyword.iskeyword(name) else name)
    # A case of JSON text (a lexical edge case) is read as written, not as parsed here.
    text = case.get("text")
    if text is None:
        text = json.dumps(case["payload"], ensure_ascii=False)
    return tp, name, text


def verdict(package, case):
    tp, name, text = read_as(package, case)
    try:
        value = runtime.decode(tp, name, text)
    except runtime.DecodeError as error:
        return {
            "accepted": False,
            "errors": [str(entry) for entry in error.errors],
            "pointer": error.errors[0].pointer,
            "type": error.errors[0].type,
            "variant": error.errors[0].variant,
        }
    written = runtime.to_data(tp, value)
    report = {"accepted": True, "errors": []}
    expected = case["written"] if "written" in case else case.get("payload")
    if expected is None and "text" in case:
        expected = json.loads(case["text"])
    if not same_json(written, expected):
        report["round_trip"] = f"round trip changed the JSON: {json.dumps(written)}"
    return report


def load_package(directory):
    """The package whose files are in `directory`, imported as `cardc_checked_package`."""
    name = "cardc_checked_package"
    spec = importlib.util.spec_from_file_location(
        name, directory / "__init__.py", submodule_search_locations=[str(directory)]
    )
    if spec is None or spec.loader is None:
        sys.exit(f"{directory} is not a Python package")
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    return package


def main():
    arguments = sys.argv[1:]
    if len(arguments) == 3 and arguments[0] == "--installed":
        # The package as installed, imported by its name; its file and the runtime's are
        # printed first, so that the caller can tell it is the installed copies that read.
        package = importlib.import_module(arguments[1])
        print(json.dumps({"file": package.__file__}))
        print(json.dumps({"runtime": runtime.__file__}))
        arguments = arguments[2:]
    elif len(arguments) == 2:
        package = load_package(Path(arguments[0]))
        arguments = arguments[1:]
    else:
        sys.exit(
            "usage: python tests/python/python_check.py "
            "(<package-dir> | --installed <name>) <cases.jsonl>"
        )
    with open(arguments[0], encoding="utf-8") as file:
        for line in file:
            if not line.strip():
                continue
            case = json.loads(line)
            print(json.dumps({"name": case["name"], **verdict(package, case)}))


if __name__ == "__main__":
    main()
