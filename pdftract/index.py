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

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt
from rtree import index as _rtree

from pdftract.geometry import BBox, Point
from pdftract.model.primitives import PathTable, segment_boxes

if TYPE_CHECKING:
    from pdftract.model.sheet import SheetLike


def _properties() -> Any:
    p = _rtree.Property()
    p.dimension = 2
    p.leaf_capacity = 64
    p.fill_factor = 0.9
    return p


#: a :class:`BoxIndex` of more boxes holds them in several R-trees of at most this many each
TREE_BLOCK = 262_144

#: the join grid's cells are made larger until the boxes fill at most this many cells each on average
GRID_SPREAD = 4.0


def box_pairs(queries: npt.ArrayLike, boxes: npt.ArrayLike) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every ``(query row, box row)`` pair whose boxes overlap or touch (rows ``x0, top, x1, bottom``), for two
    arrays of many small boxes at once: a uniform grid of cells about twice the boxes' typical size, each box
    entered in the cells it covers, pairs found by sorting on the cell and reported once (in the cell holding
    the low corner of their overlap). Same answer as an R-tree's bulk query, sorted by query row then box row,
    without building the tree (on a schematic's 100 000 pieces: a third of the time).

    >>> box_pairs([[0.5, 0.5, 5, 5], [9, 9, 9, 9]], [[0, 0, 1, 1], [5, 5, 6, 6], [20, 0, 21, 1]])
    (array([0, 0]), array([0, 1]))
    """
    blocks = list(box_pair_blocks(queries, boxes, budget=None))
    if not blocks:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    return blocks[0]


def box_pair_blocks(queries: npt.ArrayLike, boxes: npt.ArrayLike, budget: int | None = 500_000,
                    ) -> Iterator[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """:func:`box_pairs` a block of query rows at a time: each block is measured from at most ``budget``
    candidate pairs (boxes sharing a cell; a single query row may have more), so that where boxes crowd
    (a hatched area, lettering over a P&ID's lines) the arrays stay bounded. Blocks come in ascending query
    rows, each sorted by query row then box row; ``budget=None`` gives one block. The boxes are entered in
    the grid once for all blocks.

    >>> [(r.tolist(), c.tolist()) for r, c in box_pair_blocks([[0, 0, 1, 1], [0, 0, 1, 1]], [[0, 0, 1, 1]], budget=1)]
    [([0], [0]), ([1], [0])]
    """
    def ordered(a: npt.ArrayLike) -> npt.NDArray[np.float64]:  # a flat box may come with x1 a rounding below x0
        r = np.asarray(a, dtype=np.float64).reshape(-1, 4)
        return np.column_stack((np.minimum(r[:, 0], r[:, 2]), np.minimum(r[:, 1], r[:, 3]),
                                np.maximum(r[:, 0], r[:, 2]), np.maximum(r[:, 1], r[:, 3])))

    q, b = ordered(queries), ordered(boxes)
    if not len(q) or not len(b):
        return
    side = np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1])
    both = np.vstack([q, b])
    origin = both[:, :2].min(axis=0)
    extent = float((both[:, 2:].max(axis=0) - origin).max())
    # (at most 2**20 cells a side: the cell numbers of a key stay far inside 64 bits)
    cell = max(2.0 * float(np.median(side)), extent / 2**20, 1e-9)
    while True:  # a few large boxes may cover many cells: larger cells then, never more than a bounded count
        spans = (np.floor((both[:, 2:] - origin) / cell) - np.floor((both[:, :2] - origin) / cell) + 1).prod(axis=1)
        if float(spans.mean()) <= GRID_SPREAD:
            break
        cell *= 2.0
    del both, spans

    def cells(a: npt.NDArray[np.float64]) -> tuple[npt.NDArray[np.int64], ...]:
        lo = np.floor((a[:, :2] - origin) / cell).astype(np.int64)
        hi = np.floor((a[:, 2:] - origin) / cell).astype(np.int64)
        return lo[:, 0], lo[:, 1], hi[:, 0] - lo[:, 0] + 1, hi[:, 1] - lo[:, 1] + 1

    def entries(a: npt.NDArray[np.float64], rows: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        x0, y0, nx, ny = (v[rows] for v in cells(a))
        n = nx * ny
        owner = np.repeat(rows, n)
        k = np.arange(int(n.sum()), dtype=np.int64) - np.repeat(np.cumsum(n) - n, n)
        nxr = np.repeat(nx, n)
        return owner, (np.repeat(x0, n) + k % nxr) * (1 << 31) + np.repeat(y0, n) + k // nxr

    b_owner, b_key = entries(b, np.arange(len(b), dtype=np.int64))
    q_owner, q_key = entries(q, np.arange(len(q), dtype=np.int64))
    order = np.argsort(b_key, kind="stable")
    b_owner, b_key = b_owner[order], b_key[order]
    start = np.searchsorted(b_key, q_key, side="left")
    stop = np.searchsorted(b_key, q_key, side="right")
    counts = stop - start
    done = np.cumsum(counts)  # candidates up to and including each query entry (its rows ascend)
    lo = 0
    while lo < len(q_owner):
        if budget is None:
            hi = len(q_owner)
        else:
            before = int(done[lo - 1]) if lo else 0
            hi = max(lo + 1, int(np.searchsorted(done, before + budget, side="right")))
            hi = int(np.searchsorted(q_owner, q_owner[hi - 1], side="right"))  # a query row stays in one block
        n, first, q_rows, keys = counts[lo:hi], start[lo:hi], q_owner[lo:hi], q_key[lo:hi]
        lo = hi
        rows = np.repeat(q_rows, n)
        at = np.arange(int(n.sum()), dtype=np.int64) - np.repeat(np.cumsum(n) - n, n) + np.repeat(first, n)
        cols = b_owner[at]
        key = np.repeat(keys, n)
        qa, ba = q[rows], b[cols]
        lo_x, lo_y = np.maximum(qa[:, 0], ba[:, 0]), np.maximum(qa[:, 1], ba[:, 1])
        hit = (lo_x <= np.minimum(qa[:, 2], ba[:, 2])) & (lo_y <= np.minimum(qa[:, 3], ba[:, 3]))
        # once: in the cell of the overlap's low corner
        own = (np.floor((lo_x - origin[0]) / cell).astype(np.int64) * (1 << 31)
               + np.floor((lo_y - origin[1]) / cell).astype(np.int64)) == key
        rows, cols = rows[hit & own], cols[hit & own]
        order = np.lexsort((cols, rows))
        yield rows[order], cols[order]


class BoxIndex:
    """An R-tree over ``(id, bbox)`` pairs, bulk-loaded on construction from numpy arrays.

    Degenerate boxes (zero width or height) are fine. Boxes with NaN
    coordinates are refused with ``ValueError``.
    """

    __slots__ = ("_ids", "_boxes", "_sorted", "_order", "_trees")

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
        # an id's row by binary search over the sorted ids (a dict of a million ids held ~130 MB more)
        if len(ids) < 2 or bool((ids[1:] > ids[:-1]).all()):
            self._sorted, self._order = ids, None
        else:
            self._order = np.argsort(ids, kind="stable")
            self._sorted = ids[self._order]
        # more than TREE_BLOCK boxes are held in several trees, each bulk-loaded from its block of rows: loading one
        # tree of a million boxes took some 160 MB more while it ran than the tree keeps
        self._trees: list[Any] = [
            _rtree.Index((ids[k:k + TREE_BLOCK], boxes[k:k + TREE_BLOCK, :2].copy(), boxes[k:k + TREE_BLOCK, 2:].copy()),
                         properties=_properties())
            for k in range(0, len(ids), TREE_BLOCK)]

    def __len__(self) -> int:
        return len(self._ids)

    def __repr__(self) -> str:
        return f"<BoxIndex {len(self._ids)} boxes>"

    def _row(self, i: int) -> int:
        k = int(np.searchsorted(self._sorted, i))
        if k == len(self._sorted) or int(self._sorted[k]) != i:
            raise KeyError(i)
        return k if self._order is None else int(self._order[k])

    def bbox_of(self, i: int) -> BBox:
        """The box of id ``i`` (``KeyError`` if the index has no such id).

        >>> BoxIndex([(5, (0, 0, 1, 2)), (3, (4, 4, 5, 5))]).bbox_of(3)
        BBox(x0=4.0, top=4.0, x1=5.0, bottom=5.0)
        """
        x0, top, x1, bottom = self._boxes[self._row(i)].tolist()
        return BBox(x0, top, x1, bottom)

    def intersection(self, bbox: Sequence[float]) -> list[int]:
        """Ids of boxes that overlap or touch ``bbox``."""
        x0, top, x1, bottom = bbox
        if len(self._trees) == 1:
            return sorted(self._trees[0].intersection((x0, top, x1, bottom)))
        return sorted(chain.from_iterable(t.intersection((x0, top, x1, bottom)) for t in self._trees))

    def intersections(self, boxes: npt.ArrayLike) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Every (query row, id) pair whose boxes overlap or touch, for an ``(n, 4)`` array of query boxes, in
        one bulk query: two arrays, the row of each pair (ascending) and its id (ascending within a row).

        >>> BoxIndex.from_arrays([7, 8], [[0, 0, 1, 1], [5, 5, 6, 6]]).intersections([[0.5, 0.5, 5, 5], [9, 9, 9, 9]])
        (array([0, 0]), array([7, 8]))
        """
        q = np.asarray(boxes, dtype=np.float64).reshape(-1, 4)
        if not self._trees or not len(q):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        lo, hi = q[:, :2].copy(), q[:, 2:].copy()
        all_rows, all_ids = [], []
        for t in self._trees:
            got, counts = t.intersection_v(lo, hi)
            all_rows.append(np.repeat(np.arange(len(q), dtype=np.int64), np.asarray(counts, dtype=np.int64)))
            all_ids.append(np.asarray(got, dtype=np.int64))
        rows = np.concatenate(all_rows)
        ids = np.concatenate(all_ids)
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
        if not self._trees or k <= 0:
            return []
        x, y = point
        found = [i for t in self._trees for i in t.nearest((x, y, x, y), k)]

        def dist(i: int) -> tuple[float, int]:
            b = self._boxes[self._row(i)]
            dx = max(b[0] - x, 0.0, x - b[2])
            dy = max(b[1] - y, 0.0, y - b[3])
            return (float(dx * dx + dy * dy), i)

        ranked = sorted(map(dist, found))
        if len(self._trees) > 1 and len(ranked) > k:  # each tree gave its k nearest (and ties): the k nearest of all
            kth = ranked[k - 1][0]
            ranked = [r for r in ranked if r[0] <= kth]
        return [i for _d, i in ranked]


class SpatialIndex:
    """The R-trees of one sheet: ``glyphs``, ``words`` and ``segments``, each a :class:`BoxIndex`.

    ``segments`` holds the pieces that mark ink (lines, curves, closing lines) of paths not read as text; a
    ``move`` is left out, as the piece drawn from it starts at its point.

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
            # characters drawn as shapes and read as text are no linework
            paths = self._sheet.paths
            if isinstance(paths, PathTable):
                ids, boxes = paths.segment_boxes(text_shapes=False)
            else:
                ids, boxes = segment_boxes(p for p in paths if not p.text_shape)
            self._segments = BoxIndex.from_arrays(ids, boxes)
        return self._segments


class BoxSet:
    """A set of boxes asked whether any of them contains a point (edges included): ``point in boxes``.

    Few boxes are scanned; past ``SCAN`` an R-tree finds the ones near the point, so a page with many
    tables, frames or cells is not scanned box by box for every word or line.

    >>> boxes = BoxSet([BBox(0, 0, 10, 10)])
    >>> (5.0, 5.0) in boxes, (10.0, 11.0) in boxes
    (True, False)
    >>> boxes.add(BBox(10, 10, 12, 12)); (10.0, 11.0) in boxes
    True
    """

    SCAN = 8

    def __init__(self, boxes: Iterable[BBox] = ()) -> None:
        self.boxes: list[BBox] = list(boxes)
        self._index: Any = None
        if len(self.boxes) > self.SCAN:
            self._build()

    def _build(self) -> None:
        self._index = _rtree.Index(((i, tuple(b), None) for i, b in enumerate(self.boxes)), properties=_properties())

    def add(self, box: BBox) -> None:
        self.boxes.append(box)
        if self._index is not None:
            self._index.insert(len(self.boxes) - 1, tuple(box))
        elif len(self.boxes) > self.SCAN:
            self._build()

    def __len__(self) -> int:
        return len(self.boxes)

    def __contains__(self, point: object) -> bool:
        x, y = cast(Point, point)
        if self._index is None:
            return any(b.contains_point((x, y)) for b in self.boxes)
        pad = 1e-6 * (1.0 + abs(x) + abs(y))  # the exact test decides
        return any(self.boxes[i].contains_point((x, y)) for i in self._index.intersection((x - pad, y - pad, x + pad, y + pad)))


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


def components(n: int, edges: Iterable[tuple[int, int]]) -> list[list[int]]:
    """The connected parts of the graph on ``0..n-1`` with ``edges``: each part's nodes ascending, the parts
    in the order of their smallest node (so the result does not depend on the order of the edges).

    >>> components(5, [(3, 1), (4, 0)])
    [[0, 4], [1, 3], [2]]
    """
    parent, find = union_find(n)
    for i, j in edges:
        ri, rj = find(i), find(j)
        if ri != rj:
            parent[max(ri, rj)] = min(ri, rj)  # every root is the smallest node of its part
    parts: dict[int, list[int]] = {}
    for i in range(n):
        parts.setdefault(find(i), []).append(i)
    return list(parts.values())


#: rounds of label spreading before :func:`pair_components` finishes by a union-find (each round at least doubles the
#: reach of a chain numbered along it; a few rounds settle a page of characters)
CONNECT_ROUNDS = 32


def pair_components(n: int, rows: npt.NDArray[np.int64], cols: npt.NDArray[np.int64]) -> list[list[int]]:
    """The connected components of ``0..n-1`` joined by the pairs ``(rows[k], cols[k])``, each in increasing
    order, ordered by their first member. Labels spread along the pairs as array operations until they
    settle (each node takes the lowest label of its pairs, then its label's label): a Python union-find over
    the 250 000 joins of a KiCad sheet cost a third of a second. Same result as :func:`components`.

    >>> pair_components(5, np.array([3, 0]), np.array([1, 4]))
    [[0, 4], [1, 3], [2]]
    >>> pair_components(0, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
    []
    >>> rng = np.random.default_rng(0); chain = rng.permutation(3000)  # a chain numbered against its order
    >>> pair_components(3001, chain[:-1], chain[1:]) == [sorted(chain.tolist()), [3000]]
    True
    """
    if n == 0:
        return []
    label = np.arange(n, dtype=np.int64)
    for _round in range(CONNECT_ROUNDS):
        if not len(rows):
            break
        low = np.minimum(label[rows], label[cols])
        new = label.copy()
        np.minimum.at(new, rows, low)
        np.minimum.at(new, cols, low)
        new = new[new]  # a label is a node of the same component: its own label is as good and may be lower
        if np.array_equal(new, label):
            break
        label = new
    else:  # a long chain numbered against its order settles slowly: the rest by a union-find on the labels
        parent, find = union_find(n)
        for i, j in zip(label[rows].tolist(), label[cols].tolist(), strict=True):
            ri, rj = find(i), find(j)
            if ri != rj:
                parent[max(ri, rj)] = min(ri, rj)
        label = np.fromiter((find(int(v)) for v in label.tolist()), dtype=np.int64, count=n)
    # settled: every pair has one label, and the lowest node of a component keeps its own, so each node is
    # labelled by its component's lowest node
    order = np.argsort(label, kind="stable")  # by component (in order of their lowest node), members ascending
    cuts = np.flatnonzero(np.diff(label[order])) + 1
    flat = order.tolist()
    bounds = [0, *cuts.tolist(), n]
    return [flat[a:b] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]


__all__ = ["BoxIndex", "BoxSet", "SpatialIndex", "box_pair_blocks", "box_pairs", "components", "pair_components", "union_find"]
