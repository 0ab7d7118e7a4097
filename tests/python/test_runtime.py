"""The runtime package `cardc_runtime` on its own, as every generated package imports it: its
typed parser, the errors it raises and where they point, the JSON text rules it holds before
pydantic reads a value, and what its models write back. The generated packages' tests read it
through each construct of the schemas; these hold what it promises to any of them.
"""

from __future__ import annotations

import typing as _t

import cardc_runtime as _cardc
import pydantic as _p
import pytest


class Point(_cardc.Model):
    x: _cardc.I32
    y: _cardc.I32 = _p.Field(default=0, exclude_if=_cardc.equal_to(0))
    label: _t.Annotated[str | None, _p.BeforeValidator(_cardc.not_null)] = _p.Field(
        default=None, alias="Label"
    )
    _cardc_defaulted: _t.ClassVar[tuple[str, ...]] = ("y",)


Points = list[Point]

parse_point = _cardc.Parser[Point](Point, "Point")
parse_points = _cardc.Parser[Points](Points, "Points")


def refused(text: str | bytes) -> tuple[_cardc.ErrorEntry, ...]:
    with pytest.raises(_cardc.DecodeError) as raised:
        parse_points.json(text)
    return raised.value.errors


def test_the_parser_reads_data_and_text_as_the_type() -> None:
    point = parse_point({"x": 1, "Label": "a"})
    assert (point.x, point.y, point.label) == (1, 0, "a")
    assert parse_point.json(b'{"x": 2.0}').x == 2
    assert [p.x for p in parse_points.json('[{"x": 1}, {"x": 3}]')] == [1, 3]
    assert repr(parse_point) == "Parser(Point)"


def test_a_value_writes_back_what_it_read_and_omits_an_omitted_default() -> None:
    assert parse_point.json('{"x": 1, "y": 0}').to_data() == {"x": 1}
    assert parse_point.json('{"x": 1, "y": 2, "Label": "b"}').to_json() == (
        '{"x": 1, "y": 2, "Label": "b"}'
    )


def test_every_fault_is_located_and_names_the_type() -> None:
    # Each names the innermost struct it sits in, as the Rust reader's errors do; a missing
    # key comes after its object's other faults, where a reader of the keys in order finds it.
    errors = refused('[{"x": 1}, {"x": "no", "Label": null}, {"y": 1}]')
    assert [(e.pointer, e.type) for e in errors] == [
        ("/1/x", "Point"),
        ("/1/Label", "Point"),
        ("/2/x", "Point"),
    ]
    assert str(errors[0]).startswith("/1/x: ")
    assert str(errors[0]).endswith(" (Point)")


def test_json_text_rules_hold_before_any_value_is_read() -> None:
    assert "duplicate" in str(refused('[{"x": 1, "x": 2}]')[0]).lower()
    assert refused("[NaN]")
    assert refused('["\\ud800"]')
    deep = "[" * 128 + "]" * 128
    assert refused(deep)[0].message == "nested more than 127 deep"
    with pytest.raises(_cardc.DecodeError):
        parse_point({"x": float("nan")})
    with pytest.raises(_cardc.DecodeError):
        parse_point.json('{"x": 2147483648}')


def test_the_untyped_decode_reads_as_the_parser_does() -> None:
    value = _cardc.decode(Point, "Point", '{"x": 5}')
    assert isinstance(value, Point) and value.x == 5
    with pytest.raises(_cardc.DecodeError) as raised:
        _cardc.decode_data(Point, "Point", {"x": 5, "z": 1})
    assert [e.pointer for e in raised.value.errors] == ["/z"]


class Pin(_cardc.Model):
    name: str
    size: _t.Annotated[_cardc.U8 | None, _p.BeforeValidator(_cardc.not_null)] = None
    points: list[Point]
    _cardc_tolerant: _t.ClassVar[dict[str, _cardc.Tolerance]] = {
        "size": _cardc.Tolerance("absent"),
        "points": _cardc.Tolerance(skip_invalid=True),
    }


parse_pin = _cardc.Parser[Pin](Pin, "Pin")


def test_a_tolerant_decode_drops_what_a_policy_covers_with_a_warning_each() -> None:
    text = '{"name": "a", "size": 300, "points": [{"x": "no"}, {"x": 1}, {"x": 2, "z": 0}]}'
    decoded = parse_pin.tolerant_json(text)
    assert decoded.value.size is None
    assert [point.x for point in decoded.value.points] == [1]
    # Ordered by pointer, each with the strict decode's error of the value dropped.
    assert [w.pointer for w in decoded.warnings] == ["/points/0", "/points/2", "/size"]
    assert decoded.warnings[0].message.startswith(
        "skipped an invalid item: /points/0/x: "
    )
    assert decoded.warnings[2].message.startswith(
        "read an invalid value as absent: /size: "
    )
    assert parse_pin.tolerant({"name": "b", "points": []}).warnings == ()
    # The strict decode ignores the policies.
    with pytest.raises(_cardc.DecodeError):
        parse_pin.json(text)


def test_a_tolerant_decode_fails_where_no_policy_covers_a_fault() -> None:
    for text in [
        '{"size": 1, "points": []}',  # a required key missing
        '{"name": 5, "points": []}',  # a field without a policy
        '{"name": "a", "points": [], "other": 1}',  # an unknown key of a closed model
        '{"name": "a", "points": "no"}',  # not a list: no item to skip
        '{"name": "a", "points": [], "name": "b"}',  # a key given twice
    ]:
        with pytest.raises(_cardc.DecodeError):
            parse_pin.tolerant_json(text)
