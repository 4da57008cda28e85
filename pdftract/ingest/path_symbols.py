"""Glyph recovery rung 5: symbols a CAD program drew as vector paths instead of text.

SolidWorks writes the digits of ``⌀0.02`` as text but draws the ``⌀`` (and the
``◎`` of a concentricity frame) as plain paths; the text layer then reads
``0.02``. This pass, run at ingest before words are built, finds small path
groups that sit on a text line right next to visible text, reads their shape
in that text's frame (its size is the em, its baseline the baseline), and
classifies it with the outline matcher of :mod:`pdftract.ingest.outlines`.
An accepted engineering symbol becomes a synthetic :class:`Glyph` with
``source`` ``path_match``, font ``paths`` and the match confidence; the paths
themselves stay in ``paths``. Letters and digits are never accepted here
(text drawn as strokes is a different problem), and a group that overlaps any
glyph (a stroked copy of invisible text, as KiCad writes) is left alone.

Cost: candidates are filtered with numpy on path boxes, neighbours are found
in an R-tree of glyph boxes, identical shapes are classified once per page,
and at most :data:`MAX_CANDIDATES` groups are classified per page (the rest
are counted in a diagnostic).
"""

from __future__ import annotations

import math
from typing import Any
from collections.abc import Sequence

import numpy as np

from pdftract.geometry import BBox
from pdftract.index import BoxIndex, box_pairs, union_find
from pdftract.ingest.outlines import CIRCLED, SYMBOLS, Match, classify
from pdftract.model.primitives import Glyph, Path, PathTable, UnicodeSource, path_boxes

#: symbols read from paths by shape: all but ``⏤``, which as a drawn bar is indistinguishable from an
#: arrowhead seen edge-on, a capacitor plate or any short line; a bar is read as ``⏤`` only alone in a ruled
#: compartment with the tolerance's digits in the next one (see :func:`compartment_bars`)
PATH_SYMBOLS = frozenset(SYMBOLS) - {"⏤"}
#: confidence of a ``⏤`` read from its compartment (the bar's shape says little; its place says the rest)
BAR_CONFIDENCE = 0.8
#: weights of the size features for drawn symbols: width and height count less (CAD programs draw symbols
#: larger or smaller than the text), the centre height and the blob ratio (arrowheads) as for font glyphs
PATH_GEOMETRY_WEIGHT = (0.25, 0.25, 0.7, 0.7)
#: font id of the synthetic glyphs
PATH_FONT = "paths"
#: a group is a symbol candidate when its larger side is within these fractions of the neighbouring text size
MIN_SIDE, MAX_SIDE = 0.35, 1.45
#: a symbol of dimension text may be drawn up to this many text sizes (SolidWorks' countersink ``⌵`` is a
#: wide V); any other symbol keeps to :data:`MAX_SIDE`
MAX_SIDE_DIMENSION = 1.6
#: and the gap to that text along the baseline is at most this many text sizes
MAX_GAP = 1.6
#: a drawn group's best template is taken up to this distance when it is this much closer than any other
#: character's (:func:`_accepted`; the matcher's own limits are ``ACCEPT`` 0.5 and ``MARGIN`` 0.08)
DISTINCT_ACCEPT, DISTINCT_MARGIN = 0.62, 0.16
#: the symbols of dimension text and hole callouts (diameter, depth, countersink, counterbore, plus-minus, degree)
DIMENSION_SYMBOLS = frozenset("⌀↧⌵⌴±°")
#: pieces of one symbol drawn apart (the bar of a ±) lie at most this many text sizes above or below each other
STACK_GAP = 0.35
#: groups classified per page at most
MAX_CANDIDATES = 2000
#: steps per cubic Bézier when flattening
_CURVE_STEPS = 8


def flatten_path(path: Path) -> tuple[list[list[tuple[float, float]]], bool]:
    """The subpaths of a path as point lists (curves sampled) and whether each is closed (all or nothing)."""
    subs: list[list[tuple[float, float]]] = []
    closed = False
    cur: list[tuple[float, float]] = []
    for kind, points in path.pieces():
        if kind == "move":
            if len(cur) >= 2:
                subs.append(cur)
            cur = [points[0]]
        elif kind == "curve":
            p0, c1, c2, p3 = points
            if not cur:
                cur = [p0]
            for i in range(1, _CURVE_STEPS + 1):
                t = i / _CURVE_STEPS
                u = 1 - t
                cur.append((u**3 * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * p3[0],
                            u**3 * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * p3[1]))
        else:  # line or close
            if not cur:
                cur = [points[0]]
            cur.append(points[-1])
            if kind == "close":
                closed = True
    if len(cur) >= 2:
        subs.append(cur)
    return subs, closed


