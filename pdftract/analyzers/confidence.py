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

from pdftract.geometry import BBox
from pdftract.model.primitives import UnicodeSource
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


#: what text read back from drawn shapes does to a result's confidence: recognised by shape (held-out
#: character error rate about 5 %, so a value of several characters is wrong one time in five or more),
#: or taken from an invisible copy of the text lying over the shapes (the exporter's own text)
READ_BACK_FACTOR = 0.8
HIDDEN_LAYER_FACTOR = 0.95


def drawn_text_factor(sheet: SheetLike, glyph_ids: Iterable[int]) -> float:
    """:data:`READ_BACK_FACTOR` when any of the glyphs was recognised from a drawn shape,
    :data:`HIDDEN_LAYER_FACTOR` when any was taken from a hidden layer over drawn shapes, else 1.

    >>> from pdftract.testing import make_sheet
    >>> sheet = make_sheet(text=[("A1", 10, 10)])
    >>> drawn_text_factor(sheet, [g.id for g in sheet.glyphs])
    1.0
    """
    factor = 1.0
    for gid in glyph_ids:
        g = sheet.glyph(gid)
        if g.synthetic and g.text.strip():
            if g.source is UnicodeSource.HIDDEN_LAYER:
                factor = min(factor, HIDDEN_LAYER_FACTOR)
            elif g.source is not UnicodeSource.PATH_MATCH:
                return READ_BACK_FACTOR
    return factor


def drawn_text_factor_in(sheet: SheetLike, box: BBox) -> float:
    """:func:`drawn_text_factor` of the glyphs whose centres lie in ``box``."""
    ids = [i for i in sheet.index.glyphs.intersection(box) if box.contains_point(sheet.glyph(i).bbox.center)]
    return drawn_text_factor(sheet, ids)


def clamp(value: float) -> float:
    """``value`` rounded to 2 decimals within [0, 1]."""
    return round(min(1.0, max(0.0, value)), 2)


__all__ = ["HIDDEN_LAYER_FACTOR", "LOW", "READ_BACK_FACTOR", "clamp", "drawn_text_factor", "drawn_text_factor_in", "glyph_floor",
           "recovery_factor"]
