"""The projection method read from its symbol (pdftract.analyzers.projection)."""

from __future__ import annotations

import math

import pytest

import pdftract
from pdftract.analyzers.projection import projection_symbol, symbol_paths
from pdftract.analyzers.title_block import TitleBlockSettings, find_title_block
from pdftract.geometry import BBox
from pdftract.model.primitives import Path, Segment
from pdftract.testing import line_path, make_sheet

from .conftest import CORPUS


def _turned(paths: list[Path], angle: float, about: tuple[float, float]) -> list[Path]:
    """The paths turned by ``angle`` degrees about a point (a sheet drawn turned on its page)."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def turn(p: tuple[float, float]) -> tuple[float, float]:
        dx, dy = p[0] - about[0], p[1] - about[1]
        return (about[0] + c * dx - s * dy, about[1] + s * dx + c * dy)

    out = []
    for p in paths:
        segs = tuple(Segment(id=sg.id, path_id=sg.path_id, kind=sg.kind, points=tuple(turn(q) for q in sg.points)) for sg in p.segments)
        box = BBox.from_points([q for sg in segs for q in sg.points])
        out.append(Path(id=p.id, segments=segs, stroke=p.stroke, fill=p.fill, evenodd=p.evenodd, line_width=p.line_width,
                        dash=p.dash, stroke_color=p.stroke_color, fill_color=p.fill_color, bbox=box))
    return out


@pytest.mark.parametrize("third", [True, False])
@pytest.mark.parametrize("angle", [0.0, 90.0, 180.0, 270.0])
@pytest.mark.parametrize("radius", [2.5, 12.0])
def test_the_method_is_read_from_which_end_of_the_cone_faces_the_circles(third: bool, angle: float, radius: float) -> None:
    """Third angle: the cone's small end towards its end view; first angle: its large end. The same at any size
    and on a sheet turned any quarter turn on its page."""
    paths = _turned(symbol_paths(300.0, 300.0, radius, third=third), angle, (300.0, 300.0))
    got = projection_symbol(make_sheet(paths=paths), BBox(300 - 8 * radius, 300 - 8 * radius, 300 + 8 * radius, 300 + 8 * radius))
    assert got is not None and got[0] == ("third angle" if third else "first angle")
    assert 0.5 <= got[2] <= 0.9


def test_circles_of_short_lines_and_a_cone_of_separate_lines_are_read_too() -> None:
    """Plotters flatten circles into many short lines and draw each edge of the cone as its own path."""
    x, y, r = 200.0, 200.0, 8.0
    paths = [line_path(i, [(x + rad * math.cos(2 * math.pi * k / 36), y + rad * math.sin(2 * math.pi * k / 36)) for k in range(37)])
             for i, rad in enumerate((r, 0.5 * r))]
    near, far = x - 2.5 * r, x - 4.5 * r  # large end towards the circles, small end a quarter of it: first angle
    corners = [(near, y - r), (near, y + r), (far, y + 0.25 * r), (far, y - 0.25 * r)]
    paths += [line_path(2 + k, [corners[k], corners[(k + 1) % 4]]) for k in range(4)]
    got = projection_symbol(make_sheet(paths=paths), BBox(100, 100, 300, 300))
    assert got is not None and got[0] == "first angle"


def test_concentric_circles_without_a_cone_or_with_a_cone_too_far_are_no_symbol() -> None:
    """A counterbored hole's circles alone, a cone far from them, or a cone whose large end is not as long as
    the circle is wide: no projection symbol."""
    x, y, r = 300.0, 300.0, 6.0
    circles = symbol_paths(x, y, r, third=True)[:2]
    area = BBox(0, 0, 600, 600)
    assert projection_symbol(make_sheet(paths=circles), area) is None
    far = [(x - 20 * r, y - 0.55 * r), (x - 20 * r, y + 0.55 * r), (x - 22 * r, y + r), (x - 22 * r, y - r)]
    assert projection_symbol(make_sheet(paths=[*circles, line_path(2, far, closed=True)]), area) is None
    long_end = [(x - 2 * r, y - 0.55 * r), (x - 2 * r, y + 0.55 * r), (x - 4 * r, y + 2 * r), (x - 4 * r, y - 2 * r)]
    assert projection_symbol(make_sheet(paths=[*circles, line_path(2, long_end, closed=True)]), area) is None


def test_a_block_with_the_symbol_and_no_words_for_the_method_gets_it_from_the_symbol() -> None:
    text = [("TITLE", 102, 106, 0, 3), ("SHAFT", 104, 114, 0, 5), ("SCALE", 162, 106, 0, 3), ("1:2", 164, 114, 0, 5),
            ("DWG NO.", 202, 106, 0, 3), ("S-100", 204, 114, 0, 5)]
    rects = [(100, 100, 160, 120), (160, 100, 200, 120), (200, 100, 250, 120), (250, 100, 290, 120)]
    sheet = make_sheet(text=text, rects=rects, paths=symbol_paths(280.0, 110.0, 4.0, third=False))
    tb = find_title_block(sheet, TitleBlockSettings(), ())
    assert tb is not None and tb.fields["projection"].value == "first angle"
    assert tb.fields["projection"].evidence == "symbol" and tb.fields["projection"].confidence <= 0.6


def test_the_outlined_harness_drawing_states_first_angle_by_its_symbol() -> None:
    """The Ender-3 harness sheet (drawn turned on its page) shows the method only by the symbol in its block:
    the cone's large end towards the circles, first angle (GB/T 14692)."""
    pdf = CORPUS / "harness-ender3-red-wire-outlined.pdf"
    if not pdf.exists():
        pytest.skip("shared real corpus not present")
    block = pdftract.analyze(pdf, analyzers=["tables", "title_block"]).pages[0].results["title_block"]
    assert block is not None and block.fields["projection"].value == "first angle"


@pytest.mark.parametrize("third", [True, False])
def test_a_symbol_printed_as_one_path_per_line_is_read(third: bool) -> None:
    """Microsoft Print to PDF cuts every polyline into one path per line: the circles are closed chains of short
    lines, each its own path, and the cone four separate lines; read the same as when drawn whole."""
    x, y, r = 200.0, 300.0, 8.0
    paths: list[Path] = []
    for rad in (r, 0.55 * r):
        pts = [(x + rad * math.cos(2 * math.pi * k / 36), y + rad * math.sin(2 * math.pi * k / 36)) for k in range(37)]
        paths += [line_path(len(paths), [a, b], width=0.35) for a, b in zip(pts, pts[1:], strict=False)]
    cone = symbol_paths(x, y, r, third=third)[2]
    corners = [sg.points[0] for sg in cone.segments if sg.kind != "move"]
    paths += [line_path(len(paths) + k, [a, b], width=0.35) for k, (a, b) in enumerate(zip(corners, corners[1:] + corners[:1]))]
    found = projection_symbol(make_sheet(paths=paths), BBox(x - 6 * r, y - 2 * r, x + 2 * r, y + 2 * r))
    assert found is not None and found[0] == ("third angle" if third else "first angle"), found
