"""Coordinates, bounding boxes and affine matrices.

All coordinates in pdftract are PDF points in the page *as displayed*: origin at
the top-left corner, x to the right, y downward. ``/Rotate``, the CropBox origin
and ``/UserUnit`` are applied once, at ingest (see :func:`page_matrix`).

A :class:`BBox` is ``(x0, top, x1, bottom)`` with ``x0 <= x1`` and
``top <= bottom``, the convention of pdfplumber and PyMuPDF.

>>> b = BBox(10, 20, 30, 40)
>>> b.width, b.height, b.center
(20, 20, (20.0, 30.0))
>>> b.union(BBox(0, 0, 5, 5))
BBox(x0=0, top=0, x1=30, bottom=40)
>>> b.intersection(BBox(25, 35, 50, 50))
BBox(x0=25, top=35, x1=30, bottom=40)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

Point = tuple[float, float]
#: An affine matrix ``(a, b, c, d, e, f)`` as in PDF: ``x' = a*x + c*y + e``, ``y' = b*x + d*y + f``.
Matrix = tuple[float, float, float, float, float, float]

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def fmt_box(b: tuple[float, float, float, float]) -> str:
    """A box as ``(x0, top, x1, bottom)`` with one decimal, for short ``repr()`` texts.

    >>> fmt_box((1.04, 2, 30.55, 40))
    '(1, 2, 30.6, 40)'
    """
    return "(" + ", ".join(f"{v:.1f}".rstrip("0").rstrip(".") for v in b) + ")"


def clip(text: str, n: int = 40) -> str:
    """``text`` cut to ``n`` characters with an ellipsis, for short ``repr()`` texts.

    >>> clip("Female coupling ring for the LV3 rocket", 20)
    'Female coupling rin…'
    """
    return text if len(text) <= n else text[: n - 1] + "…"


class BBox(NamedTuple):
    """An axis-aligned box ``(x0, top, x1, bottom)`` in displayed-page points."""

    x0: float
    top: float
    x1: float
    bottom: float

    @classmethod
    def from_points(cls, points: Iterable[Point]) -> BBox:
        """The smallest box holding every point.

        >>> BBox.from_points([(3, 4), (1, 9), (2, 0)])
        BBox(x0=1, top=0, x1=3, bottom=9)
        """
        xs: list[float] = []
        ys: list[float] = []
        for x, y in points:
            xs.append(x)
            ys.append(y)
        if not xs:
            raise ValueError("BBox.from_points needs at least one point")
        return cls(min(xs), min(ys), max(xs), max(ys))

    @classmethod
    def union_all(cls, boxes: Iterable[BBox]) -> BBox:
        """The smallest box holding every box (``ValueError`` when there are none)."""
        it = iter(boxes)
        try:
            first = next(it)
        except StopIteration:
            raise ValueError("BBox.union_all needs at least one box") from None
        x0, top, x1, bottom = first
        for b in it:
            x0 = min(x0, b[0])
            top = min(top, b[1])
            x1 = max(x1, b[2])
            bottom = max(bottom, b[3])
        return cls(x0, top, x1, bottom)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def area(self) -> float:
        return max(0.0, self.x1 - self.x0) * max(0.0, self.bottom - self.top)

    @property
    def center(self) -> Point:
        return ((self.x0 + self.x1) / 2.0, (self.top + self.bottom) / 2.0)

    def union(self, other: BBox) -> BBox:
        return BBox(
            min(self.x0, other.x0),
            min(self.top, other.top),
            max(self.x1, other.x1),
            max(self.bottom, other.bottom),
        )

    def intersection(self, other: BBox) -> BBox | None:
        """The overlap of two boxes, or ``None`` when they do not touch."""
        x0 = max(self.x0, other.x0)
        top = max(self.top, other.top)
        x1 = min(self.x1, other.x1)
        bottom = min(self.bottom, other.bottom)
        if x0 > x1 or top > bottom:
            return None
        return BBox(x0, top, x1, bottom)

    def intersects(self, other: BBox) -> bool:
        """True when the boxes overlap or touch (closed intervals)."""
        return not (
            other.x0 > self.x1 or other.x1 < self.x0 or other.top > self.bottom or other.bottom < self.top
        )

    def contains(self, other: BBox) -> bool:
        """True when ``other`` lies entirely inside this box (edges included)."""
        return (
            self.x0 <= other.x0 and self.top <= other.top and other.x1 <= self.x1 and other.bottom <= self.bottom
        )

    def contains_point(self, point: Point) -> bool:
        x, y = point
        return self.x0 <= x <= self.x1 and self.top <= y <= self.bottom

    def expand(self, dx: float, dy: float | None = None) -> BBox:
        """Grow the box by ``dx`` left and right and ``dy`` (default ``dx``) up and down."""
        if dy is None:
            dy = dx
        return BBox(self.x0 - dx, self.top - dy, self.x1 + dx, self.bottom + dy)

    def translate(self, dx: float, dy: float) -> BBox:
        return BBox(self.x0 + dx, self.top + dy, self.x1 + dx, self.bottom + dy)

    def transform(self, m: Matrix) -> BBox:
        """The box around the four transformed corners."""
        return BBox.from_points(
            apply(m, p) for p in ((self.x0, self.top), (self.x1, self.top), (self.x1, self.bottom), (self.x0, self.bottom))
        )


def multiply(m1: Matrix, m0: Matrix) -> Matrix:
    """The matrix applying ``m1`` first, then ``m0`` (PDF's ``m1 × m0``)."""
    (a1, b1, c1, d1, e1, f1) = m1
    (a0, b0, c0, d0, e0, f0) = m0
    return (
        a0 * a1 + c0 * b1,
        b0 * a1 + d0 * b1,
        a0 * c1 + c0 * d1,
        b0 * c1 + d0 * d1,
        a0 * e1 + c0 * f1 + e0,
        b0 * e1 + d0 * f1 + f0,
    )


def apply(m: Matrix, p: Point) -> Point:
    """Transform a point."""
    (a, b, c, d, e, f) = m
    x, y = p
    return (a * x + c * y + e, b * x + d * y + f)


def invert(m: Matrix) -> Matrix:
    """The inverse matrix (``ValueError`` for a singular one)."""
    (a, b, c, d, e, f) = m
    det = a * d - b * c
    if det == 0:
        raise ValueError("singular matrix")
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def direction_degrees(dx: float, dy: float) -> float:
    """Angle of a vector in the displayed page, counter-clockwise as the reader sees it.

    Because y grows downward, a vector pointing up the page (``dy < 0``) has
    direction 90. The result is in ``[0, 360)``; values within 1e-6 degree of
    a multiple of 90 are snapped to it.

    >>> direction_degrees(1, 0), direction_degrees(0, -1), direction_degrees(0, 1)
    (0.0, 90.0, 270.0)
    """
    angle = math.degrees(math.atan2(-dy, dx)) % 360.0
    nearest = round(angle / 90.0) * 90.0
    if abs(angle - nearest) < 1e-6:
        angle = nearest % 360.0
    if angle >= 360.0:
        angle -= 360.0
    return angle + 0.0


def page_matrix(
    crop: tuple[float, float, float, float], rotate: int, user_unit: float = 1.0
) -> tuple[Matrix, float, float]:
    """The matrix from PDF user space to displayed top-left-origin points.

    Parameters
    ----------
    crop:
        The visible box in user space ``(x0, y0, x1, y1)`` (CropBox clipped to MediaBox).
    rotate:
        The page's ``/Rotate`` normalised to 0, 90, 180 or 270 (clockwise, as PDF defines it).
    user_unit:
        ``/UserUnit``: the size of one user-space unit in points.

    Returns
    -------
    (matrix, width, height):
        The matrix and the displayed width and height in points.

    >>> m, w, h = page_matrix((0, 0, 200, 100), 90)
    >>> (w, h), apply(m, (0, 0)), apply(m, (200, 100))
    ((100.0, 200.0), (0.0, 0.0), (100.0, 200.0))
    """
    cx0, cy0, cx1, cy1 = crop
    u = float(user_unit)
    w = (cx1 - cx0) * u
    h = (cy1 - cy0) * u
    if rotate == 90:
        return (0.0, u, u, 0.0, -cy0 * u, -cx0 * u), h, w
    if rotate == 180:
        return (-u, 0.0, 0.0, u, cx1 * u, -cy0 * u), w, h
    if rotate == 270:
        return (0.0, -u, -u, 0.0, cy1 * u, cx1 * u), h, w
    return (u, 0.0, 0.0, -u, -cx0 * u, cy1 * u), w, h


__all__ = [
    "IDENTITY",
    "BBox",
    "Matrix",
    "Point",
    "clip",
    "fmt_box",
    "apply",
    "direction_degrees",
    "invert",
    "multiply",
    "page_matrix",
]
