"""How numbers, boxes and colours are written into the JSON output, and the JSON types they make.

The lowest layer of the output contract: analyzers use these in their ``to_dict`` methods, the JSON
writer (:mod:`pdftract.serialize`) for the page primitives, and the schema (:mod:`pdftract.schema`) is
generated from the typed dicts built on ``Box`` and ``Pt``. Coordinates are rounded once, here, to 2
decimals; parsed values (:class:`Value`) keep full precision.

>>> bbox_out((1.004, 2.0, -0.001, 3.456))
(1.0, 2.0, 0.0, 3.46)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from typing_extensions import TypedDict

#: a box ``[x0, top, x1, bottom]`` in displayed-page points (``null`` for a coordinate that was not finite)
Box = tuple[float | None, float | None, float | None, float | None]
#: a point ``[x, y]``
Pt = tuple[float | None, float | None]


def r2(v: float) -> float | None:
    """Round a coordinate for output (2 decimals, no negative zero, NaN/inf become null)."""
    if v != v or v in (math.inf, -math.inf):
        return None
    out = round(float(v), 2)
    return out + 0.0 if out != 0 else 0.0


class Value(float):
    """A parsed value (a nominal, a deviation), written at full precision rather than rounded like a coordinate.

    >>> value_out(5.512000000001), r2(5.5123)
    (5.512, 5.51)
    """

    __slots__ = ()


def value_out(v: float | None) -> Value | None:
    """Wrap a parsed number for output (rounded to 9 places so float noise never reaches the JSON)."""
    if v is None or v != v or v in (math.inf, -math.inf):
        return None
    out = round(float(v), 9)
    return Value(out + 0.0 if out != 0 else 0.0)


def r4(v: float) -> float | None:
    if v != v or v in (math.inf, -math.inf):
        return None
    out = round(float(v), 4)
    return out + 0.0 if out != 0 else 0.0


def bbox_out(b: Sequence[float]) -> Box:
    """A box for output, each coordinate rounded with :func:`r2`."""
    return (r2(b[0]), r2(b[1]), r2(b[2]), r2(b[3]))


def pt_out(p: Sequence[float]) -> Pt:
    """A point for output."""
    return (r2(p[0]), r2(p[1]))


def color_out(c: Sequence[float] | None) -> list[float | None] | None:
    return None if c is None else [r4(v) for v in c]



class SheetSummaryJSON(TypedDict):
    """One sheet of a set in the JSON output (document ``sheets[]``)."""

    page: int
    sheet_number: str | None
    sheet_count: str | None
    drawing_number: str | None
    revision: str | None
    title: str | None
    index_title: str | None
    index_page: int | None
    sheet_count_from: int | None
    schematic_path: str | None
    schematic_file: str | None
    parent_page: int | None

__all__ = ["Box", "Pt", "SheetSummaryJSON", "Value", "bbox_out", "color_out", "pt_out", "r2", "r4", "value_out"]
