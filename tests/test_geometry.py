"""Bounding-box algebra and page matrices (property tests)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from pdftract.geometry import BBox, apply, direction_degrees, invert, multiply, page_matrix

coord = st.floats(min_value=-1e4, max_value=1e4, allow_nan=False, allow_infinity=False)


@st.composite
def boxes(draw: st.DrawFn) -> BBox:
    x0, x1 = sorted((draw(coord), draw(coord)))
    t, b = sorted((draw(coord), draw(coord)))
    return BBox(x0, t, x1, b)


@given(boxes(), boxes())
def test_union_contains_both_and_intersection_is_inside_both(a: BBox, b: BBox) -> None:
    u = a.union(b)
    assert u.contains(a) and u.contains(b)
    assert a.union(b) == b.union(a)
    i = a.intersection(b)
    assert (i is not None) == a.intersects(b)
    if i is not None:
        assert a.contains(i) and b.contains(i)
        assert i.area <= min(a.area, b.area) + 1e-6


@given(boxes(), coord, coord)
def test_translate_keeps_size(a: BBox, dx: float, dy: float) -> None:
    t = a.translate(dx, dy)
    assert math.isclose(t.width, a.width, abs_tol=1e-6) and math.isclose(t.height, a.height, abs_tol=1e-6)


@given(
    st.sampled_from([0, 90, 180, 270]),
    st.floats(-500, 500),
    st.floats(-500, 500),
    st.floats(10, 3000),
    st.floats(10, 3000),
    st.sampled_from([1.0, 2.0, 0.5]),
)
def test_page_matrix_maps_the_crop_box_onto_the_displayed_page(
    rotate: int, x0: float, y0: float, w: float, h: float, unit: float
) -> None:
    m, width, height = page_matrix((x0, y0, x0 + w, y0 + h), rotate, unit)
    corners = [apply(m, p) for p in ((x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h))]
    box = BBox.from_points(corners)
    for got, want in zip(box, (0.0, 0.0, width, height), strict=True):
        assert math.isclose(got, want, abs_tol=1e-6 * max(1.0, w, h))
    # the round trip through the inverse gives the user-space point back
    p = (x0 + w / 3, y0 + h / 5)
    q = apply(invert(m), apply(m, p))
    assert math.isclose(q[0], p[0], abs_tol=1e-6 * max(1.0, w)) and math.isclose(q[1], p[1], abs_tol=1e-6 * max(1.0, h))


@given(st.sampled_from([0, 90, 180, 270]))
def test_the_top_edge_of_the_unrotated_page_goes_where_pdf_says(rotate: int) -> None:
    """/Rotate is clockwise: the unrotated top edge ends up on the right for 90, at the bottom for 180."""
    m, w, h = page_matrix((0, 0, 200, 100), rotate)
    top_mid = apply(m, (100, 100))
    expected = {0: (100, 0), 90: (100, 100), 180: (100, 100), 270: (0, 100)}[rotate]
    assert math.isclose(top_mid[0], expected[0], abs_tol=1e-9) and math.isclose(top_mid[1], expected[1], abs_tol=1e-9)
    if rotate == 90:
        assert top_mid[0] == w  # the right edge


def test_direction_is_counter_clockwise_as_seen() -> None:
    assert direction_degrees(1, 0) == 0.0
    assert direction_degrees(0, -1) == 90.0
    assert direction_degrees(-1, 0) == 180.0
    assert direction_degrees(0, 1) == 270.0
    assert math.isclose(direction_degrees(math.cos(math.radians(30)), -math.sin(math.radians(30))), 30.0)


@given(st.lists(st.floats(-10, 10), min_size=6, max_size=6), st.lists(st.floats(-10, 10), min_size=6, max_size=6))
def test_multiply_matches_applying_in_turn(m1: list[float], m2: list[float]) -> None:
    a = (m1[0], m1[1], m1[2], m1[3], m1[4], m1[5])
    b = (m2[0], m2[1], m2[2], m2[3], m2[4], m2[5])
    p = (1.5, -2.25)
    direct = apply(b, apply(a, p))
    via = apply(multiply(a, b), p)
    assert math.isclose(direct[0], via[0], abs_tol=1e-6) and math.isclose(direct[1], via[1], abs_tol=1e-6)
