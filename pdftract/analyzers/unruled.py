"""Unruled tables on pages of running text: columns aligned without rules, under a clear header row.

Manuals print small tables (torques, settings, parts) as aligned text with no grid, which the ruled
table engine (:mod:`pdftract.analyzers.tables`) cannot see. On a page of running text (see
:func:`pdftract.model.reading.prose_lines`) a table is:

* a **header row** of two or more pieces of text (chunks, cut at gaps wider than 0.8 body size) that is
  clearly a header: bold where the body is not, or free of digits above columns whose cells are mostly
  numbers; a bold row right under it inside its columns continues its cells (``Torque`` / ``(N·m)``);
* at least two **data rows** right under it (row pitch at most 1.8 leadings), each piece of which falls in
  one header column: the columns' territories are split halfway between neighbouring header cells, so
  left-, centre- and right-aligned columns all line up; a piece running over a neighbouring header cell,
  a step label, a heading or a single piece running across the columns ends it.

The table analyzer reports them as ``other`` tables (``header_at`` ``top``) with confidence 0.7 (no rules
confirm the cells), unless a ruled table already covers the rows. Partial: no merged cells, no multi-line data cells.

>>> from pdftract.testing import make_sheet
>>> prose = [("Running text of the manual, set as a paragraph of several words.", 40, 60 + 12 * i) for i in range(6)]
>>> grid = [("Fastener", 40, 160), ("Torque", 200, 160), ("Cover screw", 40, 174), ("8", 210, 174),
...         ("Bracket bolt", 40, 188), ("12", 208, 188), ("Fan screw", 40, 202), ("3", 210, 202)]
>>> sheet = make_sheet(text=prose + grid, width=612, height=792)
>>> [(t.header, t.rows) for t in find_unruled_tables(sheet, numeric_header=True)]
[(('Fastener', 'Torque'), (('Cover screw', '8'), ('Bracket bolt', '12'), ('Fan screw', '3')))]
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pdftract.analyzers.manual import Row, _bold, _pitch, _signal, _step_label, bold_body, page_rows
from pdftract.geometry import BBox
from pdftract.model.reading import Chunk
from pdftract.model.sheet import SheetLike

_DIGITS = re.compile(r"\d")


@dataclass(frozen=True, slots=True)
class AlignedTable:
    """An unruled table as found: printed header cells, data rows (one text per column, ``""`` where empty),
    the box of each data row and of the whole table. :mod:`pdftract.analyzers.tables` reports it as an
    ``other`` table."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    row_boxes: tuple[BBox, ...]
    bbox: BBox


#: a row's pieces from another reading block are taken within this many body sizes of the header's ends
_BEYOND = 4.0


def _numeric(text: str) -> bool:
    """A cell that is mostly a number (``12``, ``M6``, ``0.5 mm``)."""
    t = text.strip()
    return bool(t) and sum(ch.isdigit() for ch in t) >= 0.3 * len(t.replace(" ", ""))


def _columns(header: Sequence[Chunk]) -> list[tuple[float, float]]:
    """Each header cell's territory: from halfway to its left neighbour to halfway to its right one."""
    edges = [-1e9] + [(a.bbox.x1 + b.bbox.x0) / 2 for a, b in zip(header, header[1:], strict=False)] + [1e9]
    return list(zip(edges[:-1], edges[1:], strict=True))


def _place(row: Row, territories: list[tuple[float, float]], size: float, header: Sequence[Chunk]) -> list[str] | None:
    """The row's text per column, or None when a piece does not sit in one column: it may run past the
    territory's edge (a cell wider than its header) but not over a neighbouring header cell."""
    cells = [""] * len(territories)
    for c in row.chunks:
        if c.bbox.x0 > header[-1].bbox.x1 + size and abs(c.size - size) > 0.15 * size:
            continue  # smaller (or larger) text past the last column: a box beside the table on the same line
        centre = (c.bbox.x0 + c.bbox.x1) / 2
        k = next((i for i, (a, b) in enumerate(territories) if a <= centre < b), None)
        if k is None:
            return None
        if (k + 1 < len(header) and c.bbox.x1 > header[k + 1].bbox.x0 - 0.2 * size) or \
                (k > 0 and c.bbox.x0 < header[k - 1].bbox.x1 + 0.2 * size):
            return None  # runs across into the next column: prose, not a cell
        cells[k] = f"{cells[k]} {c.text}".strip()
    return cells


