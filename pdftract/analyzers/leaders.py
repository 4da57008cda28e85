"""Dimension-line geometry: terminators, the lines they end, and leader chains.

Computed once per sheet (cached) and shared by the ``dimensions`` and ``callouts`` analyzers.

* **Terminators**: small filled triangles (arrowheads; the tip is the sharpest
  corner), small filled round shapes (dots; the tip is the centre), open
  arrowheads (a stroked V of two short equal arms), and ticks (a short oblique
  stroke centred on the end of a longer line, 10°-80° to it).
* **Stems**: the straight line that starts at a terminator (its end within a
  tolerance of the tip, or inside a filled arrowhead on its axis); when that is
  missing or short, also a long line going on from the tip in the arrow's
  direction (an arrow drawn inside a hole against its rim).
* A stem whose other end reaches another terminator is a **dimension line**.
  Otherwise the stem is followed through connected straight segments (an
  elbow, a shoulder; at most ``max_hops``, stopping at branches): that chain
  is a **leader**, its free end is where the callout text or balloon sits.

Nothing here loops over all pairs: line end points are hashed on a grid and
looked up by cell.

>>> from pdftract.testing import make_sheet, line_path
>>> arrow = line_path(0, [(100.0, 100.0), (106.9, 97.3), (105.2, 94.8)], closed=True, fill=True)
>>> sheet = make_sheet(lines=[(100.0, 100.0, 130.0, 80.0), (130.0, 80.0, 150.0, 80.0)], paths=[arrow])
>>> geo = geometry_for(sheet)
>>> [(t.kind, t.tip) for t in geo.terminators]
[('filled', (100.0, 100.0))]
>>> (leader,) = geo.leaders
>>> leader.target, leader.free_end
((100.0, 100.0), (150.0, 80.0))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from pdftract.geometry import BBox, Point
from pdftract.index import BoxIndex
from pdftract.model.primitives import Piece, piece_subpaths
from pdftract.model.sheet import SheetLike


@dataclass(frozen=True, slots=True, kw_only=True)
class Terminator:
    """The end mark of a dimension line or leader."""

    kind: str  # filled | open | dot | tick
    tip: Point
    direction: Point | None  # unit vector from the body to the tip (None for dots and ticks)
    size: float
    path_ids: tuple[int, ...]
    bbox: BBox


@dataclass(frozen=True, slots=True, kw_only=True)
class Stroke:
    """One straight line piece of the sheet's linework."""

    id: int
    p0: Point
    p1: Point
    path_id: int
    segment_id: int
    alone: bool = False  # the only line of its subpath (a tick is drawn like that; stroked text is not)

    @property
    def length(self) -> float:
        return math.hypot(self.p1[0] - self.p0[0], self.p1[1] - self.p0[1])

    @property
    def bbox(self) -> BBox:
        return BBox.from_points((self.p0, self.p1))


@dataclass(frozen=True, slots=True, kw_only=True)
class DimensionLine:
    """A line with a terminator at each end."""

    stroke_id: int
    ends: tuple[int, int]  # terminator indices
    p0: Point
    p1: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class Leader:
    """A chain of straight lines from a terminator to a free end."""

    terminator: int
    target: Point
    free_end: Point
    stroke_ids: tuple[int, ...]
    points: tuple[Point, ...]  # target first, free end last
    last_direction: Point  # unit vector of the last piece, pointing to the free end


@dataclass(frozen=True, slots=True, kw_only=True)
class Circle:
    """A stroked closed round subpath (a balloon, a hole)."""

    center: Point
    radius: float
    path_id: int
    bbox: BBox


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderGeometry:
    terminators: tuple[Terminator, ...]
    circles: tuple[Circle, ...]
    strokes: tuple[Stroke, ...]
    dimension_lines: tuple[DimensionLine, ...]
    leaders: tuple[Leader, ...]
    #: an R-tree over the strokes that are part of a dimension line or a leader (ids index ``strokes``)
    stem_index: BoxIndex
    terminator_index: BoxIndex
    #: an R-tree over the leaders' free ends (ids index ``leaders``)
    free_end_index: BoxIndex


MAX_TERMINATOR = 14.0  # pt, longest side of an arrowhead or dot
#: a slender filled triangle (at least SLENDER times longer than wide) is an arrowhead up to this size: large sheets
#: and some CAD defaults (FreeCAD: 5 mm) draw arrows longer than MAX_TERMINATOR, and nothing else on a drawing is
#: a long thin filled triangle
MAX_SLENDER_TERMINATOR, SLENDER = 30.0, 2.4
MAX_HOPS = 3
#: the long side of an A0 sheet (1189 mm) in pt: a page larger than that is a drawing plotted at a scale
A0_LONG_SIDE = 3370.0


def plot_scale(sheet: SheetLike) -> float:
    """How many times larger than A0 the page is (1.0 up to A0): a sheet plotted at a scale (an AutoCAD plot of
    10 111 x 7 152 pt) draws its arrowheads that many times larger, so their size limits grow with it.

    >>> class _S:
    ...     width, height = 10111.0, 7152.0
    >>> round(plot_scale(_S()), 2)  # type: ignore[arg-type]
    3.0
    """
    return max(1.0, max(sheet.width, sheet.height) / A0_LONG_SIDE)


