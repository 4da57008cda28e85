"""The zone grid of a drawing frame: the letters and numbers printed along the border.

A frame's zones are labelled by a run of consecutive numbers along the top or bottom edge (columns) and a
run of consecutive letters along the left or right edge (rows), evenly spaced; ``I`` and ``O`` are skipped as
ISO 5457 and ASME Y14.1 skip them. A point's zone is its row letter and column number (``C3``). Nothing
here depends on one template: the labels are found as short words in the sheet's outer band whose values
run in sequence at an even pitch, and the zone boundaries fall halfway between neighbouring labels.

>>> from pdftract.testing import make_sheet
>>> cols = [(str(n), 100.0 * n, 8.0) for n in (1, 2, 3, 4)]
>>> rows = [(c, 5.0, 60.0 + 100.0 * i) for i, c in enumerate("ABC")]
>>> grid = find_zones(make_sheet(text=cols + rows, width=500, height=360))
>>> grid.zone((250.0, 170.0)), grid.zone((20.0, 10.0)), grid.zone((480.0, 350.0))
('B2', 'A1', 'C4')
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pdftract.geometry import BBox

if TYPE_CHECKING:
    from pdftract.model.sheet import SheetLike

#: the letters a zone row may carry, in order (I and O are not used)
ROW_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
#: the outer band searched for labels, as a fraction of the sheet's smaller side
BAND = 0.07
#: the least number of labels in a run
MIN_RUN = 3
#: spacing of a run: its pitches may differ from their median by this fraction at most
PITCH_SPREAD = 0.2

_NUMBER = re.compile(r"^\d{1,2}$")
_LETTER = re.compile(r"^[A-Z]$")


@dataclass(frozen=True)
class Axis:
    """One run of labels: ``labels`` in the order they stand on the sheet, ``centres`` (x for columns, y for
    rows) and whether they are letters."""

    labels: tuple[str, ...]
    centres: tuple[float, ...]
    letters: bool
    #: the edge the labels stand along (``top``, ``bottom``, ``left``, ``right``) and their boxes
    side: str = ""
    boxes: tuple[BBox, ...] = ()

    def at(self, v: float) -> int:
        """Index of the label whose zone holds coordinate ``v`` (boundaries halfway between labels)."""
        for i in range(len(self.centres) - 1):
            if v < (self.centres[i] + self.centres[i + 1]) / 2:
                return i
        return len(self.centres) - 1

    def rank(self, i: int) -> int:
        """The order of label ``i`` in its sequence (A before B, 1 before 2), for sorting."""
        lab = self.labels[i]
        return ROW_LETTERS.index(lab) if self.letters else int(lab)


@dataclass(frozen=True)
class ZoneGrid:
    """The zones of a sheet: a column axis (along x) and a row axis (along y), either possibly missing."""

    columns: Axis | None
    rows: Axis | None

    def __bool__(self) -> bool:
        return self.columns is not None or self.rows is not None

    def zone(self, point: Sequence[float]) -> str | None:
        """The zone of a point: letter then number (``C3``), or the one label there is, or None without a grid."""
        parts: list[tuple[bool, str]] = []
        for axis, v in ((self.columns, point[0]), (self.rows, point[1])):
            if axis is not None:
                parts.append((axis.letters, axis.labels[axis.at(v)]))
        if not parts:
            return None
        parts.sort(key=lambda p: not p[0])  # letter first
        return "".join(lab for _, lab in parts)

    def directions(self) -> tuple[int, int]:
        """(x, y) senses in which the zone labels rise: +1 where they rise to the right (down), -1 where they rise
        to the left (up), as on an ASME sheet whose columns run 6 ... 1 and rows A at the bottom; +1 without an
        axis. Numbering within a zone follows the same senses, so a row of zones reads one way."""
        def sense(axis: Axis | None) -> int:
            if axis is None or len(axis.labels) < 2:
                return 1
            return 1 if axis.rank(len(axis.labels) - 1) > axis.rank(0) else -1

        return sense(self.columns), sense(self.rows)

    def inner(self, width: float, height: float) -> BBox:
        """The sheet inside the zone labels: what a balloon or a note may use without covering the border."""
        x0, top, x1, bottom = 0.0, 0.0, width, height
        for axis in (self.columns, self.rows):
            if axis is None or not axis.boxes:
                continue
            if axis.side == "top":
                top = max(top, max(b.bottom for b in axis.boxes))
            elif axis.side == "bottom":
                bottom = min(bottom, min(b.top for b in axis.boxes))
            elif axis.side == "left":
                x0 = max(x0, max(b.x1 for b in axis.boxes))
            elif axis.side == "right":
                x1 = min(x1, min(b.x0 for b in axis.boxes))
        return BBox(x0, top, x1, bottom) if x1 > x0 and bottom > top else BBox(0.0, 0.0, width, height)

    def sort_key(self, point: Sequence[float]) -> tuple[int, int]:
        """(letter rank, number rank) of a point's zone, so A1 < A2 < B1; zero where an axis is missing."""
        ranks: dict[bool, int] = {}
        for axis, v in ((self.columns, point[0]), (self.rows, point[1])):
            if axis is not None:
                ranks[axis.letters] = axis.rank(axis.at(v))
        return ranks.get(True, 0), ranks.get(False, 0)


