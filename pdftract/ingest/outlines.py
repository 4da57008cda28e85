"""Glyph outline shape matching (rungs 4 and 5 of glyph recovery).

A glyph the PDF gives no usable Unicode for still has a shape: the outline in
its embedded font program, or, when a CAD exporter drew the symbol as plain
vector paths, the paths themselves. This module turns such a shape into a
small normalised raster and classifies it against reference templates of
engineering symbols (⌀ ⌖ ⊥ ∥ ... Ⓜ ⌴ ↧ ± °) plus digits, letters and a little
punctuation, so that an ``8`` is not forced into the nearest symbol.

The templates are rendered from independent open fonts (DejaVu, FreeFont,
STIX, Noto Sans Symbols, Symbola) by :mod:`pdftract.data.build_templates`,
which is kept in the repository, and shipped as ``pdftract/data/glyph_templates.npz``.
No OCR engine is involved: we compare vector outlines we read, rasterised
the same way on both sides.

The features of one shape:

* the outline filled with the nonzero rule, fitted (aspect ratio kept) into a
  ``GRID`` x ``GRID`` square and blurred, so stroke weight and small design
  differences matter less than the form;
* three numbers in em units: width, height and the height of the centre above
  the baseline, which tell ``°`` from ``○`` and ``⏤`` from ``-``.

:func:`classify` answers the best class, a confidence and the runner-up; a
match is accepted only when it is both close and clearly better than the best
*other* character (:data:`ACCEPT` and :data:`MARGIN`). Otherwise the caller
keeps U+FFFD and says so in a diagnostic.

>>> from pdftract.ingest.outlines import classify
>>> ring = [[(400 + 315 * c, 350 + 315 * s) for c, s in _circle(48)], [(400 + 245 * c, 350 + 245 * s) for c, s in _circle(48)][::-1]]
>>> bar = [[(95, 55), (145, 5), (705, 645), (655, 695)]]
>>> classify(ring + bar, em=1000.0).text
'⌀'
>>> degree = [[(250 + 110 * c, 560 + 110 * s) for c, s in _circle(32)], [(250 + 70 * c, 560 + 70 * s) for c, s in _circle(32)][::-1]]
>>> classify(degree, em=1000.0).text, classify([[(0, 0), (10, 0), (5, 9)]], em=1000.0).text is None
('°', True)
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

Point = tuple[float, float]
Contour = Sequence[Point]

#: side of the matching grid, pixels
GRID = 64
#: raster side factor before thinning (the outline is filled at GRID * _SUPER)
_SUPER = 2
#: weight of the size features (width, height, centre height in em; blob ratio) against the chamfer distance
GEOMETRY_WEIGHT = 0.7
#: the blob ratio (inscribed radius of the thickest spot / typical stroke radius) is scaled by this
BLOB_SCALE = 0.1
#: line directions told apart (0°, 45°, 90°, 135°): a cross is not a slash
ORIENTATIONS = 4
#: extra distance (pixels) for matching a line of the neighbouring direction
ORIENTATION_PENALTY = 3.0
#: distances stored in uint8 in steps of 1/DISTANCE_STEPS pixel
DISTANCE_STEPS = 4

#: smallest enclosed region counted as a hole, as a share of the raster (pinholes where strokes overlap are not)
HOLE_AREA = 0.005

#: added to the distance of a template whose number of holes differs from the shape's
HOLE_PENALTY = 0.3
#: a match is accepted at this distance or closer ...
ACCEPT = 0.50
#: the letter inside a ring is chosen among the seven modifier letters (and a circle, for ◎) up to this distance
ACCEPT_INSIDE = 0.60
#: ... and when the best different character is this much farther
MARGIN = 0.08

#: the engineering symbols the templates cover (everything else in the templates is for sanity)
SYMBOLS = "⌀⌖⊥∥∠⏤⏥○⌭⌒⌓◎⌯↗⌰ⓂⓁⓈⓅⒻⓉⓊ⌴⌵↧±°Ωµ≤≥□"


def _circle(n: int) -> list[Point]:
    return [(math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)) for i in range(n)]


@dataclass(frozen=True)
class Match:
    """The answer of :func:`classify`: ``text`` is ``None`` when no class is trusted."""

    text: str | None
    best: str
    score: float
    runner_up: str
    runner_score: float

    @property
    def confidence(self) -> float:
        """A number in [0, 1]: how close the match is, lowered when the runner-up is close too."""
        gap = self.score - self.runner_score
        closeness = max(0.0, min(1.0, 1.0 - (1.0 - self.score) / (2 * ACCEPT)))
        return round(closeness * min(1.0, 0.5 + gap / (4 * MARGIN)), 3)


# -- outlines --------------------------------------------------------------------------
class _FlatPen:
    """A fontTools pen that records contours as polylines (curves flattened)."""

    STEPS = 8

    def __init__(self) -> None:
        self.contours: list[list[Point]] = []
        self._cur: list[Point] = []

    def moveTo(self, pt: Point) -> None:  # noqa: N802 (fontTools pen protocol)
        self._flush()
        self._cur = [(float(pt[0]), float(pt[1]))]

    def lineTo(self, pt: Point) -> None:  # noqa: N802
        self._cur.append((float(pt[0]), float(pt[1])))

    def curveTo(self, *pts: Point) -> None:  # noqa: N802
        if len(pts) == 3:
            self._cubic(self._cur[-1], pts[0], pts[1], pts[2])
        else:  # fontTools decomposes longer runs only for quadratic curves; approximate by lines
            for p in pts:
                self.lineTo(p)

    def qCurveTo(self, *pts: Point | None) -> None:  # noqa: N802
        if pts and pts[-1] is None:  # a contour of off-curve points only (TrueType): implied on-curve midpoints
            off = [p for p in pts[:-1] if p is not None]
            on = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(off, off[1:] + off[:1], strict=True)]
            self._cur = [on[-1]]
            for ctrl, end in zip(off, on, strict=True):
                self._quad(self._cur[-1], ctrl, end)
            return
        real = [p for p in pts if p is not None]
        ctrls, end = real[:-1], real[-1]
        start = self._cur[-1]
        for i, ctrl in enumerate(ctrls):
            nxt = end if i == len(ctrls) - 1 else ((ctrl[0] + ctrls[i + 1][0]) / 2, (ctrl[1] + ctrls[i + 1][1]) / 2)
            self._quad(start, ctrl, nxt)
            start = nxt
        if not ctrls:
            self.lineTo(end)

    def closePath(self) -> None:  # noqa: N802
        self._flush()

    endPath = closePath  # noqa: N815

    def addComponent(self, glyph_name: str, transform: Sequence[float]) -> None:  # noqa: N802
        raise NotImplementedError  # components are decomposed by the glyph set (DecomposingPen below)

    def _quad(self, p0: Point, p1: Point, p2: Point) -> None:
        for i in range(1, self.STEPS + 1):
            t = i / self.STEPS
            u = 1 - t
            self._cur.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))

    def _cubic(self, p0: Point, p1: Point, p2: Point, p3: Point) -> None:
        for i in range(1, self.STEPS + 1):
            t = i / self.STEPS
            u = 1 - t
            self._cur.append((
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            ))

    def _flush(self) -> None:
        if len(self._cur) >= 3:
            self.contours.append(self._cur)
        self._cur = []


def glyph_contours(glyph_set: object, name: str) -> list[list[Point]]:
    """The contours of one glyph of a fontTools glyph set (components decomposed), in font units."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen

    rec = DecomposingRecordingPen(glyph_set)
    glyph_set[name].draw(rec)  # type: ignore[index]
    pen = _FlatPen()
    rec.replay(pen)
    pen.closePath()
    return pen.contours