def _unit(dx: float, dy: float) -> Point:
    n = math.hypot(dx, dy)
    return (dx / n, dy / n) if n > 1e-9 else (0.0, 0.0)


def _vertices(points: Iterable[Point]) -> list[Point]:
    out: list[Point] = []
    for p in points:
        if not out or math.hypot(p[0] - out[-1][0], p[1] - out[-1][1]) > 0.05:
            out.append(p)
    if len(out) > 1 and math.hypot(out[0][0] - out[-1][0], out[0][1] - out[-1][1]) <= 0.05:
        out.pop()
    return out


def _triangle_tip(vs: list[Point], slender: float = 1.2) -> tuple[Point, Point] | None:
    """The tip of an arrowhead outline and the unit direction body -> tip, or ``None`` if it is not one.

    The outline may be a triangle or a triangle with a rounded or notched back
    (many vertices): the tip is the sharp corner (under 75°) farthest out, every other
    vertex lies behind it, and the shape is at least ``slender`` (1.2) times longer than wide.
    """
    n = len(vs)
    if n < 3 or n > 24:
        return None
    angles = [_angle(vs[i - 1], vs[i], vs[(i + 1) % n]) for i in range(n)]
    sharp = [i for i in range(n) if angles[i] <= 75.0]
    if not sharp:
        return None
    mx, my = sum(v[0] for v in vs) / n, sum(v[1] for v in vs) / n
    # the tip: the sharp corner farthest from the middle (a rounded back meets the sides in sharp corners too)
    k = max(sharp, key=lambda i: (math.hypot(vs[i][0] - mx, vs[i][1] - my), -i))
    tip = vs[k]
    rest = [v for i, v in enumerate(vs) if i != k]
    cx, cy = sum(v[0] for v in rest) / len(rest), sum(v[1] for v in rest) / len(rest)
    u = _unit(tip[0] - cx, tip[1] - cy)
    along = [(v[0] - tip[0]) * u[0] + (v[1] - tip[1]) * u[1] for v in rest]
    across = [(v[0] - tip[0]) * -u[1] + (v[1] - tip[1]) * u[0] for v in rest]
    length, width = -min(along), max(across) - min(across)
    if max(along) > 0.05 * length or length < slender * width or length < 0.8:
        return None
    return tip, u


def _flat_curves(sub: Sequence[Piece], bulge: float = 0.2) -> bool:
    """True when every curve of a subpath stays near its chord (control points within ``bulge`` times its length):
    an arrowhead whose sides are drawn as shallow curves (a concave, swept-back head), read by its corners."""
    for sg in sub:
        if sg.kind != "curve":
            continue
        a, d = sg.points[0], sg.points[-1]
        chord = math.hypot(d[0] - a[0], d[1] - a[1])
        if chord < 0.4:
            return False
        for c in sg.points[1:-1]:
            if abs((d[0] - a[0]) * (c[1] - a[1]) - (d[1] - a[1]) * (c[0] - a[0])) / chord > bulge * chord:
                return False
    return True


def _angle(a: Point, b: Point, c: Point) -> float:
    """The angle at ``b`` (degrees)."""
    u = (a[0] - b[0], a[1] - b[1])
    v = (c[0] - b[0], c[1] - b[1])
    nu, nv = math.hypot(*u), math.hypot(*v)
    if nu < 1e-9 or nv < 1e-9:
        return 180.0
    cosv = max(-1.0, min(1.0, (u[0] * v[0] + u[1] * v[1]) / (nu * nv)))
    return math.degrees(math.acos(cosv))


def find_terminators(sheet: SheetLike) -> list[Terminator]:
    """Filled arrowheads, dots and open arrowheads (ticks are found with the lines, see :func:`geometry_for`).

    CAD exporters often paint all arrowheads of a sheet as one filled path of
    many subpaths, so each subpath is judged on its own.
    """
    out: list[Terminator] = []
    k = plot_scale(sheet)
    max_side, max_slender = MAX_TERMINATOR * k, MAX_SLENDER_TERMINATOR * k
    for p in sheet.paths:
        if p.text_shape:
            continue
        if p.is_rect:
            continue
        if p.fill:
            subs = piece_subpaths(p)
            for sub in subs:
                if len(sub) > 26:
                    continue
                pts = [pt for sg in sub for pt in sg.points]
                b = BBox.from_points(pts)
                side = max(b.width, b.height)
                if side > max_slender or side < 0.4:
                    continue
                if side > max_side and (any(sg.kind == "curve" for sg in sub) or len(sub) > 6):
                    continue
                if any(sg.kind == "curve" for sg in sub):
                    if min(b.width, b.height) >= 0.7 * side and side <= 6.0:
                        out.append(Terminator(kind="dot", tip=b.center, direction=None, size=side, path_ids=(p.id,), bbox=b))
                        continue
                    if not _flat_curves(sub):
                        continue
                # a curve's corners are its ends (its control points would add corners that are not there)
                vs = _vertices(pt for sg in sub for pt in (sg.points if sg.kind == "line" else sg.points[:1]
                                                           if sg.kind == "close" else (sg.points[0], sg.points[-1])))
                hit = _triangle_tip(vs, SLENDER if side > max_side else 1.2)
                if hit is not None:
                    out.append(Terminator(kind="filled", tip=hit[0], direction=hit[1], size=side, path_ids=(p.id,), bbox=b))
        elif p.stroke and p.segment_count <= 64:
            for sub in piece_subpaths(p):
                if (closed := _stroked_triangle(sub, max_side)) is not None:
                    out.append(closed)
                    continue
                if len(sub) != 3 or sub[0].kind != "move" or sub[1].kind != "line" or sub[2].kind != "line":
                    continue
                a, tip, c = sub[1].points[0], sub[1].points[1], sub[2].points[1]
                la, lc = math.hypot(a[0] - tip[0], a[1] - tip[1]), math.hypot(c[0] - tip[0], c[1] - tip[1])
                if not (0.8 <= la <= 12 * k and 0.8 <= lc <= 12 * k) or max(la, lc) > 1.5 * min(la, lc):
                    continue
                ang = _angle(a, tip, c)
                if 8.0 <= ang <= 70.0:
                    base = ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2)
                    b = BBox.from_points((a, tip, c))
                    out.append(Terminator(kind="open", tip=tip, direction=_unit(tip[0] - base[0], tip[1] - base[1]),
                                          size=max(b.width, b.height), path_ids=(p.id,), bbox=b))
    out.extend(_split_arrowheads(sheet))
    return out


