"""Exact reading of text drawn with a known stroke font (KiCad's Newstroke).

A stroke font draws each character as the same centre lines, only scaled: a character KiCad plotted is its
Newstroke glyph times the text size, rounded to the plotter's unit. So a stroked shape whose segments are a
glyph's segments (both normalised by their point box) within :data:`TOLERANCE` of the box's side, at a
size near that glyph's for the line, *is* that character, with no template blur between ``0`` and ``O``
or KiCad's open ``4`` and a shape-alike. Shapes that are no such glyph (other fonts, italic text not set
quite upright, characters touching linework) get ``None`` and are read by the template matcher.

The glyphs come from ``pdftract/data/newstroke.txt`` (read out of KiCad by
:mod:`pdftract.data.build_newstroke`; the font is CC0).

>>> glyphs = newstroke_glyphs()
>>> [(round(x, 3), round(y, 3)) for x, y in glyphs["L"][0]]
[(0.514, 0.0), (0.171, 0.0), (0.171, 0.72)]
>>> import numpy as np
>>> exact_stroke([np.array(s) * 5.0 for s in glyphs["4"]], em=5.0, baseline=0.0)
'4'
>>> exact_stroke([np.array(s) * 5.0 for s in glyphs["L"]], em=5.0, baseline=0.0) is None  # a corner: left to templates
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from importlib import resources

import numpy as np

#: Newstroke units per em: its capitals are 21 units tall, a text font's 0.72 em
NEWSTROKE_EM = 21 / 0.72
#: largest distance of a segment end from its counterpart, as a share of the shape's side (the plotter rounds
#: coordinates to its unit: about 0.03 at KiCad 5's 5 pt text)
TOLERANCE = 0.06
#: the same in em, for the smallest glyphs (a full stop is 0.07 em across: a plotter's rounding is a large
#: share of it)
ABS_TOLERANCE = 0.02
#: the shape's side against the glyph's at the line's em: within this factor either way
SIZE_FACTOR = 1.4
#: fewest segments of a shape taken as a glyph (bare lines and corners are linework's too, and other fonts'
#: other characters: ``l`` is a bar in most fonts, ``I`` in this one)
SHAPE_SEGMENTS = 3
#: glyphs that fit alike (``V``/``v`` differ by 0.05 of their side) are told apart by size: the fit plus this
#: times the log of the size ratio, least wins
SIZE_WEIGHT = 0.1
#: the shape's centre height above the baseline against the glyph's, in em (tells ``-`` from ``_``)
CENTRE_TOLERANCE = 0.2

Glyph = list[list[tuple[float, float]]]


def parse_glyph(glyph: str) -> Glyph:
    """One glyph string of the Hershey encoding as polylines in em (baseline at 0, the left bound at 0)."""
    left = ord(glyph[0]) - ord("R")
    strokes: Glyph = [[]]
    for k in range(2, len(glyph) - 1, 2):
        pair = glyph[k:k + 2]
        if pair == " R":
            strokes.append([])
            continue
        x, y = ord(pair[0]) - ord("R"), ord(pair[1]) - ord("R")
        strokes[-1].append(((x - left) / NEWSTROKE_EM, (9 - y) / NEWSTROKE_EM))
    return [s for s in strokes if s]


@lru_cache(maxsize=1)
def newstroke_glyphs() -> dict[str, Glyph]:
    """Every character of ``newstroke.txt`` as its strokes (polylines in em, baseline at 0)."""
    out: dict[str, Glyph] = {}
    text = resources.files("pdftract.data").joinpath("newstroke.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            code, glyph = line.split("\t", 1)
            out[chr(int(code, 16))] = parse_glyph(glyph)
    return out


def _segments(strokes: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray, float] | None:
    """The segments of ``strokes`` normalised by their point box ``(n, 4)``, the box's low corner and its side."""
    strokes = [s for s in strokes if len(s)]
    if not strokes:
        return None
    pts = np.concatenate(strokes)
    lo = pts.min(axis=0)
    side = float(np.ptp(pts, axis=0).max())
    if side <= 0:
        return None
    valid = np.ones(len(pts) - 1, dtype=bool)
    valid[(np.cumsum([len(s) for s in strokes]) - 1)[:-1]] = False  # no segment from one stroke's end to the next's start
    unit = (pts - lo) / side
    out = np.hstack([unit[:-1][valid], unit[1:][valid]])
    out = out[np.abs(out[:, 2:] - out[:, :2]).sum(axis=1) > 1e-6]
    if not len(out):
        return None
    # a stroke drawn twice (text painted over itself, as some exports do) is one stroke: each segment with its
    # ends in one order, repeats dropped (first occurrence kept, in drawing order)
    flip = (out[:, 0] > out[:, 2]) | ((out[:, 0] == out[:, 2]) & (out[:, 1] > out[:, 3]))
    q = np.round(np.where(flip[:, None], out[:, [2, 3, 0, 1]], out) * 1000).astype(np.int64) + 1
    key = ((q[:, 0] * 2003 + q[:, 1]) * 2003 + q[:, 2]) * 2003 + q[:, 3]
    _u, first = np.unique(key, return_index=True)
    return out[np.sort(first)], lo, side


