"""Spatial indexes (R-trees) over a sheet's glyphs, words and path segments.

Built once per sheet with rtree's bulk stream loader and then only queried.
Queries answer with primitive ids, sorted ascending, so results are
deterministic.

>>> from pdftract.geometry import BBox
>>> idx = BoxIndex([(0, BBox(0, 0, 10, 10)), (1, BBox(20, 20, 30, 30))])
>>> idx.intersection(BBox(5, 5, 25, 25))
[0, 1]
>>> idx.nearest((29, 29), k=1)
[1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from rtree import index as _rtree

from pdftract.geometry import BBox, Point

if TYPE_CHECKING:
    from pdftract.model.sheet import SheetLike


def _properties() -> Any:
    p = _rtree.Property()
    p.dimension = 2
    p.leaf_capacity = 64
    p.fill_factor = 0.9
    return p


class BoxIndex:
    """An R-tree over ``(id, bbox)`` pairs, bulk-loaded on construction from numpy arrays.

    Degenerate boxes (zero width or height) are fine. Boxes with NaN
    coordinates are refused with ``ValueError``.
    """

    __slots__ = ("_ids", "_boxes", "_pos", "_tree")

    def __init__(self, items: Iterable[tuple[int, Sequence[float]]]) -> None:
        ids: list[int] = []
        coords: list[float] = []
        for i, b in items:
            ids.append(int(i))
            coords.extend((b[0], b[1], b[2], b[3]))
        self._setup(np.asarray(ids, dtype=np.int64), np.asarray(coords, dtype=np.float64).reshape(-1, 4))

    @classmethod
    def from_arrays(cls, ids: npt.ArrayLike, boxes: npt.ArrayLike) -> BoxIndex:
        """Build from an id array and an ``(n, 4)`` array of ``(x0, top, x1, bottom)`` rows."""
        obj = cls.__new__(cls)
        obj._setup(np.asarray(ids, dtype=np.int64), np.asarray(boxes, dtype=np.float64).reshape(-1, 4))
        return obj

    def _setup(self, ids: npt.NDArray[np.int64], boxes: npt.NDArray[np.float64]) -> None:
        if np.isnan(boxes).any():
            bad = int(ids[np.isnan(boxes).any(axis=1)][0])
            raise ValueError(f"box {bad} has NaN coordinates")
        self._ids = ids
        self._boxes = boxes
        self._pos = {int(i): k for k, i in enumerate(ids.tolist())}
        if len(ids):
            self._tree: Any = _rtree.Index((ids, boxes[:, :2].copy(), boxes[:, 2:].copy()), properties=_properties())
        else:
            self._tree = None

    def __len__(self) -> int:
        return len(self._ids)

    def __repr__(self) -> str:
        return f"<BoxIndex {len(self._ids)} boxes>"

    def bbox_of(self, i: int) -> BBox:
        x0, top, x1, bottom = self._boxes[self._pos[i]].tolist()
        return BBox(x0, top, x1, bottom)

    def intersection(self, bbox: Sequence[float]) -> list[int]:
        """Ids of boxes that overlap or touch ``bbox``."""
        if self._tree is None:
            return []
        x0, top, x1, bottom = bbox
        return sorted(self._tree.intersection((x0, top, x1, bottom)))

    def intersections(self, boxes: npt.ArrayLike) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Every (query row, id) pair whose boxes overlap or touch, for an ``(n, 4)`` array of query boxes, in
        one bulk query: two arrays, the row of each pair (ascending) and its id (ascending within a row).

        >>> BoxIndex.from_arrays([7, 8], [[0, 0, 1, 1], [5, 5, 6, 6]]).intersections([[0.5, 0.5, 5, 5], [9, 9, 9, 9]])
        (array([0, 0]), array([7, 8]))
        """
        q = np.asarray(boxes, dtype=np.float64).reshape(-1, 4)
        if self._tree is None or not len(q):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        ids, counts = self._tree.intersection_v(q[:, :2].copy(), q[:, 2:].copy())
        rows = np.repeat(np.arange(len(q), dtype=np.int64), np.asarray(counts, dtype=np.int64))
        ids = np.asarray(ids, dtype=np.int64)
        order = np.lexsort((ids, rows))
        return rows[order], ids[order]

    def within(self, bbox: Sequence[float]) -> list[int]:
        """Ids of boxes entirely inside ``bbox``."""
        outer = BBox(*bbox)
        return [i for i in self.intersection(bbox) if outer.contains(self.bbox_of(i))]

    def nearest(self, point: Point, k: int = 1) -> list[int]:
        """Ids of the ``k`` boxes closest to ``point`` (ties may add a few more, as rtree does).

        Ordered by distance, ties by id.
        """
        if self._tree is None or k <= 0:
            return []
        x, y = point
        found = list(self._tree.nearest((x, y, x, y), k))

        def dist(i: int) -> tuple[float, int]:
            b = self._boxes[self._pos[i]]
            dx = max(b[0] - x, 0.0, x - b[2])
            dy = max(b[1] - y, 0.0, y - b[3])
            return (float(dx * dx + dy * dy), i)

        return sorted(found, key=dist)