def _stroked_triangle(sub: list[Piece], max_side: float = MAX_TERMINATOR) -> Terminator | None:
    """A closed arrowhead drawn as a stroked outline and not filled (three lines back to the start, or two and a
    close; Creo's ISO arrow): an arrowhead like a filled one, kind ``open`` (it is not painted inside)."""
    if len(sub) != 4 or sub[0].kind != "move" or any(sg.kind not in ("line", "close") for sg in sub[1:]):
        return None
    first, last = sub[1].points[0], sub[-1].points[-1]
    if math.hypot(first[0] - last[0], first[1] - last[1]) > 0.05:
        return None
    vs = _vertices(sg.points[0] for sg in sub[1:])
    if len(vs) != 3:
        return None
    b = BBox.from_points(vs)
    if not 0.8 <= max(b.width, b.height) <= max_side:
        return None
    hit = _triangle_tip(vs, 1.5)  # at least 1.5 times longer than wide: an outline, not a small open triangle mark
    if hit is None:
        return None
    return Terminator(kind="open", tip=hit[0], direction=hit[1], size=max(b.width, b.height), path_ids=(sub[0].path_id,), bbox=b)


def _split_arrowheads(sheet: SheetLike) -> list[Terminator]:
    """Arrowheads whose two arms are separate stroked lines, meeting at the tip: a printer driver (GDI,
    "Microsoft Print To PDF") writes every line of a polyline as its own path, and plotter-style exporters
    (Siemens NX through cgm2pdf) draw an arrowhead's sides as separate subpaths of one large path and shade it
    with short parallel strokes. Lines are found by their end points (a hash, no pairs of the whole page). The
    arms are short (up to 20 pt), about equally long and meet at 8-60 degrees (a board tool's open to about 55),
    and a longer line leaves the tip backwards along their middle through the tip or from it, the shaft (a ``>``
    drawn in strokes has none). Of the pairs of arms meeting at one tip (a shading stroke ends there too), the
    widest is the arrowhead."""
    ends: dict[tuple[float, float], list[tuple[Point, Point, int, float, int]]] = {}  # end -> (end, other, path, length, seg)
    longest = 20.0 * plot_scale(sheet)
    for p in sheet.paths:
        if p.text_shape or not p.stroke or p.fill:
            continue
        kinds = p.kinds
        n = len(kinds)
        # the lines that are subpaths of their own: after their move, and followed by a move or nothing, or by a
        # close, which only draws the line back to its start (Allegro's plots write each line so)
        alone = {k for k in range(1, n)
                 if kinds[k] == "line" and kinds[k - 1] == "move"
                 and (k + 1 == n or kinds[k + 1] == "move"
                      or (kinds[k + 1] == "close" and (k + 2 == n or kinds[k + 2] == "move")))}
        if not alone:
            continue  # (the pieces are unpacked only for a path that has such lines)
        for k, (sid, _kind, pts) in enumerate(p.numbered_pieces()):
            if k not in alone:
                continue
            q0, q1 = pts
            length = math.hypot(q1[0] - q0[0], q1[1] - q0[1])
            if not 0.8 <= length <= longest:
                continue
            for end, other in ((q0, q1), (q1, q0)):
                ends.setdefault((round(end[0], 2), round(end[1], 2)), []).append((end, other, p.id, length, sid))
    out: list[Terminator] = []
    for arms in ends.values():
        if not 2 <= len(arms) <= 6:
            continue
        best: tuple[float, Terminator] | None = None
        for i in range(len(arms)):
            for j in range(i + 1, len(arms)):
                (tip, a, pa, la, sa), (_t, c, pc, lc, sc) = arms[i], arms[j]
                ang = _angle(a, tip, c)
                if max(la, lc) > 1.25 * min(la, lc) or not 8.0 <= ang <= 60.0 or (best is not None and ang <= best[0]):
                    continue
                base = ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2)
                u = _unit(tip[0] - base[0], tip[1] - base[1])
                b = BBox.from_points((a, tip, c))
                if not _has_shaft(sheet, tip, u, 0.9 * max(la, lc), {sa, sc}, b):
                    continue
                best = (ang, Terminator(kind="open", tip=tip, direction=u, size=max(b.width, b.height),
                                        path_ids=tuple(sorted({pa, pc})), bbox=b))
        if best is not None:
            out.append(best[1])
    return out


