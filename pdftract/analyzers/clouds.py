"""Revision clouds: chains of arc bumps around a changed area, linked to their revision-table row.

A cloud is a path of many cubic Béziers (at least ``min_bumps``) that closes on
itself (or nearly: the gap under a tenth of its length), whose arcs have
similar chords and all bulge to the same side by a good part of their chord.
Circles (four arcs) and fillets do not qualify. Its polygon is the chain of arc
end points (shapely). The marker is the text inside a small triangle (the
revision delta) next to the cloud, else a short isolated label next to it that
names a revision of the revision table; the cloud then links to that row.

>>> from pdftract.testing import make_sheet, cloud_path
>>> sheet = make_sheet(paths=[cloud_path(100, 100, 160, 140)])
>>> (cloud,) = find_clouds(sheet, CloudSettings(), ())
>>> cloud.marker is None, len(cloud.polygon) > 10
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from pdftract.analyzers.tables import Table, TableKind
from pdftract.geometry import BBox, fmt_box
from pdftract.index import BoxIndex, BoxSet
from pdftract.model.primitives import Path, drawn_pieces, rows_by_segment_count
from pdftract.model.sheet import Sheet, SheetLike
from typing_extensions import TypedDict

from pdftract import svg
from pdftract.jsonvalues import Box, Pt, bbox_out, pt_out
from pdftract.registry import analyzer, output
from pdftract.settings import Settings


@dataclass(frozen=True, slots=True, kw_only=True)
class CloudSettings(Settings):
    min_bumps: int = 8
    max_gap: float = 0.1  # the unclosed gap as a fraction of the cloud's length
    min_bulge: float = 0.15  # control points off the chord, as a fraction of the chord
    max_chord_spread: float = 0.6  # coefficient of variation of the chord lengths
    marker_distance: float = 3.0  # how far (in mean chords) a marker may sit from the cloud

    def validate(self) -> None:
        if self.min_bumps < 5:
            self.fail("min_bumps", "must be >= 5 (a circle has 4 arcs)")


class CloudJSON(TypedDict):
    """A revision cloud in the JSON output (``pages[].revision_clouds[]``)."""

    bbox: Box
    polygon: list[Pt]
    marker: str | None
    marker_bbox: Box | None
    revision_row: int | None
    path_id: int
    bumps: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RevisionCloud:
    """A revision cloud: its box and polygon, the revision marker it carries and the revision-table row it names."""

    bbox: BBox
    polygon: tuple[tuple[float, float], ...]
    marker: str | None
    marker_bbox: BBox | None
    revision_row: int | None
    path_id: int
    bumps: int

    def to_dict(self) -> CloudJSON:
        return {
            "bbox": bbox_out(self.bbox),
            "polygon": [pt_out(p) for p in self.polygon],
            "marker": self.marker,
            "marker_bbox": bbox_out(self.marker_bbox) if self.marker_bbox is not None else None,
            "revision_row": self.revision_row,
            "path_id": self.path_id,
            "bumps": self.bumps,
        }

    def __repr__(self) -> str:
        return f"<RevisionCloud {self.marker!r} row {self.revision_row}, {self.bumps} bumps at {fmt_box(self.bbox)}>"

def _bulge(p0: tuple[float, float], c: tuple[float, float], p3: tuple[float, float]) -> float:
    """Signed distance of ``c`` from the chord p0→p3 (positive on the left), over the chord length."""
    dx, dy = p3[0] - p0[0], p3[1] - p0[1]
    n = math.hypot(dx, dy)
    if n == 0:
        return 0.0
    return ((c[0] - p0[0]) * dy - (c[1] - p0[1]) * dx) / (n * n)


def _cloud_chain(path: Path, s: CloudSettings) -> tuple[list[tuple[float, float]], float] | None:
    kinds = path.kinds  # (counted before any Segment object is made)
    n_curves = sum(1 for k in kinds if k == "curve")
    if n_curves < s.min_bumps or n_curves < 0.8 * sum(1 for k in kinds if k != "move"):
        return None
    curves = [seg for seg in path.segments if seg.kind == "curve"]
    chords = np.array([math.hypot(c.points[3][0] - c.points[0][0], c.points[3][1] - c.points[0][1]) for c in curves])
    if chords.mean() <= 0 or chords.std() / chords.mean() > s.max_chord_spread:
        return None
    bulges = np.array([(_bulge(c.points[0], c.points[1], c.points[3]) + _bulge(c.points[0], c.points[2], c.points[3])) / 2 for c in curves])
    side = np.sign(np.median(bulges))
    if side == 0 or np.mean(np.sign(bulges) == side) < 0.8 or np.median(np.abs(bulges)) < s.min_bulge:
        return None
    chain = [curves[0].points[0]] + [c.points[3] for c in curves]
    length = float(chords.sum())
    gap = math.hypot(chain[-1][0] - chain[0][0], chain[-1][1] - chain[0][1])
    if gap > s.max_gap * length:
        return None
    return chain, float(chords.mean())


def _triangles(sheet: SheetLike) -> list[tuple[BBox, Path]]:
    out = []
    paths = sheet.paths
    for i in rows_by_segment_count(paths, 4, 5):  # a move and three or four sides
        p = paths[i]
        if p.text_shape:
            continue
        kinds = p.kinds  # (judged before any Segment object is made)
        if sum(1 for k in kinds if k in ("line", "close")) not in (3, 4) or "curve" in kinds or p.subpath_count != 1:
            continue
        pts = {(round(sg.points[0][0], 1), round(sg.points[0][1], 1)) for sg in drawn_pieces(p) if sg.kind in ("line", "close")}
        if len(pts) == 3 and max(p.bbox.width, p.bbox.height) <= 30:
            out.append((p.bbox, p))
    return out


def find_clouds(sheet: SheetLike, settings: CloudSettings, tables: Sequence[Table]) -> tuple[RevisionCloud, ...]:
    revision_tables = [t for t in tables if t.kind is TableKind.REVISION and "revision" in t.columns]
    revisions: list[tuple[str, int]] = []
    if revision_tables:
        t = revision_tables[0]
        col = t.columns.index("revision")
        revisions = [(row[col].strip(), i) for i, row in enumerate(t.rows) if row[col].strip()]
    triangles = _triangles(sheet)
    layout = sheet.layout
    words = [w for w in layout.words if not w.invisible]
    table_boxes = BoxSet(t.bbox for t in tables)
    # looked up in R-trees, not scanned per cloud: a sheet of many clouds and arrowheads stays linear
    tri_index = BoxIndex((i, tb) for i, (tb, _tp) in enumerate(triangles))
    tri_extent = max((max(tb.width, tb.height) for tb, _tp in triangles), default=0.0)
    word_index = BoxIndex((i, w.bbox) for i, w in enumerate(words))
    names = {r for r, _i in revisions}
    named = [w for w in words if w.text in names and w.bbox.center not in table_boxes]
    clouds: list[RevisionCloud] = []
    paths = sheet.paths
    for i in rows_by_segment_count(paths, settings.min_bumps):  # its bumps at least
        p = paths[i]
        if p.text_shape:
            continue
        found = _cloud_chain(p, settings)
        if found is None:
            continue
        chain, chord = found
        poly = Polygon(chain)
        if not poly.is_valid:
            poly = poly.buffer(0)
        reach = settings.marker_distance * chord
        marker: str | None = None
        marker_box: BBox | None = None
        best = math.inf
        # a triangle whose box lies farther than reach + the largest triangle from the cloud's box is too far
        # from its outline (the test below), so only the ones near it are measured, in the same order
        x0, y0, x1, y1 = p.bbox
        grow = reach + tri_extent
        for k in sorted(tri_index.intersection((x0 - grow, y0 - grow, x1 + grow, y1 + grow))):
            tb = triangles[k][0]
            d = poly.exterior.distance(ShapelyPoint(*tb.center)) if hasattr(poly, "exterior") else poly.distance(ShapelyPoint(*tb.center))
            if d > reach + max(tb.width, tb.height) or d >= best:
                continue
            inside = [words[j] for j in sorted(word_index.intersection(tb)) if tb.contains_point(words[j].bbox.center)]
            if inside:
                best = d
                marker = " ".join(w.text for w in inside)
                marker_box = tb.union(BBox.union_all(w.bbox for w in inside))
        if marker is None and revisions:
            for w in named:
                d = poly.exterior.distance(ShapelyPoint(*w.bbox.center)) if hasattr(poly, "exterior") else 0.0
                if d <= reach and d < best:
                    best, marker, marker_box = d, w.text, w.bbox
        row = next((i for r, i in revisions if marker is not None and r == marker.strip()), None)
        clouds.append(
            RevisionCloud(
                bbox=p.bbox,
                polygon=tuple((float(x), float(y)) for x, y in chain),
                marker=marker,
                marker_bbox=marker_box,
                revision_row=row,
                path_id=p.id,
                bumps=len(chain) - 1,
            )
        )
    return tuple(clouds)


@analyzer("revision_clouds", requires={"paths", "words", "tables"}, assigns={"revision_clouds"}, settings=CloudSettings)
def clouds_analyzer(sheet: Sheet, settings: CloudSettings) -> tuple[RevisionCloud, ...]:
    """Revision clouds with their delta markers, linked to the revision-table row they name."""
    return find_clouds(sheet, settings, sheet.results.get("tables", ()))



def draw_clouds(sheet: SheetLike, clouds: Sequence[RevisionCloud]) -> list[str]:
    """Debug layer: each revision cloud's polygon (red) with its marker and revision row."""
    return [f'<polygon points="{svg.points(c.polygon)}" fill="#ef4444" fill-opacity="0.08" stroke="#dc2626" stroke-width="0.8">'
            f"<title>cloud {svg.escape(str(c.marker))} row {c.revision_row}</title></polygon>" for c in clouds]


output("revision_clouds", draw=draw_clouds, schema=list[CloudJSON])


__all__ = ["CloudSettings", "RevisionCloud", "find_clouds"]
