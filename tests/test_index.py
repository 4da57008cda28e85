"""The R-tree answers exactly what a brute-force scan answers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pdftract.geometry import BBox
from pdftract.index import BoxIndex
from pdftract.testing import make_sheet

c = st.floats(0, 1000, allow_nan=False)


@st.composite
def box(draw: st.DrawFn) -> BBox:
    x0, x1 = sorted((draw(c), draw(c)))
    t, b = sorted((draw(c), draw(c)))
    return BBox(x0, t, x1, b)


@settings(max_examples=60, deadline=None)
@given(st.lists(box(), max_size=60), box())
def test_intersection_and_within_equal_brute_force(items: list[BBox], query: BBox) -> None:
    idx = BoxIndex(enumerate(items))
    assert idx.intersection(query) == [i for i, b in enumerate(items) if b.intersects(query)]
    assert idx.within(query) == [i for i, b in enumerate(items) if query.contains(b)]


@settings(max_examples=60, deadline=None)
@given(st.lists(box(), min_size=1, max_size=60), c, c)
def test_nearest_is_a_closest_box(items: list[BBox], x: float, y: float) -> None:
    idx = BoxIndex(enumerate(items))

    def dist(b: BBox) -> float:
        dx = max(b.x0 - x, 0.0, x - b.x1)
        dy = max(b.top - y, 0.0, y - b.bottom)
        return dx * dx + dy * dy

    best = min(dist(b) for b in items)
    got = idx.nearest((x, y), k=1)
    assert got and abs(dist(items[got[0]]) - best) < 1e-6


def test_empty_index_and_sheet_indexes() -> None:
    assert BoxIndex([]).intersection((0, 0, 1, 1)) == []
    assert BoxIndex([]).nearest((0, 0)) == []
    sheet = make_sheet(text=[("AB", 10, 20)], lines=[(0, 100, 50, 100), (0, 200, 50, 200)])
    assert sheet.index.glyphs.intersection((0, 0, 30, 30)) == [0, 1]
    assert sheet.index.words.intersection((0, 0, 30, 30)) == [0]
    # the second line's move (id 2) marks no ink and is not indexed; its line (id 3) is
    assert sheet.index.segments.intersection((0, 150, 60, 250)) == [3]
    assert sheet.index.segments.bbox_of(3) == BBox(0, 200, 50, 200)
    with pytest.raises(KeyError):
        sheet.index.segments.bbox_of(2)
    assert sheet.index is sheet.index


def test_box_pairs_is_the_r_tree_bulk_query_without_the_tree() -> None:
    import numpy as np

    from pdftract.index import BoxIndex, box_pairs

    rng = np.random.default_rng(7)
    for n, large in ((3, 1), (400, 0), (5000, 20)):
        xy = rng.uniform(0, 500, (n, 2))
        wh = rng.exponential(2.0, (n, 2))
        wh[:large] *= 80  # a few boxes far larger than the rest
        boxes = np.column_stack([xy, xy + wh])
        boxes[::5, 2] = boxes[::5, 0] - 1e-12  # flat boxes, one side a rounding below the other
        tol = rng.uniform(0.0, 0.2, (n, 1))
        queries = boxes + np.hstack([-tol, -tol, tol, tol])
        want = BoxIndex.from_arrays(np.arange(n), boxes).intersections(queries)
        got = box_pairs(queries, boxes)
        assert all(np.array_equal(a, b) for a, b in zip(got, want)) and len(got[0]) >= n // 2
    # points only (no typical size) spread over a large sheet: a bounded grid all the same
    xy = rng.uniform(0, 1e5, (300, 2))
    pts = np.column_stack([xy, xy])
    want = BoxIndex.from_arrays(np.arange(300), pts).intersections(pts)
    got = box_pairs(pts, pts)
    assert all(np.array_equal(a, b) for a, b in zip(got, want)) and len(got[0]) == 300
