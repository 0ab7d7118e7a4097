"""A bridge written against version 1 of the evolution pair (tests/schemas/evolution_v1), run
on what version 2 writes: reads the JSON-lines corpus given as its argument and prints, for
each valid Update and each update of a valid Turn, `<case name>: <rendered line>`. The
conformance suite compares what it prints with what the Rust and TypeScript bridges render,
and type-checks it with mypy --strict.

    PYTHONPATH=tests/schemas/evolution_v1/python python tests/python/render_evolution.py <corpus>
"""

from __future__ import annotations

import json
import sys
from typing import assert_never

from evolution_v1 import (
    Role,
    Role_Known,
    RoleOther,
    Status,
    Status_Known,
    StatusOther,
    Update,
    Update_Done,
    Update_Message,
    Update_ToolCall,
    UpdateUnknown,
    parse_turn,
    parse_update,
)


def role(value: Role) -> str:
    """The role's string, known or not."""
    match value:
        case Role_Known():
            return value.value
        case RoleOther():
            return value.root
        case _:
            assert_never(value)


def status(value: Status) -> str:
    """The status's string, known or not."""
    match value:
        case Status_Known():
            return value.value
        case StatusOther():
            return value.root
        case _:
            assert_never(value)


def line(update: Update) -> str:
    """One update as one line."""
    match update:
        case Update_Message():
            return f"{role(update.role)}: {update.text}"
        case Update_ToolCall():
            return f"[{status(update.status)}] {update.title}"
        case Update_Done():
            return "done"
        case UpdateUnknown():
            return f"(a {update.tag} update this editor cannot show)"
        case _:
            assert_never(update)


def main(corpus: str) -> None:
    """Prints the rendered lines of every valid Update and Turn of the corpus."""
    with open(corpus, encoding="utf-8") as lines:
        for text in lines:
            if not text.strip():
                continue
            case = json.loads(text)
            if not case["valid"]:
                continue
            if case["type"] == "Update":
                updates = [parse_update(case["payload"])]
            elif case["type"] == "Turn":
                updates = parse_turn(case["payload"]).updates
            else:
                continue
            for update in updates:
                print(f"{case['name']}: {line(update)}")


if __name__ == "__main__":
    main(sys.argv[1])
