"""The catch-alls of the open-unions golden package: an unknown tag or string reads into
its catch-all and writes back exactly as read; a known tag with a bad body is still refused
at its pointer; no catch-all can be built holding a known tag or value.

    PYTHONPATH=tests/schemas/open_unions/python python -m pytest tests/python/test_open_unions.py
"""

import json

import cardc_runtime
import open_unions as ou
import pydantic
import pytest


def test_an_unknown_card_keeps_every_entry_in_order_and_writes_back_exactly():
    text = '{"z":[1,{"a":null}],"card":"poll","options":{"b":2,"a":1}}'
    card = ou.parse_card_json(text)
    assert isinstance(card, ou.CardUnknown)
    assert card.tag == "poll"
    assert list(card.root) == ["z", "card", "options"]
    assert card.to_json() == json.dumps(json.loads(text), ensure_ascii=False)


def test_an_unknown_kind_under_a_known_card_reads_as_the_inner_catch_all():
    card = ou.parse_card({"card": "search", "kind": "fuzzy", "q": "x"})
    assert isinstance(card, ou.SearchCardUnsupported)
    assert card.tag == "fuzzy"


def test_a_known_tag_with_a_bad_body_is_refused_at_its_pointer():
    with pytest.raises(cardc_runtime.DecodeError) as raised:
        ou.parse_card({"card": "search", "kind": "paths", "paths": [1]})
    assert [entry.pointer for entry in raised.value.errors] == ["/paths/0"]


@pytest.mark.parametrize("data", [{}, {"card": 5}, {"card": None}, [], "text"])
def test_a_card_without_a_string_tag_is_refused(data):
    with pytest.raises(cardc_runtime.DecodeError):
        ou.parse_card(data)


@pytest.mark.parametrize(
    "entries", [{"card": "text"}, {"card": "divider"}, {}, {"card": 1}]
)
def test_no_card_catch_all_is_built_with_a_known_or_missing_tag(entries):
    with pytest.raises(pydantic.ValidationError):
        ou.CardUnknown(entries)


def test_a_card_catch_all_is_built_with_an_unknown_tag():
    assert ou.CardUnknown({"card": "poll"}).to_data() == {"card": "poll"}


def test_an_unknown_role_keeps_its_string_and_a_known_one_is_the_enum():
    message = ou.parse_message_json(
        '{"role":"auditor","cards":[],"labels":{"a":"user"},"pinned":null}'
    )
    assert message.role == ou.RoleOther("auditor")
    assert message.labels["a"] is ou.Role_Known.User
    assert json.loads(message.to_json())["role"] == "auditor"


@pytest.mark.parametrize("value", ["user", "assistant"])
def test_no_role_catch_all_is_built_with_a_known_value(value):
    with pytest.raises(pydantic.ValidationError):
        ou.RoleOther(value)


class Names:
    def text(self, value):
        return "text"

    def divider(self, value):
        return "divider"

    def search__paths(self, value):
        return "paths"

    def search__unsupported(self, value):
        return f"unsupported {value.tag}"

    def unknown(self, value):
        return f"unknown {value.tag}"


@pytest.mark.parametrize(
    ("data", "name"),
    [
        ({"card": "divider"}, "divider"),
        ({"card": "poll"}, "unknown poll"),
        ({"card": "search", "kind": "fuzzy"}, "unsupported fuzzy"),
        ({"card": "search", "kind": "paths", "paths": []}, "paths"),
    ],
)
def test_visit_card_calls_the_catch_all_methods(data, name):
    assert ou.visit_card(ou.parse_card(data), Names()) == name
