"""The rules every render-intent bridge must agree on, mirrored once from the Rust crate
cardc-bridge-rules (bridges/rules/src): whether a search page is capped and what its
"showing X of Y" states, and how a count is written. This module follows that crate function
for function, as bridges/web/src/rules.ts does; tests/conformance/tests/bridges_agree.rs checks
it against the Rust definition case by case, so the two cannot drift.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Capped", "capped", "count", "thousands"]


@dataclass(frozen=True)
class Capped:
    """What a capped search page states: "showing `shown` of `total`"."""

    #: How many results the page shows.
    shown: int
    #: How many results the search found: the card's `total`, never below `shown`.
    total: int


def capped(shown: int, total: int, truncated: bool) -> Capped | None:
    """Whether a search page that shows `shown` results, of a card stating `total` and
    `truncated`, is capped; and if it is, the numbers its "showing X of Y" states.

    A page is capped when its card says so (`truncated`) or counts more results than it shows
    (`total > shown`). A `total` below `shown` is a producer's bug, so the total stated is
    raised to `shown`: such a page is capped only if it says it is truncated, and then states
    "showing 3 of 3".
    """
    stated = max(total, shown)
    return Capped(shown, stated) if truncated or stated > shown else None


def thousands(n: int) -> str:
    """A count (a non-negative integer) with a comma between each group of three digits:
    `1,204`."""
    return f"{n:,}"


def count(n: int, one: str, many: str) -> str:
    """A count and its noun, singular for exactly one: `1 match`, `0 matches`,
    `1,204 matches`."""
    return f"{thousands(n)} {one if n == 1 else many}"