def _has_shaft(sheet: SheetLike, tip: Point, u: Point, reach: float, arms: set[int], head: BBox) -> bool:
    """Whether a straight stroked piece (not one of the segments ``arms``, nor a shading stroke inside the
    arrowhead's box ``head``) runs on the line through ``tip`` along ``u``, from the tip or from the head's back
    (a printer driver draws a closed head's three sides and the dimension line from its base, each a path of
    its own), and on behind the tip for ``reach`` at least: the line an arrowhead ends."""
    x, y = tip
    for sid in sheet.index.segments.intersection((min(x, head.x0) - 0.3, min(y, head.top) - 0.3,
                                                  max(x, head.x1) + 0.3, max(y, head.bottom) + 0.3)):
        if sid in arms:
            continue
        seg = sheet.segment(sid)
        if seg.kind not in ("line", "close"):
            continue
        (x0, y0), (x1, y1) = seg.points[0], seg.points[-1]
        if _inside(head, (x0, y0), (x1, y1)):
            continue
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy)
        if n < reach or abs(dx * u[1] - dy * u[0]) > n * math.sin(math.radians(8.0)):
            continue  # short, or not along the arrow
        if abs((x - x0) * dy - (y - y0) * dx) > 0.3 * n:
            continue  # beside the tip, not through it
        behind = max(-((x0 - x) * u[0] + (y0 - y) * u[1]), -((x1 - x) * u[0] + (y1 - y) * u[1]))
        if behind >= reach:
            return True
    return False


def find_circles(sheet: SheetLike, *, min_radius: float = 2.0, max_radius: float = 40.0) -> list[Circle]:
    """Stroked closed subpaths of Béziers only, as wide as high: circles (balloons, holes)."""
    out: list[Circle] = []
    for p in sheet.paths:
        if p.text_shape:
            continue
        if not p.stroke or p.is_rect:
            continue
        b = p.bbox
        if p.subpath_count == 1 and (b.width > 2 * max_radius + 1 or b.height > 2 * max_radius + 1):
            continue
        for sub in piece_subpaths(p):
            found = bezier_circle(sub)
            if found is not None and min_radius <= found[1] <= max_radius:
                out.append(Circle(center=found[0].center, radius=found[1], path_id=p.id, bbox=found[0]))
    return out


def bezier_circle(sub: Sequence[Piece]) -> tuple[BBox, float] | None:
    """The box and radius of a subpath that is a circle of Bézier curves: 4 to 16 curves and no straight line (its
    closing piece aside), as wide as high within 15 %, its curves ending where they began within 5 % of the radius."""
    curves = [sg for sg in sub if sg.kind == "curve"]
    if len(curves) < 4 or len(curves) > 16 or any(sg.kind == "line" for sg in sub):
        return None
    start, end = curves[0].points[0], curves[-1].points[-1]
    bb = BBox.from_points([pt for sg in curves for pt in (sg.points[0], sg.points[-1])])
    r = (bb.width + bb.height) / 4
    if abs(bb.width - bb.height) > 0.15 * max(bb.width, bb.height) or math.hypot(start[0] - end[0], start[1] - end[1]) > 0.05 * r:
        return None
    return bb, r


