"""The contract's rules for JSON text, as the generated packages read it: no key twice, no
lone surrogate, no nesting deeper than 127, and no number beyond a float's range, wherever it
stands: a float field, an any-JSON field, an open object's other keys, a dropped key and an
open union's catch-all. Each read is of text, since parsed data cannot hold most of these.

    PYTHONPATH=tests/schemas/primitives/python:tests/schemas/open_objects/python:\
tests/schemas/presence_rules/python:tests/schemas/open_unions/python \
        python -m pytest tests/python/test_json_rules.py
"""

import json

import open_objects
import open_unions
import presence_rules
import primitives
import pytest

HUGE_INTEGER = "1" + "0" * 400
#: The largest integer a float holds as a finite number, and the first past it.
LARGEST = str(2**1024 - 2**970 - 1)
PAST_LARGEST = str(2**1024 - 2**970)


def scalars(ratio="0.5", anything="null"):
    return (
        '{"text":"t","flag":true,"tiny":1,"small":1,"count":1,"signed_tiny":-1,'
        f'"signed_small":-1,"offset":-1,"ratio":{ratio},"anything":{anything}}}'
    )


def refused(parse, text):
    """The errors of a read that must fail (each package has a DecodeError of its own)."""
    with pytest.raises(ValueError) as raised:
        parse(text)
    assert type(raised.value).__name__ == "DecodeError", raised.value
    return raised.value.errors


@pytest.mark.parametrize(
    "ratio", ["1e308", "-1e308", "1.5", "7", "-0", LARGEST, "1e-400"]
)
def test_a_float_field_reads_every_number_within_range(ratio):
    scalars_ = primitives.parse_scalars_json(scalars(ratio=ratio))
    # As the double nearest it, as every reader holds a number.
    assert scalars_.ratio == float(json.loads(ratio))


@pytest.mark.parametrize(
    ("given", "held"),
    [
        ("9007199254740993", 9007199254740992),
        ("-9007199254740993", -9007199254740992),
        ("18446744073709551615", 18446744073709551616),
        ("9007199254740991", 9007199254740991),
    ],
)
def test_a_number_past_2_53_is_held_as_the_double_nearest_it(given, held):
    scalars_ = primitives.parse_scalars_json(
        scalars(ratio=given, anything=f"[{given}]")
    )
    assert (scalars_.ratio, scalars_.anything) == (held, [held])
    assert json.loads(scalars_.to_json())["ratio"] == held
    kept = open_objects.parse_metadata_json(f'{{"name":"n","big":{{"n":{given}}}}}')
    assert kept.to_data() == {"name": "n", "big": {"n": held}}


def test_a_repeated_key_or_lone_surrogate_is_pointed_at():
    message = '{"id":"m","attachments":[],"q":1,"q":2}'
    assert [e.pointer for e in refused(presence_rules.parse_message_json, message)] == [
        "/q"
    ]
    nested = '{"id":"m","attachments":[],"author":{"name":"a\\ud800"}}'
    assert [e.pointer for e in refused(presence_rules.parse_message_json, nested)] == [
        "/author/name"
    ]


@pytest.mark.parametrize("ratio", ["1e400", "-1e400", HUGE_INTEGER, PAST_LARGEST])
def test_a_float_field_refuses_a_number_past_a_float(ratio):
    errors = refused(primitives.parse_scalars_json, scalars(ratio=ratio))
    assert [(error.pointer, error.message) for error in errors] == [
        ("/ratio", "Value error, number out of range")
    ]


@pytest.mark.parametrize(
    ("anything", "where"),
    [
        ("1e400", "/anything"),
        ('[1, {"a": [-1e400]}]', "/anything/1/a/0"),
        (f'{{"a~b/c": {HUGE_INTEGER}}}', "/anything/a~0b~1c"),
    ],
)
def test_an_any_json_field_refuses_a_number_past_a_float_and_says_where(
    anything, where
):
    # At the number itself, as the Rust reader, whose parser stops there, points at it.
    errors = refused(primitives.parse_scalars_json, scalars(anything=anything))
    assert [error.pointer for error in errors] == [where]


def test_an_any_json_field_keeps_numbers_within_range():
    value = primitives.parse_scalars_json(scalars(anything=f"[1e308, {LARGEST}, 0.5]"))
    # An integer past 2^53 as the double nearest it, as every reader holds it.
    assert value.anything == [1e308, int(float(LARGEST)), 0.5]


def test_an_open_objects_other_keys_refuse_a_number_past_a_float():
    assert open_objects.parse_metadata_json('{"name":"n","x":[1e308]}').to_data() == {
        "name": "n",
        "x": [1e308],
    }
    errors = refused(open_objects.parse_metadata_json, '{"name":"n","x":[1, 1e400]}')
    assert "/x/1" in errors[0].message


@pytest.mark.parametrize("extra", ["1e400", f"[{HUGE_INTEGER}]", '{"a": -1e999}'])
def test_a_dropped_key_refuses_a_number_past_a_float(extra):
    text = f'{{"id":"m","attachments":[],"extra":{extra}}}'
    errors = refused(presence_rules.parse_message_json, text)
    assert "/extra" in errors[0].message


def test_a_dropped_key_within_range_is_dropped():
    message = presence_rules.parse_message_json(
        '{"id":"m","attachments":[],"extra":{"deep":[1e308, null]}}'
    )
    assert message.to_data() == {"id": "m", "attachments": []}


def test_a_catch_all_refuses_a_number_past_a_float():
    card = open_unions.parse_card_json('{"card":"poll","votes":[1, 2.5]}')
    assert isinstance(card, open_unions.CardUnknown)
    errors = refused(open_unions.parse_card_json, '{"card":"poll","votes":[1, 1e400]}')
    assert any("/votes/1" in error.message for error in errors)


def nested(depth):
    return "[" * depth + "]" * depth


def test_nesting_is_refused_past_127_and_located():
    # The object is the first level, so the field can hold 126 more.
    assert primitives.parse_scalars_json(scalars(anything=nested(126))).anything
    errors = refused(primitives.parse_scalars_json, scalars(anything=nested(127)))
    assert errors[0].pointer == "/anything" + "/0" * 126
    assert errors[0].message == "nested more than 127 deep"


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert primitives.parse_scalars_json(scalars(anything=json.dumps("[" * 300)))


@pytest.mark.parametrize(
    "text",
    [
        scalars(anything='{"a":1,"a":1}'),
        scalars(anything='[{"b":{"c":0,"c":0}}]'),
        '{"id":"m","attachments":[],"extra":{"a":1,"a":2}}',
        scalars(anything='"a\\ud800"'),
        scalars(anything='{"\\udc00":1}'),
        scalars(anything="NaN"),
        scalars(anything="Infinity"),
    ],
)
def test_repeated_keys_lone_surrogates_and_non_numbers_are_refused_anywhere(text):
    parse = (
        presence_rules.parse_message_json
        if text.startswith('{"id"')
        else primitives.parse_scalars_json
    )
    refused(parse, text)


def test_text_that_is_not_unicode_is_refused():
    refused(primitives.parse_scalars_json, scalars(anything='"\ud800"'))
    refused(primitives.parse_scalars_json, scalars(anything='"\xff"').encode("latin-1"))


def test_bytes_read_as_their_text():
    text = scalars(anything='"é"')
    assert primitives.parse_scalars_json(
        text.encode()
    ) == primitives.parse_scalars_json(text)
