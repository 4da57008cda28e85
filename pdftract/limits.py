"""Budgets for one page, inside the library: operators, glyphs, segments, seconds, inflated bytes.

A page over a budget is cut: what was read before stays, the page gets a ``RESOURCE_LIMIT`` diagnostic
naming the budget and the count, and the document's other pages are still read. The defaults are far
above what any page of the real corpora needs (``docs/limits.md`` has the measured maxima), so they only
stop pages built to exhaust a reader. Give them to :func:`pdftract.open` or :func:`pdftract.analyze` as
``limits=`` (a :class:`Limits` or a mapping of overrides).

>>> Limits.resolve({"max_operators": 1000}).max_operators
1000
>>> Limits.resolve({"max_glyphs": 0})
Traceback (most recent call last):
...
pdftract.errors.SettingsError: INVALID_SETTING: Limits.max_glyphs: 0 must be at least 1
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields

from pdftract.settings import Settings

MIB = 1024 * 1024


@dataclass(frozen=True, slots=True, kw_only=True)
class Limits(Settings):
    """Per-page budgets (see the module docstring).

    ``max_operators``: content-stream operators run on one page (forms included). ``max_glyphs`` and
    ``max_segments``: characters and path segments one page may paint. ``max_page_seconds``: wall-clock
    time to read one page's content (checked every few thousand operators). ``max_analysis_seconds``: time
    for the analyzers of one page; checked before each analyzer, those left are skipped. ``max_stream_bytes``:
    the inflated size of one content stream; ``max_font_bytes``: of one embedded font program or
    ToUnicode map.
    """

    max_operators: int = 5_000_000
    max_glyphs: int = 1_000_000
    max_segments: int = 5_000_000
    max_page_seconds: float = 120.0
    max_analysis_seconds: float = 300.0
    max_stream_bytes: int = 512 * MIB
    max_font_bytes: int = 64 * MIB

    def validate(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, float):
                if not value > 0:
                    self.fail(f.name, "must be more than 0 seconds")
            elif value < 1:
                self.fail(f.name, "must be at least 1")


class BudgetExceeded(Exception):
    """Raised inside a page's reading when it goes past a budget; the reader turns it into a diagnostic."""

    def __init__(self, budget: str, limit: float, count: float) -> None:
        super().__init__(f"{budget} {limit}")
        self.budget = budget
        self.limit = limit
        self.count = count

    def describe(self) -> str:
        what = {"max_operators": "operators", "max_glyphs": "glyphs", "max_segments": "path segments",
                "max_page_seconds": "seconds"}.get(self.budget, self.budget)
        return f"more than {self.limit:g} {what} (the {self.budget} budget)"


class PageBudget:
    """The operator and time budget of the page being read (shared by its forms)."""

    __slots__ = ("deadline", "limits", "operators")

    #: operators run between two checks
    EVERY = 16_384

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.operators = 0
        self.deadline = time.perf_counter() + limits.max_page_seconds

    def spend(self, n: int) -> None:
        self.operators += n
        if self.operators > self.limits.max_operators:
            raise BudgetExceeded("max_operators", self.limits.max_operators, self.operators)
        if time.perf_counter() > self.deadline:
            raise BudgetExceeded("max_page_seconds", self.limits.max_page_seconds,
                                 round(time.perf_counter() - self.deadline + self.limits.max_page_seconds, 1))


__all__ = ["BudgetExceeded", "Limits", "PageBudget"]