class FontOutlines:
    """Outlines of an embedded font program, read lazily: TrueType or OpenType (fontTools ``TTFont``) or a
    bare CFF program (``FontFile3`` of subtype ``Type1C`` / ``CIDFontType0C``, fontTools ``cffLib``).

    >>> FontOutlines(b"not a font").contours_for_gid(3)
    []
    """

    def __init__(self, program: bytes) -> None:
        self._program = program
        self._loaded = False
        self._glyph_set: Any = None
        self._order: list[str] = []
        self._cmaps: list[Any] = []
        self._cid_keyed = False  # a CID-keyed CFF program: its charset names each glyph by its CID ("cid00017")
        self._gid_of_cid: dict[int, int] | None = None
        self.units_per_em = 1000.0

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        try:
            from fontTools.ttLib import TTFont

            tt = TTFont(io.BytesIO(self._program), lazy=True)
            self._order = list(tt.getGlyphOrder())
            self._glyph_set = tt.getGlyphSet()
            self.units_per_em = float(tt["head"].unitsPerEm)
            self._cmaps = list(tt["cmap"].tables) if "cmap" in tt else []
            return
        except Exception:  # noqa: BLE001 - not an sfnt: maybe a bare CFF program
            pass
        try:
            from fontTools.cffLib import CFFFontSet

            cff = CFFFontSet()
            cff.decompile(io.BytesIO(self._program), None)
            top = cff[cff.fontNames[0]]
            self._order = list(top.charset)
            self._glyph_set = top.CharStrings
            self._cid_keyed = hasattr(top, "ROS")
            matrix = getattr(top, "FontMatrix", [0.001])
            self.units_per_em = 1.0 / float(matrix[0]) if matrix and matrix[0] else 1000.0
        except Exception:  # noqa: BLE001 - a damaged or unusual program: no outlines from it
            self._glyph_set = None

    def glyph_name(self, gid: int) -> str | None:
        self._load()
        return self._order[gid] if 0 < gid < len(self._order) else None

    def gid_for_code(self, code: int, name: str | None = None) -> int | None:
        """The glyph a simple font shows for a one-byte code: its /Differences name, else the program's cmaps
        (PDF 32000 §9.6.6.4 order: (3,0) at 0xF000 + code, (1,0), (3,1))."""
        self._load()
        gid_of = {n: i for i, n in enumerate(self._order)}
        if name and name in gid_of:
            return gid_of[name]
        for plat, enc, c in ((3, 0, 0xF000 + code), (3, 0, code), (1, 0, code), (3, 1, code)):
            for sub in self._cmaps:
                if (sub.platformID, sub.platEncID) == (plat, enc) and c in sub.cmap and sub.cmap[c] in gid_of:
                    return gid_of[sub.cmap[c]]
        return None

    def gid_for_cid(self, cid: int) -> int | None:
        """The glyph a composite font shows for a CID under the identity CID-to-glyph map: the CID itself, but in a
        CID-keyed CFF program (``CIDFontType0C``) the glyph its charset files under that CID (PDF 32000 §9.7.4.2),
        ``None`` when the program has no glyph for it."""
        self._load()
        if not self._cid_keyed:
            return cid
        if self._gid_of_cid is None:
            self._gid_of_cid = {int(n[3:]): i for i, n in enumerate(self._order) if n.startswith("cid") and n[3:].isdigit()}
        return self._gid_of_cid.get(cid)

    def cids(self, most: int) -> list[int]:
        """The CIDs a composite font's program has glyphs for (at most ``most``, lowest first): its charset's CIDs in
        a CID-keyed CFF program, else its glyph ids (the CIDs under the identity map)."""
        self._load()
        if self._cid_keyed:
            self.gid_for_cid(0)
            return sorted(self._gid_of_cid or {})[:most]
        return list(range(1, min(len(self._order), most + 1)))

    def contours_for_gid(self, gid: int) -> list[list[Point]]:
        name = self.glyph_name(gid)
        if name is None or self._glyph_set is None:
            return []
        try:
            return glyph_contours(self._glyph_set, name)
        except Exception:  # noqa: BLE001 - one broken glyph must not stop the page
            return []