def _rtree(boxes: np.ndarray) -> BoxIndex:
    """An R-tree over rows ``(x0, top, x1, bottom)``, bulk-loaded from numpy (ids are row numbers)."""
    return BoxIndex.from_arrays(np.arange(len(boxes)), np.asarray(boxes, dtype=np.float64).reshape(-1, 4))


def _glyph_boxes(glyphs: Sequence[Glyph]) -> np.ndarray:
    return np.array([(g.bbox.x0, g.bbox.top, g.bbox.x1, g.bbox.bottom) for g in glyphs], dtype=np.float64).reshape(-1, 4)


def _groups(boxes: np.ndarray, join: np.ndarray) -> list[list[int]]:
    """Candidate paths whose boxes touch (within ``join`` each) as groups, by a small union-find."""
    n = len(boxes)
    parent, find = union_find(n)
    # every touching pair at once (sorted by the first row, as a loop over the rows would meet them)
    wide = np.column_stack((boxes[:, 0] - join, boxes[:, 1] - join, boxes[:, 2] + join, boxes[:, 3] + join))
    rows, others = box_pairs(wide, boxes)
    later = others > rows
    for i, j in zip(rows[later].tolist(), others[later].tolist(), strict=True):
        parent[find(j)] = find(i)
    out: dict[int, list[int]] = {}
    for i in range(n):
        out.setdefault(find(i), []).append(i)
    return [sorted(v) for _k, v in sorted(out.items())]


