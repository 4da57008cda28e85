"""The projection method read from its symbol: a truncated cone drawn beside its end view (ISO 128 / ISO 5456-2).

Many title blocks state the projection method only by the symbol: a trapezoid (the cone seen from the side, its
two parallel ends as long as the two circles are wide) beside two concentric circles (the cone seen from its
small end). The circles stand on the side the view is placed: with the cone's small end towards them the view is
drawn on the side it is seen from (third angle, ASME); with the large end towards them, on the far side (first
angle, ISO E). Only geometry is read (stroked lines, circles of Bézier curves or of many short lines), in either
orientation, at any size; nothing is read from a vocabulary.

>>> from pdftract.testing import make_sheet
>>> from pdftract.geometry import BBox
>>> sheet = make_sheet(paths=symbol_paths(100.0, 100.0, 6.0, third=True))
>>> projection_symbol(sheet, BBox(60, 80, 140, 120))[0]
'third angle'
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from pdftract.geometry import BBox, Point
from pdftract.analyzers.leaders import bezier_circle
from pdftract.model.primitives import Path, Piece, Segment, piece_subpaths
from pdftract.model.sheet import SheetLike

__all__ = ["projection_symbol", "symbol_paths"]

#: the smaller circle's radius over the larger one's: a cone's two ends, neither a ring of a hole's wall nor a dot
RADIUS_RATIO = (0.25, 0.9)
#: the trapezoid's large end is as long as the larger circle is wide, within this share (its small end is only
#: shorter: templates draw it as long as the inner circle or shorter)
END_MATCH = 0.3
#: how far the trapezoid may stand from the circles' centre, in radii of the larger circle
REACH = 8.0
#: the smallest radius of the larger circle (pt): a symbol printed at half a millimetre is no symbol (a via's rings)
MIN_RADIUS = 1.5


def projection_symbol(sheet: SheetLike, area: BBox) -> tuple[str, BBox, float] | None:
    """The projection method (``"first angle"`` or ``"third angle"``) shown by a symbol inside ``area`` (page
    coordinates), the symbol's box and how sure the reading is; ``None`` when no such symbol is drawn there."""
    circles: list[tuple[float, float, float]] = []
    inside = area.expand(1.0)
    loose: list[tuple[Point, Point]] = []  # lines drawn one path each (a print driver's polyline cut up)
    for path in sheet.root.paths:
        # (a circle read as a letter O by the drawn-text pass is still looked at: the symbol's inner circle may be)
        if not path.stroke or not inside.contains(path.bbox):
            continue
        if path.segment_count < 4:
            loose.extend((pc.points[0], pc.points[-1]) for sub in piece_subpaths(path) for pc in sub if pc.kind == "line")
            continue
        for sub in piece_subpaths(path):
            circle = _circle([pc for pc in sub if pc.kind != "move"])
            if circle is not None:
                circles.append(circle)
    circles.extend(c for chain in _closed_chains(loose) if (c := _circle(chain)) is not None)
    best: tuple[str, BBox, float] | None = None
    for (x, y, big), small in _concentric(circles):
        if big < MIN_RADIUS:
            continue
        reach = REACH * big
        lines = []
        for sid in sheet.index.segments.intersection((x - reach, y - reach, x + reach, y + reach)):
            seg = sheet.segment(sid)
            if seg.kind in ("line", "close"):
                lines.append((seg.points[0], seg.points[-1]))
        for flip in (False, True):
            found = _cone(lines, (y, x) if flip else (x, y), big, small, flip)
            if found is None:
                continue
            method, box, fit = found
            box = BBox(box.top, box.x0, box.bottom, box.x1) if flip else box
            box = BBox.union_all((box, BBox(x - big, y - big, x + big, y + big)))
            conf = round(max(0.5, 0.9 - fit), 2)
            if best is None or conf > best[2]:
                best = (method, box, conf)
    return best


def _circle(pieces: list[Piece]) -> tuple[float, float, float] | None:
    """Centre and radius of a closed subpath that is a circle: Bézier curves (:func:`bezier_circle`, as balloons
    and holes are found), or twelve or more short lines whose corners all lie at one distance from their centre."""
    if (curved := bezier_circle(pieces)) is not None:
        box, r = curved
        return (*box.center, r) if r > 0 else None
    if len(pieces) < 12 or any(pc.kind not in ("line", "close") for pc in pieces):
        return None
    start, end = pieces[0].points[0], pieces[-1].points[-1]
    pts = [pc.points[0] for pc in pieces]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    r = (w + h) / 4
    if r <= 0 or abs(w - h) > 0.15 * max(w, h) or math.hypot(start[0] - end[0], start[1] - end[1]) > 0.05 * r:
        return None
    return (cx, cy, r) if all(abs(math.hypot(px - cx, py - cy) - r) <= 0.06 * r for px, py in pts) else None


def _closed_chains(lines: list[tuple[Point, Point]]) -> list[list[Piece]]:
    """The closed chains of twelve or more lines that meet end to end, each as the pieces of one subpath: a circle
    printed as short lines one path each (Microsoft Print to PDF cuts a polyline so), walked from its lowest line."""
    at: dict[tuple[float, float], list[int]] = {}
    for i, (a, b) in enumerate(lines):
        for p in (a, b):
            at.setdefault((round(p[0], 1), round(p[1], 1)), []).append(i)
    used = [False] * len(lines)
    out: list[list[Piece]] = []
    for i in range(len(lines)):
        if used[i]:
            continue
        used[i] = True
        start, end = lines[i]
        chain = [Piece(0, 0, "line", (start, end))]
        while True:
            key = (round(end[0], 1), round(end[1], 1))
            nxt = next((j for j in at.get(key, ()) if not used[j]), None)
            if nxt is None:
                break
            used[nxt] = True
            a, b = lines[nxt]
            a, b = (a, b) if (round(a[0], 1), round(a[1], 1)) == key else (b, a)
            chain.append(Piece(0, 0, "line", (a, b)))
            end = b
        if len(chain) >= 12 and math.dist(chain[0].points[0], chain[-1].points[-1]) <= 0.2:
            out.append(chain)
    return out