# -- features --------------------------------------------------------------------------
def _fill(contours: Sequence[Contour], strokes: Sequence[Contour], scale: float, ox: float, oy: float, side: int) -> np.ndarray:
    """Fill contours (nonzero winding) and draw strokes into a side x side raster; y up in the input, rows top-down."""
    import cv2

    def px(pts: np.ndarray) -> np.ndarray:
        return np.round(np.stack([(pts[:, 0] - ox) * scale, side - (pts[:, 1] - oy) * scale], axis=1) * 16).astype(np.int32)

    winding = np.zeros((side, side), dtype=np.int16)
    tmp = np.zeros((side, side), dtype=np.uint8)
    for contour in contours:
        pts = np.asarray(contour, dtype=np.float64)
        if len(pts) < 3:
            continue
        area = 0.5 * float(np.sum(pts[:, 0] * np.roll(pts[:, 1], -1) - np.roll(pts[:, 0], -1) * pts[:, 1]))
        if area == 0.0:
            continue
        tmp[:] = 0
        cv2.fillPoly(tmp, [px(pts)], 1, lineType=cv2.LINE_8, shift=4)
        winding += tmp.astype(np.int16) * (1 if area > 0 else -1)
    out = (winding != 0).astype(np.uint8)
    for line in strokes:
        pts = np.asarray(line, dtype=np.float64)
        if len(pts) >= 2:
            cv2.polylines(out, [px(pts)], False, 1, thickness=max(1, _SUPER // 2), lineType=cv2.LINE_8, shift=4)
    return np.asarray(out, dtype=np.float32)


def raster(contours: Sequence[Contour], em: float, baseline: float = 0.0, strokes: Sequence[Contour] = ()) -> tuple[np.ndarray, np.ndarray] | None:
    """The shape filled at ``_SUPER`` times the grid (aspect kept, centred) and its size features
    (width, height, centre height above the baseline, in em).

    ``strokes`` are open or closed polylines drawn as lines (symbols a CAD program
    drew with stroked paths). ``None`` for an empty or degenerate shape.
    """
    pts = [p for c in contours if len(c) >= 3 for p in c] + [p for c in strokes if len(c) >= 2 for p in c]
    if not pts or em <= 0:
        return None
    arr = np.asarray(pts, dtype=np.float64)
    x0, y0 = arr.min(axis=0)
    x1, y1 = arr.max(axis=0)
    w, h = x1 - x0, y1 - y0
    side = max(w, h)
    if side <= 0 or side < em * 0.01:
        return None
    big = GRID * _SUPER
    inner = big - 2 * _SUPER  # a one-pixel margin at GRID
    scale = inner / side
    ox = x0 - ((side - w) / 2 + _SUPER / scale)
    oy = y0 - ((side - h) / 2 + _SUPER / scale)
    hi = _fill(contours, strokes, scale, ox, oy, big)
    geom = np.array([w / em, h / em, ((y0 + y1) / 2 - baseline) / em], dtype=np.float32)
    return hi, geom


def _thinning_tables() -> np.ndarray:
    """Zhang-Suen's deletion rule for both sub-iterations as two 256-entry tables over a pixel's eight
    neighbours (bit k set when neighbour P(k+2) is ink, P2 north then clockwise)."""
    out = np.zeros((2, 256), dtype=bool)
    for code in range(256):
        p = [(code >> k) & 1 for k in range(8)]  # p[0]=P2 ... p[7]=P9
        p2, p3, p4, p5, p6, p7, p8, p9 = p
        b = sum(p)
        a = sum(1 for k in range(8) if p[k] == 0 and p[(k + 1) % 8] == 1)
        for step in (0, 1):
            c1 = (p2 & p4 & p6) if step == 0 else (p2 & p4 & p8)
            c2 = (p4 & p6 & p8) if step == 0 else (p2 & p6 & p8)
            out[step, code] = 2 <= b <= 6 and a == 1 and c1 == 0 and c2 == 0
    return out


_THIN = _thinning_tables()
_KEEP = (~_THIN).astype(np.uint8)  # 1 where a pixel stays, per sub-iteration
#: the eight neighbours' bits as a correlation kernel (P9 P2 P3 / P8 . P4 / P7 P6 P5)
_NEIGHBOURS = np.array([[128, 1, 2], [64, 0, 4], [32, 16, 8]], dtype=np.float32)


def skeleton(img: np.ndarray) -> np.ndarray:
    """Zhang-Suen thinning of a binary image (vectorised per sub-iteration: each pixel's eight neighbours as
    one byte, looked up in the rule's table): the shape's centre lines.

    Matching centre lines instead of filled shapes makes stroke weight, which
    differs most between symbol fonts, almost irrelevant.
    """
    import cv2

    im = (img > 0.5).astype(np.uint8)
    ys, xs = np.nonzero(im)
    if not len(ys):
        return np.zeros(img.shape, dtype=np.float32)
    # only the ink's box can change; a ring of background around it stands for the outside
    y0, y1, x0, x1 = int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1
    win: np.ndarray = np.pad(im[y0:y1, x0:x1], 1)
    ink = len(ys)
    idle = 0
    while idle < 2:  # until a whole pass (both sub-iterations) deletes nothing
        for step in (0, 1):
            code = cv2.filter2D(win, -1, _NEIGHBOURS, borderType=cv2.BORDER_CONSTANT)
            win = cv2.bitwise_and(win, cv2.LUT(code, _KEEP[step]))
            left = cv2.countNonZero(win)
            idle = idle + 1 if left == ink else 0
            ink = left
            if idle >= 2:
                break
    out = np.zeros(img.shape, dtype=np.float32)
    out[y0:y1, x0:x1] = win[1:-1, 1:-1]
    return out


@dataclass(frozen=True)
class Features:
    """Centre lines on a ``GRID`` grid split by direction into ``ORIENTATIONS`` channels, their
    direction-tolerant distance transform, and (width, height, centre, blob) numbers."""

    lines: np.ndarray  # bool (ORIENTATIONS * GRID * GRID,)
    distance: np.ndarray  # float32 (ORIENTATIONS * GRID * GRID,)
    geometry: np.ndarray  # float32 (4,)
    holes: int = 0  # enclosed regions (a parallelogram 1, an open figure 0): topology the chamfer distance forgives


def _orientation_channels(sk: np.ndarray) -> np.ndarray:
    """Skeleton pixels binned by the direction of the line through them (structure tensor), pooled to GRID."""
    import cv2

    blurred = cv2.GaussianBlur(sk, (0, 0), 1.5)
    gx = cv2.Sobel(blurred, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(blurred, cv2.CV_32F, 0, 1, ksize=3)
    jxx = cv2.GaussianBlur(gx * gx, (0, 0), 2.0)
    jyy = cv2.GaussianBlur(gy * gy, (0, 0), 2.0)
    jxy = cv2.GaussianBlur(gx * gy, (0, 0), 2.0)
    ys, xs = np.nonzero(sk > 0)  # only the line pixels are binned
    normal = 0.5 * np.arctan2(2 * jxy[ys, xs], jxx[ys, xs] - jyy[ys, xs])  # direction of the strongest change, across the line
    along = np.mod(np.degrees(normal) + 90.0, 180.0)
    bins = np.round(along / (180.0 / ORIENTATIONS)).astype(np.int64) % ORIENTATIONS
    out = np.zeros((ORIENTATIONS, GRID, GRID), dtype=bool)
    out[bins, ys // _SUPER, xs // _SUPER] = True  # a GRID cell holds a direction when any of its pixels does
    return out


def _tolerant_distance(lines: np.ndarray) -> np.ndarray:
    """Per channel: distance to the nearest line pixel of that direction, or of a neighbouring direction plus a
    penalty. ``lines`` is ``(..., ORIENTATIONS, GRID, GRID)`` bool (one shape or a stack of them)."""
    import cv2

    flat = lines.reshape(-1, GRID, GRID)
    raw: np.ndarray = np.full(flat.shape, float(GRID), dtype=np.float32)
    for i in np.flatnonzero(flat.reshape(len(flat), -1).any(axis=1)):
        raw[i] = cv2.distanceTransform((~flat[i]).astype(np.uint8), cv2.DIST_L2, 3)
    raw = np.minimum(raw, float(GRID)).reshape(lines.shape)
    out = raw.copy()
    for k in range(ORIENTATIONS):
        for nb in ((k - 1) % ORIENTATIONS, (k + 1) % ORIENTATIONS):
            out[..., k, :, :] = np.minimum(out[..., k, :, :], raw[..., nb, :, :] + ORIENTATION_PENALTY)
    return out


def finish(hi: np.ndarray, geom: np.ndarray) -> Features | None:
    import cv2

    sk = skeleton(hi)
    if not sk.any():
        return None
    lines = _orientation_channels(sk)
    if not lines.any():
        return None
    dist = _tolerant_distance(lines)
    # a filled blob (an arrowhead, a dot) is much thicker than the strokes: inscribed radius against the typical one
    inside = cv2.distanceTransform((hi > 0.5).astype(np.uint8), cv2.DIST_L2, 3)
    on_line = inside[sk > 0]
    blob = float(on_line.max() / max(1.0, float(np.median(on_line)))) if on_line.size else 1.0
    g = np.concatenate([geom, np.array([min(blob, 4.0) * BLOB_SCALE], dtype=np.float32)])
    return Features(lines.ravel(), dist.ravel().astype(np.float32), g.astype(np.float32), count_holes(hi))


def count_holes(hi: np.ndarray) -> int:
    """Background regions of the filled shape that do not reach the border and are not pinholes
    (at least ``HOLE_AREA`` of the raster)."""
    import cv2

    background = (hi <= 0.5).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(background, connectivity=4)
    edge = set(np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])).tolist())
    return sum(1 for i in range(1, n) if i not in edge and stats[i, cv2.CC_STAT_AREA] >= HOLE_AREA * hi.size)


def features(contours: Sequence[Contour], em: float, baseline: float = 0.0, strokes: Sequence[Contour] = ()) -> Features | None:
    """The features of a shape given in font-like units (y up, ``em`` units per em); ``None`` when degenerate."""
    r = raster(contours, em, baseline, strokes)
    return None if r is None else finish(*r)


# -- templates and classification --------------------------------------------------------
@dataclass(frozen=True)
class Templates:
    line_index: np.ndarray  # flat pixel indices of every template's centre lines, template after template
    starts: np.ndarray  # (n,) where each template's run starts in ``line_index``
    counts: np.ndarray  # (n,) centre-line pixels per template
    distance: np.ndarray  # (ORIENTATIONS*GRID*GRID, n) uint8, in 1/DISTANCE_STEPS pixel: pixel-major, so that the
    # pixels of one shape's lines are gathered as whole rows
    geometry: np.ndarray  # (n, 4) float32
    holes: np.ndarray  # (n,) int
    labels: tuple[str, ...]
    fonts: tuple[str, ...]


#: arrays of :class:`Templates` as cached on disk (``labels`` and ``fonts`` go in a JSON file beside them)
_ARRAYS = ("line_index", "starts", "counts", "distance", "geometry", "holes")


def cache_dir() -> Path | None:
    """Where unpacked templates are kept between processes: ``$PDFTRACT_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/pdftract`` or ``~/.cache/pdftract``; ``None`` when ``PDFTRACT_CACHE_DIR`` is ``off``."""
    chosen = os.environ.get("PDFTRACT_CACHE_DIR")
    if chosen is not None and chosen.strip().lower() in ("off", "0", "none", ""):
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pdftract"


def _unpack(raw: bytes) -> Templates:
    """The shipped file's contents in the form :func:`distances` reads: the distance maps are stored
    template-major (they compress four times better so) and turned pixel-major here (OpenCV's transpose: a
    third of numpy's time on 17 MB)."""
    data = np.load(io.BytesIO(raw), allow_pickle=False)
    n = len(data["labels"])
    size = ORIENTATIONS * GRID * GRID
    bits = np.unpackbits(data["lines"], axis=1)[:, :size].astype(bool).reshape(n, size)
    import cv2

    dist = np.asarray(data["distance"], dtype=np.uint8).reshape(n, size)
    rows, cols = np.nonzero(bits)  # row-major: template after template
    counts = np.bincount(rows, minlength=n)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    return Templates(cols.astype(np.int64), starts, counts.astype(np.float64), cv2.transpose(dist),
                     data["geometry"].astype(np.float32), data["holes"].astype(np.int64), tuple(str(s) for s in data["labels"]),
                     tuple(str(s) for s in data["fonts"]))


def _load_cached(folder: Path) -> Templates | None:
    try:
        names = json.loads((folder / "names.json").read_text(encoding="utf-8"))
        arrays = {k: np.load(folder / f"{k}.npy", mmap_mode="r" if k == "distance" else None, allow_pickle=False) for k in _ARRAYS}
        return Templates(**arrays, labels=tuple(names["labels"]), fonts=tuple(names["fonts"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _store(folder: Path, tpl: Templates) -> None:
    """Write ``tpl`` under ``folder`` all at once (a temporary folder renamed into place), or not at all."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=folder.parent))
        for k in _ARRAYS:
            np.save(tmp / f"{k}.npy", np.ascontiguousarray(getattr(tpl, k)), allow_pickle=False)
        (tmp / "names.json").write_text(json.dumps({"labels": list(tpl.labels), "fonts": list(tpl.fonts)}), encoding="utf-8")
        try:
            os.rename(tmp, folder)
        except OSError:  # another process was first: its copy is the same
            shutil.rmtree(tmp, ignore_errors=True)
    except OSError:
        pass  # a read-only or full disk: templates are unpacked in every process instead


@lru_cache(maxsize=4)  # the symbol, text and Cyrillic templates (two of them in turn in one page's reading)
def templates(name: str = "glyph_templates.npz") -> Templates:
    """Shipped reference templates (see :mod:`pdftract.data.build_templates`), loaded once per process:
    the symbol templates, or ``text_templates.npz`` for reading text drawn as outlines or strokes.

    Unpacking them costs a few tenths of a second, so the unpacked arrays are kept in :func:`cache_dir`
    under the shipped file's digest and later processes map them from there."""
    raw = resources.files("pdftract.data").joinpath(name).read_bytes()
    root = cache_dir()
    folder = root / f"{Path(name).stem}-{hashlib.sha256(raw).hexdigest()[:16]}" if root is not None else None
    if folder is not None and folder.is_dir():
        hit = _load_cached(folder)
        if hit is not None:
            return hit
        shutil.rmtree(folder, ignore_errors=True)  # damaged: stored again below
    tpl = _unpack(raw)
    if folder is not None:
        _store(folder, tpl)
    return tpl


def pack(features_: Sequence[Features]) -> dict[str, np.ndarray]:
    """Templates as stored: centre-line channels as bits, their distance maps in 1/``DISTANCE_STEPS`` pixel
    (uint8; computing them on load would cost every process most of a second) and the size numbers."""
    return {
        "lines": np.packbits(np.stack([f.lines for f in features_]).astype(np.uint8), axis=1),
        "distance": np.clip(np.round(np.stack([f.distance for f in features_]) * DISTANCE_STEPS), 0, 255).astype(np.uint8),
        "geometry": np.stack([f.geometry for f in features_]).astype(np.float32),
        "holes": np.array([f.holes for f in features_], dtype=np.int16),
    }


def distances(f: Features, tpl: Templates, use_geometry: bool = True,
              geometry_weight: float | Sequence[float] = GEOMETRY_WEIGHT) -> np.ndarray:
    """Symmetric oriented chamfer distance (in units of a tenth of the grid) plus the weighted size difference, per template."""
    idx = np.flatnonzero(f.lines)
    # the shape's lines against each template's (a sum of integers, then one division: no rounding on the way)
    a = np.add.reduce(tpl.distance[idx], axis=0, dtype=np.uint32).astype(np.float64) / max(len(idx), 1) / DISTANCE_STEPS
    sums = np.add.reduceat(f.distance[tpl.line_index], tpl.starts) if len(tpl.line_index) else np.zeros(len(tpl.starts))
    b = np.where(tpl.counts > 0, sums, 0.0) / np.maximum(tpl.counts, 1.0)  # each template's lines against the shape's
    d = (a + b) / 2.0 / GRID * 10.0
    if use_geometry:
        w = np.asarray(geometry_weight, dtype=np.float32)  # one weight, or one per feature
        d = d + np.linalg.norm((tpl.geometry - f.geometry[None, :]) * w, axis=1)
    d = d + HOLE_PENALTY * (tpl.holes != f.holes)
    return np.asarray(d, dtype=np.float64)


def _rank(d: np.ndarray, labels: tuple[str, ...], allowed: str | None = None) -> list[tuple[str, float]]:
    best: dict[str, float] = {}
    for label, v in zip(labels, d.tolist(), strict=True):
        if (allowed is None or label in allowed) and v < best.get(label, 1e9):
            best[label] = v
    return sorted(best.items(), key=lambda kv: (kv[1], kv[0]))


#: circled letters: the letter inside a ring
CIRCLED = {"M": "Ⓜ", "L": "Ⓛ", "S": "Ⓢ", "P": "Ⓟ", "F": "Ⓕ", "T": "Ⓣ", "U": "Ⓤ"}


def _ring_split(contours: Sequence[Contour]) -> tuple[list[Contour], list[Contour]] | None:
    """(ring, inside) when the shape is a closed ring with other contours wholly inside its hole."""
    if len(contours) < 3:
        return None
    boxes = []
    for c in contours:
        arr = np.asarray(c, dtype=np.float64)
        boxes.append((*arr.min(axis=0), *arr.max(axis=0)))
    order = sorted(range(len(boxes)), key=lambda i: -(boxes[i][2] - boxes[i][0]) * (boxes[i][3] - boxes[i][1]))
    o, h = boxes[order[0]], boxes[order[1]]
    ow, oh = o[2] - o[0], o[3] - o[1]
    hw, hh = h[2] - h[0], h[3] - h[1]
    if not (0.7 * ow <= hw <= ow and 0.7 * oh <= hh <= oh and 0.85 <= ow / max(oh, 1e-9) <= 1.18):
        return None
    for i in order[:2]:  # both boundaries of the ring must be round
        arr = np.asarray(contours[i], dtype=np.float64)
        r = np.hypot(arr[:, 0] - (boxes[i][0] + boxes[i][2]) / 2, arr[:, 1] - (boxes[i][1] + boxes[i][3]) / 2)
        if len(arr) < 8 or r.mean() <= 0 or r.std() / r.mean() > 0.08:
            return None
    inside = [contours[i] for i in order[2:]]
    if not all(h[0] < boxes[i][0] and boxes[i][2] < h[2] and h[1] < boxes[i][1] and boxes[i][3] < h[3] for i in order[2:]):
        return None
    return [contours[order[0]], contours[order[1]]], inside


def classify(contours: Sequence[Contour], em: float, baseline: float = 0.0, *, strokes: Sequence[Contour] = (),
             use_geometry: bool = True, geometry_weight: float | Sequence[float] = GEOMETRY_WEIGHT) -> Match:
    """Classify one shape (filled ``contours`` and stroked ``strokes``, font-like units, y up) against the templates.

    ``geometry_weight`` is how much the size in em counts (less for symbols drawn as
    paths, whose size against the text is the CAD program's choice). A ring with a letter (or a smaller ring) wholly inside is read as its two
    parts: the ring must look like ``○`` and the inside like one of the circled
    modifier letters (``Ⓜ``) or a circle (``◎``).
    """
    tpl = templates()
    f = features(contours, em, baseline, strokes)
    if f is None:
        return Match(None, "", 0.0, "", 0.0)
    ranked = _rank(distances(f, tpl, use_geometry, geometry_weight), tpl.labels)
    split = _ring_split(contours) if not strokes else None
    if split is not None:
        ring_f, in_f = features(split[0], em, baseline), features(split[1], em, baseline)
        if ring_f is not None and in_f is not None:
            ring_rank = _rank(distances(ring_f, tpl, False), tpl.labels, "○OoQ0◯")
            inner = [(CIRCLED.get(lab, "◎" if lab in "○O" else ""), v) for lab, v in
                     _rank(distances(in_f, tpl, False), tpl.labels, "".join(CIRCLED) + "○O")]
            inner = [(sym, v) for i, (sym, v) in enumerate(inner) if sym not in {s for s, _ in inner[:i]}]
            if ring_rank and ring_rank[0][1] <= ACCEPT and inner:
                sym, dl = inner[0]
                inner_runner = inner[1] if len(inner) > 1 else ("", 9.0)
                ok = dl <= ACCEPT_INSIDE and inner_runner[1] - dl >= MARGIN
                return Match(sym if ok else None, sym, round(1.0 - dl, 4), inner_runner[0], round(1.0 - inner_runner[1], 4))
            return Match(None, "○", round(1.0 - ring_rank[0][1], 4) if ring_rank else 0.0, "", 0.0)
    best, d_best = ranked[0]
    runner, d_runner = ranked[1] if len(ranked) > 1 else ("", 9.0)
    ok = d_best <= ACCEPT and d_runner - d_best >= MARGIN
    return Match(best if ok else None, best, round(1.0 - d_best, 4), runner, round(1.0 - d_runner, 4))


__all__ = ["ACCEPT", "CIRCLED", "GRID", "MARGIN", "SYMBOLS", "Features", "FontOutlines", "Match", "Templates", "classify",
           "distances", "features", "glyph_contours", "pack", "templates"]
