"""Render-intent views as Markdown, as a Python log viewer or chat UI shows a tool call and
its result: the generated `render_intent` package decodes the view, and this module renders it.

Dispatch is a `match` over the generated variant classes that ends in `assert_never`, with no
other wildcard: when the schema gains a card, `mypy --strict` and `pyright --strict` fail at
the `assert_never` of both matches below until this module renders it. Content blocks go
through the generated visitor instead, which fails the same way at `visit_content_block`.

Whether a search page is capped, and how its counts are written, is decided by the rules every
bridge shares (`rules`, the mirror of cardc-bridge-rules): a capped page says
`Capped: showing 250 of 1,204 matches.` under its heading line.
"""

from __future__ import annotations

import json
from typing import assert_never

from render_intent import (
    ContentBlock,
    ContentBlock_Image,
    ContentBlock_Text,
    ContentBlockVisitor,
    FileDiff,
    FileLocation,
    ToolCallView,
    ToolCallView_Diff,
    ToolCallView_Generic,
    ToolCallView_Terminal,
    ToolResultView,
    ToolResultView_Diff,
    ToolResultView_Generic,
    ToolResultView_Search_Matches,
    ToolResultView_Search_Paths,
    ToolResultView_Terminal,
    visit_content_block,
)

from .rules import capped, count, thousands

__all__ = ["render_call", "render_result"]


def render_call(view: ToolCallView) -> str:
    """A tool call's view (what `presentCall` returns) as Markdown."""
    match view:
        case ToolCallView_Generic():
            kind = f" `{view.kind.value}`" if view.kind is not None else ""
            parts = [f"### {_inline(view.title)}{kind}"]
            parts += _blocks(view.content)
            parts += _locations(view.locations)
            if view.raw_input is not None:
                parts.append(
                    _fence(json.dumps(view.raw_input, ensure_ascii=False), "json")
                )
            return _join(parts)
        case ToolCallView_Terminal():
            command = f"$ {view.title}" if view.title else "$ (no command)"
            parts = [f"### {_inline(view.description or 'terminal')}"]
            parts.append(_fence(command, "console"))
            if view.cwd is not None:
                parts.append(f"in `{_code(view.cwd)}`")
            return _join(parts)
        case ToolCallView_Diff():
            parts = [f"### {_inline(view.title)}"]
            parts += [_diff(diff) for diff in view.diffs]
            parts += _locations(view.locations)
            return _join(parts)
        case _:
            assert_never(view)


def render_result(view: ToolResultView) -> str:
    """A tool result's view (what `presentResult` returns) as Markdown."""
    match view:
        case ToolResultView_Generic():
            return _join([*_title(view.title), *_blocks(view.content)])
        case ToolResultView_Terminal():
            parts = _title(view.title)
            parts.append(_fence(view.output or "", "console"))
            if view.exit_code is not None:
                parts.append(f"exit code {view.exit_code}")
            if view.signal is not None:
                parts.append(f"ended by `{_code(view.signal)}`")
            return _join(parts)
        case ToolResultView_Diff():
            parts = _title(view.title)
            parts += [_diff(diff) for diff in view.diffs]
            parts += _locations(view.locations)
            return _join(parts)
        case ToolResultView_Search_Matches():
            shown = sum(len(file.matches) for file in view.files)
            files = count(len(view.files), "file", "files")
            parts = [f"{count(shown, 'match', 'matches')} in {files}"]
            parts += _capped(shown, view.total, view.truncated, "match", "matches")
            for file in view.files:
                lines = [f"{match.line_number}: {match.line}" for match in file.matches]
                parts.append(f"`{_code(file.path)}`\n{_fence(chr(10).join(lines), '')}")
            return _join(parts)
        case ToolResultView_Search_Paths():
            shown = len(view.paths)
            parts = [count(shown, "path", "paths")]
            parts += _capped(shown, view.total, view.truncated, "path", "paths")
            parts += [f"- `{_code(path)}`" for path in view.paths]
            return _join(parts)
        case _:
            assert_never(view)


class _Content(ContentBlockVisitor[str]):
    """A content block as Markdown, through the generated exhaustive visitor."""

    def text(self, value: ContentBlock_Text, /) -> str:
        return value.text

    def image(self, value: ContentBlock_Image, /) -> str:
        return (
            f"![image]({_code(value.mime_type)}, {len(value.data)} base64 characters)"
        )


_CONTENT = _Content()


def _capped(shown: int, total: int, truncated: bool, one: str, many: str) -> list[str]:
    """The note of a capped search page, as the shared rules decide it
    (`Capped: showing 250 of 1,204 matches.`), or nothing for a complete one."""
    page = capped(shown, total, truncated)
    if page is None:
        return []
    return [
        f"Capped: showing {thousands(page.shown)} of {count(page.total, one, many)}."
    ]


def _blocks(blocks: list[ContentBlock] | None) -> list[str]:
    return [visit_content_block(block, _CONTENT) for block in blocks or []]


def _title(title: str | None) -> list[str]:
    return [f"### {_inline(title)}"] if title else []


def _locations(locations: list[FileLocation] | None) -> list[str]:
    def one(location: FileLocation) -> str:
        line = f":{location.line}" if location.line is not None else ""
        return f"- `{_code(location.path)}{line}`"

    return [one(location) for location in locations or []]


def _diff(diff: FileDiff) -> str:
    """A whole-file change as a `diff` block: every old line removed, every new line added
    (a new file, whose old text is null, only adds)."""
    old = [] if diff.old_text is None else diff.old_text.splitlines()
    new = diff.new_text.splitlines()
    lines = [f"--- {diff.path}", f"+++ {diff.path}"]
    lines += [f"-{line}" for line in old] + [f"+{line}" for line in new]
    return _fence("\n".join(lines), "diff")


def _fence(text: str, info: str) -> str:
    """A fenced block longer than any run of backticks in `text`, so nothing ends it early."""
    longest = max(
        (len(run) for run in text.split("\n") if set(run) == {"`"}), default=0
    )
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{info}\n{text}\n{ticks}"


def _inline(text: str) -> str:
    """Text on one line, with Markdown's own characters escaped."""
    escaped = "".join(f"\\{c}" if c in "\\`*_[]<>#|" else c for c in text)
    return " ".join(escaped.split())


def _code(text: str) -> str:
    """Text inside single backticks: a backtick becomes a quote, as one cannot be escaped."""
    return " ".join(text.replace("`", "'").split())


def _join(parts: list[str]) -> str:
    return "\n\n".join(parts) + "\n"