def _concentric(circles: list[tuple[float, float, float]]) -> Iterable[tuple[tuple[float, float, float], float]]:
    """Pairs of circles about one centre, the larger (centre and radius) with the smaller's radius."""
    order = sorted(circles, key=lambda c: (round(c[0], 1), round(c[1], 1), c[2]))
    for i, (x, y, r) in enumerate(order):
        for x2, y2, r2 in order[i + 1:]:
            if x2 - x > 0.1 * max(r, r2):
                break
            big, small = max(r, r2), min(r, r2)
            if math.hypot(x2 - x, y2 - y) <= 0.1 * big and RADIUS_RATIO[0] <= small / big <= RADIUS_RATIO[1]:
                yield (x, y, big), small


def _cone(lines: list[tuple[Point, Point]], centre: Point, big: float, small: float, flip: bool) -> tuple[str, BBox, float] | None:
    """The trapezoid of the symbol whose circles have ``centre`` and radii ``big`` and ``small``, with its axis
    through the centre along x (along y when ``flip``: every point is read with its coordinates swapped): its two
    ends across the axis (the large one as long as the larger circle is wide, the other shorter), on one side of
    the circles, and a side joining their
    corners. Returns the method, the trapezoid's box (in the swapped frame when ``flip``) and its misfit (0 best)."""
    cx, cy = centre
    ends: list[tuple[float, float, float]] = []  # (x, half length, misfit)
    sides: list[tuple[Point, Point]] = []
    for p0, p1 in lines:
        (x0, y0), (x1, y1) = ((p0[1], p0[0]), (p1[1], p1[0])) if flip else (p0, p1)
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy)
        if n <= 0:
            continue
        if abs(dx) <= 0.1 * n:
            if abs((y0 + y1) / 2 - cy) <= 0.2 * big and big <= abs((x0 + x1) / 2 - cx) <= REACH * big:
                ends.append(((x0 + x1) / 2, n / 2, abs((y0 + y1) / 2 - cy) / big))
        else:
            sides.append(((x0, y0), (x1, y1)))
    best: tuple[str, BBox, float] | None = None
    for xb, hb, mb in ends:
        if abs(hb - big) > END_MATCH * big:
            continue
        for xs, hs, ms in ends:
            if not RADIUS_RATIO[0] * 0.8 <= hs / hb <= RADIUS_RATIO[1] or (xb - cx) * (xs - cx) <= 0 \
                    or not 0.5 * big <= abs(xb - xs) <= 4 * big:
                continue
            if not any(_joins(s, (xb, cy - hb), (xs, cy - hs), big) or _joins(s, (xb, cy + hb), (xs, cy + hs), big) for s in sides):
                continue
            fit = mb + ms + abs(hb - big) / big + min(1.0, abs(hs - small) / small) / 2
            method = "third angle" if abs(xs - cx) < abs(xb - cx) else "first angle"
            box = BBox(min(xb, xs), cy - hb, max(xb, xs), cy + hb)
            if best is None or fit < best[2]:
                best = (method, box, fit)
    return best


def _joins(side: tuple[Point, Point], a: Point, b: Point, big: float) -> bool:
    """Whether line ``side`` runs from corner ``a`` to corner ``b`` (either way), within a tenth of the radius."""
    tol = 0.1 * big
    (p, q) = side
    return (math.dist(p, a) <= tol and math.dist(q, b) <= tol) or (math.dist(p, b) <= tol and math.dist(q, a) <= tol)


def symbol_paths(x: float, y: float, r: float, *, third: bool, vertical: bool = False) -> list[Path]:
    """The symbol as stroked paths (for tests and examples): circles of radius ``r`` and ``0.55 r`` about
    (``x``, ``y``) and the cone beside them, its small end towards them when ``third``; its axis along y when
    ``vertical``."""
    from pdftract.testing import line_path

    k = 0.5523

    def circle(pid: int, rad: float) -> Path:
        c = k * rad
        quarters = [((x + rad, y), (x + rad, y + c), (x + c, y + rad), (x, y + rad)),
                    ((x, y + rad), (x - c, y + rad), (x - rad, y + c), (x - rad, y)),
                    ((x - rad, y), (x - rad, y - c), (x - c, y - rad), (x, y - rad)),
                    ((x, y - rad), (x + c, y - rad), (x + rad, y - c), (x + rad, y))]
        segs = [Segment(id=0, path_id=pid, kind="move", points=((x + rad, y),))]
        segs += [Segment(id=i + 1, path_id=pid, kind="curve", points=q) for i, q in enumerate(quarters)]
        return Path(id=pid, segments=tuple(segs), stroke=True, fill=False, evenodd=False, line_width=0.35, dash=None,
                    stroke_color=(0.0,), fill_color=None, bbox=BBox(x - rad, y - rad, x + rad, y + rad))

    near, far = x - 2.0 * r, x - 4.0 * r  # the cone on the left of the circles
    hn, hf = (0.55 * r, r) if third else (r, 0.55 * r)
    corners = [(near, y - hn), (near, y + hn), (far, y + hf), (far, y - hf)]
    if vertical:
        corners = [(x + (py - y), y + (px - x)) for px, py in corners]
    return [circle(0, r), circle(1, 0.55 * r), line_path(2, corners, closed=True, width=0.35)]