def recover_path_symbols(glyphs: Sequence[Glyph], paths: Sequence[Path]) -> tuple[list[Glyph], int]:
    """Synthetic glyphs for engineering symbols drawn as paths next to text, and the number of candidate
    groups left unclassified because the page had more than :data:`MAX_CANDIDATES`."""
    visible = [g for g in glyphs if not g.invisible and g.text.strip() and g.size > 0]
    if not visible or not paths:
        return [], 0
    sizes = np.array([g.size for g in visible])
    lo, hi = float(np.percentile(sizes, 5)) * MIN_SIDE, float(np.percentile(sizes, 95)) * MAX_SIDE_DIMENSION
    pb = path_boxes(paths)
    side = np.maximum(pb[:, 2] - pb[:, 0], pb[:, 3] - pb[:, 1])
    # a stroked rectangle is a box (a frame compartment, a basic dimension); a small filled one may be ⏤
    if isinstance(paths, PathTable):  # from the columns, without making a path
        shape_ok = (paths.segment_counts() >= 2) & ~(paths.rects() & paths.stroked()) & ~paths.text_shapes()
    else:
        shape_ok = np.array([p.segment_count >= 2 and not (p.is_rect and p.stroke) and not p.text_shape for p in paths],
                            dtype=bool).reshape(-1)
    keep = np.flatnonzero((side >= lo * 0.3) & (side <= hi) & shape_ok)
    if len(keep) == 0:
        return [], 0
    gidx = _rtree(_glyph_boxes(glyphs))
    vis_idx = _rtree(_glyph_boxes(visible))
    reach = MAX_GAP * float(np.percentile(sizes, 95)) * 1.5
    cand_boxes = pb[keep]
    groups = _groups(cand_boxes, np.maximum(side[keep] * 0.05, 0.05))
    out: list[Glyph] = []
    cache: dict[tuple[object, ...], Match] = {}
    classified = skipped = 0
    crossed = _Crossings(paths)
    pending = groups
    group_of = {m: k for k, g in enumerate(groups) for m in g}
    cand_idx = _rtree(cand_boxes)
    taken: set[int] = set()  # groups read as part of a stacked symbol

    def _read(member_paths: list[Path], host: Glyph, baseline: float) -> Match:
        """The group's match in its host's frame, classified once per shape and place (counted in the page's budget)."""
        nonlocal classified
        contours, strokes, key = _in_frame(member_paths, host)
        key = (*key, round(baseline / max(host.size, 1e-6), 2))
        match = cache.get(key)
        if match is None:
            classified += 1
            match = classify(contours, em=host.size, baseline=baseline, strokes=strokes, geometry_weight=PATH_GEOMETRY_WEIGHT)
            cache[key] = match
        return match

    def _stacked(members: list[int], box: BBox, host: Glyph, baseline: float) -> tuple[list[int], BBox, list[Path], Match, str] | None:
        """The group with the piece right above or below it (overlapping it across, within
        :data:`STACK_GAP` of the text size), when together they read as a symbol."""
        reach = STACK_GAP * host.size
        own = group_of[members[0]]
        for other in sorted({group_of[m] for m in cand_idx.intersection((box.x0, box.top - reach, box.x1, box.bottom + reach))}):
            if other == own or other in taken:
                continue
            ob = cand_boxes[groups[other]]
            o = BBox(float(ob[:, 0].min()), float(ob[:, 1].min()), float(ob[:, 2].max()), float(ob[:, 3].max()))
            overlap = min(box.x1, o.x1) - max(box.x0, o.x0)
            if overlap < 0.5 * min(box.width, o.width) or (o.top < box.bottom and o.bottom > box.top):
                continue  # not above or below it, across the same span
            union = box.union(o)
            if max(union.width, union.height) > MAX_SIDE * host.size or gidx.intersection((union.x0, union.top, union.x1, union.bottom)):
                continue
            both = sorted(members + groups[other])
            member_paths = [paths[int(keep[k])] for k in both]
            if crossed.crosses(union, {p.id for p in member_paths}):
                continue
            match = _read(member_paths, host, baseline)
            text = _accepted(match)
            if text is not None and text in PATH_SYMBOLS and text not in _MODIFIERS:
                taken.add(other)
                return both, union, member_paths, match, text
        return None
    # rounds: on a text line; on a line through a symbol drawn there (the ◎ before a drawn ⌀); then off any
    # line (between the rows of a composite frame), only for what found no line at all
    flat = np.concatenate([np.asarray(g, dtype=np.int64) for g in groups])
    starts = np.cumsum([0] + [len(g) for g in groups[:-1]])
    group_boxes = np.column_stack((np.minimum.reduceat(cand_boxes[flat, 0], starts), np.minimum.reduceat(cand_boxes[flat, 1], starts),
                                   np.maximum.reduceat(cand_boxes[flat, 2], starts), np.maximum.reduceat(cand_boxes[flat, 3], starts)))
    for off_line in (False, False, True):
        retry: list[list[int]] = []
        added = len(out)
        # a group with no visible glyph within reach has no host this round: the glyphs near each group are
        # found for all groups at once (a page of 100 000 strokes and three characters asked the R-tree
        # 100 000 times for nothing)
        pending_boxes = group_boxes[[group_of[m[0]] for m in pending]]
        hosted = np.zeros(len(pending), dtype=bool)
        hosted[box_pairs(pending_boxes + np.array([-reach, -reach, reach, reach]), _glyph_boxes(visible))[0]] = True
        for members, has_glyph in zip(pending, hosted.tolist(), strict=True):
            if group_of[members[0]] in taken:
                continue
            if not has_glyph:
                retry.append(members)
                continue
            box = BBox(*group_boxes[group_of[members[0]]].tolist())
            gside = max(box.width, box.height)
            if gside > hi or gside < lo:
                continue
            if gidx.intersection((box.x0, box.top, box.x1, box.bottom)):
                continue  # over a glyph: stroked text, a box round a letter, a struck-through character
            near = [visible[i] for i in vis_idx.intersection((box.x0 - reach, box.top - reach, box.x1 + reach, box.bottom + reach))]
            found = _host(near, box, off_line)
            if found is None and off_line:  # last round: a datum letter may host its modifier
                found = _host(near, box, False, letters=True)
            if found is None:
                retry.append(members)
                continue
            host, baseline = found
            member_paths = [paths[int(keep[m])] for m in members]
            if not _symbol_like(member_paths) or crossed.crosses(box, {p.id for p in member_paths}):
                continue
            if classified >= MAX_CANDIDATES:
                skipped += 1
                continue
            match = _read(member_paths, host, baseline)
            text = _accepted(match)
            if text is None or text not in PATH_SYMBOLS or (host.text in _DATUM_LETTERS and text not in _MODIFIERS):
                # a symbol of pieces apart (the bar under the plus of a drawn ±, under the < of a ≤) reads whole
                stacked = _stacked(members, box, host, baseline)
                if stacked is None:
                    continue
                members, box, member_paths, match, text = stacked
            if max(box.width, box.height) > MAX_SIDE * host.size and text not in DIMENSION_SYMBOLS:
                continue
            first = member_paths[0]
            out.append(Glyph(
                id=len(glyphs) + len(out), text=text, code=0, font=PATH_FONT, size=host.size, bbox=box,
                origin=_origin(host, box, baseline), direction=host.direction, upright=host.upright, mirrored=False,
                matrix=host.matrix, advance=gside, fill_color=first.fill_color if first.fill else None,
                stroke_color=first.stroke_color if first.stroke else None, render_mode=0 if first.fill else 1,
                source=UnicodeSource.PATH_MATCH, confidence=match.confidence,
            ))
        if not retry:
            break
        visible.extend(out[added:])
        vis_idx = _rtree(_glyph_boxes(visible))
        pending = retry
    w, h = pb[:, 2] - pb[:, 0], pb[:, 3] - pb[:, 1]
    # (strokes of text drawn as shapes and read back are letters, no straightness bars)
    flat = np.flatnonzero((w >= 0.3 * float(sizes.min())) & (w <= 3.0 * float(sizes.max())) & (h <= 0.2 * w))
    if isinstance(paths, PathTable):
        bars = [paths[i] for i in flat[~paths.text_shapes()[flat]].tolist()]
    else:
        bars = [paths[i] for i in flat.tolist() if not paths[i].text_shape]
    drawn = _rtree(_glyph_boxes(out)) if out else None
    for bar, host in compartment_bars(bars, visible, vis_idx, gidx, crossed):
        b = bar.bbox
        if drawn is not None and drawn.intersection((b.x0, b.top, b.x1, b.bottom)):
            continue  # part of a symbol read by shape
        out.append(Glyph(
            id=len(glyphs) + len(out), text="⏤", code=0, font=PATH_FONT, size=host.size, bbox=bar.bbox,
            origin=_origin(host, bar.bbox, 0.0), direction=host.direction, upright=host.upright, mirrored=False,
            matrix=host.matrix, advance=bar.bbox.width, fill_color=bar.fill_color if bar.fill else None,
            stroke_color=bar.stroke_color if bar.stroke else None, render_mode=0 if bar.fill else 1,
            source=UnicodeSource.PATH_MATCH, confidence=BAR_CONFIDENCE,
        ))
    return out, skipped


