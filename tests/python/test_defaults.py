"""The field defaults of the defaults golden package as Python code meets them: an absent key
reads as a fresh default; a value built in Python writes its kept defaults and leaves out an
omitted one equal to its default (JSON equality: `1` is `1.0`), whether given, read or left
to the default, and writes a default list filled in place; an invalid value is refused, not
read as the default, by the strict reader.

    PYTHONPATH=tests/schemas/defaults/python python -m pytest tests/python/test_defaults.py
"""

import cardc_runtime
import defaults as d
import pytest

#: What a task of `{"id": "a"}` writes: its kept defaults, and no omitted one.
KEPT = {"id": "a", "status": "pending", "labels": {}, "attempts": 0}


def test_an_absent_key_reads_as_the_default():
    task = d.parse_task({"id": "a"})
    assert task.status is d.Status.Pending
    assert task.kind is d.Kind_Known.Other
    assert (task.content, task.labels, task.attempts) == ([], {}, 0)
    assert (task.weight, task.pinned) == (1.5, False)
    assert (task.revision, task.lane) == ("0", "main")
    assert d.parse_envelope({"seq": 1}).version == 1
    assert d.parse_part({"text": "x"}).format is d.Format.Plain


def test_absent_keys_write_the_kept_defaults_only():
    assert d.parse_task({"id": "a"}).to_data() == KEPT
    assert d.parse_event({"type": "note", "seq": 1, "task": "t"}).to_data() == {
        "type": "note",
        "seq": 1,
        "task": "t",
        "text": "",
    }


def test_a_value_equal_to_an_omitted_default_is_left_out_as_json_equality_has_it():
    task = d.parse_task(
        {
            **KEPT,
            "kind": "other",
            "content": [],
            "weight": 1.5,
            "pinned": False,
            "revision": "0",
            "lane": "main",
        }
    )
    assert task.to_data() == KEPT
    assert d.Task(id="a", weight=1.5, kind=d.Kind_Known.Other).to_data() == KEPT
    assert d.parse_envelope({"seq": 1, "version": 1.0}).to_data() == {"seq": 1}


def test_a_value_other_than_an_omitted_default_is_written():
    given = {
        **KEPT,
        "kind": "zzz",
        "content": [{"text": "x", "format": "markdown"}],
        "weight": 1,
        "pinned": True,
        "revision": "3",
        "lane": "side",
    }
    assert d.parse_task(given).to_data() == given


def test_a_model_built_in_python_writes_by_the_same_policy():
    assert d.Task(id="a").to_data() == KEPT
    built = d.Task(id="a", pinned=True, kind=d.Kind_Known.Bug)
    assert built.to_data() == {**KEPT, "pinned": True, "kind": "bug"}


def test_every_value_gets_a_fresh_default_and_one_filled_in_place_is_written():
    first, second = d.Task(id="a"), d.parse_task({"id": "a"})
    first.content.append(d.Part(text="x"))
    second.labels["k"] = "v"
    assert first.to_data() == {**KEPT, "content": [{"text": "x", "format": "plain"}]}
    assert second.to_data() == {**KEPT, "labels": {"k": "v"}}
    assert d.Task(id="a").content == []


@pytest.mark.parametrize(
    "entry",
    [
        {"attempts": 11},
        {"attempts": "0"},
        {"status": None},
        {"status": "paused"},
        {"kind": 1},
        {"content": None},
        {"weight": True},
        {"pinned": 0},
        {"revision": 0},
        {"lane": None},
    ],
)
def test_an_invalid_value_is_refused_not_read_as_the_default(entry):
    with pytest.raises(cardc_runtime.DecodeError) as raised:
        d.parse_task({"id": "a", **entry})
    [key] = entry
    assert {error.pointer for error in raised.value.errors} == {f"/{key}"}


def test_an_invalid_flattened_default_is_refused_in_its_variant():
    with pytest.raises(cardc_runtime.DecodeError) as raised:
        d.parse_event({"type": "note", "seq": 1, "task": "t", "version": -1})
    assert [error.pointer for error in raised.value.errors] == ["/version"]
