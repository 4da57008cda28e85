"""The grid engine: ruling lines of a sheet as merged horizontal and vertical edges.

Shared by the table and title-block analyzers. Ruling segments come from
stroked lines, rectangle edges, close-path lines, straight Bézier pieces and
thin filled rectangles. Lines that end on a dimension terminator (a small
filled shape: arrowhead or dot) are left out. Collinear pieces are snapped and
merged with tolerances relative to the line width.

Everything works in a *frame*: the displayed page turned so that text of a
given direction reads left to right (direction 0: the page itself; 90: text
reading bottom to top, as in a table turned on a portrait sheet). Tables turned
90° are found by running the same code in the 90° frame.

>>> from pdftract.testing import make_sheet
>>> sheet = make_sheet(rects=[(10, 10, 110, 30)], lines=[(60, 10, 60, 30)])
>>> rules = Rules.from_sheet(sheet, 0)
>>> rules.h.tolist(), rules.v.tolist()
([[10.0, 10.0, 110.0], [30.0, 10.0, 110.0]], [[10.0, 10.0, 30.0], [60.0, 10.0, 30.0], [110.0, 10.0, 30.0]])
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pdftract.geometry import BBox
from pdftract.model.primitives import Path, subpaths
from pdftract.model.sheet import SheetLike

FloatArray = npt.NDArray[np.float64]

#: frame transforms: displayed (x, y) -> frame (x', y') for text of each direction
_FRAMES = {
    0: (1.0, 0.0, 0.0, 1.0),  # x' = a x + c y, y' = b x + d y
    90: (0.0, 1.0, -1.0, 0.0),  # (x, y) -> (-y, x)
    180: (-1.0, 0.0, 0.0, -1.0),
    270: (0.0, -1.0, 1.0, 0.0),  # (x, y) -> (y, -x)
}


def to_frame(direction: int, x: FloatArray | float, y: FloatArray | float) -> tuple[FloatArray | float, FloatArray | float]:
    a, b, c, d = _FRAMES[direction]
    return (a * x + c * y, b * x + d * y)


def from_frame(direction: int, x: float, y: float) -> tuple[float, float]:
    a, b, c, d = _FRAMES[direction]
    # the frames are rotations: the inverse is the transpose
    return (a * x + b * y, c * x + d * y)


def box_to_frame(direction: int, box: Sequence[float]) -> BBox:
    xs, ys = to_frame(direction, np.array([box[0], box[2], box[0], box[2]]), np.array([box[1], box[1], box[3], box[3]]))
    return BBox(float(np.min(xs)), float(np.min(ys)), float(np.max(xs)), float(np.max(ys)))


def box_from_frame(direction: int, box: Sequence[float]) -> BBox:
    pts = [from_frame(direction, x, y) for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))]
    return BBox.from_points(pts)


def _terminators(sheet: SheetLike) -> dict[tuple[int, int], list[BBox]]:
    """Small filled shapes (arrowheads, dots) hashed on a 10 pt grid."""
    grid: dict[tuple[int, int], list[BBox]] = {}
    for p in sheet.paths:
        if p.text_shape:
            continue
        if not p.fill or p.is_rect:
            continue
        b = p.bbox
        if 0 < max(b.width, b.height) <= 8.0 and p.segment_count <= 12:
            for gx in range(int(b.x0 // 10), int(b.x1 // 10) + 1):
                for gy in range(int(b.top // 10), int(b.bottom // 10) + 1):
                    grid.setdefault((gx, gy), []).append(b)
    return grid


def _on_terminator(grid: dict[tuple[int, int], list[BBox]], x: float, y: float) -> bool:
    for b in grid.get((int(x // 10), int(y // 10)), ()):
        if b.x0 - 0.5 <= x <= b.x1 + 0.5 and b.top - 0.5 <= y <= b.bottom + 0.5:
            return True
    return False


def raw_rulings(sheet: SheetLike, *, min_length: float = 1.0) -> tuple[FloatArray, FloatArray]:
    """Axis-aligned ruling pieces ``(x0, y0, x1, y1)`` in displayed coordinates, and their line widths."""
    out: list[tuple[float, float, float, float]] = []
    widths: list[float] = []
    terminators = _terminators(sheet)
    for p in sheet.paths:
        if p.text_shape:
            continue
        if p.fill and not p.stroke:
            b = p.bbox
            ring = _rect_ring(p) if p.subpath_count == 2 and not p.is_rect else None
            if ring is not None:
                # a rectangle's stroke drawn as its filled outline (Qt prints an SVG <rect> so): its four sides
                (x0, y0, x1, y1), w = ring
                out.extend([(x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)])
                widths.extend([w] * 4)
                continue
            if p.is_rect and min(b.width, b.height) <= 2.0 and max(b.width, b.height) >= 5.0:
                if b.width >= b.height:  # a thin filled bar drawn as a rule
                    out.append((b.x0, (b.top + b.bottom) / 2, b.x1, (b.top + b.bottom) / 2))
                else:
                    out.append(((b.x0 + b.x1) / 2, b.top, (b.x0 + b.x1) / 2, b.bottom))
                widths.append(min(b.width, b.height))
            continue
        if not p.stroke:
            continue
        for kind, points in p.pieces():  # (no Segment objects made)
            if kind in ("line", "close"):
                (x0, y0), (x1, y1) = points
            elif kind == "curve":
                (x0, y0), c1, c2, (x1, y1) = points
                if _off_chord(x0, y0, x1, y1, c1) > 0.2 or _off_chord(x0, y0, x1, y1, c2) > 0.2:
                    continue  # a real curve
            else:
                continue
            dx, dy = abs(x1 - x0), abs(y1 - y0)
            length = max(dx, dy)
            if length < min_length or (dx > 0.02 * length and dy > 0.02 * length):
                continue
            if terminators and (_on_terminator(terminators, x0, y0) or _on_terminator(terminators, x1, y1)):
                continue  # a dimension or leader line ending on an arrowhead or dot
            out.append((x0, y0, x1, y1))
            widths.append(p.line_width)
    arr = np.asarray(out, dtype=np.float64).reshape(-1, 4)
    return arr, np.asarray(widths, dtype=np.float64)


def _rect_ring(p: Path) -> tuple[tuple[float, float, float, float], float] | None:
    """A filled path of two rectangles, one inside the other a thin even band apart (a stroked rectangle
    outlined): the rectangle along the band's middle and the band's width, else ``None``."""
    subs = [[pt for sg in sub for pt in sg.points] for sub in subpaths(p.segments)]
    if len(subs) != 2 or any(len(sub) < 4 for sub in subs):
        return None
    boxes = []
    for sub in subs:
        xs = [pt[0] for pt in sub]
        ys = [pt[1] for pt in sub]
        boxes.append((min(xs), min(ys), max(xs), max(ys), xs, ys))
    boxes.sort(key=lambda b: -(b[2] - b[0]) * (b[3] - b[1]))
    (ox0, oy0, ox1, oy1, *_outer), (ix0, iy0, ix1, iy1, *_inner) = boxes
    gaps = (ix0 - ox0, iy0 - oy0, ox1 - ix1, oy1 - iy1)
    if min(gaps) < 0.05 or max(gaps) > 3.0 or max(gaps) > 1.5 * min(gaps) + 0.1:
        return None
    band = max(gaps)
    if min(ix1 - ix0, iy1 - iy0) < 2 * band:
        return None
    # every corner of both rings lies on its rectangle's border (no notch, no slanted side)
    for (x0, y0, x1, y1, xs, ys) in boxes:
        for x, y in zip(xs, ys, strict=True):
            if min(abs(x - x0), abs(x - x1)) > band and min(abs(y - y0), abs(y - y1)) > band:
                return None
    return ((ox0 + ix0) / 2, (oy0 + iy0) / 2, (ox1 + ix1) / 2, (oy1 + iy1) / 2), band


def _off_chord(x0: float, y0: float, x1: float, y1: float, c: tuple[float, float]) -> float:
    dx, dy = x1 - x0, y1 - y0
    n = math.hypot(dx, dy)
    if n == 0:
        return math.hypot(c[0] - x0, c[1] - y0)
    return abs((c[0] - x0) * dy - (c[1] - y0) * dx) / n


def _merge(pos: FloatArray, lo: FloatArray, hi: FloatArray, width: FloatArray, join: float) -> FloatArray:
    """Snap pieces whose positions agree within their line width and join overlapping or touching ones."""
    if len(pos) == 0:
        return np.zeros((0, 3))
    order = np.lexsort((lo, pos))
    pos, lo, hi, width = pos[order], lo[order], hi[order], width[order]
    out: list[list[float]] = []
    start = 0
    n = len(pos)
    while start < n:
        # a snap group: consecutive positions within tolerance of the group's first
        tol = max(1.0, float(width[start]))
        end = start + 1
        while end < n and pos[end] - pos[start] <= tol:
            end += 1
        group = np.argsort(lo[start:end], kind="stable") + start
        seg_lo, seg_hi = float(lo[group[0]]), float(hi[group[0]])
        weights = [(float(pos[group[0]]), seg_hi - seg_lo)]
        for g in group[1:].tolist():
            if lo[g] <= seg_hi + join:
                seg_hi = max(seg_hi, float(hi[g]))
                weights.append((float(pos[g]), float(hi[g] - lo[g])))
            else:
                out.append([_weighted(weights), seg_lo, seg_hi])
                seg_lo, seg_hi = float(lo[g]), float(hi[g])
                weights = [(float(pos[g]), seg_hi - seg_lo)]
        out.append([_weighted(weights), seg_lo, seg_hi])
        start = end
    merged = np.asarray(out, dtype=np.float64)
    return merged[np.lexsort((merged[:, 1], merged[:, 0]))]


def _weighted(items: list[tuple[float, float]]) -> float:
    total = sum(w for _p, w in items)
    if total <= 0:
        return items[0][0]
    return round(sum(p * w for p, w in items) / total, 4)


class Rules:
    """Merged ruling edges in one frame.

    ``h``: rows ``(y, x0, x1)``; ``v``: rows ``(x, y0, y1)``; both sorted by position.
    """

    __slots__ = ("direction", "h", "v")

    def __init__(self, direction: int, h: FloatArray, v: FloatArray) -> None:
        self.direction = direction
        self.h = h
        self.v = v

    def __repr__(self) -> str:
        return f"<Rules frame {self.direction}: {len(self.h)} horizontal, {len(self.v)} vertical>"

    @classmethod
    def from_raw(cls, direction: int, raw: FloatArray, widths: FloatArray, join: float = 1.5) -> Rules:
        x0, y0 = to_frame(direction, raw[:, 0], raw[:, 1])
        x1, y1 = to_frame(direction, raw[:, 2], raw[:, 3])
        x0a, y0a, x1a, y1a = (np.asarray(v, dtype=np.float64) for v in (x0, y0, x1, y1))
        horizontal = np.abs(y1a - y0a) <= np.abs(x1a - x0a)
        hy = (y0a + y1a)[horizontal] / 2
        hlo = np.minimum(x0a, x1a)[horizontal]
        hhi = np.maximum(x0a, x1a)[horizontal]
        vx = (x0a + x1a)[~horizontal] / 2
        vlo = np.minimum(y0a, y1a)[~horizontal]
        vhi = np.maximum(y0a, y1a)[~horizontal]
        return cls(direction, _merge(hy, hlo, hhi, widths[horizontal], join), _merge(vx, vlo, vhi, widths[~horizontal], join))

    @classmethod
    def from_sheet(cls, sheet: SheetLike, direction: int = 0) -> Rules:
        raw, widths = raw_rulings(sheet)
        return cls.from_raw(direction, raw, widths)

    def h_cover(self, y: float, x0: float, x1: float, tol: float = 1.0) -> float:
        """Fraction of ``[x0, x1]`` covered by horizontal edges at ``y`` (± tol)."""
        return _cover(self.h, y, x0, x1, tol)

    def v_cover(self, x: float, y0: float, y1: float, tol: float = 1.0) -> float:
        """Fraction of ``[y0, y1]`` covered by vertical edges at ``x`` (± tol)."""
        return _cover(self.v, x, y0, y1, tol)

    def h_near(self, y0: float, y1: float, x0: float, x1: float, min_overlap: float) -> FloatArray:
        """Horizontal edges with y in [y0, y1] overlapping [x0, x1] by at least ``min_overlap``."""
        h = self.h
        i0, i1 = np.searchsorted(h[:, 0], y0, side="left"), np.searchsorted(h[:, 0], y1, side="right")
        cand = h[i0:i1]
        ov = np.minimum(cand[:, 2], x1) - np.maximum(cand[:, 1], x0)
        return cand[ov >= min_overlap]

    def v_near(self, x0: float, x1: float, y0: float, y1: float, min_overlap: float) -> FloatArray:
        """Vertical edges with x in [x0, x1] overlapping [y0, y1] by at least ``min_overlap``."""
        v = self.v
        i0, i1 = np.searchsorted(v[:, 0], x0, side="left"), np.searchsorted(v[:, 0], x1, side="right")
        cand = v[i0:i1]
        ov = np.minimum(cand[:, 2], y1) - np.maximum(cand[:, 1], y0)
        return cand[ov >= min_overlap]


def rules_for(sheet: SheetLike, direction: int = 0) -> Rules:
    """The sheet's rules in a frame, computed once per sheet and direction (cached on the sheet)."""
    cache = sheet._cache()
    key = f"rules@{direction}"
    hit = cache.get(key)
    if hit is None:
        raw = cache.get("raw_rulings")
        if raw is None:
            raw = raw_rulings(sheet)
            cache["raw_rulings"] = raw
        hit = Rules.from_raw(direction, raw[0], raw[1])
        cache[key] = hit
    return hit