class SpatialIndex:
    """The R-trees of one sheet: ``glyphs``, ``words`` and ``segments``, each a :class:`BoxIndex`.

    Access through ``sheet.index``; each tree is built on first use.

    >>> from pdftract.testing import make_sheet
    >>> sheet = make_sheet(text=[("M6", 10, 10)])
    >>> sheet.index.glyphs.intersection((0, 0, 100, 100))
    [0, 1]
    """

    __slots__ = ("_sheet", "_glyphs", "_words", "_segments")

    def __init__(self, sheet: SheetLike) -> None:
        self._sheet = sheet
        self._glyphs: BoxIndex | None = None
        self._words: BoxIndex | None = None
        self._segments: BoxIndex | None = None

    def __repr__(self) -> str:
        return "<SpatialIndex glyphs/words/segments>"

    @property
    def glyphs(self) -> BoxIndex:
        if self._glyphs is None:
            self._glyphs = BoxIndex((g.id, g.bbox) for g in self._sheet.glyphs)
        return self._glyphs

    @property
    def words(self) -> BoxIndex:
        if self._words is None:
            self._words = BoxIndex((w.id, w.bbox) for w in self._sheet.words)
        return self._words

    @property
    def segments(self) -> BoxIndex:
        if self._segments is None:
            # boxes of all segments at once: flatten the points, then min/max per segment with reduceat
            ids: list[int] = []
            counts: list[int] = []
            xs: list[float] = []
            ys: list[float] = []
            for p in self._sheet.paths:
                if p.text_shape:  # characters drawn as shapes and read as text are no linework
                    continue
                for seg in p.segments:
                    ids.append(seg.id)
                    counts.append(len(seg.points))
                    for x, y in seg.points:
                        xs.append(x)
                        ys.append(y)
            if ids:
                starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
                ax, ay = np.asarray(xs), np.asarray(ys)
                boxes = np.column_stack(
                    (np.minimum.reduceat(ax, starts), np.minimum.reduceat(ay, starts),
                     np.maximum.reduceat(ax, starts), np.maximum.reduceat(ay, starts))
                )
            else:
                boxes = np.zeros((0, 4))
            self._segments = BoxIndex.from_arrays(ids, boxes)
        return self._segments


def union_find(n: int) -> tuple[list[int], Callable[[int], int]]:
    """A union-find over ``0..n-1``: the parent list (join two roots by setting one's parent) and ``find``
    (the root, with path halving).

    >>> parent, find = union_find(3)
    >>> parent[find(2)] = find(0)
    >>> find(2), find(1)
    (0, 1)
    """
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    return parent, find


__all__ = ["BoxIndex", "SpatialIndex", "union_find"]
