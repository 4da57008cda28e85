"""The R-tree answers exactly what a brute-force scan answers."""

from __future__ import annotations

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
    assert sheet.index.segments.intersection((0, 150, 60, 250)) == [2, 3]
    assert sheet.index is sheet.index