def find_unruled_tables(sheet: SheetLike, ruled: Sequence[BBox] = (), *, numeric_header: bool = True,
                        any_page: bool = False) -> tuple[AlignedTable, ...]:
    """The unruled tables of a page of running text (see the module docstring). ``ruled``: tables already
    (boxes of the tables) found on the page, whose rows are not read again. ``numeric_header``: also accept a header that is not
    bold, when it has no digits and a column under it is mostly numbers. ``any_page``: read pages of no running
    text too (the caller keeps only tables whose header names a kind: a report's parts lists)."""
    rows = page_rows(sheet, any_page=any_page)
    if len(rows) < 3:
        return ()
    size = sheet.reading.body_size or rows[0].size
    pitch = _pitch(rows, size)
    bold = bold_body(rows, size)
    taken = list(ruled)
    out: list[AlignedTable] = []
    by_height = _RowsByHeight(rows)
    k = 0
    while k < len(rows):
        table, used = _table_at(sheet, rows, k, size, pitch, bold, numeric_header, by_height)
        if table is not None and not any(table.bbox.intersection(b) is not None for b in taken):
            out.append(table)
            k += used
        else:
            k += 1
    return tuple(out)


class _RowsByHeight:
    """A page's rows sorted by their tops, built once per page: the rows on one line are found by binary search."""

    def __init__(self, rows: Sequence[Row]) -> None:
        self.tops = sorted((r.bbox.top, r.index) for r in rows)
        self.by_index = {r.index: r for r in rows}


def _whole_row(row: Row, by_height: _RowsByHeight, lo: float, hi: float, size: float) -> Row:
    """``row`` with the pieces of other rows on its line between ``lo`` and ``hi`` (the table's columns): a table
    cut in two reading blocks by a box beside it (a title block beginning at the height of its fourth row) is read
    across again. Only rows of the same size whose top lies within a third of a size of ``row``'s."""
    tops = by_height.tops
    k = bisect.bisect_left(tops, (row.bbox.top - size / 3, -1))
    more: list[Chunk] = []
    while k < len(tops) and tops[k][0] <= row.bbox.top + size / 3:
        other = by_height.by_index[tops[k][1]]
        if other.index != row.index and abs(other.size - row.size) <= 0.05 * row.size \
                and lo <= other.bbox.x0 and other.bbox.x1 <= hi and not other.bbox.intersects(row.bbox):
            more.extend(other.chunks)
        k += 1
    if not more:
        return row
    chunks = tuple(sorted((*row.chunks, *more), key=lambda c: c.bbox.x0))
    return replace(row, chunks=chunks, text=" ".join(c.text for c in chunks), bbox=BBox.union_all(c.bbox for c in chunks))


def _candidate(row: Row, sheet: SheetLike, size: float) -> bool:
    return abs(row.size - size) <= 0.15 * size and _step_label(row.text) is None and _signal(row, sheet) is None


def _table_at(sheet: SheetLike, rows: Sequence[Row], k: int, size: float, pitch: float, body_is_bold: bool,
              numeric_header: bool, by_height: _RowsByHeight) -> tuple[AlignedTable | None, int]:
    head = rows[k]
    if len(head.chunks) < 2 or not _candidate(head, sheet, size):
        return None, 0
    bold_head = head.bold and not body_is_bold and all(_bold(sheet, c) for c in head.chunks)
    if not bold_head and (not numeric_header or _DIGITS.search(head.text)):
        return None, 0
    territories = _columns(head.chunks)
    header = [c.text for c in head.chunks]
    j = k + 1
    last = head
    # a bold row right under a bold header, inside its columns, continues the header cells
    while bold_head and j < len(rows) and all(_bold(sheet, c) for c in rows[j].chunks) \
            and 0 < rows[j].bbox.top - last.bbox.top <= 1.5 * pitch:
        more = _place(rows[j], territories, size, head.chunks)
        if more is None:
            break
        header = [f"{h} {m}".strip() for h, m in zip(header, more, strict=True)]
        last = rows[j]
        j += 1
    data: list[tuple[Row, list[str]]] = []
    lo, hi = head.chunks[0].bbox.x0 - _BEYOND * size, head.chunks[-1].bbox.x1 + _BEYOND * size
    while j < len(rows):
        r = rows[j]
        if not (0 < r.bbox.top - last.bbox.top <= 1.8 * pitch) or not _candidate(r, sheet, size):
            break
        r = _whole_row(r, by_height, lo, hi, size)
        cells = _place(r, territories, size, head.chunks)
        if cells is None or sum(1 for c in cells if c) < min(2, len(cells)):
            break
        if re.fullmatch(r"[^\W\d_][^:]*:", next(c for c in cells if c)):
            break  # a row opened by a label ("Sub-totals:", "Total:"): the table's summary, no row of it
        data.append((r, cells))
        last = r
        j += 1
    if len(data) < 2:
        return None, 0
    if not bold_head and not any(sum(_numeric(cells[i]) for _, cells in data) >= 0.6 * len(data)
                                 for i in range(len(header))):
        return None, 0  # a plain header needs a column of numbers under it
    box = BBox.union_all([head.bbox] + [r.bbox for r, _ in data])
    table = AlignedTable(tuple(header), tuple(tuple(cells) for _, cells in data), tuple(r.bbox for r, _ in data), box)
    return table, j - k


__all__ = ["AlignedTable", "find_unruled_tables"]
