"""Property tests of the generated Python package, with hypothesis: payloads of every named
type drawn from the published JSON Schema (generated/render_intent.schema.json) are decoded by
`render_intent` and written back as exactly the same JSON, and python-jsonschema accepts them
too; the same payloads with an unknown key added, or a required key taken away, are refused by
both.

    PYTHONPATH=generated/python python -m pytest tests/python/test_properties.py

The strategy reads the schema's own keywords (`$ref`, `type`, `properties`, `required`,
`enum`, `const`, `minimum`/`maximum`, `items`, `additionalProperties`, a union's `allOf` of
`if`/`then` per variant, a nullable's `if`/`else`), so it draws what the contract publishes,
not what the package was written to read.
"""

import json
from pathlib import Path

import cardc_runtime
import pytest
import render_intent
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "generated/render_intent.schema.json").read_text(
        "utf-8"
    )
)
DEFS = SCHEMA["$defs"]
REGISTRY = Registry().with_resource(SCHEMA["$id"], Resource.from_contents(SCHEMA))

#: Strings as JSON carries them: any code point but a lone surrogate.
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)

#: Any JSON value, for `Json` fields (`{}` in the schema).
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53) + 1, 2**53 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3)
    ),
    max_leaves=8,
)


#: The keywords that say nothing of which values are valid.
ANNOTATIONS = {"title", "description", "examples", "deprecated", "$comment"}


def strategy(schema):
    """The values `schema` describes (the subset of JSON Schema cardc publishes)."""
    schema = {key: value for key, value in schema.items() if key not in ANNOTATIONS}
    if schema == {}:
        return JSON
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return st.deferred(lambda: strategy(DEFS[name]))
    if "if" in schema and schema["if"] == {"type": "null"}:
        return st.none() | strategy(schema["else"])
    if "allOf" in schema:
        # A union: one branch per variant, and for a nested union one more whose `if` names
        # only the outer tag (its inner tag's check); a variant's `if` is extended by none.
        branches = [branch for branch in schema["allOf"] if "then" in branch]
        tags = [set(branch["if"]["properties"]) for branch in branches]
        variants = [
            branch["then"]
            for branch, named in zip(branches, tags)
            if not any(named < other for other in tags)
        ]
        return st.one_of([strategy(variant) for variant in variants])
    if "anyOf" in schema:
        return st.one_of([strategy(option) for option in schema["anyOf"]])
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "string":
        return TEXT
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(schema.get("minimum"), schema.get("maximum"))
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False)
    if kind == "array":
        return st.lists(strategy(schema.get("items", {})), max_size=3)
    if kind in ("object", None) and "properties" in schema:
        required = set(schema.get("required", ()))
        fields = {key: strategy(value) for key, value in schema["properties"].items()}
        return st.fixed_dictionaries(
            {key: value for key, value in fields.items() if key in required},
            optional={
                key: value for key, value in fields.items() if key not in required
            },
        )
    if kind == "object":
        return st.dictionaries(
            TEXT, strategy(schema.get("additionalProperties", {})), max_size=3
        )
    raise ValueError(f"no strategy for {schema}")


def decoder(name):
    return getattr(render_intent, "parse_" + snake(name))


def snake(name):
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


def validator(name):
    return Draft202012Validator(
        {"$ref": f"{SCHEMA['$id']}#/$defs/{name}"}, registry=REGISTRY
    )


def same_json(a, b):
    """JSON equality: numbers by value, never a boolean for a number, objects unordered."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


NAMES = sorted(DEFS)
OBJECTS = [
    name
    for name in NAMES
    if DEFS[name].get("type") == "object"
    and DEFS[name].get("additionalProperties") is False
]
PROPERTIES = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.parametrize("name", NAMES)
@PROPERTIES
@given(data=st.data())
def test_a_drawn_value_decodes_and_writes_back_exactly(name, data):
    payload = data.draw(strategy(DEFS[name]))
    assert validator(name).is_valid(payload), "python-jsonschema refuses a drawn value"
    value = decoder(name)(payload)
    written = cardc_runtime.to_data(type(value), value)
    assert same_json(written, payload), f"wrote {written!r}"


@pytest.mark.parametrize("name", OBJECTS)
@PROPERTIES
@given(data=st.data())
def test_an_unknown_key_is_refused_by_both_python_readers(name, data):
    payload = dict(data.draw(strategy(DEFS[name])))
    key = data.draw(TEXT.filter(lambda key: key not in DEFS[name]["properties"]))
    payload[key] = data.draw(JSON)
    assert not validator(name).is_valid(payload)
    with pytest.raises(cardc_runtime.DecodeError) as refused:
        decoder(name)(payload)
    assert any(
        entry.pointer == "/" + key.replace("~", "~0").replace("/", "~1")
        for entry in refused.value.errors
    )


@pytest.mark.parametrize(
    "name", [name for name in OBJECTS if DEFS[name].get("required")]
)
@PROPERTIES
@given(data=st.data())
def test_a_missing_required_key_is_refused_by_both_python_readers(name, data):
    payload = dict(data.draw(strategy(DEFS[name])))
    key = data.draw(st.sampled_from(DEFS[name]["required"]))
    del payload[key]
    assert not validator(name).is_valid(payload)
    with pytest.raises(cardc_runtime.DecodeError):
        decoder(name)(payload)