def _strokes(sheet: SheetLike, terms: list[Terminator]) -> list[Stroke]:
    """Straight stroked pieces, leaving out the outlines of the terminators (and open arrowheads' arms)."""
    cells: dict[tuple[int, int], list[int]] = {}  # terminator boxes on a 16 pt grid
    for i, t in enumerate(terms):
        b = t.bbox.expand(0.3)
        for gx in range(int(b.x0 // 16), int(b.x1 // 16) + 1):
            for gy in range(int(b.top // 16), int(b.bottom // 16) + 1):
                cells.setdefault((gx, gy), []).append(i)
    out: list[Stroke] = []
    for p in sheet.paths:
        if p.text_shape:
            continue
        if not p.stroke:
            continue
        for sub in piece_subpaths(p):
            # a close that only draws the line before it back (a subpath of one line and its close: Allegro's
            # plots) adds no line of its own; as a stroke it would turn a leader back onto itself
            back = {k for k in range(1, len(sub)) if sub[k].kind == "close" and sub[k - 1].kind == "line"
                    and _same_point(sub[k].points[0], sub[k - 1].points[-1])
                    and _same_point(sub[k].points[-1], sub[k - 1].points[0])}
            alone = sum(1 for k, s in enumerate(sub) if s.kind in ("line", "close", "curve") and k not in back) == 1
            for k, s in enumerate(sub):
                if s.kind not in ("line", "close") or k in back:
                    continue
                q0, q1 = s.points[0], s.points[-1]
                if math.hypot(q1[0] - q0[0], q1[1] - q0[1]) < 0.5:
                    continue
                hits = cells.get((int(q0[0] // 16), int(q0[1] // 16)))
                if hits and any(_inside(terms[i].bbox, q0, q1) for i in hits):
                    continue
                out.append(Stroke(id=len(out), p0=q0, p1=q1, path_id=p.id, segment_id=s.id, alone=alone))
    return out


def _same_point(a: Point, b: Point, tol: float = 1e-3) -> bool:
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


def _inside(b: BBox, q0: Point, q1: Point, pad: float = 0.3) -> bool:
    return (b.x0 - pad <= min(q0[0], q1[0]) and max(q0[0], q1[0]) <= b.x1 + pad
            and b.top - pad <= min(q0[1], q1[1]) and max(q0[1], q1[1]) <= b.bottom + pad)


class _EndGrid:
    """Stroke end points hashed on a grid for 'which strokes end near this point' lookups (numpy per cell)."""

    def __init__(self, strokes: list[Stroke], cell: float = 4.0) -> None:
        self.cell = cell
        n = len(strokes)
        xs = np.empty(2 * n)
        ys = np.empty(2 * n)
        for s in strokes:
            xs[2 * s.id], ys[2 * s.id] = s.p0
            xs[2 * s.id + 1], ys[2 * s.id + 1] = s.p1
        gx = np.floor(xs / cell).astype(np.int64)
        gy = np.floor(ys / cell).astype(np.int64)
        order = np.lexsort((gy, gx))
        self.xs, self.ys, self.code = xs[order], ys[order], order  # code // 2 = stroke id, code % 2 = end
        keys = list(zip(gx[order].tolist(), gy[order].tolist(), strict=True))
        self.slices: dict[tuple[int, int], tuple[int, int]] = {}
        start = 0
        for i in range(1, len(keys) + 1):
            if i == len(keys) or keys[i] != keys[start]:
                self.slices[keys[start]] = (start, i)
                start = i

    def near(self, p: Point, tol: float) -> list[tuple[int, int, float]]:
        c = self.cell
        r = int(tol // c) + 1
        gx, gy = int(p[0] // c), int(p[1] // c)
        parts = [self.slices[(ix, iy)] for ix in range(gx - r, gx + r + 1) for iy in range(gy - r, gy + r + 1) if (ix, iy) in self.slices]
        if not parts:
            return []
        idx = np.concatenate([np.arange(a, b) for a, b in parts])
        d = np.hypot(self.xs[idx] - p[0], self.ys[idx] - p[1])
        keep = d <= tol
        codes, dists = self.code[idx][keep], d[keep]
        out = [(int(k) // 2, int(k) % 2, float(v)) for k, v in zip(codes.tolist(), dists.tolist(), strict=True)]
        out.sort(key=lambda t: (t[2], t[0], t[1]))
        return out


def _ticks(strokes: list[Stroke], grid: _EndGrid) -> tuple[list[Terminator], set[int], list[list[tuple[int, int]]]]:
    """Short oblique strokes centred on the end of a longer stroke; and, where none is, centred on a longer
    stroke near its end, which runs on past the tick by up to the tick's length (the dimension line extension
    of architectural and civil AutoCAD styles: a 5.9 pt tick on a line that goes on 4.2 pt). Returns the
    terminators, the tick strokes, and for each terminator the lines it ends that run past it (stroke id, the
    end beyond it): empty for a tick at a line's end. A tick on lines that run past it ends a dimension line only,
    one with a tick at its other end too (a tick at the crossing of a dimension line and an extension line sits
    near the ends of both; only the dimension line has a second tick)."""
    out: list[Terminator] = []
    used: set[int] = set()
    past: list[list[tuple[int, int]]] = []
    ends: set[tuple[int, int]] = set()  # (line, end) a tick stands at or near
    candidates: list[tuple[Terminator, list[tuple[int, int]], int]] = []
    for s in strokes:
        length = s.length
        if not s.alone or not 1.5 <= length <= 16.0:
            continue
        mid = ((s.p0[0] + s.p1[0]) / 2, (s.p0[1] + s.p1[1]) / 2)
        tol = max(0.6, 0.12 * length)
        found = False
        for sid, end, _d in grid.near(mid, tol):
            other = strokes[sid]
            if sid == s.id or other.length < 2.5 * length:
                continue
            if _oblique(s, mid, other, end):
                tip = other.p0 if end == 0 else other.p1
                out.append(Terminator(kind="tick", tip=tip, direction=None, size=length, path_ids=(s.path_id,), bbox=s.bbox))
                past.append([])
                used.add(s.id)
                ends.add((sid, end))
                found = True
                break
        if found:
            continue
        through: list[tuple[int, int]] = []
        for sid, end, _d in grid.near(mid, length):
            other = strokes[sid]
            if sid == s.id or other.length < 2.5 * length or _point_segment_distance(mid, other.p0, other.p1) > tol:
                continue
            if _oblique(s, mid, other, end) and (sid, end) not in through:
                through.append((sid, end))
        if through:
            candidates.append((Terminator(kind="tick", tip=mid, direction=None, size=length, path_ids=(s.path_id,),
                                          bbox=s.bbox), through, s.id))
    # a tick on lines that run past it stands when one of them has a tick at its other end too
    ends |= {key for _t, through, _sid in candidates for key in through}
    for t, through, sid in candidates:
        paired = [(k, e) for k, e in through if (k, 1 - e) in ends]
        if paired:
            out.append(t)
            past.append(paired)
            used.add(sid)
    return out, used, past


def _oblique(tick: Stroke, mid: Point, line: Stroke, end: int) -> bool:
    """Whether a tick (centred at ``mid``) crosses a line at 10-80 degrees, measured towards the line's end
    other than ``end``."""
    ang = _angle(tick.p0, mid, line.p1 if end == 0 else line.p0)
    return 10.0 <= min(ang, 180.0 - ang) <= 80.0


#: a filled path is a bar (a thick tick) when it is at most this wide for its length ...
BAR_SLENDER = 0.3
#: ... and as wide at both ends, within this share (an arrowhead comes to a point at its tip)
BAR_EVEN = 0.5


def _filled_bars(sheet: SheetLike, terms: list[Terminator]) -> list[Stroke]:
    """The paths of filled terminators that are thin bars of even width (a parallelogram, whole or as two
    triangles): each as a stroke along its axis (ids from -1 down, alone), for :func:`_ticks` to judge. An
    arrowhead comes to a point at its tip; a bar ends square or slanted at both ends."""
    out: list[Stroke] = []
    seen: set[int] = set()
    for t in terms:
        if t.kind != "filled" or len(t.path_ids) != 1 or t.path_ids[0] in seen:
            continue
        pid = t.path_ids[0]
        seen.add(pid)
        subs = piece_subpaths(sheet.paths[pid])
        pts = np.array([pt for sub in subs if len(sub) <= 6 for pc in sub for pt in pc.points], dtype=np.float64)
        if len(pts) < 4 or len(subs) > 3:
            continue
        centre = pts.mean(axis=0)
        _w, vecs = np.linalg.eigh(np.cov((pts - centre).T))
        axis = vecs[:, -1]
        along = (pts - centre) @ axis
        across = (pts - centre) @ np.array([-axis[1], axis[0]])
        lo, hi = float(along.min()), float(along.max())
        length, width = hi - lo, float(across.max() - across.min())
        if not 1.5 <= length <= 16.0 or width > BAR_SLENDER * length:
            continue
        near_lo, near_hi = along <= lo + 0.2 * length, along >= hi - 0.2 * length
        spread_lo = float(across[near_lo].max() - across[near_lo].min())
        spread_hi = float(across[near_hi].max() - across[near_hi].min())
        if min(spread_lo, spread_hi) < BAR_EVEN * max(spread_lo, spread_hi) or max(spread_lo, spread_hi) <= 0:
            continue
        p0 = (float(centre[0] + lo * axis[0]), float(centre[1] + lo * axis[1]))
        p1 = (float(centre[0] + hi * axis[0]), float(centre[1] + hi * axis[1]))
        out.append(Stroke(id=-1 - len(out), p0=p0, p1=p1, path_id=pid, segment_id=-1, alone=True))
    return out


def _end_bars(sheet: SheetLike, strokes: list[Stroke], grid: _EndGrid, used: set[int]) -> tuple[list[Terminator], set[int]]:
    """Short bars square across both ends of a longer stroke, each centred on its end: a dimension line drawn
    between two end bars and no arrowheads (board fabrication drawings). A bar is a thin filled rectangle or a
    short stroke alone. Taken only in pairs, one at each end of one line: a line with a bar at one end only (a
    capacitor's plate, a ground symbol's wire, a T of linework) is no dimension line. Returns the terminators
    (kind ``tick``) and the bar strokes used."""
    bars: list[tuple[Point, Point, float, int, BBox, int]] = []  # centre, axis, length, path id, box, stroke id (-1: a fill)
    for p in sheet.paths:
        if p.text_shape or not p.fill or not p.is_rect:
            continue
        b = p.bbox
        length, width = max(b.width, b.height), min(b.width, b.height)
        if 1.5 <= length <= 16.0 and width <= 0.25 * length:
            bars.append((((b.x0 + b.x1) / 2, (b.top + b.bottom) / 2), (1.0, 0.0) if b.width >= b.height else (0.0, 1.0),
                         length, p.id, b, -1))
    for st in strokes:
        if st.alone and st.id not in used and 1.5 <= st.length <= 16.0:
            bars.append((((st.p0[0] + st.p1[0]) / 2, (st.p0[1] + st.p1[1]) / 2), _unit(st.p1[0] - st.p0[0], st.p1[1] - st.p0[1]),
                         st.length, st.path_id, st.bbox, st.id))
    ends: dict[tuple[int, int], int] = {}  # (stroke id, end) -> the bar centred on it
    for k, (centre, axis, length, _pid, _box, own) in enumerate(bars):
        for sid, end, _d in grid.near(centre, max(0.6, 0.12 * length)):
            line = strokes[sid]
            if sid == own or line.length < 2.5 * length:
                continue
            u = _unit(line.p1[0] - line.p0[0], line.p1[1] - line.p0[1])
            if abs(u[0] * axis[0] + u[1] * axis[1]) <= 0.05:
                ends.setdefault((sid, end), k)
    out: list[Terminator] = []
    taken: set[int] = set()
    for (sid, end), first in sorted(ends.items()):
        if end != 0 or (sid, 1) not in ends:
            continue
        line = strokes[sid]
        for tip, k in ((line.p0, first), (line.p1, ends[(sid, 1)])):
            _c, _a, length, pid, box, own = bars[k]
            out.append(Terminator(kind="tick", tip=tip, direction=None, size=length, path_ids=(pid,), bbox=box))
            if own >= 0:
                taken.add(own)
    return out, taken


def geometry_for(sheet: SheetLike) -> LeaderGeometry:
    """The sheet's terminators, dimension lines and leaders (computed once per sheet, cached)."""
    cache = sheet._cache()
    hit = cache.get("leader_geometry")
    if isinstance(hit, LeaderGeometry):
        return hit
    terms = find_terminators(sheet)
    strokes = _strokes(sheet, terms)
    grid = _EndGrid(strokes)
    # a tick filled as a thin bar (AutoCAD's thick architectural tick: a parallelogram, often as two thin
    # triangles) was taken for filled arrowheads, one at each sharp corner; as its axis it is judged a tick
    bars_filled = _filled_bars(sheet, terms)
    ticks, tick_strokes, runs_past = _ticks(strokes + bars_filled, grid)
    bar_paths = {(b.path_id,) for b in bars_filled}
    filled_ticks = {t.path_ids for t in ticks if t.path_ids in bar_paths}
    terms = [t for t in terms if not (t.kind == "filled" and t.path_ids in filled_ticks)]
    bars, bar_strokes = _end_bars(sheet, strokes, grid, tick_strokes)
    tick_strokes |= bar_strokes
    # the lines a tick ends that run on past it, by the tick (see _ticks)
    passing = {id(t): through for t, through in zip(ticks, runs_past, strict=True) if through}
    terms.extend(ticks)
    terms.extend(bars)
    terms.sort(key=lambda t: (round(t.tip[1], 3), round(t.tip[0], 3), t.kind))
    past_of = {i: passing[id(t)] for i, t in enumerate(terms) if id(t) in passing}
    term_index = BoxIndex((i, t.bbox.expand(0.6)) for i, t in enumerate(terms))

    stem_cache: dict[int, list[tuple[int, int]]] = {}

    def stems_of(i: int) -> list[tuple[int, int]]:
        """(stroke id, the end that touches the terminator) for the lines a terminator ends (memoised)."""
        hit = stem_cache.get(i)
        if hit is None:
            hit = stem_cache[i] = _stems_of(i)
        return hit

    def _stems_of(i: int) -> list[tuple[int, int]]:
        if i in past_of:
            return list(past_of[i])
        t = terms[i]
        tol = max(0.8, 0.2 * t.size)
        found: list[tuple[int, int]] = []
        # a filled head hides the stem's end anywhere inside it; an open head drawn with its axis as one of its
        # strokes has the line begin at its back (the along and off tests below keep it on the axis). A head's
        # length is up to its box's diagonal (a head at 45 degrees is longer than its box is wide)
        head = math.hypot(t.bbox.width, t.bbox.height) + 0.6
        for sid, end, _d in grid.near(t.tip, tol if t.kind not in ("filled", "open") else head):
            if sid in tick_strokes:
                continue
            s = strokes[sid]
            q, far = (s.p0, s.p1) if end == 0 else (s.p1, s.p0)
            if t.kind in ("filled", "open") and t.direction is not None:
                # the line runs back from the tip along the arrow's axis
                u = _unit(far[0] - q[0], far[1] - q[1])
                if u[0] * t.direction[0] + u[1] * t.direction[1] > -0.985:
                    continue
                # its end is at the tip or inside the arrowhead on the axis
                along = (t.tip[0] - q[0]) * t.direction[0] + (t.tip[1] - q[1]) * t.direction[1]
                off = abs((q[0] - t.tip[0]) * t.direction[1] - (q[1] - t.tip[1]) * t.direction[0])
                if not (-tol <= along <= head) or off > max(0.5, 0.15 * t.size):
                    continue
            if s.length < 0.5 * max(t.size, 1.0) and t.kind != "dot":
                continue
            found.append((sid, end))
        if t.kind == "filled" and t.direction is not None and all(strokes[k].length < 2.0 * t.size for k, _e in found):
            # an arrowhead inside a hole pointing at its rim, the leader going on from the tip (Inventor)
            for sid, end, _d in grid.near(t.tip, tol):
                s = strokes[sid]
                q, far = (s.p0, s.p1) if end == 0 else (s.p1, s.p0)
                u = _unit(far[0] - q[0], far[1] - q[1])
                if sid not in tick_strokes and u[0] * t.direction[0] + u[1] * t.direction[1] >= 0.985 and s.length >= 2.0 * t.size:
                    found.append((sid, end))
        if not found and t.kind == "filled" and t.direction is not None:
            found.extend(_through(t, tol))
        return found

    through_index: list[BoxIndex] = []

    def _through(t: Terminator, tol: float) -> list[tuple[int, int]]:
        """A line that runs on through the arrowhead past its tip (FreeCAD draws a diameter's line so): the part
        on the far side of the tip, when long enough, else the part behind it, is the stem."""
        if not through_index:
            through_index.append(BoxIndex((k, st.bbox.expand(0.5)) for k, st in enumerate(strokes)))
        assert t.direction is not None
        out: list[tuple[int, int]] = []
        for sid in through_index[0].intersection(BBox(t.tip[0], t.tip[1], t.tip[0], t.tip[1])):
            st = strokes[sid]
            if sid in tick_strokes or _point_segment_distance(t.tip, st.p0, st.p1) > tol:
                continue
            u = _unit(st.p1[0] - st.p0[0], st.p1[1] - st.p0[1])
            cos = u[0] * t.direction[0] + u[1] * t.direction[1]
            if abs(cos) < 0.985:
                continue
            # the end ahead of the tip (along the arrow's direction) and the one behind it
            ahead, behind = (1, 0) if cos > 0 else (0, 1)
            pa, pb = (st.p1, st.p0) if ahead == 1 else (st.p0, st.p1)
            if math.hypot(pa[0] - t.tip[0], pa[1] - t.tip[1]) >= 2.0 * t.size:
                out.append((sid, behind))  # far end = ahead
            elif math.hypot(pb[0] - t.tip[0], pb[1] - t.tip[1]) >= 2.0 * t.size:
                out.append((sid, ahead))
        return out

    dim_lines: list[DimensionLine] = []
    leaders: list[Leader] = []
    stem_ids: set[int] = set()
    seen_dim: set[int] = set()
    for i in range(len(terms)):
        for sid, end in stems_of(i):
            s = strokes[sid]
            far = s.p1 if end == 0 else s.p0
            # the far end at another terminator: a dimension line (a line running past its ticks ends up to a
            # tick's length beyond the far one)
            other = None
            reach = max(0.8, terms[i].size) if i in past_of else 0.8
            for j in term_index.intersection(BBox(far[0], far[1], far[0], far[1]).expand(reach)):
                if j != i and (sid, 1 - end) in stems_of(j):
                    other = j
                    break
            if other is None and i in past_of:
                continue  # a tick on lines that run past it ends a dimension line or nothing
            if other is not None:
                if sid not in seen_dim:
                    seen_dim.add(sid)
                    dim_lines.append(DimensionLine(stroke_id=sid, ends=(min(i, other), max(i, other)), p0=s.p0, p1=s.p1))
                stem_ids.add(sid)
                continue
            chain = [sid]
            pts: list[Point] = [terms[i].tip, far]
            cur = far
            for _hop in range(MAX_HOPS):
                nxt = [(k, e) for k, e, _d in grid.near(cur, 0.8) if k not in chain and k not in tick_strokes]
                if len(nxt) != 1:
                    break
                k, e = nxt[0]
                ks = strokes[k]
                cur = ks.p1 if e == 0 else ks.p0
                chain.append(k)
                pts.append(cur)
            last = _unit(pts[-1][0] - pts[-2][0], pts[-1][1] - pts[-2][1])
            leaders.append(Leader(terminator=i, target=terms[i].tip, free_end=pts[-1], stroke_ids=tuple(chain),
                                  points=tuple(pts), last_direction=last))
            stem_ids.update(chain)
    stem_index = BoxIndex((sid, strokes[sid].bbox) for sid in sorted(stem_ids))
    geo = LeaderGeometry(terminators=tuple(terms), circles=tuple(find_circles(sheet)), strokes=tuple(strokes), dimension_lines=tuple(dim_lines),
                         leaders=tuple(leaders), stem_index=stem_index, terminator_index=term_index,
                         free_end_index=BoxIndex((k, BBox(*lead.free_end, *lead.free_end)) for k, lead in enumerate(leaders)))
    cache["leader_geometry"] = geo
    return geo


def point_box_distance(p: Point, b: BBox) -> float:
    dx = max(b.x0 - p[0], 0.0, p[0] - b.x1)
    dy = max(b.top - p[1], 0.0, p[1] - b.bottom)
    return math.hypot(dx, dy)


def _point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n2 = dx * dx + dy * dy
    t = 0.0 if n2 <= 1e-18 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n2))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    def on(p: Point, q: Point, r: Point) -> bool:  # r on the segment p-q, given the three are collinear
        return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    if ((o1 > 0 and o2 < 0) or (o1 < 0 and o2 > 0)) and ((o3 > 0 and o4 < 0) or (o3 < 0 and o4 > 0)):
        return True
    return (o1 == 0 and on(a, b, c)) or (o2 == 0 and on(a, b, d)) or (o3 == 0 and on(c, d, a)) or (o4 == 0 and on(c, d, b))


def segment_box_distance(p0: Point, p1: Point, b: BBox) -> float:
    """Distance between a line segment and a box (0 when they touch).

    >>> segment_box_distance((0.0, 5.0), (4.0, 5.0), BBox(10, 0, 20, 10)), segment_box_distance((0.0, 0.0), (30.0, 10.0), BBox(10, 0, 20, 10))
    (6.0, 0.0)
    """
    if b.contains_point(p0) or b.contains_point(p1):
        return 0.0
    corners = ((b.x0, b.top), (b.x1, b.top), (b.x1, b.bottom), (b.x0, b.bottom))
    for i in range(4):
        if _segments_cross(p0, p1, corners[i], corners[(i + 1) % 4]):
            return 0.0
    return min(point_box_distance(p0, b), point_box_distance(p1, b), *(_point_segment_distance(c, p0, p1) for c in corners))


__all__ = ["Circle", "DimensionLine", "Leader", "LeaderGeometry", "Stroke", "Terminator", "find_terminators", "geometry_for",
           "point_box_distance", "segment_box_distance"]
