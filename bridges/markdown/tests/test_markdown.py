"""The Markdown bridge: what it renders for each card, and that every valid view of the
conformance corpus renders."""

import json
from pathlib import Path

from cardc_markdown import render_call, render_result
from render_intent import parse_tool_call_view, parse_tool_result_view

CORPUS = Path(__file__).parents[3] / "tests/conformance/corpus/render_intent.jsonl"


def test_a_terminal_call_is_a_console_block_under_its_description() -> None:
    view = parse_tool_call_view(
        {
            "card": "terminal",
            "title": "cargo test",
            "description": "Run the tests",
            "cwd": "/w",
        }
    )
    assert (
        render_call(view)
        == "### Run the tests\n\n```console\n$ cargo test\n```\n\nin `/w`\n"
    )


def test_a_new_file_diff_only_adds_lines() -> None:
    view = parse_tool_call_view(
        {
            "card": "diff",
            "title": "Create a.txt",
            "diffs": [{"path": "a.txt", "oldText": None, "newText": "one\ntwo\n"}],
        }
    )
    assert "```diff\n--- a.txt\n+++ a.txt\n+one\n+two\n```" in render_call(view)


def test_search_matches_list_each_line_under_its_file() -> None:
    view = parse_tool_result_view(
        {
            "card": "search",
            "kind": "matches",
            "files": [
                {"path": "src/a.rs", "matches": [{"lineNumber": 3, "line": "fn a()"}]}
            ],
            "truncated": True,
            "total": 9,
        }
    )
    assert render_result(view) == (
        "1 match in 1 file\n\nCapped: showing 1 of 9 matches.\n\n`src/a.rs`\n```\n3: fn a()\n```\n"
    )


def test_a_page_counting_more_than_it_shows_is_capped_though_not_marked_truncated() -> (
    None
):
    view = parse_tool_result_view(
        {
            "card": "search",
            "kind": "paths",
            "paths": ["a.rs", "b.rs"],
            "truncated": False,
            "total": 1204,
        }
    )
    assert render_result(view) == (
        "2 paths\n\nCapped: showing 2 of 1,204 paths.\n\n- `a.rs`\n\n- `b.rs`\n"
    )


def test_a_complete_page_has_no_note_and_a_singular_noun() -> None:
    view = parse_tool_result_view(
        {
            "card": "search",
            "kind": "paths",
            "paths": ["a.rs"],
            "truncated": False,
            "total": 1,
        }
    )
    assert render_result(view) == "1 path\n\n- `a.rs`\n"


def test_a_fence_outgrows_the_backticks_inside_it() -> None:
    view = parse_tool_result_view(
        {"card": "terminal", "output": "```\nnot the end\n````"}
    )
    assert render_result(view) == "`````console\n```\nnot the end\n````\n`````\n"


def test_markdown_in_a_title_is_escaped_and_kept_on_one_line() -> None:
    view = parse_tool_call_view({"card": "generic", "title": "# *bold*\n[x](y)"})
    assert render_call(view) == "### \\# \\*bold\\* \\[x\\](y)\n"


def test_every_valid_corpus_view_renders() -> None:
    rendered = 0
    # Lines end at "\n" only: a payload may hold U+2028, which `splitlines` would split at.
    for line in CORPUS.read_text(encoding="utf-8").split("\n"):
        if not line:
            continue
        case = json.loads(line)
        if not case["valid"] or case["type"] not in ("ToolCallView", "ToolResultView"):
            continue
        if case["type"] == "ToolCallView":
            text = render_call(parse_tool_call_view(case["payload"]))
        else:
            text = render_result(parse_tool_result_view(case["payload"]))
        assert text.endswith("\n"), case["name"]
        rendered += 1
    assert rendered >= 50