def compartment_bars(paths: Sequence[Path], visible: Sequence[Glyph], vis_idx: BoxIndex, glyph_idx: BoxIndex,
                     crossed: _Crossings) -> list[tuple[Path, Glyph]]:
    """Among ``paths`` (candidates by size), straightness ``⏤`` drawn as one horizontal bar: a single stroked line or thin filled box, centred alone
    in a ruled compartment (rules left, right, above and below, nothing else inside), with a digit or ``⌀``
    right after the compartment's right rule on the bar's line (the tolerance). Upright text only. Each bar with the
    digit glyph that hosts it."""
    out: list[tuple[Path, Glyph]] = []
    for p in paths:
        b = p.bbox
        pieces = [k for k in p.kinds if k != "move"]
        if p.subpath_count != 1 or b.width <= 0 or b.height > 0.2 * b.width:
            continue
        if p.stroke and not p.fill:
            if len(pieces) != 1:
                continue
        elif not (p.fill and len(pieces) <= 5):
            continue
        cy = (b.top + b.bottom) / 2
        host = None
        for i in vis_idx.intersection((b.x1, b.top - 3 * b.width, b.x1 + 4 * b.width, b.bottom + 3 * b.width)):
            g = visible[i]
            if g.direction != 0 or not g.upright or g.text not in _TOLERANCE_START or not (0.3 * g.size <= b.width <= 3.0 * g.size):
                continue
            if g.bbox.x0 <= b.x1 or not (g.bbox.top <= cy <= g.bbox.bottom):
                continue
            if host is None or g.bbox.x0 < host.bbox.x0:
                host = g
        if host is None:
            continue
        cell = _cell_round(b, host, crossed, p.id)
        if cell is None or glyph_idx.intersection((cell.x0 + 0.5, cell.top + 0.5, cell.x1 - 0.5, cell.bottom - 0.5)):
            continue
        out.append((p, host))
    return out


