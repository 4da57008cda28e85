"""Confidence shared by the analyzers: how sure a result is, from the evidence it rests on.

Every title-block field, table, dimension and feature control frame carries ``confidence`` in [0, 1].
It is a product of factors, each a documented piece of evidence (see the analyzers and
docs/confidence.md), never a fitted score: 1.0 would mean nothing could be wrong, 0 that it is
unreadable. Below :data:`LOW` a result is reported with a ``LOW_CONFIDENCE`` page diagnostic.
The calibration (how often results in each band are exactly right, on development and held-out
drawings) is measured by ``benchmarks/accuracy.py`` and written in docs/benchmarks.md.

>>> from pdftract.testing import make_sheet
>>> sheet = make_sheet(text=[("12.5", 10, 10)])
>>> glyph_floor(sheet, [g.id for g in sheet.glyphs])
1.0
>>> glyph_floor(sheet, [])
1.0
"""

from __future__ import annotations

from collections.abc import Iterable

from pdftract.model.sheet import SheetLike

#: results below this confidence get a LOW_CONFIDENCE diagnostic on their page
LOW = 0.5


def glyph_floor(sheet: SheetLike, glyph_ids: Iterable[int]) -> float:
    """The least confidence of the glyphs a result was read from (1.0 for none): a value is no surer
    than its least sure character (an outline-matched ``⌀`` at 0.8, an unmapped glyph at 0)."""
    floor = 1.0
    for gid in glyph_ids:
        c = sheet.glyph(gid).confidence
        if c < floor:
            floor = c
    return floor


def recovery_factor(floor: float) -> float:
    """What the least sure glyph of a result does to its confidence: nothing when every glyph was printed
    with a mapping (``floor`` >= 0.95); 0.9 when a symbol was recovered by outline or path matching (its
    match score measures shape distance, not the odds of a wrong reading: accepted matches were right on
    every checked sheet, so the score itself is not multiplied in); 0.3 when a glyph stays unmapped (the
    text is incomplete, though its number may be right).

    >>> recovery_factor(1.0), recovery_factor(0.58), recovery_factor(0.0)
    (1.0, 0.9, 0.3)
    """
    if floor >= 0.95:
        return 1.0
    return 0.9 if floor > 0.0 else 0.3


def clamp(value: float) -> float:
    """``value`` rounded to 2 decimals within [0, 1]."""
    return round(min(1.0, max(0.0, value)), 2)


__all__ = ["LOW", "clamp", "glyph_floor", "recovery_factor"]