@lru_cache(maxsize=1)
def _table() -> dict[int, tuple[list[str], np.ndarray, np.ndarray, np.ndarray]]:
    """Glyphs by segment count: their characters, segments ``(m, n, 4)``, sides and centre heights in em."""
    rows: dict[int, list[tuple[str, np.ndarray, float, float]]] = {}
    for ch, strokes in newstroke_glyphs().items():
        got = _segments([np.asarray(s, dtype=float) for s in strokes])
        if got is None:
            continue
        segs, _lo, side = got
        pts = np.concatenate([np.asarray(s, dtype=float) for s in strokes])
        centre = float((pts[:, 1].min() + pts[:, 1].max()) / 2)
        rows.setdefault(len(segs), []).append((ch, segs, side, centre))
    return {n: ([r[0] for r in rs], np.stack([r[1] for r in rs]), np.array([r[2] for r in rs]), np.array([r[3] for r in rs]))
            for n, rs in rows.items()}


def _distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """For each glyph of ``b`` ``(m, n, 4)``: both ways, the farthest segment of ``a`` ``(n, 4)`` from its nearest
    counterpart (ends compared in either order)."""
    p, q = a[None, :, None, :2], a[None, :, None, 2:]
    r, t = b[:, None, :, :2], b[:, None, :, 2:]
    same = np.maximum(np.abs(p - r).max(-1), np.abs(q - t).max(-1))
    swap = np.maximum(np.abs(p - t).max(-1), np.abs(q - r).max(-1))
    d = np.minimum(same, swap)  # (m, n, n)
    out: np.ndarray = np.maximum(d.min(axis=2).max(axis=1), d.min(axis=1).max(axis=1))
    return out


def glyph_shape(strokes: Sequence[np.ndarray]) -> str | None:
    """The Newstroke character ``strokes`` are the centre lines of at any size and height, when it is no bare
    line or corner (at least :data:`SHAPE_SEGMENTS` segments): evidence of which way a shape reads, before
    its line is known."""
    if sum(len(s) - 1 for s in strokes) < SHAPE_SEGMENTS:
        return None
    got = _segments(strokes)
    if got is None or len(got[0]) < SHAPE_SEGMENTS or len(got[0]) not in _table():
        return None
    chars, segs, _sides, _centres = _table()[len(got[0])]
    d = _distances(got[0], segs)
    k = int(np.argmin(d))
    return chars[k] if d[k] <= TOLERANCE else None


def exact_stroke(strokes: Sequence[np.ndarray], em: float, baseline: float, least: int = SHAPE_SEGMENTS) -> str | None:
    """The Newstroke character whose centre lines ``strokes`` are (points in a frame with v up, the line's
    ``em`` and ``baseline``), or ``None`` when no glyph fits or the shape has fewer than ``least`` segments
    (:data:`SHAPE_SEGMENTS` unless the caller knows the line is written in Newstroke: a bar or a corner is
    ``I`` here and ``l`` in another font)."""
    if em <= 0 or sum(len(s) - 1 for s in strokes) < least:
        return None
    got = _segments(strokes)
    if got is None or len(got[0]) < least or len(got[0]) not in _table():
        return None
    segs, lo, side = got
    chars, tsegs, tsides, tcentres = _table()[len(segs)]
    top = float(np.concatenate(strokes)[:, 1].max())
    centre = ((float(lo[1]) + top) / 2 - baseline) / em
    ratio = (side / em) / tsides
    near = (ratio >= 1 / SIZE_FACTOR) & (ratio <= SIZE_FACTOR) & (np.abs(centre - tcentres) <= CENTRE_TOLERANCE)
    if not near.any():
        return None
    idx = np.flatnonzero(near)
    d = _distances(segs, tsegs[idx])
    ok = d <= max(TOLERANCE, ABS_TOLERANCE * em / side)
    if not ok.any():
        return None
    score = d[ok] + SIZE_WEIGHT * np.abs(np.log(ratio[idx][ok]))
    return chars[int(idx[ok][int(np.argmin(score))])]