def _rank(label: str, letters: bool) -> int:
    return ROW_LETTERS.index(label) if letters else int(label)


_Token = tuple[float, str, BBox]


def _best_run(tokens: list[_Token], letters: bool, side: str) -> Axis | None:
    """The longest run of labels in sequence (rising or falling by one) at an even pitch."""
    tokens = sorted(tokens)
    best: list[_Token] = []
    for i in range(len(tokens)):
        for step in (1, -1):
            run = [tokens[i]]
            for tok in tokens[i + 1:]:
                if _rank(tok[1], letters) == _rank(run[-1][1], letters) + step:
                    run.append(tok)
            if len(run) > len(best) and _even(run):
                best = run
    if len(best) < MIN_RUN:
        return None
    return Axis(tuple(t[1] for t in best), tuple(t[0] for t in best), letters, side, tuple(t[2] for t in best))


def _even(run: list[_Token]) -> bool:
    if len(run) < MIN_RUN:
        return True
    pitches = [b[0] - a[0] for a, b in zip(run, run[1:])]
    med = statistics.median(pitches)
    return med > 0 and all(abs(p - med) <= PITCH_SPREAD * med for p in pitches)


def find_zones(sheet: SheetLike) -> ZoneGrid:
    """The zone grid printed along ``sheet``'s border (an empty grid when it has none)."""
    w, h = sheet.width, sheet.height
    band = BAND * min(w, h)
    horiz: dict[tuple[str, bool], list[_Token]] = {}
    vert: dict[tuple[str, bool], list[_Token]] = {}
    for word in sheet.words:
        t = word.text.strip()
        is_num, is_let = bool(_NUMBER.match(t)), bool(_LETTER.match(t)) and t in ROW_LETTERS
        if word.invisible or not (is_num or is_let):
            continue
        cx, cy = word.bbox.center
        kind = is_let
        if cy < band or cy > h - band:
            horiz.setdefault(("top" if cy < band else "bottom", kind), []).append((cx, t, word.bbox))
        if cx < band or cx > w - band:
            vert.setdefault(("left" if cx < band else "right", kind), []).append((cy, t, word.bbox))
    columns = _pick(horiz)
    rows = _pick(vert)
    if columns is not None and rows is not None and columns.letters == rows.letters:
        # both runs of one kind: keep the longer (a frame labels one axis with letters, the other with numbers)
        if len(columns.labels) >= len(rows.labels):
            rows = None
        else:
            columns = None
    return ZoneGrid(columns, rows)


def _pick(groups: dict[tuple[str, bool], list[_Token]]) -> Axis | None:
    best: Axis | None = None
    for (side, letters), tokens in sorted(groups.items(), key=lambda kv: kv[0]):
        run = _best_run(tokens, letters, side)
        if run is not None and (best is None or len(run.labels) > len(best.labels)):
            best = run
    return best


__all__ = ["Axis", "ZoneGrid", "find_zones"]