def cell_around(rules: Rules, box: Sequence[float], *, snap: float = 1.0, cover: float = 0.8) -> tuple[float, float, float, float] | None:
    """The ruled cell holding ``box`` (frame coordinates): the nearest rules above, below, left and right bounding it."""
    x0, top_, x1, bottom_ = box
    cx = (x0 + x1) / 2
    # (a rule passes the box's centre: the unit window's overlap must not need to be a whole 1.0, which rounding loses)
    above = rules.h_near(-1e9, top_ + snap, cx - 0.5, cx + 0.5, 0.5)
    below = rules.h_near(bottom_ - snap, 1e9, cx - 0.5, cx + 0.5, 0.5)
    if len(above) == 0 or len(below) == 0:
        return None
    top = float(above[:, 0].max())
    bottom = float(below[:, 0].min())
    if bottom - top < 1.0:
        return None
    height = bottom - top
    left_c = rules.v_near(-1e9, x0 + snap, top, bottom, cover * height)
    right_c = rules.v_near(x1 - snap, 1e9, top, bottom, cover * height)
    if len(left_c) == 0 or len(right_c) == 0:
        return None
    return (float(left_c[:, 0].max()), top, float(right_c[:, 0].min()), bottom)


def _cover(edges: FloatArray, pos: float, lo: float, hi: float, tol: float) -> float:
    if hi <= lo or len(edges) == 0:
        return 0.0
    i0 = np.searchsorted(edges[:, 0], pos - tol, side="left")
    i1 = np.searchsorted(edges[:, 0], pos + tol, side="right")
    cand = edges[i0:i1]
    if len(cand) == 0:
        return 0.0
    a = np.clip(cand[:, 1], lo, hi)
    b = np.clip(cand[:, 2], lo, hi)
    keep = b > a
    if not np.any(keep):
        return 0.0
    a, b = a[keep], b[keep]
    order = np.argsort(a)
    total = 0.0
    cur_a, cur_b = float(a[order[0]]), float(b[order[0]])
    for k in order[1:].tolist():
        if a[k] <= cur_b:
            cur_b = max(cur_b, float(b[k]))
        else:
            total += cur_b - cur_a
            cur_a, cur_b = float(a[k]), float(b[k])
    total += cur_b - cur_a
    return total / (hi - lo)


__all__ = ["Rules", "box_from_frame", "box_to_frame", "cell_around", "from_frame", "raw_rulings", "rules_for", "to_frame"]