def _cell_round(b: BBox, host: Glyph, crossed: _Crossings, own: int) -> BBox | None:
    """The ruled compartment round the bar ``b``, closed on its right before ``host``; ``None`` when there is
    none, the bar is not centred in it, or anything else is drawn inside."""
    size = host.size
    region = BBox(b.x0 - 2.0 * b.width, b.top - 1.5 * size, host.bbox.x0, b.bottom + 1.5 * size)
    cy = (b.top + b.bottom) / 2
    left = right = top = bottom = None
    segs = crossed.segments_in(region)
    for pid, (ax, ay), (bx, by) in segs:
        if pid == own:
            continue
        if abs(ax - bx) <= 0.05 * abs(ay - by) and min(ay, by) <= cy <= max(ay, by):
            x = (ax + bx) / 2
            if x < b.x0:
                left = x if left is None else max(left, x)
            elif b.x1 < x < host.bbox.x0:
                right = x if right is None else min(right, x)
        elif abs(ay - by) <= 0.05 * abs(ax - bx) and min(ax, bx) <= b.x0 and max(ax, bx) >= b.x1:
            y = (ay + by) / 2
            if y < b.top:
                top = y if top is None else max(top, y)
            elif y > b.bottom:
                bottom = y if bottom is None else min(bottom, y)
    if left is None or right is None or top is None or bottom is None:
        return None
    cell = BBox(left, top, right, bottom)
    if cell.height > 3.0 * size or abs(b.center[0] - cell.center[0]) > 0.15 * cell.width or \
            abs(cy - cell.center[1]) > 0.15 * cell.height or not (0.25 * cell.width <= b.width <= 0.9 * cell.width):
        return None
    inner = cell.expand(-0.3)
    for pid, a, e in crossed.segments_in(inner):
        if pid != own and _segment_meets_box(a, e, inner):
            return None  # something else is drawn in the compartment
    return cell


class _Rows(Sequence[Path]):
    """Rows ``rows`` of a path table as a sequence (``self[k]`` is ``table[rows[k]]``, made on access)."""

    def __init__(self, table: PathTable, rows: np.ndarray) -> None:
        self._table, self._rows = table, rows.tolist()

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, k: Any) -> Any:
        if isinstance(k, slice):
            return [self._table[i] for i in self._rows[k]]
        return self._table[self._rows[k]]


class _Crossings:
    """Whether a line of another path runs through a box (a dot on a dimension line, a tick on a wire): such
    a shape is part of the drawing, not a symbol beside text. Paths read back as text are letters (the glyphs
    over them already keep symbols off), not lines, and are left out.

    Paths are found by their boxes (every segment lies in its path's box), and only the segments of the
    paths met are looked at, each path's taken apart once: a page of 100 000 stroked letters and 160 000
    segments of linework is asked about a few hundred boxes, and indexing every segment cost more than
    all the questions."""

    def __init__(self, paths: Sequence[Path]) -> None:
        # the paths not read as text, found from a path table's columns (each made only when met)
        if isinstance(paths, PathTable):
            rows = np.flatnonzero(~paths.text_shapes())
            self._paths: Sequence[Path] = _Rows(paths, rows)
            self._boxes = paths.boxes()[rows]
        else:
            self._paths = [p for p in paths if not p.text_shape]
            self._boxes = path_boxes(self._paths)
        self._segs: dict[int, tuple[np.ndarray, list[tuple[int, tuple[float, float], tuple[float, float]]]]] = {}

    def _path_segments(self, k: int) -> tuple[np.ndarray, list[tuple[int, tuple[float, float], tuple[float, float]]]]:
        """The boxes (rows x0, top, x1, bottom, control points included) and (path id, start, end) of the
        drawn segments of path ``k``."""
        got = self._segs.get(k)
        if got is None:
            p = self._paths[k]
            drawn = [pts for kind, pts in p.pieces() if kind != "move"]
            boxes = np.array([(min(x for x, _ in pts), min(y for _, y in pts),
                               max(x for x, _ in pts), max(y for _, y in pts)) for pts in drawn],
                             dtype=np.float64).reshape(-1, 4)
            got = self._segs[k] = (boxes, [(p.id, pts[0], pts[-1]) for pts in drawn])
        return got

    def segments_in(self, box: BBox) -> list[tuple[int, tuple[float, float], tuple[float, float]]]:
        """(path id, start, end) of every segment whose box meets ``box``, in page order."""
        b = self._boxes
        out: list[tuple[int, tuple[float, float], tuple[float, float]]] = []
        for k in np.flatnonzero((b[:, 0] <= box.x1) & (b[:, 2] >= box.x0) & (b[:, 1] <= box.bottom) & (b[:, 3] >= box.top)).tolist():
            sb, segs = self._path_segments(k)
            hit = (sb[:, 0] <= box.x1) & (sb[:, 2] >= box.x0) & (sb[:, 1] <= box.bottom) & (sb[:, 3] >= box.top)
            out.extend(segs[i] for i in np.flatnonzero(hit).tolist())
        return out

    def crosses(self, box: BBox, own: set[int]) -> bool:
        inner = box.expand(-0.2 * box.width, -0.2 * box.height)
        return any(pid not in own and _segment_meets_box(a, b, inner) for pid, a, b in self.segments_in(inner))


