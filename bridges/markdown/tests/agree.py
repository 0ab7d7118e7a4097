"""The Markdown side of the cross-bridge test (tests/conformance/tests/bridges_agree.rs): renders
the search views it is given with the bridge, and evaluates the Python mirror of the shared
rules (cardc_markdown.rules) on the cases it is given.

    python bridges/markdown/tests/agree.py <input.json>

with generated/python and bridges/markdown on PYTHONPATH. <input.json> is `{"views":
[ToolResultView, ...], "thousands": [n, ...], "capped": [[shown, total, truncated], ...],
"count": [[n, one, many], ...]}`. Prints one JSON object: `{"markdown": [...], "thousands":
[...], "capped": [{"shown", "total"} or null, ...], "count": [...]}`, each list in its input's
order.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from cardc_markdown import render_result
from cardc_markdown.rules import capped, count, thousands
from render_intent import parse_tool_result_view


def main(path: str) -> None:
    with open(path, encoding="utf-8") as file:
        cases: dict[str, Any] = json.load(file)
    pages = [
        capped(shown, total, truncated) for shown, total, truncated in cases["capped"]
    ]
    print(
        json.dumps(
            {
                # A view reaches the bridge only through the generated parser.
                "markdown": [
                    render_result(parse_tool_result_view(v)) for v in cases["views"]
                ],
                "thousands": [thousands(n) for n in cases["thousands"]],
                "capped": [
                    None if page is None else {"shown": page.shown, "total": page.total}
                    for page in pages
                ],
                "count": [count(n, one, many) for n, one, many in cases["count"]],
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
