"""How precisely python-jsonschema reports a fault: for each case of a corpus, the JSON
pointer that `jsonschema.exceptions.best_match` names.

    python tests/python/best_match.py <schema.json> <cases.jsonl>

Each case is {"name", "type", "payload"}, read against `<$id>#/$defs/<type>` with the
schema registered under its `$id` (nothing is fetched). Prints one JSON line per case:
{"name", "count", "best"}, where `count` is the number of errors `iter_errors` yields and
`best` the best match's instance path, with the key it names appended for `required`,
`additionalProperties` and `unevaluatedProperties` (the key missing or unknown, where the
fault is), and null when the payload is accepted. It reports and leaves the judging to the
caller. Run it with the interpreter of the environment `scripts/python-env` builds.
"""

import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource


def escape(key):
    return str(key).replace("~", "~0").replace("/", "~1")


def pointer(error):
    """The pointer an error names: where the fault is, not only the object holding it."""
    at = "".join("/" + escape(part) for part in error.absolute_path)
    instance = error.instance
    if error.validator == "required" and isinstance(instance, dict):
        missing = [key for key in error.validator_value if key not in instance]
        if missing:
            return f"{at}/{escape(missing[0])}"
    if error.validator in (
        "additionalProperties",
        "unevaluatedProperties",
    ) and isinstance(instance, dict):
        known = error.schema.get("properties", {})
        unknown = [key for key in instance if key not in known]
        if len(unknown) == 1:
            return f"{at}/{escape(unknown[0])}"
    return at


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: python tests/python/best_match.py <schema.json> <cases.jsonl>")
    with open(sys.argv[1], encoding="utf-8") as file:
        schema = json.load(file)
    registry = Registry().with_resource(schema["$id"], Resource.from_contents(schema))
    validators = {}
    with open(sys.argv[2], encoding="utf-8") as file:
        for line in file:
            if not line.strip():
                continue
            case = json.loads(line)
            name = case["type"]
            if name not in validators:
                root = {"$ref": f"{schema['$id']}#/$defs/{name}"}
                validators[name] = Draft202012Validator(root, registry=registry)
            errors = list(validators[name].iter_errors(case["payload"]))
            best = best_match(errors)
            out = {
                "name": case["name"],
                "count": len(errors),
                "best": None if best is None else pointer(best),
            }
            print(json.dumps(out))


if __name__ == "__main__":
    main()