def _segment_meets_box(a: tuple[float, float], b: tuple[float, float], box: BBox) -> bool:
    """Liang-Barsky clipping: does the segment a-b pass through the box?"""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box.x0), (dx, box.x1 - a[0]), (-dy, a[1] - box.top), (dy, box.bottom - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _accepted(match: Match) -> str | None:
    """The symbol a drawn group reads as: the matcher's own answer, or, for a symbol of dimension text, its
    best template when that is no further than :data:`DISTINCT_ACCEPT` and at least :data:`DISTINCT_MARGIN`
    closer than any other character (a CAD program draws its hole symbols wider than a font does, yet like
    nothing else; confidence stays what the distance says). Not for the characteristic symbols of a frame:
    drawn arrows and arcs beside numbers are mostly linework (leaders on PCB drawings read as ``↗``).

    >>> _accepted(Match(None, "↧", 0.42, "T", 0.23)), _accepted(Match(None, "↧", 0.42, "T", 0.36))
    ('↧', None)
    """
    if match.text is not None:
        return match.text
    if match.best in DIMENSION_SYMBOLS and 1.0 - match.score <= DISTINCT_ACCEPT and match.score - match.runner_score >= DISTINCT_MARGIN:
        return match.best
    return None


def _symbol_like(member_paths: list[Path]) -> bool:
    """A drawn shape, not a lone line (a leader, an underline, a wire) and not one filled triangle or
    quadrilateral (an arrowhead, a capacitor plate)."""
    if len(member_paths) == 1 and member_paths[0].fill and member_paths[0].subpath_count == 1 and \
            sum(1 for k in member_paths[0].kinds if k in ("line", "close")) <= 4 and \
            "curve" not in member_paths[0].kinds:
        return False  # one filled triangle or quadrilateral: an arrowhead, a tick mark, a plate
    if any(p.fill for p in member_paths):
        return True
    pieces = sum(1 for p in member_paths for k in p.kinds if k != "move")
    curved = any("curve" in p.kinds for p in member_paths)
    return curved or pieces >= 2


def _frame(host: Glyph) -> tuple[float, float]:
    t = math.radians(host.direction)
    return math.cos(t), math.sin(t)


def _to_text_frame(host: Glyph, x: float, y: float) -> tuple[float, float]:
    """Displayed (x, y down) -> the host's text frame: x along its baseline, y up from its baseline."""
    c, s = _frame(host)
    dx, dy = x - host.origin[0], host.origin[1] - y  # y up
    return dx * c + dy * s, -dx * s + dy * c


#: a drawn symbol is read only beside dimension or frame text: a digit or a decimal sign
_NUMERIC = frozenset("0123456789.,")
#: what a tolerance compartment starts with: a digit, a decimal sign or a diameter zone
_TOLERANCE_START = _NUMERIC | {"⌀", "Ø"}
#: beside a capital (a datum reference ``BⓂ``) only a circled modifier is accepted
_DATUM_LETTERS = frozenset("ABCDEFGHJKLMNPRSTUVWXYZ")
_MODIFIERS = frozenset(CIRCLED.values())
#: where a symbol's centre sits above the baseline, in em, when it stands off any text line (a composite
#: frame's characteristic compartment spans two rows of text)
OFF_LINE_CENTRE = 0.35


def _host(near: list[Glyph], box: BBox, off_line: bool, letters: bool = False) -> tuple[Glyph, float] | None:
    """The visible glyph whose text line the group sits on, closest along the baseline, and the baseline offset
    to use (0: the host's own). A group beside text but off its line (between two rows) takes the nearest
    such glyph with a baseline that puts the group's centre at :data:`OFF_LINE_CENTRE`. ``None`` otherwise.
    With ``letters`` only a capital on the group's line can host it (a datum letter before its modifier)."""
    best: tuple[int, float, int, Glyph, float] | None = None
    for g in near:
        if letters != (g.text in _DATUM_LETTERS) or not (letters or g.text in _NUMERIC or g.source is UnicodeSource.PATH_MATCH):
            continue
        corners = [_to_text_frame(g, x, y) for x, y in ((box.x0, box.top), (box.x1, box.top), (box.x0, box.bottom), (box.x1, box.bottom))]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        gap = max(0.0, min(xs) - g.advance, -max(xs))  # before or after the glyph along its baseline
        if gap > MAX_GAP * g.size or max(max(xs) - min(xs), max(ys) - min(ys)) > MAX_SIDE_DIMENSION * g.size:
            continue
        # on the line: between a little below the baseline and a little above the cap height
        on_line = min(ys) >= -0.45 * g.size and max(ys) <= 1.2 * g.size
        centre = (min(ys) + max(ys)) / 2
        if not on_line and (letters or not off_line or abs(centre - OFF_LINE_CENTRE * g.size) > 1.5 * g.size):
            continue
        baseline = 0.0 if on_line else centre - OFF_LINE_CENTRE * g.size
        cand = (0 if on_line else 1, gap / g.size, g.id, g, baseline)
        if best is None or cand[:3] < best[:3]:
            best = cand
    return None if best is None else (best[3], best[4])


def _in_frame(member_paths: list[Path], host: Glyph) -> tuple[list[list[tuple[float, float]]], list[list[tuple[float, float]]], tuple[object, ...]]:
    """The group's filled contours and stroked lines in the host's text frame, and a cache key of the shape."""
    contours: list[list[tuple[float, float]]] = []
    strokes: list[list[tuple[float, float]]] = []
    for p in member_paths:
        subs, closed = flatten_path(p)
        for sub in subs:
            pts = [_to_text_frame(host, x, y) for x, y in sub]
            if p.fill and len(pts) >= 3:
                contours.append(pts)
            if p.stroke or not p.fill:
                strokes.append(pts + ([pts[0]] if closed else []))
    allp = [q for c in contours + strokes for q in c]
    x0 = min(q[0] for q in allp) if allp else 0.0
    y0 = min(q[1] for q in allp) if allp else 0.0
    step = max(host.size / 64.0, 1e-6)  # finer than this the matcher cannot tell shapes apart
    key = (round(host.size, 2), round(y0 / step),
           tuple(tuple((round((x - x0) / step), round((y - y0) / step)) for x, y in c) for c in contours), len(contours),
           tuple(tuple((round((x - x0) / step), round((y - y0) / step)) for x, y in c) for c in strokes))
    return contours, strokes, key


def _origin(host: Glyph, box: BBox, baseline: float) -> tuple[float, float]:
    """Where the synthetic glyph's baseline starts: the host's baseline (or the offset one of a symbol off any
    line, so it forms a line of its own), at the group's near edge."""
    c, s = _frame(host)
    xs = [_to_text_frame(host, x, y)[0] for x, y in ((box.x0, box.top), (box.x1, box.top), (box.x0, box.bottom), (box.x1, box.bottom))]
    u = min(xs)
    return host.origin[0] + u * c - baseline * s, host.origin[1] - (u * s + baseline * c)


__all__ = ["BAR_CONFIDENCE", "MAX_CANDIDATES", "PATH_FONT", "PATH_SYMBOLS", "compartment_bars", "recover_path_symbols"]
